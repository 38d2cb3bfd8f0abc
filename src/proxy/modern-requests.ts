// A request of a 2026-07-28 client (stateless MCP: no initialize, its revision and capabilities in its own `_meta`)
// judged by the relay (src/proxy/session.ts) against the catalog admitted once, on whatever transport it came. The
// server behind the proxy speaks a revision with initialize (the proxy initialized it itself, at start or for the
// session that carries these requests), so each request is mapped onto that session: the envelope is checked and
// left out of what the server gets, `server/discover` and `tools/list` are the proxy's own answers, `tools/call` is
// validated as every call is, other methods of both revisions pass, and every result is given the `resultType`
// (and caching hints) 2026-07-28 requires. What the proxy cannot carry exactly is refused: a retry of an
// `input_required` round (the proxy never asks for input), `subscriptions/listen`, and any result in which the
// server put members only a 2026-07-28 server may send. The gateway (`--config`) serves none of them: gatewayRefusal.
import { isSpecMethod } from '../mcp/methods.js';
import {
  claimedVersion,
  completeResult,
  discoverResult,
  envelopeProblem,
  INITIALIZE_REVISIONS,
  modernResultMembers,
  modernTool,
  retryMembers,
  statelessRevision,
  unsupportedVersion,
  withoutEnvelope,
} from '../mcp/modern.js';
import type { RpcMessage } from '../mcp/channel.js';
import { CANCELLED, RPC, type Reply } from '../mcp/peer.js';
import { clip } from '../util/describe-value.js';
import { revisionOf } from '../mcp/versions.js';
import type { Published } from './published.js';
import { guardAnswer } from './answer-guard.js';
import { WITHDRAWN } from './before-forward.js';
import { ownRefusal } from './own-refusals.js';

/** Why a server's request never reaches a 2026-07-28 client through the proxy. */
export const NO_INPUT_REQUIRED =
  'the client speaks MCP 2026-07-28, where a server asks for input with an input_required result; ' +
  'this proxy does not turn a server request into one';

/**
 * Methods of the stateless revision the proxy does not serve: `subscriptions/listen` would hold a stream per client
 * open on notifications of a server session every such client shares, and tell no client apart.
 */
export const UNSERVED: ReadonlySet<string> = new Set(['subscriptions/listen']);

/** What serving a modern request needs of the relay. */
export interface ModernRelay {
  /** The upstream's initialize result. */
  readonly init: Record<string, unknown>;
  /** The revision the upstream answered initialize with. */
  readonly upstreamRevision: string;
  readonly denied: (method: string) => boolean;
  readonly respond: (id: string | number, reply: Reply) => void;
  /** A line for the host's stderr (an answer that could not be made). */
  readonly warn: (line: string) => void;
  /**
   * The catalog as admitted now (after any re-admission under way) for request `id`; WITHDRAWN when its client
   * cancelled it meanwhile (before-forward.ts).
   */
  readonly published: (id: string | number) => Promise<Published | typeof WITHDRAWN>;
  /** Runs the tools/call gate; results come back through `modernReply`. */
  readonly callTool: (m: RpcMessage & { id: string | number }, text: string) => void;
  /**
   * Sends `params` upstream under the request's method, and answers with `shape` of the reply; `refuse` reads the
   * server's reply as it came, before it is rebuilt (server-messages.ts drops what it would see).
   */
  readonly relay: (
    m: RpcMessage & { id: string | number },
    params: unknown,
    shape: (r: Reply) => Reply,
    refuse: (r: Reply) => Reply | undefined,
  ) => void;
}

/** Whether a request names a revision in its `_meta` that starts with no initialize (or one toolgate does not know). */
export function isModernRequest(m: Pick<RpcMessage, 'params'>): boolean {
  const claimed = claimedVersion(m.params);
  return claimed !== undefined && revisionOf(claimed)?.era !== 'initialize';
}

// The proxy's own answers (own-refusals.ts): over HTTP a -32601 of them is a 404, a server's never.
const error = (code: number, message: string, data?: object): Reply => ownRefusal(code, message, data);

/** What the gateway (`--config`) serves: the revisions that start with initialize, none of the stateless ones. */

/**
 * The gateway's (`--config`) answer to any request isModernRequest holds: its session code speaks initialize only, so
 * -32022 UnsupportedProtocolVersion naming the revisions it serves, before anything else is read (2026-07-28,
 * "Versioning": a client may send requests without `server/discover` and expects this error; a dual-era client falls
 * back to initialize on it). A hunt's find: on stdio such a request was served as a 2025-11-25 one.
 */
export function gatewayRefusal(m: Pick<RpcMessage, 'params'>): Reply {
  const refusal = gatewayUnsupported(m);
  return error(refusal.code, refusal.message, refusal.data);
}

/** The -32022 of gatewayRefusal as its parts, for the HTTP gateway's 400 (src/proxy/http-post.ts). */
export function gatewayUnsupported(m: Pick<RpcMessage, 'params'>): ReturnType<typeof unsupportedVersion> {
  return unsupportedVersion(clip(claimedVersion(m.params) ?? '', 40), INITIALIZE_REVISIONS);
}

/**
 * The upstream's answer to a modern request of `method`, as its client reads it: an error as it is, a result made
 * complete (src/mcp/modern.ts), or an error when the result is no object or the server put members in it only a
 * 2026-07-28 server may send (an `input_required` round the proxy never checked, toward a client that would act on
 * it).
 */
export function modernReply(method: string, reply: Reply): Reply {
  if ('error' in reply) return reply;
  // Every Result is an object (2026-07-28 schema, `Result`): made complete, a null, an array or a string would read
  // as an empty success the server never sent.
  const result = reply.result;
  if (result === null || typeof result !== 'object' || Array.isArray(result))
    return error(RPC.internalError, "the answer was not passed on: the server's result is not an object");
  return modernRefusal(reply) ?? { result: completeResult(method, reply.result) };
}

/** The refusal of a server's result holding members only a 2026-07-28 server may send, or undefined. */
export function modernRefusal(reply: Reply): Reply | undefined {
  if ('error' in reply) return undefined;
  const members = modernResultMembers(reply.result);
  if (members.length === 0) return undefined;
  return error(
    RPC.internalError,
    `the answer was not passed on: the server put ${members.join(', ')} in it, which only an MCP 2026-07-28 ` +
      'server may send',
  );
}

/** The answer the proxy itself gives modern request `m` before anything else (a refusal), or undefined. */
function refusalOf(m: RpcMessage, relay: ModernRelay): Reply | undefined {
  const method = m.method as string;
  const problem = envelopeProblem(m.params);
  if (problem !== undefined) return error(RPC.invalidParams, `Invalid params: ${problem}`);
  const version = claimedVersion(m.params) as string;
  const revision = statelessRevision(version);
  if (revision === undefined) {
    const refusal = unsupportedVersion(clip(version, 40));
    return error(refusal.code, refusal.message, refusal.data);
  }
  if (!isSpecMethod(method, 'client', revision.version) || method.startsWith('notifications/') || relay.denied(method))
    return error(RPC.methodNotFound, `method not found: ${JSON.stringify(clip(method, 80))}`);
  const retry = retryMembers(m.params);
  if (retry.length > 0)
    return error(
      RPC.invalidParams,
      `${retry.join(' and ')} answer an input_required result, and this proxy sends none`,
    );
  if (UNSERVED.has(method)) return error(RPC.methodNotFound, `${method} is not served by this proxy`);
  // Prompts, resources and completion are the server's own: they pass when its revision has the method too.
  const own = method === 'server/discover' || method === 'tools/list' || method === 'tools/call';
  if (!own && !isSpecMethod(method, 'client', relay.upstreamRevision))
    return error(RPC.methodNotFound, `method not found: ${JSON.stringify(method)} (not in the server's revision)`);
  return undefined;
}

/** Serves one request of a 2026-07-28 client (isModernRequest). */
export function serveModern(m: RpcMessage & { id: string | number }, text: string, relay: ModernRelay): void {
  const method = m.method as string;
  const refusal = refusalOf(m, relay);
  if (refusal !== undefined) relay.respond(m.id, refusal);
  else if (method === 'server/discover') relay.respond(m.id, { result: discoverResult(relay.init) });
  else if (method === 'tools/call') relay.callTool(m, text);
  else if (method === 'tools/list')
    guardAnswer(
      relay.published(m.id).then((current) => {
        if (current === WITHDRAWN) return relay.respond(m.id, CANCELLED);
        const tools = [...current.tools.values()].map(modernTool);
        relay.respond(m.id, { result: completeResult(method, { tools }) });
      }),
      (r) => relay.respond(m.id, r),
      relay.warn,
    );
  else relay.relay(m, withoutEnvelope(m.params), (r) => modernReply(method, r), modernRefusal);
}
