// The relay of one downstream session to the aggregate's servers (src/proxy/servers.ts). The gateway answers the
// client's initialize itself (its own serverInfo; capabilities: tools with listChanged, the only thing it
// aggregates, and logging), ping, tools/list (every served server's tools as `<server>__<tool>`) and tools/call
// (routed by that name to its server, checked by the same gate as the single proxy's: src/proxy/calls.ts, the
// forwarded call rebuilt with the tool's own name by src/mcp/forward.ts). It answers logging/setLevel itself: the
// level is the client's with the gateway, which passes its servers' log messages at or above it and asks it of each
// server that declared logging (MCP "Logging": a server that sends log messages declares logging). Resources,
// prompts, completion and tasks are answered -32601: nothing is sent to a server the request was not proven to
// belong to. A 2026-07-28 request (its revision in its `_meta`) is answered -32022: the gateway serves that revision
// not at all. What a server sends the client: src/proxy/aggregate-server-side.ts.
import { protoMemberPath } from '../mcp/forward.js';
import { packageVersion } from '../mcp/implementation.js';
import { isSpecMethod } from '../mcp/methods.js';
import { isLogLevel } from '../mcp/modern.js';
import { CANCELLED, type Peer, RPC } from '../mcp/peer.js';
import { type ResultText, type RpcMessage, sameResult } from '../mcp/channel.js';
import { negotiate, NEWEST_INITIALIZE, type ProtocolRevision } from '../mcp/versions.js';
import { clip } from '../util/describe-value.js';
import { toolsListText } from './published.js';
import { listedTools, readmittedWithin, routeOf } from './aggregate-tools.js';
import { BeforeForward, WITHDRAWN } from './before-forward.js';
import { Belonging } from './belonging.js';
import { checkResult, decideCall, unknownTool } from './calls.js';
import { type ClientSide, serverErrorReply } from './server-messages.js';
import { type ServerSet, START_WAIT_MS } from './servers.js';
import { type Link, LogLevels, serverSide } from './aggregate-server-side.js';
import { UrlElicitations } from './url-elicitations.js';
import type { CallRecord, Relayed } from './session.js';
import { callRecorder } from './session-context.js';
import type { ProxySettings } from './settings.js';
import { guardAnswer } from './answer-guard.js';
import { gatewayRefusal, isModernRequest } from './modern-requests.js';
import { rebuiltCancellation } from './client-notifications.js';

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
  if (['resources', 'prompts', 'completion', 'tasks'].includes(family))
    return `${clip(method, 80)} is not served by the toolgate gateway (proxy --config): only tools are aggregated`;
  return `method not found: ${JSON.stringify(clip(method, 80))}`;
}

/** Wires the downstream peer to the set's servers; lives as long as they do. */
export function startAggregateSession(downstream: Peer, set: ServerSet, context: AggregateContext): Relayed {
  const { settings } = context;
  let clientCaps: Record<string, unknown> = {};
  let clientRevision: ProtocolRevision = NEWEST_INITIALIZE;
  // The client's log level (aggregate-server-side.ts): kept by the gateway and asked of its servers.
  const levels = new LogLevels(settings.timeoutMs);
  const client = (): ClientSide => ({
    caps: clientCaps,
    revision: clientRevision,
    gateway: true,
    secrets: settings.secrets,
  });
  const links = new WeakMap<Peer, Link>();
  // Client request id (JSON text) -> the server and id its tools/call went under (for cancellations).
  const toServer = new Map<string, { peer: Peer; id: number }>();
  // Its tools/call and tools/list waiting for a server's re-admission (withdrawn when cancelled meanwhile).
  const waiting = new BeforeForward();
  const linkOf = (peer: Peer): Link => {
    let link = links.get(peer);
    if (link === undefined) {
      link = { belonging: new Belonging(), toClient: new Map(), elicitations: new UrlElicitations() };
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
    const record = callRecorder(context.onCall, started, () => ({
      tool: shown,
      ...(settings.logArgs ? { args: params['arguments'] } : {}),
      ...(dropped.length > 0 ? { dropped } : {}),
    }));
    const unknown = (message = `unknown tool: ${shown}`): void => {
      downstream.respond(m.id, error(RPC.invalidParams, message));
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
    // A tool of its server no client can use, granted to this one, is said to be withheld, by the name it called.
    if (!published.tools.has(tool)) return unknown(unknownTool(published, tool, name));
    if (params['task'] !== undefined && clientRevision.tasks) {
      downstream.respond(m.id, error(RPC.invalidParams, 'the toolgate gateway (proxy --config) does not serve tasks'));
      record('refused', 'lookup', false);
      return;
    }
    // Judged as a call of the server's own tool: the forwarded call carries the tool's own name, and what the
    // model reads names the tool as it called it.
    const decision = decideCall({ ...m, params: { ...params, name: tool } }, text, published, settings.secrets, name);
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
      const answered = serverErrorReply(r, client(), settings.maxResultBytes, settings.secrets);
      // A -32042's URL elicitations are this server's to complete (aggregate-server-side.ts).
      link.elicitations.answered(answered.error);
      downstream.respond(m.id, answered);
      record('forwarded', 'execute', r !== CANCELLED, r === CANCELLED);
      return;
    }
    const checked = checkResult(
      tool,
      r.result,
      r.line,
      published,
      settings.maxResultBytes,
      name,
      false,
      clientRevision,
      settings.secrets,
    );
    if ('text' in checked) downstream.respondText(m.id, checked.text);
    else downstream.respond(m.id, { result: checked.result });
    const isError = (r.result as { isError?: unknown } | null)?.isError === true;
    record('forwarded', checked.problem ?? 'execute', isError);
  };

  const initialize = (m: Request): void => {
    const params = (m.params ?? {}) as { capabilities?: unknown; protocolVersion?: unknown };
    const caps = params.capabilities;
    const negotiated = negotiate(params.protocolVersion);
    // Shared (--stateless): one client's revision and capabilities are not every client's; none are kept, so no
    // client is judged by another's (a hunt's find, as in session.ts).
    if (context.shared !== true) {
      clientRevision = negotiated;
      clientCaps = caps !== null && typeof caps === 'object' ? (caps as Record<string, unknown>) : {};
    }
    downstream.respond(m.id, {
      result: {
        protocolVersion: negotiated.version,
        capabilities: { tools: { listChanged: true }, logging: {} },
        serverInfo: { name: GATEWAY_NAME, version: packageVersion() },
      },
    });
  };

  downstream.handlers = {
    request(m, text) {
      const method = m.method as string;
      // A 2026-07-28 request: not served (modern-requests.ts). Refused first, so no envelope, retry or input_required
      // result crosses; over HTTP the front refuses it before it gets here (http-post.ts).
      if (isModernRequest(m)) return downstream.respond(m.id, gatewayRefusal(m));
      if (!passes(method, 'client') || method.startsWith('notifications/')) {
        downstream.respond(m.id, error(RPC.methodNotFound, unservedReason(method)));
        return;
      }
      switch (method) {
        case 'initialize':
          return initialize(m);
        case 'ping':
          return downstream.respond(m.id, { result: {} });
        case 'logging/setLevel': {
          const level = (m.params as { level?: unknown } | undefined)?.level;
          if (!isLogLevel(level))
            return downstream.respond(m.id, error(RPC.invalidParams, 'logging/setLevel needs a level (RFC 5424)'));
          levels.set(level, set.slots);
          return downstream.respond(m.id, { result: {} });
        }
        case 'tools/list': {
          // Bounded as the gateway's start is (servers.ts): a server still re-admitting past it is listed with its
          // tools admitted last, and the client is told tools/list_changed when its re-admission changed them.
          const readmissions = set.slots.map((s) => set.readmitting(s));
          guardAnswer(
            waiting
              .wait(m.id, readmittedWithin(readmissions, Math.min(START_WAIT_MS, settings.timeoutMs)))
              .then((ready) =>
                downstream.respond(
                  m.id,
                  ready === WITHDRAWN
                    ? CANCELLED
                    : { result: { tools: listedTools(set.slots, context.visible, clientRevision) } },
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
      // One carrying a 2026-07-28 envelope is of a revision the gateway does not serve: it goes nowhere, its
      // envelope not to a server (a hunt's find; over HTTP it is refused with 400).
      if (isModernRequest(m) || !passes(m.method, 'client') || protoMemberPath(m.params) !== undefined) return;
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

  /** A server came up: what it sends reaches the client through this session (aggregate-server-side.ts). */
  const wire = serverSide({
    downstream,
    set,
    passes,
    client,
    linkOf,
    warn: context.warn,
    levels,
    shared: context.shared === true,
  });

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
