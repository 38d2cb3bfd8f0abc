// The bound on what an HTTP upstream has not accepted yet (upstream-http.ts): notifications and replies POSTed at
// once whose 202 has not come. Each holds its body and a request for up to its wait: a client sending
// notifications faster than the server accepts them would otherwise fill the proxy's memory. Past the bound a new
// one is dropped (said once), as answers to a stdio server that stopped reading are.

/** Notifications and replies POSTed at once whose 202 has not come: past it a new one is dropped. */
export const MAX_UNACCEPTED = 100;
/** Their bytes: past it a new one is dropped (one is always sent, whatever its size). */
export const MAX_UNACCEPTED_BYTES = 16 * 1024 * 1024;
const UNACCEPTED =
  `the MCP server has not accepted ${MAX_UNACCEPTED} notifications and replies (or ` +
  `${MAX_UNACCEPTED_BYTES >> 20} MiB of them): more are dropped until it does`;

/** The notifications and replies of one upstream whose 202 has not come. */
export class Unaccepted {
  private count = 0;
  private bytes = 0;
  private told = false;

  constructor(private readonly warn: (line: string) => void) {}

  /** Counts one of `bytes` as sent; false (said once) when it is to be dropped. One alone is always sent. */
  take(bytes: number): boolean {
    const full = this.count >= MAX_UNACCEPTED || this.bytes + bytes > MAX_UNACCEPTED_BYTES;
    if (this.count > 0 && full) {
      if (!this.told) this.warn(UNACCEPTED);
      this.told = true;
      return false;
    }
    this.count++;
    this.bytes += bytes;
    return true;
  }

  /** One taken is over: accepted, refused or let go. */
  settle(bytes: number): void {
    this.count--;
    this.bytes -= bytes;
  }
}
