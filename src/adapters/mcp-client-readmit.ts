// When guardClient admits a server's tools again. A server is foreign: one that sends
// notifications/tools/list_changed in a burst (a thousand at once) or without end would otherwise start a whole
// listing and admission for each, all running at once, and keep every callTool waiting for the newest of them for
// good. Re-admissions after list_changed run one at a time, paced as the proxy paces its own
// (src/proxy/readmit-pace.ts); changes announced during one join the next. A call waits for the admission running
// when it came, and for at most READMITS_IN_A_WINDOW newer ones, then goes by the last done.
import { READMITS_IN_A_WINDOW, ReadmitPace } from '../proxy/readmit-pace.js';

/** guardClient's admissions: which one a call goes by, and when another starts. */
export interface Readmissions<T, O> {
  /** The newest admission for a call to go by (the first starts here when none has). */
  latest(): Promise<T>;
  /** An admission the host asked for (admit, listTools): it starts now, and later calls go by it. */
  now(options?: O): Promise<T>;
  /** The server announced a change: admit again, after the one running, at the pace. */
  changed(): void;
}

/** The admissions of one guarded client; `admit` lists and admits once and never rejects. */
export function readmissions<T, O>(admit: (options?: O) => Promise<T>): Readmissions<T, O> {
  let current: Promise<T> | undefined;
  const pace = new ReadmitPace();
  let running = false;
  let queued = false;
  let paused: NodeJS.Timeout | undefined;

  const now = (options?: O): Promise<T> => {
    const started = admit(options);
    current = started;
    return started;
  };

  /** Runs `changed` after `wait` ms; announcements meanwhile join it. The timer holds no process open. */
  const pause = (wait: number): void => {
    queued = false;
    paused = setTimeout(() => {
      paused = undefined;
      changed();
    }, wait);
    paused.unref?.();
  };

  const changed = (): void => {
    if (running || paused !== undefined) {
      queued = true;
      return;
    }
    const wait = pace.next();
    if (wait > 0) {
      pause(wait);
      return;
    }
    running = true;
    void (async () => {
      for (let rounds = 1; ; rounds++) {
        queued = false;
        await now();
        if (!queued) break;
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

  const latest = async (): Promise<T> => {
    let seen = current ?? now();
    // A newer admission started while waiting (list_changed) is waited for too, a bounded number of times.
    for (let rounds = 0; ; rounds++) {
      const value = await seen;
      if (current === undefined || current === seen || rounds >= READMITS_IN_A_WINDOW) return value;
      seen = current;
    }
  };

  return { latest, now, changed };
}
