// At most N programs at once, and a bounded line behind them: a client that sends a thousand calls at once gets
// N running, a queue of at most `maxQueued`, and a prompt "did not start" for the rest. A queued call waits at
// most its own timeout and can be cancelled; either way it never started.
import { MAX_TIMEOUT_MS } from './run.js';

/** Calls that may wait for a slot; past this a call is refused at once. */
export const MAX_QUEUED = 100;

/** Why a call got no slot: the queue was full, it waited its whole timeout, or it was cancelled while waiting. */
export type NotStarted = 'queue-full' | 'timed-out' | 'cancelled';

/** A slot, or why there is none. */
export type Admission = { readonly ok: true; release(): void } | { readonly ok: false; readonly why: NotStarted };

/** A gate shared by every call of a server. */
export interface ConcurrencyGate {
  readonly maxRunning: number;
  readonly maxQueued: number;
  /** Waits for a slot for at most `waitMs` (or until `signal` aborts); the slot must be released once. */
  acquire(waitMs: number, signal?: AbortSignal): Promise<Admission>;
  /** Calls holding a slot now. */
  running(): number;
  /** Calls waiting now. */
  queued(): number;
}

interface Waiter {
  readonly grant: () => void;
}

/** A gate of `maxRunning` slots (at least 1) with at most `maxQueued` waiting. */
export function createGate(maxRunning: number, maxQueued: number = MAX_QUEUED): ConcurrencyGate {
  const slots = Math.max(1, Math.floor(maxRunning));
  const room = Math.max(0, Math.floor(maxQueued));
  let active = 0;
  const waiting: Waiter[] = [];
  const slot = (): Admission => {
    let released = false;
    return {
      ok: true,
      release: () => {
        if (released) return;
        released = true;
        // The slot passes straight to the first waiter, so `active` only falls when nobody waits.
        const next = waiting.shift();
        if (next === undefined) active--;
        else next.grant();
      },
    };
  };
  return {
    maxRunning: slots,
    maxQueued: room,
    running: () => active,
    queued: () => waiting.length,
    acquire(waitMs, signal) {
      if (signal?.aborted === true) return Promise.resolve({ ok: false, why: 'cancelled' });
      if (active < slots) {
        active++;
        return Promise.resolve(slot());
      }
      if (waiting.length >= room) return Promise.resolve({ ok: false, why: 'queue-full' });
      return new Promise((resolve) => {
        const leave = (why: NotStarted): void => {
          const at = waiting.indexOf(waiter);
          if (at < 0) return;
          waiting.splice(at, 1);
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          resolve({ ok: false, why });
        };
        const onAbort = (): void => leave('cancelled');
        const waiter: Waiter = {
          grant: () => {
            clearTimeout(timer);
            signal?.removeEventListener('abort', onAbort);
            resolve(slot());
          },
        };
        const timer = setTimeout(() => leave('timed-out'), Math.min(Math.max(0, waitMs), MAX_TIMEOUT_MS));
        signal?.addEventListener('abort', onAbort, { once: true });
        waiting.push(waiter);
      });
    },
  };
}
