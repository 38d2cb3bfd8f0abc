// How much of the proxy's one thread one server's re-admissions may take. ReadmitPace counts them, not their cost:
// a server announcing a change every 250 ms, each listing a new catalog of schemas near the compile bound, kept
// the gateway admitting for good and honest servers' calls went from 2-4 ms to 55-119 ms (a hunt's find). Each
// re-admission is charged the time its own admission held the thread (time-slice.ts SliceMeter) against a budget
// that refills with time, a share of one core; one
// may start while the budget is not spent (so one after a quiet spell always does, whatever it costs), the next
// waits until it is paid back. A server's first admission is not a re-admission: it is never held.

/** The share of one core a server's re-admissions may take on average (refilled per ms of time). */
export const READMIT_CPU_SHARE = 0.15;
/** The CPU time, in ms, a server's re-admissions may take at once after a quiet spell. */
export const READMIT_CPU_BURST_MS = 1000;

/** One server's budget of CPU time for its re-admissions. */
export class ReadmitBudget {
  private balance = READMIT_CPU_BURST_MS;
  private at: number | undefined;

  /** How long the next re-admission must wait for the budget, in ms; 0 when it may start now. */
  wait(now: number): number {
    this.refill(now);
    return this.balance >= 0 ? 0 : Math.ceil(-this.balance / READMIT_CPU_SHARE);
  }

  /** A re-admission's own work took `cpuMs` (SliceMeter's), ending at `now`: charged, the budget possibly owing. */
  charge(cpuMs: number, now: number): void {
    this.refill(now);
    this.balance -= cpuMs;
  }

  private refill(now: number): void {
    if (this.at !== undefined)
      this.balance = Math.min(READMIT_CPU_BURST_MS, this.balance + (now - this.at) * READMIT_CPU_SHARE);
    this.at = now;
  }
}
