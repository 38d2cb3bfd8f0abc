// The relay's plumbing, both ways: a request re-sent to the other side under a new id with its reply mapped back,
// the -32601 answer to a method the proxy does not forward, and a cancellation's request id mapped to the one the
// other side knows; a client's request is rebuilt (client-requests.ts), its answer to a server's request too
// (client-answers.ts). Nothing carrying a member named `__proto__` passes either way (src/mcp/forward.ts).
import { protoMemberPath, protoRefusal } from '../mcp/forward.js';
import type { RpcMessage } from '../mcp/channel.js';
import { CANCELLED, RPC, type Peer, type Reply, type RpcError } from '../mcp/peer.js';
import { clip } from '../util/describe-value.js';
import type { Belonging } from './belonging.js';
import { guardAnswer } from './answer-guard.js';
import { rebuiltAnswer } from './client-answers.js';
import { rebuiltCancellation } from './client-notifications.js';
import { MALFORMED_REQUEST, malformedRequest, rebuiltRequest } from './client-requests.js';
import { ownRefusal } from './own-refusals.js';

/** The -32601 answer to a method the proxy does not forward (its own: 404 to a 2026-07-28 POST, http-answer.ts). */
export function notFound(method: string): { readonly error: RpcError } {
  return ownRefusal(RPC.methodNotFound, `method not found: ${JSON.stringify(clip(method, 80))}`);
}

/** The -32602 answer to a message that carries a member named `__proto__`. */
function protoCarried(path: string): { error: { code: number; message: string } } {
  return { error: { code: RPC.invalidParams, message: `not forwarded: ${protoRefusal(path)}` } };
}

/**
 * How a request the proxy rewrites is re-sent: the params to send and how its reply is shaped back (a stateless
 * client's: modern-requests.ts; a tasks/list: session-tasks.ts).
 */
export interface Reshaped {
  readonly params: unknown;
  readonly shape: (r: Reply) => Reply;
  /** A refusal read from the reply as it came, before it is rebuilt (a 2026-07-28 client's: modern-requests.ts). */
  readonly refuse?: (r: Reply) => Reply | undefined;
}

/** A relay request's key in an id map: the request id as JSON text. */
export const idKey = (id: unknown): string => JSON.stringify(id);

/** Re-sends `m` from `from` to `to`, its new id kept in `ids` while it runs; `settled` is told when it ends. */
export type Relay = (
  m: RpcMessage & { id: string | number },
  from: Peer,
  to: Peer,
  ids: Map<string, number>,
  related?: string | number,
  reshaped?: Reshaped,
  settled?: () => void,
) => void;

/**
 * The relay of one session: re-sends a request to `to` under a new id and answers the original with the mapped
 * reply; `related` is the request of `to`'s own that this one belongs to. The downstream's requests are recorded
 * in `belonging` while they run, and the server's answers to them reach the client as `answered` rebuilds them
 * (server-messages.ts; `params` and `id`: the client's request's own), before any reshaping.
 */
export function relayer(
  downstream: Peer,
  belonging: Belonging,
  warn: (line: string) => void,
  answered: (method: string, reply: Reply, params: unknown, id: string | number) => Reply,
): Relay {
  return (m, from, to, ids, related, reshaped, settled) => {
    // Every way out before the request is sent ends what it held (a server's request its slot: server-asks.ts).
    const asked = protoMemberPath(m.params);
    if (asked !== undefined) {
      settled?.();
      from.respond(m.id, protoCarried(asked));
      return;
    }
    const sent = reshaped === undefined ? m.params : reshaped.params;
    // A client's request reaches the server rebuilt from its specified members (client-requests.ts).
    const given = from === downstream ? rebuiltRequest(m.method as string, sent) : sent;
    if (given === MALFORMED_REQUEST) {
      settled?.();
      from.respond(m.id, malformedRequest(m.method as string));
      return;
    }
    // A client's request goes with a progress token of the proxy's (belonging.ts); a server's as it came.
    const opening = from === downstream ? belonging.prepare(given) : undefined;
    const { id, reply } = to.request(m.method as string, opening?.params ?? given, undefined, related);
    ids.set(idKey(m.id), id);
    const own = opening === undefined ? undefined : belonging.open(m.id, id, opening, m.params);
    const relayed = reply.then((r) => {
      ids.delete(idKey(m.id));
      settled?.();
      if (own !== undefined) belonging.close(own);
      // The answer is a message too: one carrying __proto__ goes back as an error, in either direction.
      const carried = 'result' in r ? protoMemberPath(r.result) : undefined;
      if (carried !== undefined)
        return from.respond(m.id, {
          error: { code: RPC.internalError, message: `the answer was not passed on: ${protoRefusal(carried)}` },
        });
      // A client's answer to a server's request reaches the server rebuilt (client-answers.ts), and a server's
      // answer the client (server-messages.ts).
      if (from !== downstream) return from.respond(m.id, rebuiltAnswer(m.method as string, given, r));
      if (r === CANCELLED) return from.respond(m.id, r);
      const refused = reshaped?.refuse?.(r);
      if (refused !== undefined) return from.respond(m.id, refused);
      const rebuilt = answered(m.method as string, r, m.params, m.id);
      from.respond(m.id, reshaped === undefined || 'error' in rebuilt ? rebuilt : reshaped.shape(rebuilt));
    });
    guardAnswer(relayed, (r) => from.respond(m.id, r), warn);
  };
}

/**
 * A cancellation passed on to `to` under the id its request went there with (dropped when there is none;
 * `related` as for Peer.notify); that request is then settled at once with CANCELLED, which is not sent to the
 * side that cancelled: a cancelled request is not answered (MCP 2025-06-18, "Cancellation"), and waiting for an
 * answer that never comes would hold the request, and what its session keeps for it, for good.
 */
export function passCancellation(
  m: RpcMessage & { method: string },
  ids: Map<string, number>,
  to: Peer,
  related?: string | number,
): void {
  const params = cancelled(m, ids);
  if (params === DROP) return;
  to.notify(m.method, params, related);
  to.abandon((params as { requestId: number }).requestId);
}

/** A cancellation of a request the other side never saw (answered already, or never relayed). */
export const DROP = Symbol('drop');

/**
 * A notification's params, with a cancellation's request id mapped to the id the other side knows; DROP when
 * there is none (passed on as it is, it could cancel an unrelated request of the other side's).
 */
export function cancelled(m: RpcMessage & { method: string }, ids: Map<string, number>): unknown {
  if (m.method !== 'notifications/cancelled') return m.params;
  const params = (m.params ?? {}) as Record<string, unknown>;
  const mapped = ids.get(JSON.stringify(params['requestId']));
  // Rebuilt: the mapped id, a string reason and a plain _meta, nothing else the sender put in.
  return mapped === undefined ? DROP : rebuiltCancellation(mapped, params);
}
