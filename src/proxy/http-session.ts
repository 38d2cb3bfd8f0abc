// One client session of `--listen`, over its own upstream (or the aggregate's own set of servers): the downstream
// side of the relay (src/proxy/session.ts, src/proxy/aggregate-session.ts) as a channel that answers HTTP
// requests instead of writing lines. Each request the client POSTs is handed to the relay under an id of this
// session's own (so a client's ids cannot be confused, even reused), and its reply goes back on that POST's
// response: a JSON body, or an SSE stream when a server-to-client message had to go first. Server-to-client
// messages go on the client's GET stream, or else on an open POST stream; a request with no stream to go on is
// answered with an error. Without a session id (--stateless) several clients meet in one session: no
// server-to-client message is passed on, since it could reach another client.
import type { ServerResponse } from 'node:http';
import type { Channel, RpcMessage } from '../mcp/channel.js';
import { resultChunks } from '../mcp/channel.js';
import { CANCELLED, Peer, RPC } from '../mcp/peer.js';
import type { CallRecord } from './session.js';
import { type Backend, startRelay } from './backend.js';
import { maskedChannel } from './masked-channel.js';
import type { ProxySettings } from './settings.js';
import type { GrantedClient } from './grants.js';
import { sseEvent } from '../mcp/sse.js';
import { type AnswerBody, answerStatus, SSE_HEADERS, writeAnswer } from './http-answer.js';
import { cancelledKey, ownCancellation } from './http-cancel.js';
import { refuse } from './http-refuse.js';
import { isModernRequest } from './modern-requests.js';
import { distinctHeaders } from '../mcp/routing-headers.js';
import type { UnreadAnswers } from './unread-answers.js';
import type { StreamOwner, UnreadStreams } from './unread-streams.js';
import { WaitingRequests } from './waiting-requests.js';
import { ClientStreams } from './client-streams.js';
import { IdleClock } from './session-idle.js';

/** A POST waiting for its reply; `modern`: a 2026-07-28 request, whose -32601 is a 404 (below). */
interface Waiting {
  readonly clientId: string | number;
  readonly res: ServerResponse;
  readonly modern: boolean;
}

/** What a session reports to its server. */
export interface SessionHooks {
  readonly warn: (line: string) => void;
  readonly onCall: (record: CallRecord) => void;
  /** The session ended (DELETE, idle, its server gone, the proxy stopping); `why` for stderr. */
  readonly ended: (session: HttpSession, why: string) => void;
  /** The answers its front's sessions wrote that their clients have not taken yet, and their bound. */
  readonly unread: UnreadAnswers;
  /** What its front's sessions' clients left unread on their streams, and the bounds (unread-streams.ts). */
  readonly streams: UnreadStreams;
}

/** One downstream session and its upstream. */
export class HttpSession {
  private readonly peer = new Peer();
  private next = 1;
  private readonly waiting = new Map<number, Waiting>();
  /** The requests the relay has not answered yet (client gone or not), and their client ids. */
  private readonly unanswered = new WaitingRequests();
  /** Its GET stream and the POST responses turned into streams (client-streams.ts). */
  private readonly streams = new ClientStreams();
  private closed = false;
  /** Its streams as the bounds on unread stream bytes see them (a bound per stream let 100 POSTs hold 100x). */
  private readonly owner: StreamOwner;
  /** When it was last used, and the timer that ends it when idle (session-idle.ts). */
  private readonly idle = new IdleClock(
    () => this.settings.listen?.sessionIdleMs,
    () => void this.close('was idle for --session-idle'),
  );

  constructor(
    /** The Mcp-Session-Id; undefined for the shared session of --stateless. */
    readonly id: string | undefined,
    readonly upstream: Backend,
    private readonly settings: ProxySettings,
    private readonly hooks: SessionHooks,
    /** The `--grants` client that opened it: only its requests reach it, only its tools are shown. */
    readonly client: GrantedClient | undefined = undefined,
    /**
     * Set for a session several clients share (--stateless, MCP 2026-07-28 clients): why a server request is
     * refused (no client has a stream for one), and a request whose response stream closes before its answer is
     * cancelled (2026-07-28's cancellation on HTTP; a --stateless client can neither cancel by id nor resume).
     */
    private readonly stateless?: string,
  ) {
    const channel: Channel = {
      send: (message, related) => this.out(message as RpcMessage, related),
      sendResult: (id, resultText) => this.reply(id, (clientId) => resultChunks(clientId, resultText)),
      backlog: () => 0,
      close: () => undefined,
      // The relay settled a cancelled request without an answer (Peer.respond with CANCELLED): its POST, if
      // the client still waits on it, is ended with the error, and it no longer counts as waiting.
      cancelled: (own) =>
        this.reply(own, (clientId) => JSON.stringify({ jsonrpc: '2.0', id: clientId, error: CANCELLED.error })),
    };
    this.peer.channel = maskedChannel(channel, settings.secrets);
    startRelay(this.peer, upstream, {
      settings,
      // A --listen session's own upstream is admitted after its initialize: a failure ends the session.
      failed: (why) => void this.close(`its tools could not be admitted: ${why}`),
      warn: hooks.warn,
      onCall: client === undefined ? hooks.onCall : (record) => hooks.onCall({ client: client.name, ...record }),
      ...(client === undefined ? {} : { visible: client.grants.granted, methods: client.methods }),
      // A 2026-07-28 call's Mcp-Param-* headers are compared with its arguments (the tool's x-mcp-header).
      headersOf: (own) => {
        const req = this.waiting.get(own as number)?.res.req;
        // Distinct: a repeated Mcp-Param-* header is refused, not compared as its values joined with ", ".
        return req === undefined ? undefined : distinctHeaders(req);
      },
      shared: id === undefined,
    });
    void upstream.gone.then((why) => {
      if ('peer' in upstream) upstream.peer.failAll({ code: RPC.internalError, message: 'the MCP server exited' });
      // The answers are written by promise continuations: let them run before the session is closed.
      setImmediate(() => void this.close(`its server ${why}`));
    });
    this.owner = {
      name: this.label,
      streams: () => this.streams.withWaiting(this.waiting.values()),
      drop: (res) => this.streams.drop(res),
    };
    hooks.streams.add(this.owner);
    this.arm();
  }

  /** A request of the client, with its text; its reply ends `res`. */
  request(m: RpcMessage & { id: string | number }, text: string, res: ServerResponse): void {
    // A request arrived: the idle clock stops until nothing waits any more.
    this.idle.touch();
    const key = JSON.stringify(m.id);
    if (this.id !== undefined && this.unanswered.ownOf(key) !== undefined) {
      const error = { code: RPC.invalidRequest, message: 'a request with this id is still waiting for its answer' };
      this.answer(res, JSON.stringify({ jsonrpc: '2.0', id: m.id, error }));
      this.arm();
      return;
    }
    // MCP 2026-07-28 cancels a request on HTTP by closing its stream; earlier revisions resume a stream instead.
    const modern = isModernRequest(m);
    const cancels = this.stateless !== undefined || modern;
    // Closed while the session was being found or started (http-post.ts awaits it): cancelled before it came.
    if (cancels && (res.destroyed || res.closed)) {
      this.arm();
      return;
    }
    const bytes = Buffer.byteLength(text);
    const full = this.unanswered.refusal(bytes);
    if (full !== undefined) {
      refuse(res, 429, full, { 'retry-after': '1' }, RPC.internalError, m.id);
      // idle.touch() stopped the clock: every way out restarts it, or the session would never idle out.
      this.arm();
      return;
    }
    const own = this.next++;
    this.waiting.set(own, { clientId: m.id, res, modern });
    // Shared: client ids may collide, so cancellations by id are dropped (closing the POST cancels instead).
    this.unanswered.hold(own, bytes, this.id === undefined ? undefined : key);
    if (this.id !== undefined) this.streams.addPost(res);
    // A client gone before its answer waits for nothing: its answer will be dropped, and the session may idle.
    res.on('close', () => {
      this.streams.deletePost(res);
      if (this.waiting.get(own)?.res !== res) return;
      this.waiting.delete(own);
      if (cancels) this.cancel(own);
      this.arm();
    });
    this.peer.deliver({ ...m, id: own }, text);
  }

  /** A notification or a reply of the client (answered 202 by the caller). */
  accept(m: RpcMessage, text: string): void {
    this.idle.touch();
    // Shared (--stateless): no server-to-client request ever reaches a client, so a reply is some client's guess
    // at the id of one made during another's call (ids count up from 1), in the moment before the proxy refuses it.
    if (this.id === undefined && m.method === undefined) return;
    if (m.method === 'notifications/cancelled') {
      // The client names its own id; the relay knows this session's (http-cancel.ts). Shared: others', dropped.
      const own = this.unanswered.ownOf(cancelledKey(m.params));
      if (own !== undefined) this.cancel(own, m.params);
      // idle.touch() stopped the clock: every way out restarts it, or the session would never idle out.
      this.arm();
      return;
    }
    this.peer.deliver(m, text);
    this.arm();
  }

  /** Opens the client's GET stream; false when one is open already. */
  listen(res: ServerResponse): boolean {
    this.idle.touch();
    const opened = this.streams.openGet(res, this.idHeader(), () => this.arm());
    this.arm();
    return opened;
  }

  /**
   * When this session was last used, if it may be ended to make room for another (--max-sessions): undefined while
   * a request waits or a stream is open (the client is there), and once it is closed.
   */
  get idleSince(): number | undefined {
    return this.streams.open ? undefined : this.quietSince;
  }

  /** idleSince, a stream open or not: what a client over its --grants share may lose (session-room.ts). */
  get quietSince(): number | undefined {
    return this.closed || this.waiting.size > 0 ? undefined : this.idle.lastUse;
  }

  /** Ends the session: pending requests answered with an error, streams closed, its server stopped. */
  async close(why: string): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.idle.stop();
    const error = { code: RPC.internalError, message: 'the session ended' };
    for (const [own] of this.waiting)
      this.reply(own, (clientId) => JSON.stringify({ jsonrpc: '2.0', id: clientId, error }));
    // Ended, a stream its client does not read would keep its socket and what it holds for good: bounded as answers.
    this.streams.endAll((s) => this.hooks.unread.written(s, this, this.label));
    this.hooks.streams.delete(this.owner);
    this.hooks.ended(this, why);
    await this.upstream.stop();
  }

  /** How stderr names this session. */
  private get label(): string {
    return `session ${this.id?.slice(0, 8) ?? '(shared)'}`;
  }

  private idHeader(): Record<string, string> {
    return this.id === undefined ? {} : { 'mcp-session-id': this.id };
  }

  /** Starts the idle clock when no request waits (a long call is not idleness). */
  private arm(): void {
    if (this.closed || this.waiting.size > 0 || this.id === undefined) return;
    this.idle.start();
  }

  /**
   * A message of the relay to the client: a reply to a waiting POST, or a server-to-client message; one that
   * belongs to a waiting request (`related`) goes on that request's own stream, ahead of its answer.
   */
  private out(message: RpcMessage, related?: string | number): void {
    // An ended session's streams are ended: what its relay still says (a re-admission failing as its server
    // stops) goes nowhere.
    if (this.closed) return;
    if (message.method === undefined) {
      const status = answerStatus(message.error, this.waiting.get(message.id as number)?.modern === true);
      this.reply(message.id as number, (clientId) => JSON.stringify({ ...message, id: clientId }), status);
      return;
    }
    const text = JSON.stringify(message);
    const event = sseEvent(text);
    this.hooks.streams.shed(this.owner, Buffer.byteLength(event));
    // Shared (--stateless): only a notification, on a request's own stream, reaches the one client that sent it.
    const shared = this.id === undefined;
    const own = shared && message.id !== undefined ? undefined : this.ownStream(related);
    const target = own ?? (shared ? undefined : this.streams.newest());
    if (target !== undefined) {
      if (!target.headersSent) target.writeHead(200, { ...SSE_HEADERS, ...this.idHeader() });
      target.write(event);
      return;
    }
    // No stream to the client (or a shared session): a request is answered here, a notification dropped.
    if (message.id !== undefined && message.id !== null) {
      const why = this.stateless ?? 'no stream is open';
      const error = { code: RPC.internalError, message: `the client cannot be reached: ${why}` };
      const reply = { jsonrpc: '2.0' as const, id: message.id, error };
      setImmediate(() => this.peer.deliver(reply, JSON.stringify(reply)));
    }
  }

  /** The open response stream of waiting request `own`. */
  private ownStream(own: string | number | undefined): ServerResponse | undefined {
    const res = typeof own === 'number' ? this.waiting.get(own)?.res : undefined;
    return res === undefined || res.writableEnded || res.destroyed ? undefined : res;
  }

  /** Writes the reply to this session's request `own`, built for the client's id. */
  private reply(own: unknown, build: (clientId: string | number) => AnswerBody, status = 200): void {
    if (typeof own === 'number') this.unanswered.settle(own);
    const entry = typeof own === 'number' ? this.waiting.get(own) : undefined;
    if (entry === undefined) return;
    this.waiting.delete(own as number);
    this.streams.deletePost(entry.res);
    this.answer(entry.res, build(entry.clientId), status);
    this.arm();
  }

  /** Delivers the cancellation of request `own` to the relay, rebuilt (http-cancel.ts). */
  private cancel(own: number, params?: unknown): void {
    const message = ownCancellation(own, params);
    this.peer.deliver(message, JSON.stringify(message));
  }

  /** Ends a POST's response with one message: as an SSE event if the stream was opened, else as JSON. */
  private answer(res: ServerResponse, body: AnswerBody, status = 200): void {
    writeAnswer(res, body, status, this.idHeader());
    // Written, it no longer waits: what its client leaves unread is bounded there instead.
    this.hooks.unread.written(res, this, this.label);
  }
}
