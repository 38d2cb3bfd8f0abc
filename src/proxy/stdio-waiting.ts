// What a stdio client's requests hold while they wait for their answers, bounded as a `--listen` session's are
// (waiting-requests.ts): a request is held until the proxy answers it, and a server that never answers a tool
// left every call's text in this process (400 calls of 1 MB: about 709 MB). Past 100 requests or 16 MiB of
// their text waiting at once, a request is answered at once with an error and never reaches the server.
import type { RpcMessage } from '../mcp/channel.js';
import { type Peer, type Reply, RPC } from '../mcp/peer.js';
import { Tally } from '../util/tally.js';
import { MAX_WAITING_BYTES, MAX_WAITING_REQUESTS } from './waiting-requests.js';

/** What delivers a stdio client's messages to its session, and what answers a line that is no request. */
export interface BoundClient {
  /** Delivers a message; a request past the bound is answered -32603 here instead. */
  readonly deliver: (m: RpcMessage, text: string) => void;
  /**
   * Answers a line that never became a request (not JSON, not a message) without counting it as an answer: it may
   * name the id of a request still waiting, and would otherwise give that request's place away.
   */
  readonly answerBadLine: (id: string | number | null, reply: Reply) => void;
  /** Settles once no request of the client waits for its answer (at once when none does). */
  readonly answered: () => Promise<void>;
  /** Answers every request still waiting with `reply` (the proxy stops before their answers come). */
  readonly failWaiting: (reply: Reply) => void;
}

/**
 * Counts `downstream`'s requests from their arrival to their answer (every answer goes through `respond` or
 * `respondText`, a cancelled request's CANCELLED included) and returns what delivers a client's message to it.
 */
export function boundClientRequests(downstream: Peer): BoundClient {
  // Per id (as JSON text), the sizes of the requests holding it: a client may send one id twice.
  const held = new Map<string, number[]>();
  const waiting = new Tally();
  let bytes = 0;
  const release = (id: unknown): void => {
    const key = JSON.stringify(id);
    const sizes = held.get(key);
    if (sizes === undefined) return;
    // Which of the requests under one id was answered is unknown: the smallest gives its bytes back, so `bytes`
    // never falls below what those still waiting hold (giving the first one's back let a small request sent under
    // a waiting call's id, answered at once, free that call's bytes, again and again: 24 calls of 1 MiB held).
    const smallest = sizes.indexOf(Math.min(...sizes));
    bytes -= sizes.splice(smallest, 1)[0] as number;
    if (sizes.length === 0) held.delete(key);
    waiting.down();
  };
  const respond = downstream.respond.bind(downstream);
  const respondText = downstream.respondText.bind(downstream);
  downstream.respond = (id, reply) => {
    release(id);
    respond(id, reply);
  };
  downstream.respondText = (id, text) => {
    release(id);
    respondText(id, text);
  };
  const deliver = (m: RpcMessage, text: string) => {
    const id = m.id;
    if (typeof m.method !== 'string' || (typeof id !== 'string' && typeof id !== 'number'))
      return downstream.deliver(m, text);
    const size = Buffer.byteLength(text);
    const count = waiting.size;
    if (count >= MAX_WAITING_REQUESTS || (count > 0 && bytes + size > MAX_WAITING_BYTES)) {
      const limits = `at most ${MAX_WAITING_REQUESTS}, ${MAX_WAITING_BYTES >> 20} MiB`;
      const message = `Too Many Requests: ${count} requests of this client are waiting for their answers (${limits})`;
      return respond(id, { error: { code: RPC.internalError, message } });
    }
    const key = JSON.stringify(id);
    const sizes = held.get(key);
    if (sizes === undefined) held.set(key, [size]);
    else sizes.push(size);
    waiting.up();
    bytes += size;
    downstream.deliver(m, text);
  };
  const failWaiting = (reply: Reply): void => {
    for (const [key, sizes] of [...held])
      for (const _ of [...sizes]) downstream.respond(JSON.parse(key) as string | number, reply);
  };
  return { deliver, answerBadLine: respond, answered: () => waiting.whenZero(), failWaiting };
}
