// What one `--listen` session holds for the requests its relay has not answered yet, and the bound on it. A
// request is waited for until its server answers it, even once its client has gone: closing a 2025 stream does
// not cancel (MCP 2025-06-18, "Streamable HTTP"), and the client may still cancel it by its id. Without a bound, a
// client that sends calls a server never answers, and hangs up, would fill the proxy's memory.

/** Requests of one session that may wait for their server at once. */
export const MAX_WAITING_REQUESTS = 100;
/** The bytes of their bodies together (UTF-8); one request is always let through, whatever its size. */
export const MAX_WAITING_BYTES = 16 * 1024 * 1024;

/** The requests of one session not answered yet, by the session's own id, and the client ids they came with. */
export class WaitingRequests {
  private readonly held = new Map<number, { readonly bytes: number; readonly key: string }>();
  private bytes = 0;
  /** Client request id (JSON text) -> the session's own id, until answered (cancellations name the client's). */
  private readonly byClientId = new Map<string, number>();

  /** Why a request of `bytes` may not wait now; undefined when it may (always, when none waits). */
  refusal(bytes: number): string | undefined {
    if (this.held.size === 0) return undefined;
    if (this.held.size < MAX_WAITING_REQUESTS && this.bytes + bytes <= MAX_WAITING_BYTES) return undefined;
    const limits = `at most ${MAX_WAITING_REQUESTS}, ${MAX_WAITING_BYTES / 1048576} MiB`;
    return `Too Many Requests: ${this.held.size} requests of this session are waiting for the server (${limits})`;
  }

  /** Holds request `own` of `bytes`; `key` (its client id as JSON text) names it to cancellations when given. */
  hold(own: number, bytes: number, key: string | undefined): void {
    this.held.set(own, { bytes, key: key ?? '' });
    this.bytes += bytes;
    if (key !== undefined) this.byClientId.set(key, own);
  }

  /** The session's own id of the client's request `key`, while it waits. */
  ownOf(key: string): number | undefined {
    return this.byClientId.get(key);
  }

  /** Request `own` is answered or cancelled: it holds nothing any more. */
  settle(own: number): void {
    const held = this.held.get(own);
    if (held === undefined) return;
    this.held.delete(own);
    this.bytes -= held.bytes;
    if (this.byClientId.get(held.key) === own) this.byClientId.delete(held.key);
  }
}
