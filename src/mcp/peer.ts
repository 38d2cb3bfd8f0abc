// One side of the proxy as a JSON-RPC peer: the requests the proxy sends there carry the proxy's own ids (a
// counter per side), so ids chosen by the client and by the server can never collide or be confused; replies
// are matched back by those ids alone. What arrives from the peer is handed to the session.
import { ownData, ownField } from '../util/own-field.js';
import type { Channel, ResultText, RpcMessage } from './channel.js';
import { protoMemberPath } from './forward.js';
import { RPC } from './rpc-codes.js';
import { notificationMessage, requestMessage, responseMessage } from './wire-order.js';

/** A JSON-RPC error object (JSON-RPC 2.0 section 5.1). */
export interface RpcError {
  readonly code: number;
  readonly message: string;
  readonly data?: unknown;
}

/**
 * The reply to one request: its result (with the line it arrived on and the message it was read as, when it came
 * from a peer), or its error.
 */
export type Reply =
  | { readonly result: unknown; readonly line?: string; readonly message?: RpcMessage }
  | { readonly error: RpcError };

/** The error codes the proxy answers with (rpc-codes.ts), where every proxy file has read them. */
export { RPC };

/**
 * The reply of a request settled by `abandon`: the side that cancelled it is not answered (MCP 2025-06-18,
 * "Cancellation": the receiver SHOULD NOT answer), and `respond` knows it by identity, so it can never be taken
 * for the answer to a later request that reuses the id.
 */
export const CANCELLED: { readonly error: RpcError } = Object.freeze({
  error: Object.freeze({ code: RPC.internalError, message: 'the request was cancelled' }),
});

/**
 * A peer's JSON-RPC error as passed on: its code and message, and its data only when no member of it is named
 * `__proto__` (src/mcp/forward.ts); nothing else of the object is copied through.
 */
function rebuiltError(raw: unknown): RpcError {
  const code = ownData(raw, 'code');
  const message = ownData(raw, 'message');
  const data = ownField(raw, 'data');
  return {
    code: Number.isSafeInteger(code) ? (code as number) : RPC.internalError,
    message: typeof message === 'string' ? message : '',
    ...(data.present && !data.accessor && protoMemberPath(data.value) === undefined ? { data: data.value } : {}),
  };
}

/** Why a request was not sent: its receiver left more than it may unread (Peer.maxUnread). */
export const UNREAD_REFUSAL = 'not sent: the other side has left too much of what it was sent unread';

/** The part of maxUnread past which notifications are dropped (answers and requests: past all of it). */
const NOTIFICATION_SHARE = 0.25;

/** What a peer hands over. */
export interface PeerHandlers {
  /** `related`: the id of the proxy's own request to this side that the message came with, when known. */
  request(message: RpcMessage & { id: string | number }, text: string, related?: number): void;
  notification(message: RpcMessage & { method: string }, text: string, related?: number): void;
}

/** A peer over a channel; `attach` the channel's messages to `deliver`. */
export class Peer {
  private next: number;
  private readonly pending = new Map<number, (reply: Reply) => void>();
  handlers: PeerHandlers | undefined;
  channel: Channel | undefined;
  /**
   * Bytes this side may leave unread before answers and notifications to it are dropped (set for servers, and for
   * a client on stdio): a server that stops reading its input while it sends requests the proxy answers (unknown
   * methods, lines that are no message), or while a client sends notifications, or a client on stdio that stops
   * reading while its server floods notifications toward it, would otherwise fill the proxy's memory.
   */
  maxUnread: number | undefined;
  /**
   * Whether requests to this side past maxUnread are answered with UNREAD_REFUSAL unsent: a client on stdio (its
   * server's requests are the server's flood), and a server (a client's calls: a cancelled call gives its place
   * among the requests waiting back at once, while its text stays in the pipe, so the waiting bound alone let a
   * client queue 3 MB calls without end in front of a server that stopped reading).
   */
  refusesUnread = false;
  /** Told each time a message is dropped past maxUnread (the host hears of it: the side may be stuck). */
  droppedUnread: (() => void) | undefined;

  /**
   * `firstId`: the id of this peer's first request. A server is sent ids from 0, as the MCP SDK's client numbers
   * them (check and lock list a server with it: src/mcp/wire-order.ts); a client from 1, since that client ignores a
   * cancellation of request 0 (`if (!requestId) return`): a server's first request relayed as 0 ran on after the
   * server cancelled it (a review's find).
   */
  constructor(firstId = 1) {
    this.next = firstId;
  }

  /** Routes one message that arrived from this side (`related`: see PeerHandlers). */
  deliver(message: RpcMessage, text: string, related?: number): void {
    if (typeof message.method === 'string') {
      const id = message.id;
      if (id === undefined || id === null)
        this.handlers?.notification(message as RpcMessage & { method: string }, text, related);
      else this.handlers?.request(message as RpcMessage & { id: string | number }, text, related);
      return;
    }
    // A reply: only ids this proxy gave are known; anything else is dropped (nobody asked).
    const resolve = typeof message.id === 'number' ? this.pending.get(message.id) : undefined;
    if (resolve === undefined) return;
    this.pending.delete(message.id as number);
    resolve(
      message.error !== undefined
        ? { error: rebuiltError(message.error) }
        : { result: message.result, line: text, message },
    );
  }

  /**
   * Sends a request with a fresh id of this proxy; the promise settles with the reply, or the timeout's error.
   * `related`: the request of this side's the new one belongs to (see Channel.send).
   */
  request(
    method: string,
    params: unknown,
    timeoutMs?: number,
    related?: string | number,
  ): { id: number; reply: Promise<Reply> } {
    const id = this.next++;
    // Past maxUnread a request to a side that refuses them is not written (a server's requests toward a client
    // that stopped reading, or a client's calls toward a server that did, queued in this process without end): it
    // is answered at once, unsent. The proxy's own listing of a server's tools is written still: one at a time
    // (a re-admission), and refused it would withdraw the server's tools until its next list_changed.
    if (this.refusesUnread && method !== 'tools/list' && this.unreadPast())
      return { id, reply: Promise.resolve({ error: { code: RPC.internalError, message: UNREAD_REFUSAL } }) };
    const reply = new Promise<Reply>((resolve) => {
      let timer: NodeJS.Timeout | undefined;
      this.pending.set(id, (r) => {
        if (timer !== undefined) clearTimeout(timer);
        resolve(r);
      });
      if (timeoutMs !== undefined)
        timer = setTimeout(() => {
          // Its answer is no longer wanted: the other side is told (MCP "Cancellation": a request that timed out
          // SHOULD be cancelled; never initialize), while the request still waits, so that a side past maxUnread
          // is told too (notify lets a cancellation of a waiting request through: a review's find), and its exchange
          // with an HTTP server ends, which otherwise stayed open for good (a hunt: a server announcing list_changed
          // and never answering the listing, a connection held for each).
          if (method !== 'initialize') this.notify('notifications/cancelled', { requestId: id, reason: 'timeout' });
          this.pending.delete(id);
          resolve({ error: { code: RPC.requestTimeout, message: `no answer to "${method}" within ${timeoutMs} ms` } });
          this.channel?.abandoned?.(id);
        }, timeoutMs);
    });
    this.channel?.send(requestMessage(id, method, params), related);
    return { id, reply };
  }

  /** Answers a request this side sent; CANCELLED is not sent, the channel is told instead. */
  respond(id: string | number | null, reply: Reply): void {
    if (reply === CANCELLED) {
      if (id !== null) this.channel?.cancelled?.(id);
      return;
    }
    if (this.unreadPast()) return;
    this.channel?.send(responseMessage(id, reply));
  }

  /** Answers a request this side sent with a result given as JSON text (passed on as it arrived). */
  respondText(id: string | number | null, resultText: ResultText): void {
    if (this.unreadPast()) return;
    this.channel?.sendResult(id, resultText);
  }

  /**
   * Sends a notification; `related` as for request. Past maxUnread it is dropped, but for the cancellation of a
   * request of this proxy's still waiting: the request was written, and a side that reads again must read that it
   * was cancelled before it runs it (one per request written, so bounded as they are).
   */
  notify(method: string, params?: unknown, related?: string | number): void {
    // At a quarter of the bound: notifications are dropped long before answers are, so one server's flood of log
    // messages toward a client slower than it leaves room for every other server's answers (a gateway).
    if (!this.cancelsWaiting(method, params) && this.unreadPast(NOTIFICATION_SHARE)) return;
    this.channel?.send(notificationMessage(method, params), related);
  }

  /**
   * Settles this proxy's request `id` to this side now with CANCELLED: a cancelled request is never answered, and
   * waiting for it would hold the request and its session's state for good.
   */
  abandon(id: number): void {
    const resolve = this.pending.get(id);
    if (resolve === undefined) return;
    this.pending.delete(id);
    resolve(CANCELLED);
    this.channel?.abandoned?.(id);
  }

  /** Whether `method` and `params` cancel a request of this proxy's that still waits for its answer. */
  private cancelsWaiting(method: string, params: unknown): boolean {
    if (method !== 'notifications/cancelled' || typeof params !== 'object' || params === null) return false;
    const id = (params as { requestId?: unknown }).requestId;
    return typeof id === 'number' && this.pending.has(id);
  }

  /** Whether this side left more than maxUnread bytes (times `share`) unread. */
  private unreadPast(share = 1): boolean {
    if (this.maxUnread === undefined || (this.channel?.backlog() ?? 0) <= this.maxUnread * share) return false;
    this.droppedUnread?.();
    return true;
  }

  /** Answers every request still waiting with `error` (the other side is gone). */
  failAll(error: RpcError): void {
    const waiting = [...this.pending.values()];
    this.pending.clear();
    for (const resolve of waiting) resolve({ error });
  }
}
