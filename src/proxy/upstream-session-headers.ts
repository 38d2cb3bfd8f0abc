// The headers of every request to an HTTP upstream (upstream-http.ts): the host's own, and once the server has
// answered initialize, the session id it gave and the protocol version negotiated (MCP 2025-06-18, "Transports").
// A POST's are made again only when one of those changed: a call is relayed without building them anew.

/** The headers of one upstream's requests, and the session id and protocol version they carry. */
export class SessionHeaders {
  /** The Mcp-Session-Id the server gave with its initialize answer. */
  session: string | undefined;
  /** The protocol version its initialize answer negotiated. */
  protocol: string | undefined;
  /** The headers of a POST, and the session id and protocol version they were made with. */
  private posted: { session?: string; protocol?: string; headers: Record<string, string> } | undefined;

  constructor(private readonly headers: Readonly<Record<string, string>>) {}

  /** The host's headers with the session id and protocol version (a GET's and a DELETE's). */
  base(): Record<string, string> {
    return {
      ...this.headers,
      ...(this.session !== undefined ? { 'mcp-session-id': this.session } : {}),
      ...(this.protocol !== undefined ? { 'mcp-protocol-version': this.protocol } : {}),
    };
  }

  /** A POST's headers. */
  post(): Record<string, string> {
    const { session, protocol } = this;
    if (this.posted === undefined || this.posted.session !== session || this.posted.protocol !== protocol) {
      const headers = {
        ...this.base(),
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      };
      this.posted = {
        ...(session === undefined ? {} : { session }),
        ...(protocol === undefined ? {} : { protocol }),
        headers,
      };
    }
    return this.posted.headers;
  }
}
