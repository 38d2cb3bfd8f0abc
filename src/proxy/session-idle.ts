// The idle clock of a `--listen` session (http-session.ts): when it was last used, which decides which session
// makes room at --max-sessions (session-room.ts), and the timer that ends it after --session-idle of nothing.

/** One session's idle clock: stopped while a request waits, started again when none does. */
export class IdleClock {
  /** Counts every use across sessions: a tick, not a clock, so two uses in one millisecond still have an order. */
  private static ticks = 0;
  /** When the session was last used: a request or stream arrived, or its last one ended. */
  lastUse = ++IdleClock.ticks;
  private timer: NodeJS.Timeout | undefined;

  /** `ms()`: the idle time allowed, read at each start; `expired` ends the session. */
  constructor(
    private readonly ms: () => number | undefined,
    private readonly expired: () => void,
  ) {}

  /** A request arrived: the clock stops. */
  touch(): void {
    this.lastUse = ++IdleClock.ticks;
    this.stop();
    this.timer = undefined;
  }

  /** Starts the clock again from now. */
  start(): void {
    this.lastUse = ++IdleClock.ticks;
    this.stop();
    this.timer = setTimeout(this.expired, this.ms());
    this.timer.unref();
  }

  /** Stops the clock for good (the session closed). */
  stop(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
  }
}
