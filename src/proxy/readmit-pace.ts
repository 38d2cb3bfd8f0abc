// How often one server's catalog is admitted again after its tools/list_changed. A server that announces changes
// without end (during every listing, or every 100 ms on its own) would otherwise keep the proxy listing and
// admitting for good, with every tools/list and call of the session waiting on it. A few admissions go at once;
// past them the next waits for the window to end, the tools admitted last published meanwhile.

/** Admissions again that may start within one window. */
export const READMITS_IN_A_WINDOW = 3;
/** The window, in ms. */
export const READMIT_WINDOW_MS = 1000;

/** The pace of one server's re-admissions. */
export class ReadmitPace {
  private windowStart = Number.NEGATIVE_INFINITY;
  private started = 0;

  /** How long the next re-admission must wait, in ms; 0 when it may start now (it is then counted). */
  next(now: number = performance.now()): number {
    if (now - this.windowStart >= READMIT_WINDOW_MS) {
      this.windowStart = now;
      this.started = 0;
    }
    if (this.started >= READMITS_IN_A_WINDOW) return Math.ceil(this.windowStart + READMIT_WINDOW_MS - now);
    this.started++;
    return 0;
  }
}
