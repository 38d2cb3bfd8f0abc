// Which client request a server's message belongs to, so that it reaches the client before that request's answer
// and on the same stream (MCP, "Transports", Streamable HTTP: what a server sends on a request's stream relates to
// that request; a client stops listening for a request's progress once its answer came, so a notification sent
// on another stream, the GET stream, can arrive after the answer and be lost). A message belongs to a request when
// it came on the upstream request's own stream (an HTTP upstream tells), or, whatever the transport, when it is a
// progress notification carrying the progress token the client's request gave (MCP, "Progress"). That token is the
// client's own choice (the MCP SDK uses the request's id), so two clients of one shared session (`--stateless`, the
// 2026-07-28 session) often give the same one: each request is sent upstream under a token of the proxy's, and
// its progress goes back to its own client under the client's token. Progress for no open request goes nowhere.
import type { RpcMessage } from '../mcp/channel.js';
import { claimedVersion, logPasses, requestedLogLevel, statelessRevision } from '../mcp/modern.js';
import { HeldIds } from './held-ids.js';

/** One client request being served: its id (as the downstream peer knows it) and its progress token. */
interface Open {
  readonly downstream: string | number;
  readonly upstream: number;
  /** The proxy's token the request went upstream with, as JSON text. */
  readonly token: string | undefined;
  /** The client's own token, given back in its progress. */
  readonly given: unknown;
  /** For a request that names its revision in `_meta` (MCP 2026-07-28): the log level it asked for, or null. */
  readonly logLevel: unknown;
  /** The stateless revision (2026-07-28) the request named in its `_meta`, or undefined for an earlier one's. */
  readonly stateless: string | undefined;
  /** The client's own params (a 2026-07-28 request's declare its capabilities: session.ts). */
  readonly params: unknown;
}

/** The `progressToken` member of `holder` as JSON text (a token is a string or a number), or undefined. */
function tokenIn(holder: unknown): string | undefined {
  const token =
    holder !== null && typeof holder === 'object' ? (holder as { progressToken?: unknown }).progressToken : undefined;
  return typeof token === 'string' || typeof token === 'number' ? JSON.stringify(token) : undefined;
}

/** Tasks whose progress still reaches their client (see Belonging.outliving). */
const MAX_OUTLIVING = 256;

/** A request's params as sent upstream: its progress token (if any) replaced by `token`, the proxy's own. */
export interface Opening {
  readonly params: unknown;
  readonly token: string | undefined;
  readonly given: unknown;
}

/** The client requests waiting on the upstream, found by their upstream id or their progress token. */
export class Belonging {
  private readonly byUpstream = new Map<number, Open>();
  private readonly byToken = new Map<string, Open>();
  /**
   * The client's token of each request answered with a task, by the proxy's token: MCP 2025-11-25 "Tasks" keeps
   * a task's progress token valid while it runs, so its progress still reaches the client (on no request's
   * stream: that request was answered). The most recent MAX_OUTLIVING are kept, and no client's string token too
   * long to keep (held-ids.ts): that task's progress goes nowhere.
   */
  private readonly outliving = new HeldIds<unknown>(MAX_OUTLIVING);
  private tokens = 0;

  /**
   * `params` (what goes upstream) with the client's progress token, if it gave one, replaced by a new token of the
   * proxy's: params and `_meta` are new objects, the rest is shared.
   */
  prepare(params: unknown): Opening {
    const meta = params !== null && typeof params === 'object' ? (params as { _meta?: unknown })._meta : undefined;
    if (tokenIn(meta) === undefined) return { params, token: undefined, given: undefined };
    const mine = `toolgate-${++this.tokens}`;
    const given = (meta as { progressToken: unknown }).progressToken;
    const rebuilt = { ...(params as object), _meta: { ...(meta as object), progressToken: mine } };
    return { params: rebuilt, token: JSON.stringify(mine), given };
  }

  /**
   * A client request `downstream` was sent upstream as `upstream` with `opening`'s params; `params` are the
   * client's own (its revision's `_meta`). The handle to close it with.
   */
  open(downstream: string | number, upstream: number, opening: Opening, params: unknown): Open {
    const modern = claimedVersion(params) !== undefined;
    const entry: Open = {
      downstream,
      upstream,
      token: opening.token,
      given: opening.given,
      logLevel: modern ? requestedLogLevel(params) : null,
      stateless: statelessRevision(claimedVersion(params))?.version,
      params,
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

  /** The request was answered with a task, passed on to its client: the task's progress still reaches it. */
  outlive(entry: Open): void {
    if (entry.token === undefined) return;
    this.outliving.hold(entry.token, entry.given, typeof entry.given === 'string' ? entry.given.length : 0);
  }

  /** The client request (downstream id) a server's message belongs to, or undefined. */
  of(message: RpcMessage, related: number | undefined): string | number | undefined {
    return this.entryOf(message, related)?.downstream;
  }

  /** The client's own params of the request a server's message belongs to, or undefined. */
  paramsOf(message: RpcMessage, related: number | undefined): unknown {
    return this.entryOf(message, related)?.params;
  }

  /**
   * The stateless revisions (2026-07-28) whose rules a server's message is held to: that of the request it belongs
   * to (none for an earlier revision's request), or, when it names no open request (a stdio upstream never names
   * one, an HTTP one need not), that of every stateless request open, since it may be of any of them: fail closed
   * (a hunt's find: on stdio, a server's elicitation/create made while serving one reached a client that had also
   * initialized).
   */
  statelessOf(message: RpcMessage, related: number | undefined): string[] {
    const entry = this.entryOf(message, related);
    if (entry !== undefined) return entry.stateless === undefined ? [] : [entry.stateless];
    const open = new Set<string>();
    for (const each of this.byUpstream.values()) if (each.stateless !== undefined) open.add(each.stateless);
    return [...open];
  }

  /**
   * A server's progress notification as its client is to read it: the params with the client's own token, or
   * undefined when it belongs to no open request (its token is the proxy's, or one nobody gave).
   */
  progressFor(message: RpcMessage, related: number | undefined): unknown {
    const entry = this.entryOf(message, related);
    const token = tokenIn(message.params);
    if (entry === undefined && token !== undefined && this.outliving.has(token))
      return { ...(message.params as object), progressToken: this.outliving.get(token) };
    if (entry === undefined || entry.token === undefined) return undefined;
    if (tokenIn(message.params) !== entry.token) return undefined;
    return { ...(message.params as object), progressToken: entry.given };
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
