// When guardClient admits a server's tools again. A server is foreign: one that sends
// notifications/tools/list_changed in a burst (a thousand at once) or without end would otherwise start a whole
// listing and admission for each, all running at once, and keep every callTool waiting for the newest of them for
// good. Re-admissions after list_changed run one at a time, paced as the proxy paces its own
// (src/proxy/readmit-pace.ts); changes announced during one join the next. A call waits for the admission running
// when it came, and for at most READMITS_IN_A_WINDOW newer ones, then goes by the last done. Each re-admission is
// charged its own work (a SliceMeter) against the proxy's CPU budget (src/proxy/readmit-budget.ts): one owing waits
// until it is paid back, and nothing waits for it, the last admission serving meanwhile (a hunt's find: catalogs
// near the compile bound announced every 250 ms kept guardClient admitting, 3 a second, for good).
import { ReadmitBudget } from '../proxy/readmit-budget.js';
import { READMITS_IN_A_WINDOW, ReadmitPace } from '../proxy/readmit-pace.js';
import { type SliceMeter, sliceMeter } from '../util/time-slice.js';
import { hostAborted, onHostAbort, type StopListening } from '../util/host-signal.js';

/** How long the MCP SDK waits for an answer when a request gives no timeout (its DEFAULT_REQUEST_TIMEOUT_MSEC). */
export const SDK_REQUEST_TIMEOUT_MS = 60_000;

/** How long a call waits: its own signal and timeout (the SDK's RequestOptions). */
export interface CallDeadline {
  readonly signal?: AbortSignal | undefined;
  readonly timeoutMs?: number | undefined;
}

/** `promise`, or 'late' once `within`'s signal aborts or its time passes. */
function byDeadline<T>(promise: Promise<T>, within: CallDeadline | undefined): Promise<T | 'late'> {
  const { signal, timeoutMs } = within ?? {};
  if (signal === undefined && timeoutMs === undefined) return promise;
  if (signal !== undefined && hostAborted(signal)) return Promise.resolve('late');
  return new Promise((resolve) => {
    const timer = timeoutMs === undefined ? undefined : setTimeout(() => done('late'), timeoutMs);
    let stopListening: StopListening | undefined;
    function done(value: T | 'late'): void {
      if (timer !== undefined) clearTimeout(timer);
      resolve(value);
      // The host's signal after the answer is given: its own removeEventListener is host code (host-signal.ts).
      stopListening?.();
    }
    if (signal !== undefined) {
      stopListening = onHostAbort(signal, () => done('late'));
      // A signal that cannot be listened to cannot bound the wait: the call is late at once (fails closed).
      if (stopListening === undefined) return done('late');
    }
    promise.then(done, () => done('late'));
  });
}

/** guardClient's admissions: which one a call goes by, and when another starts. */
export interface Readmissions<T, O> {
  /**
   * The newest admission for a call to go by (the first starts here when none has); 'late' when the call's
   * `signal` aborts or its `timeoutMs` passes first (a server that pages slowly holds no call past its deadline).
   */
  latest(within?: CallDeadline): Promise<T | 'late'>;
  /** An admission the host asked for (admit, listTools): it starts now, and later calls go by it. */
  now(options?: O): Promise<T>;
  /** The server announced a change: admit again, after the one running, at the pace. */
  changed(): void;
}

/**
 * The admissions of one guarded client; `admit` lists and admits once, its own work counted on `meter` when given
 * (a re-admission's), and never rejects. `newMeter` makes each re-admission's meter.
 */
export function readmissions<T, O>(
  admit: (options?: O, meter?: SliceMeter) => Promise<T>,
  newMeter: () => SliceMeter = sliceMeter,
): Readmissions<T, O> {
  let current: Promise<T> | undefined;
  const pace = new ReadmitPace();
  const budget = new ReadmitBudget();
  let running = false;
  let queued = false;
  let paused: NodeJS.Timeout | undefined;
  // The pause is the budget's (owing): a change announced meanwhile makes no call wait.
  let held = false;
  // A change announced that no admission has taken up yet (the pace put it off, or one was running): a call waits
  // for the admission that takes it, not the one before (a tool changed under a lock stayed callable ~1 s).
  let pending: { readonly promise: Promise<void>; readonly resolve: () => void } | undefined;

  const now = (options?: O, meter?: SliceMeter): Promise<T> => {
    const started = admit(options, meter);
    current = started;
    const taken = pending;
    pending = undefined;
    taken?.resolve();
    return started;
  };

  /** Runs `changed` after `wait` ms; announcements meanwhile join it. The timer holds no process open. */
  const pause = (wait: number, forBudget = false): void => {
    queued = false;
    held = forBudget;
    paused = setTimeout(() => {
      paused = undefined;
      held = false;
      changed();
    }, wait);
    paused.unref?.();
  };

  const changed = (): void => {
    // Held for the budget: the change joins the admission after the hold, which no call waits for.
    if (held) return;
    if (pending === undefined) {
      let resolve: () => void = () => undefined;
      const promise = new Promise<void>((r) => {
        resolve = r;
      });
      pending = { promise, resolve };
    }
    if (running || paused !== undefined) {
      queued = true;
      return;
    }
    if (owing()) return;
    const wait = pace.next();
    if (wait > 0) {
      pause(wait);
      return;
    }
    running = true;
    void (async () => {
      for (let rounds = 1; ; rounds++) {
        queued = false;
        const meter = newMeter();
        await now(undefined, meter);
        budget.charge(meter.spentMs, performance.now());
        if (!queued || owing()) break;
        // Listings slower than the pace's window never meet it: the next round waits for a timer anyway.
        if (rounds >= READMITS_IN_A_WINDOW) {
          pause(0);
          break;
        }
        const again = pace.next();
        if (again > 0) {
          pause(again);
          break;
        }
      }
      running = false;
    })();
  };

  /** Whether the budget is owed: the next re-admission is put off until it is paid, and no call waits for it. */
  const owing = (): boolean => {
    const owed = budget.wait(performance.now());
    if (owed === 0) return false;
    pause(owed, true);
    const taken = pending;
    pending = undefined;
    taken?.resolve();
    return true;
  };

  const latest = (within?: CallDeadline): Promise<T | 'late'> => byDeadline(newest(), within);

  const newest = async (): Promise<T> => {
    let seen = current ?? now();
    // A newer admission started while waiting (list_changed) is waited for too, a bounded number of times.
    for (let rounds = 0; ; rounds++) {
      if (pending !== undefined && rounds < READMITS_IN_A_WINDOW) {
        await pending.promise;
        seen = current ?? seen;
      }
      const value = await seen;
      if (current === undefined || current === seen || rounds >= READMITS_IN_A_WINDOW) return value;
      seen = current;
    }
  };

  return { latest, now, changed };
}
