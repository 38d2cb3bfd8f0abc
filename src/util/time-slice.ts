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

/**
 * The time one piece of work held the thread, in ms: from `start()` to `stop()`, less the pauses of every clock
 * given it (timeSlices), in which other work runs; its only awaits must be those pauses. What a server's
 * re-admission is charged (readmission.ts): the process's CPU time around its awaits counted its listing's wait on
 * the wire and all else the process did (a review's find). A stretch counts the lesser of its wall time and the
 * process's CPU time in it: no other JavaScript runs there, but other threads do (CPU time), and the OS runs other
 * processes (wall time: 1.3-1.7 times the CPU time on a loaded host). The compile cost estimate would leave out
 * reading, hashing and checking the listing.
 */
export interface SliceMeter {
  /** The time counted so far, in ms. */
  readonly spentMs: number;
  /** The work runs from now (no-op while it runs). */
  start(): void;
  /** The work stops holding the thread (no-op while stopped): the stretch since `start()` is counted. */
  stop(): void;
}

/** A meter, stopped, that has counted nothing. */
export function sliceMeter(): SliceMeter {
  let spentMs = 0;
  let since: { readonly wall: number; readonly cpu: NodeJS.CpuUsage } | undefined;
  return {
    get spentMs() {
      return spentMs;
    },
    start: () => {
      since ??= { wall: performance.now(), cpu: process.cpuUsage() };
    },
    stop: () => {
      if (since === undefined) return;
      const { user, system } = process.cpuUsage(since.cpu);
      spentMs += Math.min(performance.now() - since.wall, (user + system) / 1000);
      since = undefined;
    },
  };
}

/**
 * Slices of `ms` milliseconds; with `ms` undefined the work is never cut (due() is always false). `meter`: the
 * work's meter, stopped for each pause (whatever runs then is not this work's).
 */
export function timeSlices(ms: number | undefined, meter?: SliceMeter): TimeSlices {
  let started = performance.now();
  return {
    due: () => ms !== undefined && performance.now() - started >= ms,
    pause: async () => {
      meter?.stop();
      await new Promise((resolve) => setImmediate(resolve));
      meter?.start();
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
