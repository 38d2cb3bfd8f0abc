// Long synchronous work in slices: the work asks `due()` between pieces and, when its slice is used up, awaits
// `pause()`, which lets the event loop run whatever waits (other sessions' requests) before the next slice. Many
// waiters released at once go on through a turnstile, one per turn, for the same reason.

/** A clock of slices of at most `ms` milliseconds each. */
export interface TimeSlices {
  /** True when the current slice has run `ms` or longer. */
  due(): boolean;
  /** Yields to the event loop (setImmediate: I/O first) and starts a new slice. */
  pause(): Promise<void>;
}

/** Slices of `ms` milliseconds; with `ms` undefined the work is never cut (due() is always false). */
export function timeSlices(ms: number | undefined): TimeSlices {
  let started = performance.now();
  return {
    due: () => ms !== undefined && performance.now() - started >= ms,
    pause: async () => {
      await new Promise((resolve) => setImmediate(resolve));
      started = performance.now();
    },
  };
}

/** Turns handed out one per event-loop turn, in order of asking. */
export interface Turnstile {
  /** Settles in a turn of its own, after every turn asked for before it. */
  turn(): Promise<void>;
  /** Whether turns asked for are still to be handed out. */
  busy(): boolean;
}

/**
 * A turnstile: many waiters released by one event (sessions that waited for one admission) each run on in a
 * turn of their own instead of all in the microtasks of one, so what other clients sent meanwhile is read
 * between them.
 */
export function turnstile(): Turnstile {
  const waiting: (() => void)[] = [];
  let turning = false;
  // Scheduled only while someone waits: `turn` asks before it schedules, and `next` while more wait.
  const next = (): void => {
    (waiting.shift() as () => void)();
    // Idle as soon as the last one went: one that asks later gets the next turn, not one after an empty one.
    if (waiting.length > 0) setImmediate(next);
    else turning = false;
  };
  return {
    turn: () =>
      new Promise<void>((resolve) => {
        waiting.push(resolve);
        if (turning) return;
        turning = true;
        setImmediate(next);
      }),
    busy: () => turning,
  };
}
