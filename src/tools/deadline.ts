import { hostAborted, hostReason, onHostAbort, type StopListening } from '../util/host-signal.js';

/** How a guarded body ended. */
export type Outcome<T> =
  | { readonly kind: 'done'; readonly value: T }
  | { readonly kind: 'threw'; readonly cause: unknown }
  | { readonly kind: 'timeout'; readonly ms: number }
  | { readonly kind: 'aborted'; readonly reason: unknown };

/** Per-call bounds: a timeout and the host's AbortSignal; both optional. */
export interface DeadlineOptions {
  readonly timeoutMs?: number | undefined;
  readonly signal?: AbortSignal | undefined;
}

/** The longest delay setTimeout honours: Node turns anything larger into 1 ms (TimeoutOverflowWarning). */
export const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/**
 * Why a timeoutMs cannot be used, or undefined when it can. Absent and Infinity mean no timeout; any
 * other value must be a whole number of milliseconds from 1 to MAX_TIMEOUT_MS. 0, a negative number
 * or NaN is refused rather than read as "no timeout", and a larger value rather than firing at once.
 */
export function timeoutProblem(ms: unknown): string | undefined {
  if (ms === undefined || ms === Infinity) return undefined;
  if (typeof ms === 'number' && Number.isInteger(ms) && ms >= 1 && ms <= MAX_TIMEOUT_MS) return undefined;
  const shown = typeof ms === 'number' ? String(ms) : `a ${typeof ms}`;
  return (
    `timeoutMs must be a whole number of milliseconds from 1 ` +
    `to ${MAX_TIMEOUT_MS}, or Infinity for none; got ${shown}`
  );
}

/**
 * Runs `body` with its own AbortSignal, which fires on timeout or when the host's signal does.
 * Resolves with how it ended and never rejects; a body that ignores its signal is abandoned (its
 * later result or rejection is dropped), since JavaScript cannot stop it. The timer is always cleared.
 */
export function withDeadline<T>(
  body: (signal: AbortSignal) => T | Promise<T>,
  options: DeadlineOptions,
): Promise<Outcome<T>> {
  const controller = new AbortController();
  const outer = options.signal;
  // Callers check timeoutProblem first; a bad value reaching here still fails closed, never "no timeout".
  const problem = timeoutProblem(options.timeoutMs);
  if (problem !== undefined) return Promise.resolve({ kind: 'threw', cause: new RangeError(problem) });
  if (outer !== undefined && hostAborted(outer)) return Promise.resolve({ kind: 'aborted', reason: hostReason(outer) });
  return new Promise<Outcome<T>>((resolve) => {
    let settled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopListening: StopListening | undefined;
    const finish = (outcome: Outcome<T>): void => {
      if (settled) return;
      settled = true;
      if (timer !== undefined) clearTimeout(timer);
      if (outcome.kind === 'timeout' || outcome.kind === 'aborted')
        controller.abort(outcome.kind === 'aborted' ? outcome.reason : new Error(`timed out after ${outcome.ms} ms`));
      resolve(outcome);
      // The host's signal last, after the outcome is given: its own removeEventListener is host code (host-signal.ts).
      stopListening?.();
    };
    if (outer !== undefined) {
      const onAbort = (): void => finish({ kind: 'aborted', reason: hostReason(outer) });
      stopListening = onHostAbort(outer, onAbort);
      // A signal that cannot be listened to cannot stop the call: refused as an abort, before anything runs.
      if (stopListening === undefined)
        finish({ kind: 'aborted', reason: new TypeError('the signal cannot be listened to') });
      // Settled already (a host signal may call its listener inside addEventListener): no timer, no body, and the
      // listener taken off (finish ran before there was a way to).
      if (settled) {
        stopListening?.();
        return;
      }
    }
    const ms = options.timeoutMs;
    if (ms !== undefined && ms !== Infinity) {
      timer = setTimeout(() => finish({ kind: 'timeout', ms }), ms);
    }
    let running: Promise<T>;
    try {
      running = Promise.resolve(body(controller.signal));
    } catch (cause) {
      finish({ kind: 'threw', cause });
      return;
    }
    running.then(
      (value) => finish({ kind: 'done', value }),
      (cause: unknown) => finish({ kind: 'threw', cause }),
    );
  });
}
