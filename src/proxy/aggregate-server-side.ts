// The server side of a gateway session (aggregate-session.ts): what each of its servers sends reaches the client.
// A server's requests to the client (sampling, elicitation, roots) are relayed under the downstream side's own ids,
// so two servers' ids never meet, and the client's answers reach them rebuilt (client-answers.ts); its
// cancellations are mapped back; its progress passes only for a request of its own; its log messages pass at the
// level the client set, their logger named after it, if it declared logging; its tools/list_changed re-admits it
// alone.
import { undeclaredCapability } from '../mcp/capability-needs.js';
import { protoMemberPath, protoRefusal } from '../mcp/forward.js';
import { isSpecMethod } from '../mcp/methods.js';
import { logPasses } from '../mcp/modern.js';
import { type Peer, RPC } from '../mcp/peer.js';
import type { ProtocolRevision } from '../mcp/versions.js';
import { clip, oneLine } from '../util/describe-value.js';
import { isObject } from '../util/plain-json.js';
import { guardAnswer } from './answer-guard.js';
import type { Belonging } from './belonging.js';
import { rebuiltAnswer } from './client-answers.js';
import { rebuiltCancellation } from './client-notifications.js';
import { type ClientSide, NOT_PASSED, serverNotification, serverRequest } from './server-messages.js';
import { ServerAsks } from './server-asks.js';
import type { ServerSet, Slot } from './servers.js';
import { SHARED_REFUSAL } from './session-context.js';
import type { UrlElicitations } from './url-elicitations.js';

/** Per connection to a server: what is in flight with it. */
export interface Link {
  readonly belonging: Belonging;
  /** The server's request id (JSON text) -> the downstream id it was relayed under. */
  readonly toClient: Map<string, number>;
  /** The URL elicitations it opened (their ids): only it may say one is complete. */
  readonly elicitations: UrlElicitations;
}

/**
 * The level the client set with logging/setLevel, kept by the gateway (it passes each server's log messages at or
 * above it) and asked of every server that declared logging, so that one sends what lies below its own default too:
 * once per level and server, one request in flight per server (a client setting levels in a loop holds no more),
 * and again for a server that comes up later (a restart).
 */
export class LogLevels {
  #level: string | undefined;
  readonly #sent = new WeakMap<Peer, string>();
  readonly #busy = new WeakSet<Peer>();

  constructor(private readonly timeoutMs: number) {}

  /** The least severe level the client asked for; undefined until it asks (every level passes). */
  get level(): string | undefined {
    return this.#level;
  }

  /** The client set `level`: kept, and asked of each server. */
  set(level: string, slots: readonly Slot[]): void {
    this.#level = level;
    for (const slot of slots) this.ask(slot);
  }

  /** Asks `slot`'s server for the level, unless it has it, is being asked, or declared no logging. */
  ask(slot: Slot): void {
    const up = slot.upstream;
    const level = this.#level;
    if (up === undefined || level === undefined || this.#busy.has(up.peer) || this.#sent.get(up.peer) === level) return;
    const caps = up.init['capabilities'];
    if (!isObject(caps) || !isObject(caps['logging'])) return;
    if (!isSpecMethod('logging/setLevel', 'client', up.revision.version)) return;
    this.#busy.add(up.peer);
    this.#sent.set(up.peer, level);
    void up.peer.request('logging/setLevel', { level }, this.timeoutMs).reply.then(() => {
      this.#busy.delete(up.peer);
      this.ask(slot);
    });
  }
}

/** What the server side reads of its session. */
export interface ServerSideOf {
  readonly downstream: Peer;
  readonly set: ServerSet;
  /** Whether `method` from `sender` is MCP's in the client's revision (and the server's), and not withheld. */
  readonly passes: (method: string, sender: 'client' | 'server', server?: ProtocolRevision) => boolean;
  readonly client: () => ClientSide;
  readonly linkOf: (peer: Peer) => Link;
  readonly warn: (line: string) => void;
  /** The client's log level (LogLevels), asked again of a server that comes up. */
  readonly levels: LogLevels;
  /** Several clients share the session (--stateless): no server request reaches any of them. */
  readonly shared: boolean;
}

const key = (id: unknown): string => JSON.stringify(id);
const error = (code: number, message: string) => ({ error: { code, message } });

/** Most characters of a server's own logger name the gateway shows after the server's name. */
const MAX_LOGGER = 128;

/**
 * A server's log message as the client gets it: its `logger` (a free string, MCP "Logging") names the server first,
 * `<server>` or `<server>/<logger>`, so no server can log as another (a hunt's find: `logger: "a"` from server h).
 */
function loggedBy(server: string, params: unknown): unknown {
  const logger = (params as { logger?: unknown }).logger;
  // Text the gateway composes: the server's part clipped and on one line, so a 1 MiB name or a line break and an
  // escape ("x\n[a] ...") cannot pose as another server's line in a client's log (a review's find).
  const own = typeof logger === 'string' ? `${server}/${oneLine(clip(logger, MAX_LOGGER))}` : server;
  return { ...(params as object), logger: own };
}

/** Wires a server that came up to the session's client; called for each server, and again after a restart. */
export function serverSide(of: ServerSideOf): (slot: Slot) => void {
  const { downstream, set, passes, client, linkOf, warn } = of;
  // Each server's own bound, kept across its restarts: no server can take another's places (a hunt's find). The
  // session holds at most that many times its servers (server-asks.ts).
  const asksOf = new WeakMap<Slot, ServerAsks>();
  return (slot: Slot): void => {
    const upstream = slot.upstream;
    if (upstream === undefined) return;
    of.levels.ask(slot);
    const peer = upstream.peer;
    const link = linkOf(peer);
    const asks = asksOf.get(slot) ?? new ServerAsks();
    asksOf.set(slot, asks);
    // What it asked the client and still waits on is withdrawn when it goes (it can read no answer): cancelled toward
    // the client, its places given back to the session's other servers (a hunt's find: held for good before).
    void upstream.gone.then(() => {
      for (const mapped of [...link.toClient.values()]) {
        downstream.notify('notifications/cancelled', { requestId: mapped, reason: 'the MCP server exited' });
        downstream.abandon(mapped);
      }
    });
    peer.handlers = {
      request(m, text, related) {
        const method = m.method as string;
        if (!passes(method, 'server', upstream.revision) || method.startsWith('notifications/'))
          return peer.respond(m.id, error(RPC.methodNotFound, `method not found: ${JSON.stringify(clip(method, 80))}`));
        if (of.shared) return peer.respond(m.id, SHARED_REFUSAL);
        const carried = protoMemberPath(m.params);
        if (carried !== undefined)
          return peer.respond(m.id, error(RPC.invalidParams, `not forwarded: ${protoRefusal(carried)}`));
        // Rebuilt, and only what the client declared it takes; never a task (server-messages.ts).
        const asked = serverRequest(method, m.params, client());
        if ('error' in asked) return peer.respond(m.id, asked);
        // Bounded per server while the client has not answered (server-asks.ts).
        const held = asks.hold(Buffer.byteLength(text));
        if (typeof held === 'string') return peer.respond(m.id, error(RPC.internalError, held));
        // A URL elicitation's id is this server's: another server of the session may not complete it (below).
        if (method === 'elicitation/create') link.elicitations.asked(asked.params);
        // Re-sent under the downstream side's own id: ids of two servers never meet at the client.
        const { id, reply } = downstream.request(method, asked.params, undefined, link.belonging.of(m, related));
        link.toClient.set(key(m.id), id);
        const relayed = reply.then((r) => {
          link.toClient.delete(key(m.id));
          held();
          const answered = 'result' in r ? protoMemberPath(r.result) : undefined;
          if (answered === undefined) peer.respond(m.id, rebuiltAnswer(method, asked.params, r));
          else peer.respond(m.id, error(RPC.internalError, `the answer was not passed on: ${protoRefusal(answered)}`));
        });
        guardAnswer(relayed, (r) => peer.respond(m.id, r), warn);
      },
      notification(m, _text, related) {
        if (m.method === 'notifications/tools/list_changed') return set.readmit(slot);
        if (!passes(m.method, 'server', upstream.revision) || protoMemberPath(m.params) !== undefined) return;
        // Of a feature this server declared only (a hunt's find: one that declared no logging sent log messages).
        if (undeclaredCapability(m.method, upstream.init['capabilities'], upstream.revision) !== undefined) return;
        const params = (m.params ?? {}) as Record<string, unknown>;
        if (m.method === 'notifications/cancelled') {
          const mapped = link.toClient.get(key(params['requestId']));
          if (mapped === undefined) return;
          // Rebuilt, as the single proxy does (session-relay.ts): the mapped id, a string reason, a plain _meta.
          downstream.notify(m.method, rebuiltCancellation(mapped, params));
          downstream.abandon(mapped);
          return;
        }
        // Rebuilt, and only what the client declared it takes (server-messages.ts).
        const rebuilt = serverNotification(m.method, m.params, client());
        if (rebuilt === NOT_PASSED) return;
        if (m.method === 'notifications/progress') {
          // Only for a request of the client's that went to this server (its token or its stream).
          const belongs = link.belonging.of(m, related);
          const shown = link.belonging.progressFor({ ...m, params: rebuilt }, related);
          if (belongs !== undefined && shown !== undefined) downstream.notify(m.method, shown, belongs);
          return;
        }
        if (m.method === 'notifications/message') {
          const level = (rebuilt as { level?: unknown }).level;
          const least = of.levels.level;
          if (least === undefined || logPasses(least, level)) downstream.notify(m.method, loggedBy(slot.name, rebuilt));
          return;
        }
        // Only for an elicitation this server opened (a hunt's find: any server of the gateway could complete
        // another's, which the client would take for the person's having finished at that other server's URL).
        if (m.method === 'notifications/elicitation/complete') {
          if (link.elicitations.completed(rebuilt)) downstream.notify(m.method, rebuilt);
        }
        // Resource, prompt and task notifications: those are not aggregated, so they go nowhere.
      },
    };
  };
}
