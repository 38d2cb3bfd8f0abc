// What one session holds for its server's requests to the client (sampling, elicitation, roots, ping) while the
// client has not answered them, and the bound on it. MCP leaves the client all the time it wants (a sampling
// request waits for a person's approval: "Sampling", User Interaction Model), so no timeout ends them; without a
// bound, a server that sends requests a client leaves unanswered (3,400 of 64 KB held 515 MB) fills the proxy's
// memory. Past it the server's request is answered with an error at once and never reaches the client. The gateway
// keeps one per server (a hunt's find: one bound for all its servers let one server's 100 small requests, or one of
// 16.5 MiB, refuse every other server's sampling, elicitation and roots/list until the client answered).
import { MAX_WAITING_BYTES, MAX_WAITING_REQUESTS } from './waiting-requests.js';

/** The server's requests waiting for the client's answer: how many, and their text's UTF-8 bytes together. */
export class ServerAsks {
  private count = 0;
  private bytes = 0;

  /**
   * Holds a request of `bytes` bytes until the returned release is called (once its answer came, or it was
   * cancelled), or returns why it may not wait: one request always may, whatever its size.
   */
  hold(bytes: number): (() => void) | string {
    if (this.count >= MAX_WAITING_REQUESTS || (this.count > 0 && this.bytes + bytes > MAX_WAITING_BYTES))
      return (
        `not passed on: ${this.count} requests of this server (${this.bytes} bytes) wait for the client's ` +
        `answer, the most the proxy holds (${MAX_WAITING_REQUESTS}, ${MAX_WAITING_BYTES >> 20} MiB)`
      );
    this.count++;
    this.bytes += bytes;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.count--;
      this.bytes -= bytes;
    };
  }
}
