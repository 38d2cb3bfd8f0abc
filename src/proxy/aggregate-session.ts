// The relay of one downstream session to the aggregate's servers (src/proxy/servers.ts). The gateway answers
// the client's initialize itself (its own serverInfo; capabilities: tools with listChanged, the only thing it
// aggregates), ping, tools/list (every served server's tools as `<server>__<tool>`) and tools/call (routed by
// that name to its server, checked by the same gate as the single proxy's: src/proxy/calls.ts, the forwarded
// call rebuilt with the tool's own name by src/mcp/forward.ts). Resources, prompts, completion, logging/setLevel
// and tasks are answered -32601: nothing is sent to a server the request was not proven to belong to.
// From a server: its requests to the client (sampling, elicitation, roots) are relayed under the downstream
// side's own ids, so two servers' ids never meet, and the client's answers reach them rebuilt
// (client-answers.ts); its cancellations are mapped back; its progress passes only for a request of its own; its
// log messages pass; its tools/list_changed re-admits it alone.
import { protoMemberPath, protoRefusal } from '../mcp/forward.js';
import { packageVersion } from '../mcp/implementation.js';
import { isSpecMethod } from '../mcp/methods.js';
import { CANCELLED, type Peer, RPC } from '../mcp/peer.js';
import { type ResultText, type RpcMessage, sameResult } from '../mcp/channel.js';
import { negotiate, NEWEST_INITIALIZE, type ProtocolRevision } from '../mcp/versions.js';
import { clip } from '../util/describe-value.js';
import { toolsListText } from './admission.js';
import { listedTools, routeOf } from './aggregate-tools.js';
import { BeforeForward, WITHDRAWN } from './before-forward.js';
import { Belonging } from './belonging.js';
import { checkResult, decideCall } from './calls.js';
import { type ClientSide, NOT_PASSED, serverErrorReply, serverNotification, serverRequest } from './server-messages.js';
import type { ServerSet, Slot } from './servers.js';
import type { CallRecord, Relayed } from './session.js';
import type { ProxySettings } from './settings.js';
import { createdTask } from './tasks.js';
import { guardAnswer } from './answer-guard.js';
import { rebuiltAnswer } from './client-answers.js';
import { rebuiltCancellation } from './client-notifications.js';
import { ServerAsks } from './server-asks.js';

/** What the aggregate session needs besides its peer and servers. */
export interface AggregateContext {
  readonly settings: ProxySettings;
  readonly warn: (line: string) => void;
  readonly onCall: (record: CallRecord) => void;
  /** `--grants`: the published names this session's client may see and call; the others are as if unlisted. */
  readonly visible?: (name: string) => boolean;
  /** As SessionContext's. */
  readonly shared?: boolean;
}

/** The gateway's own name in its initialize answer. */
export const GATEWAY_NAME = 'toolgate-gateway';

type Request = RpcMessage & { id: string | number };
const key = (id: unknown): string => JSON.stringify(id);
const error = (code: number, message: string) => ({ error: { code, message } });

/** Why the aggregate answers a method -32601 itself. */
function unservedReason(method: string): string {
  const family = method.split('/')[0] ?? method;
  if (['resources', 'prompts', 'completion', 'logging', 'tasks'].includes(family))
    return `${clip(method, 80)} is not served by the toolgate gateway (proxy --config): only tools are aggregated`;
  return `method not found: ${JSON.stringify(clip(method, 80))}`;
}

/** Per connection to a server: what is in flight with it. */
interface Link {
  readonly belonging: Belonging;
  /** The server's request id (JSON text) -> the downstream id it was relayed under. */
  readonly toClient: Map<string, number>;
}

/** Wires the downstream peer to the set's servers; lives as long as they do. */
export function startAggregateSession(downstream: Peer, set: ServerSet, context: AggregateContext): Relayed {
  const { settings } = context;
  let clientCaps: Record<string, unknown> = {};
  let clientRevision: ProtocolRevision = NEWEST_INITIALIZE;
  const client = (): ClientSide => ({ caps: clientCaps, revision: clientRevision, gateway: true });
  const links = new WeakMap<Peer, Link>();
  // Client request id (JSON text) -> the server and id its tools/call went under (for cancellations).
  const toServer = new Map<string, { peer: Peer; id: number }>();
  // Its tools/call and tools/list waiting for a server's re-admission (withdrawn when cancelled meanwhile).
  const waiting = new BeforeForward();
  const linkOf = (peer: Peer): Link => {
    let link = links.get(peer);
    if (link === undefined) {
      link = { belonging: new Belonging(), toClient: new Map() };
      links.set(peer, link);
    }
    return link;
  };
  const passes = (method: string, sender: 'client' | 'server', server?: ProtocolRevision): boolean =>
    isSpecMethod(method, sender, clientRevision.version) &&
    (server === undefined || isSpecMethod(method, sender, server.version)) &&
    !settings.deniedMethod(method);

  const callTool = async (m: Request, text: string): Promise<void> => {
    const started = performance.now();
    const params = (m.params ?? {}) as Record<string, unknown>;
    const name = typeof params['name'] === 'string' ? (params['name'] as string) : undefined;
    const shown = clip(name ?? '', 80);
    let dropped: readonly string[] = [];
    const record = (verdict: CallRecord['verdict'], stage: CallRecord['stage'], upstreamError: boolean): void =>
      context.onCall({
        tool: shown,
        verdict,
        stage,
        ms: Math.round((performance.now() - started) * 1000) / 1000,
        upstreamError,
        ...(settings.logArgs ? { args: params['arguments'] } : {}),
        ...(dropped.length > 0 ? { dropped } : {}),
      });
    const unknown = (): void => {
      downstream.respond(m.id, error(RPC.invalidParams, `unknown tool: ${shown}`));
      record('refused', 'lookup', false);
    };
    const visible = name !== undefined && (context.visible === undefined || context.visible(name));
    const route = visible ? routeOf(set.slots, name as string) : undefined;
    if (route === undefined) return unknown();
    const { slot, tool } = route;
    const current = set.readmitting(slot) ?? slot.published;
    const published = current instanceof Promise ? await waiting.wait(m.id, current) : current;
    if (published === WITHDRAWN) return downstream.respond(m.id, CANCELLED);
    const upstream = slot.upstream;
    // Its server exited while the call waited for its tools (an admission again): said as for a call under way.
    if (upstream === undefined) {
      downstream.respond(m.id, error(RPC.internalError, `the MCP server "${slot.name}" exited`));
      record('refused', 'lookup', true);
      return;
    }
    if (!published.tools.has(tool)) return unknown();
    if (params['task'] !== undefined && clientRevision.tasks) {
      downstream.respond(m.id, error(RPC.invalidParams, 'the toolgate gateway (proxy --config) does not serve tasks'));
      record('refused', 'lookup', false);
      return;
    }
    // Judged as a call of the server's own tool: the forwarded call carries the tool's own name, and what the
    // model reads names the tool as it called it.
    const decision = decideCall({ ...m, params: { ...params, name: tool } }, text, published, name);
    if (decision.kind === 'refuse') return unknown();
    if (decision.kind === 'invalid') {
      downstream.respond(m.id, { result: decision.result });
      record('invalid', 'validate', false);
      return;
    }
    dropped = decision.dropped;
    const peer = upstream.peer;
    const link = linkOf(peer);
    const opening = link.belonging.prepare(decision.params);
    const { id, reply } = peer.request('tools/call', opening.params);
    toServer.set(key(m.id), { peer, id });
    const own = link.belonging.open(m.id, id, opening, m.params);
    const r = await reply;
    toServer.delete(key(m.id));
    link.belonging.close(own);
    if ('error' in r) {
      downstream.respond(m.id, serverErrorReply(r, client(), settings.maxResultBytes));
      record('forwarded', 'execute', true);
      return;
    }
    if (createdTask(r.result) !== undefined) {
      downstream.respond(
        m.id,
        error(RPC.internalError, `server ${slot.name} answered with a task, which is not served`),
      );
      record('forwarded', 'output', false);
      return;
    }
    const checked = checkResult(tool, r.result, r.line, published, settings.maxResultBytes, name);
    if ('text' in checked) downstream.respondText(m.id, checked.text);
    else downstream.respond(m.id, { result: checked.result });
    const isError = (r.result as { isError?: unknown } | null)?.isError === true;
    record('forwarded', checked.problem ?? 'execute', isError);
  };

  const initialize = (m: Request): void => {
    const params = (m.params ?? {}) as { capabilities?: unknown; protocolVersion?: unknown };
    const caps = params.capabilities;
    clientCaps = caps !== null && typeof caps === 'object' ? (caps as Record<string, unknown>) : {};
    const negotiated = negotiate(params.protocolVersion);
    if (context.shared !== true) clientRevision = negotiated;
    downstream.respond(m.id, {
      result: {
        protocolVersion: negotiated.version,
        capabilities: { tools: { listChanged: true } },
        serverInfo: { name: GATEWAY_NAME, version: packageVersion() },
      },
    });
  };

  downstream.handlers = {
    request(m, text) {
      const method = m.method as string;
      if (!passes(method, 'client') || method.startsWith('notifications/')) {
        downstream.respond(m.id, error(RPC.methodNotFound, unservedReason(method)));
        return;
      }
      switch (method) {
        case 'initialize':
          return initialize(m);
        case 'ping':
          return downstream.respond(m.id, { result: {} });
        case 'tools/list': {
          guardAnswer(
            waiting
              .wait(m.id, Promise.all(set.slots.map((s) => set.readmitting(s))))
              .then((ready) =>
                downstream.respond(
                  m.id,
                  ready === WITHDRAWN ? CANCELLED : { result: { tools: listedTools(set.slots, context.visible) } },
                ),
              ),
            (r) => downstream.respond(m.id, r),
            context.warn,
          );
          return;
        }
        case 'tools/call':
          guardAnswer(callTool(m, text), (r) => downstream.respond(m.id, r), context.warn);
          return;
        default:
          downstream.respond(m.id, error(RPC.methodNotFound, unservedReason(method)));
      }
    },
    notification(m) {
      if (!passes(m.method, 'client') || protoMemberPath(m.params) !== undefined) return;
      if (m.method === 'notifications/cancelled') {
        const params = (m.params ?? {}) as Record<string, unknown>;
        const to = toServer.get(key(params['requestId']));
        if (to === undefined) return void waiting.cancel(params['requestId']);
        // Settled now, unanswered: a cancelled request is not answered (see session-relay.ts, passCancellation).
        to.peer.notify(m.method, rebuiltCancellation(to.id, params));
        to.peer.abandon(to.id);
        return;
      }
      // The client's roots changed: every server may ask again (each its own roots/list, answered per server).
      if (m.method === 'notifications/roots/list_changed')
        for (const slot of set.slots) {
          const up = slot.upstream;
          if (up !== undefined && isSpecMethod(m.method, 'client', up.revision.version)) up.peer.notify(m.method);
        }
      // Anything else the client says (initialized, progress) belongs to no one server: it goes nowhere.
    },
  };

  const asks = new ServerAsks("this session's servers");
  /** A server came up: its requests and notifications reach the client through this session. */
  const wire = (slot: Slot): void => {
    const upstream = slot.upstream;
    if (upstream === undefined) return;
    const peer = upstream.peer;
    const link = linkOf(peer);
    peer.handlers = {
      request(m, text, related) {
        const method = m.method as string;
        if (!passes(method, 'server', upstream.revision) || method.startsWith('notifications/'))
          return peer.respond(m.id, error(RPC.methodNotFound, `method not found: ${JSON.stringify(clip(method, 80))}`));
        const carried = protoMemberPath(m.params);
        if (carried !== undefined)
          return peer.respond(m.id, error(RPC.invalidParams, `not forwarded: ${protoRefusal(carried)}`));
        // Rebuilt, and only what the client declared it takes; never a task (server-messages.ts).
        const asked = serverRequest(method, m.params, client());
        if ('error' in asked) return peer.respond(m.id, asked);
        // Bounded across the session's servers while the client has not answered (server-asks.ts).
        const held = asks.hold(Buffer.byteLength(text));
        if (typeof held === 'string') return peer.respond(m.id, error(RPC.internalError, held));
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
        guardAnswer(relayed, (r) => peer.respond(m.id, r), context.warn);
      },
      notification(m, _text, related) {
        if (m.method === 'notifications/tools/list_changed') return set.readmit(slot);
        if (!passes(m.method, 'server', upstream.revision) || protoMemberPath(m.params) !== undefined) return;
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
        if (m.method === 'notifications/message' || m.method === 'notifications/elicitation/complete')
          downstream.notify(m.method, rebuilt);
        // Resource, prompt and task notifications: those are not aggregated, so they go nowhere.
      },
    };
  };

  // A client is told only of a change to the tools it sees: a --grants client of those its grant names
  // (client-view.ts), since a change outside it would tell it that a tool it cannot see exists, and when it changes;
  // any other of a change to a server's tools/list text, made once per admission (admission.ts).
  const shown = (): readonly ResultText[] =>
    context.visible === undefined
      ? set.slots.flatMap((slot) => [slot.name, toolsListText(slot.published)])
      : [JSON.stringify(listedTools(set.slots, context.visible))];
  let listed = shown();
  const changed = (): void => {
    const now = shown();
    if (now.length === listed.length && now.every((text, i) => sameResult(text, listed[i] ?? ''))) return;
    listed = now;
    downstream.notify('notifications/tools/list_changed');
  };
  set.attach({ wire, changed });
  return { forwarded: () => waiting.whenEmpty() };
}
