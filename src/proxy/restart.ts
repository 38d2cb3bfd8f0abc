// When the aggregate restarts one of its servers (src/proxy/servers.ts): a server that exited, or could not be
// started or reached, is tried again after 0.5 s, then 1, 2, 4... doubling to 30 s, and from then on every 30 s
// for as long as the gateway runs (no cap on attempts: a server being deployed or a network coming back is
// served again without a restart of the gateway, and 30 s bounds the cost of one that never comes). A server
// that stayed up for a minute starts again at 0.5 s. A server whose tools could not be admitted is not retried:
// the same catalog would be refused again.

/** The first delay, the longest, and how long a server must stay up for the next failure to start over. */
export const RESTART_BACKOFF = Object.freeze({ firstMs: 500, maxMs: 30_000, steadyMs: 60_000 });

/** One server's restart clock. */
export class Backoff {
  private delay: number = RESTART_BACKOFF.firstMs;
  private upSince: number | undefined;
  /** Restarts tried since the last steady run. */
  attempts = 0;

  /** The server is up (started and admitted). */
  up(now = Date.now()): void {
    this.upSince = now;
  }

  /** The server went or failed to start: how long to wait before the next attempt, in ms. */
  next(now = Date.now()): number {
    if (this.upSince !== undefined && now - this.upSince >= RESTART_BACKOFF.steadyMs) {
      this.delay = RESTART_BACKOFF.firstMs;
      this.attempts = 0;
    }
    this.upSince = undefined;
    const wait = this.delay;
    this.delay = Math.min(this.delay * 2, RESTART_BACKOFF.maxMs);
    this.attempts++;
    return wait;
  }
}
