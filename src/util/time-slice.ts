// Long synchronous work in slices: the work asks `due()` between pieces and, when its slice is used up, awaits
// `pause()`, which lets the event loop run whatever waits (other sessions' requests) before the next slice.

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
