// Which client request a server's message belongs to, so that it reaches the client before that request's answer
// and on the same stream (MCP, "Transports", Streamable HTTP: what a server sends on a request's stream relates to
// that request; a client stops listening for a request's progress once its answer came, so a notification sent
// on another stream, the GET stream, can arrive after the answer and be lost). A message belongs to a request when
// it came on the upstream request's own stream (an HTTP upstream tells), or, whatever the transport, when it is a
// progress notification carrying the progress token the client's request gave (MCP, "Progress").
import type { RpcMessage } from '../mcp/channel.js';
import { claimedVersion, logPasses, requestedLogLevel } from '../mcp/modern.js';

/** One client request being served: its id (as the downstream peer knows it) and its progress token. */
interface Open {
  readonly downstream: string | number;
  readonly upstream: number;
  readonly token: string | undefined;
  /** For a request that names its revision in `_meta` (MCP 2026-07-28): the log level it asked for, or null. */
  readonly logLevel: unknown;
}

/** The `progressToken` member of `holder` as JSON text (a token is a string or a number), or undefined. */
function tokenIn(holder: unknown): string | undefined {
  const token =
    holder !== null && typeof holder === 'object' ? (holder as { progressToken?: unknown }).progressToken : undefined;
  return typeof token === 'string' || typeof token === 'number' ? JSON.stringify(token) : undefined;
}

/** The progress token a request's params give in their `_meta`. */
function tokenOf(params: unknown): string | undefined {
  return tokenIn(params !== null && typeof params === 'object' ? (params as { _meta?: unknown })._meta : undefined);
}

/** The client requests waiting on the upstream, found by their upstream id or their progress token. */
export class Belonging {
  private readonly byUpstream = new Map<number, Open>();
  private readonly byToken = new Map<string, Open>();

  /** A client request `downstream` was sent upstream as `upstream`; the handle to close it with. */
  open(downstream: string | number, upstream: number, params: unknown): Open {
    const modern = claimedVersion(params) !== undefined;
    const entry: Open = {
      downstream,
      upstream,
      token: tokenOf(params),
      logLevel: modern ? requestedLogLevel(params) : null,
    };
    this.byUpstream.set(upstream, entry);
    if (entry.token !== undefined) this.byToken.set(entry.token, entry);
    return entry;
  }

  /** The request was answered: nothing belongs to it any more. */
  close(entry: Open): void {
    if (this.byUpstream.get(entry.upstream) === entry) this.byUpstream.delete(entry.upstream);
    if (entry.token !== undefined && this.byToken.get(entry.token) === entry) this.byToken.delete(entry.token);
  }

  /** The client request (downstream id) a server's message belongs to, or undefined. */
  of(message: RpcMessage, related: number | undefined): string | number | undefined {
    return this.entryOf(message, related)?.downstream;
  }

  /**
   * Whether a server's log message that belongs to a 2026-07-28 request is one it did not ask for: that revision
   * sends log messages only at or above the level a request names in its `_meta`, and none without one.
   */
  unasked(message: RpcMessage, related: number | undefined): boolean {
    if (message.method !== 'notifications/message') return false;
    const entry = this.entryOf(message, related);
    if (entry === undefined || entry.logLevel === null) return false;
    return !logPasses(entry.logLevel, (message.params as { level?: unknown } | undefined)?.level);
  }

  private entryOf(message: RpcMessage, related: number | undefined): Open | undefined {
    const byStream = related === undefined ? undefined : this.byUpstream.get(related);
    if (byStream !== undefined) return byStream;
    if (message.method !== 'notifications/progress') return undefined;
    return this.byToken.get(tokenIn(message.params) ?? '');
  }
}
