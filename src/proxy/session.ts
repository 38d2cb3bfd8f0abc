// The relay between the downstream client and the upstream server, at the JSON-RPC message level. Each side is
// a Peer with the proxy's own request ids; what one side asks of the other is re-sent under a new id and the
// reply mapped back. initialize, tools/list and tools/call are the proxy's own; another request or notification
// passes only when its method is, byte for byte, one the MCP specification defines for the negotiated revision and
// its sender (src/mcp/methods.ts) and no --deny-method glob matches it: any other request gets -32601 from the
// proxy, any other notification goes nowhere; so too for a feature the server did not declare (declared-features.ts).
// Nothing carrying a member named `__proto__` passes either way (src/mcp/forward.ts). A cancellation has its request
// id mapped. This file routes the client's messages; what the server sends it (its requests for a capability the
// client did not declare, sampling, elicitation, roots, answered with an error) is in session-server-side.ts, the
// published tools and their re-admission in session-tools.ts, tools/call and tasks/result in session-calls.ts, the
// re-sending under new ids in session-relay.ts. A task is reached only by the session whose call made it:
// tasks/get, tasks/cancel and tasks/list in session-tasks.ts, a server's notifications/tasks/status in
// session-server-side.ts.
import { isSpecMethod } from '../mcp/methods.js';
import { serverCapabilities } from '../mcp/server-shapes.js';
import { protoMemberPath } from '../mcp/forward.js';
import { CANCELLED, RPC, type Peer } from '../mcp/peer.js';
import { headerRevision, negotiate, NEWEST_INITIALIZE, type ProtocolRevision } from '../mcp/versions.js';
import { toolsListText } from './published.js';
import { cancelledId, WITHDRAWN } from './before-forward.js';
import { DeclaredFeatures } from './declared-features.js';
import { Belonging } from './belonging.js';
import { announcedTo } from './method-grants.js';
import { isModernRequest, serveModern } from './modern-requests.js';
import { requestCapabilities } from '../mcp/modern.js';
import { type ClientSide, serverAnswer, serverInitialize } from './server-messages.js';
import { withoutSecretNumbers } from './client-masker.js';
import { sessionCalls } from './session-calls.js';
import { taskRequests } from './session-tasks.js';
import type { Relayed, SessionContext } from './session-context.js';
import { notFound, passCancellation, relayer } from './session-relay.js';
import { serverHandlers } from './session-server-side.js';
import { sessionTools } from './session-tools.js';
import { guardAnswer } from './answer-guard.js';
import { MALFORMED, rebuiltNotification } from './client-notifications.js';
import { withoutTaskList } from './task-list.js';
import { withoutCallTasks } from './task-support.js';
import { TaskTools } from './tasks.js';
import { UrlElicitations } from './url-elicitations.js';

export type { CallRecord, Relayed, SessionContext } from './session-context.js';

/** Wires the two peers together, for as long as the peers live. */
export function startSession(downstream: Peer, upstream: Peer, context: SessionContext): Relayed {
  const { settings, init } = context;
  /**
   * Whether a message of `sender` with this method may pass to the other side: each side negotiated its own
   * revision (src/mcp/versions.ts), and the method must be the specification's in both (`client`: the client's).
   */
  const passes = (method: string, sender: 'client' | 'server', client = clientRevision): boolean =>
    isSpecMethod(method, sender, client.version) &&
    isSpecMethod(method, sender, context.revision.version) &&
    !settings.deniedMethod(method) &&
    (context.methods?.passes(method, sender) ?? true);
  // What the client is told the server offers: with --grants, no feature its grant leaves out (method-grants.ts).
  const shown = announcedTo(init, context.methods);
  const shownCaps = (shown['capabilities'] ?? {}) as Record<string, unknown>;
  // A session several clients share serves no tasks/list (session-tasks.ts), so it does not announce it; no session
  // announces task-augmented tool calls, which it never forwards (task-support.ts).
  const upstreamCaps = withoutCallTasks(context.shared === true ? withoutTaskList(shownCaps) : shownCaps);
  const features = new DeclaredFeatures(shownCaps, context.revision);
  let clientCaps: Record<string, unknown> = {};
  // The client's revision, negotiated by its initialize (each side has its own: MCP "Lifecycle").
  let clientRevision: ProtocolRevision = NEWEST_INITIALIZE;
  // Shared, each request is judged by the revision its own MCP-Protocol-Version names, 2025-03-26 without one, a
  // notification as that (versions.ts headerRevision); a 2026-07-28 request by its rules. A hunt's find: judged by the
  // newest, a 2024-11-05 client of --stateless was sent a task it cannot read and its tasks/get was forwarded.
  const revisionFor = (id?: string | number): ProtocolRevision => {
    if (context.shared !== true) return clientRevision;
    const named = headerRevision(id === undefined ? undefined : context.headersOf?.(id)?.['mcp-protocol-version']);
    return named.era === 'initialize' ? named : clientRevision;
  };
  // Client request id (as JSON text) -> the upstream id it was re-sent under (the reverse: session-server-side.ts).
  const toUpstream = new Map<string, number>();
  const belonging = new Belonging();
  // The tasks this session's calls made: the only ones its client reaches (tasks.ts).
  const tasks = new TaskTools();
  // The URL elicitations its 2025-11-25 requests opened: their completion is of no 2026-07-28 request.
  const elicitations = new UrlElicitations();
  // A client that sent a 2026-07-28 request and never initialized (stdio) is a stateless one: no server request,
  // and no notification but those of its own requests, can reach it (it has no way to receive them).
  let initialized = false;
  let modernSeen = false;
  const statelessClient = (): boolean => modernSeen && !initialized;
  const tools = sessionTools(downstream, upstream, context, statelessClient);
  // The client a server's message goes to, as server-messages.ts reads it; what comes back for a 2026-07-28
  // request is judged by the capabilities that request declares in its own `_meta` (that revision has no others).
  const client = (params?: unknown, id?: string | number): ClientSide => ({
    caps: params !== undefined && isModernRequest({ params }) ? requestCapabilities(params) : clientCaps,
    revision: revisionFor(id),
    gateway: false,
    secrets: settings.secrets,
  });
  const relay = relayer(downstream, belonging, context.warn, (method, r, params, id) => {
    const answered = serverAnswer(method, r, client(params, id), settings.maxResultBytes, settings.secrets);
    // A -32042's URL elicitations, as a 2025-11-25 request's client got them, are that client's to complete.
    if ('error' in answered && !isModernRequest({ params })) elicitations.answered(answered.error);
    return answered;
  });
  const answer = (id: string | number, work: Promise<unknown>): void =>
    guardAnswer(work, (r) => downstream.respond(id, r), context.warn);
  const { callTool, taskResult, waiting } = sessionCalls({
    downstream,
    upstream,
    context,
    tools,
    toUpstream,
    belonging,
    clientRevision: revisionFor,
    client,
    tasks,
    elicitations,
  });
  const taskRequest = taskRequests({ downstream, upstream, toUpstream, relay, tasks, shared: context.shared === true });

  downstream.handlers = {
    request(m, text) {
      if (isModernRequest(m)) {
        modernSeen = true;
        serveModern(m, text, {
          init: { ...shown, capabilities: withoutSecretNumbers(shownCaps, settings.secrets) },
          upstreamRevision: context.revision.version,
          denied: (method) =>
            settings.deniedMethod(method) ||
            context.methods?.passes(method, 'client') === false ||
            features.lacks(method),
          respond: (id, reply) => downstream.respond(id, reply),
          warn: context.warn,
          published: async (id) => tools.ready() ?? (await waiting.wait(id, tools.settled())),
          callTool: (call, callText) => answer(call.id, callTool(call, callText, true)),
          relay: (request, params, shape, refuse) =>
            context.methods?.passesWith(request.method as string, params) === false
              ? downstream.respond(request.id, notFound(request.method as string))
              : relay(request, downstream, upstream, toUpstream, undefined, { params, shape, refuse }),
        });
        return;
      }
      // A request named like a notification is neither: it would be relayed under a method nobody answers.
      if (
        !passes(m.method as string, 'client', revisionFor(m.id)) ||
        (m.method as string).startsWith('notifications/') ||
        context.methods?.passesWith(m.method as string, m.params) === false
      ) {
        downstream.respond(m.id, notFound(m.method as string));
        return;
      }
      const undeclared = features.refusal(m.method as string, m.params);
      if (undeclared !== undefined) return downstream.respond(m.id, undeclared);
      switch (m.method) {
        case 'initialize': {
          const params = (m.params ?? {}) as { capabilities?: unknown; protocolVersion?: unknown };
          initialized = true;
          const caps = params.capabilities;
          // The newest revision the client and toolgate both speak, whatever the server's (the server's side was
          // negotiated on its own at start-up).
          const negotiated = negotiate(params.protocolVersion);
          // Shared: one client's revision and capabilities are not every client's (SessionContext.shared); none
          // are kept, so no client is judged by another's (a hunt's find: a -32042's URL elicitations reached
          // every client of --stateless once one had declared elicitation.url).
          if (context.shared !== true) {
            clientRevision = negotiated;
            clientCaps = caps !== null && typeof caps === 'object' ? (caps as Record<string, unknown>) : {};
          }
          // Each capability of the client's revision, of its shape (server-shapes.ts), the proxy's list_changed too.
          // A member holding a secret as a number is left out: masked, it would be a string (client-masker.ts).
          const offered = withoutSecretNumbers(serverCapabilities(upstreamCaps, negotiated), settings.secrets);
          const tools = (offered['tools'] ?? {}) as Record<string, unknown>;
          // Rebuilt: no member of the server's result but those MCP gives it (server-messages.ts).
          const told = withoutSecretNumbers(serverInitialize(shown, negotiated), settings.secrets);
          if (typeof shown['instructions'] === 'string' && told['instructions'] === undefined)
            context.warn("the server's instructions hold a character that steers what a model reads: not passed on");
          downstream.respond(m.id, {
            result: {
              ...told,
              protocolVersion: negotiated.version,
              capabilities: { ...offered, tools: { ...tools, listChanged: true } },
            },
          });
          return;
        }
        case 'server/discover':
          // 2026-07-28's probe: a legacy answer (not a modern error) tells a dual-era client to use initialize.
          downstream.respond(m.id, {
            error: { code: RPC.methodNotFound, message: 'server/discover: this proxy speaks MCP with initialize' },
          });
          return;
        case 'tasks/result':
          answer(m.id, taskResult(m));
          return;
        case 'tasks/get':
        case 'tasks/cancel':
        case 'tasks/list':
          taskRequest(m);
          return;
        case 'tools/list':
          answer(
            m.id,
            (async () => {
              const current = tools.ready() ?? (await waiting.wait(m.id, tools.settled()));
              if (current === WITHDRAWN) downstream.respond(m.id, CANCELLED);
              else downstream.respondText(m.id, toolsListText(current, revisionFor(m.id)));
            })(),
          );
          return;
        case 'tools/call':
          answer(m.id, callTool(m, text));
          return;
        default:
          relay(m, downstream, upstream, toUpstream);
      }
    },
    notification(m) {
      // The upstream was initialized at start-up; the client's own "initialized" has nothing left to say.
      if (m.method === 'notifications/initialized') return;
      // Only the client's notifications of the specification pass: a tools/call sent without an id, or any other
      // method, would reach the server unchecked, so it goes nowhere (a notification gets no answer).
      if (!passes(m.method, 'client', revisionFor()) || !m.method.startsWith('notifications/')) return;
      if (protoMemberPath(m.params) !== undefined) return;
      if (m.method === 'notifications/cancelled') {
        if (waiting.cancel(cancelledId(m.params))) return;
        return passCancellation(m, toUpstream, upstream);
      }
      const params = rebuiltNotification(m.method, m.params);
      if (params !== MALFORMED) upstream.notify(m.method, params);
    },
  };

  // What the server sends the client (session-server-side.ts).
  upstream.handlers = serverHandlers({
    downstream,
    upstream,
    shared: context.shared === true,
    passes,
    revisionFor,
    statelessClient,
    client,
    belonging,
    features,
    tools,
    tasks,
    elicitations,
    relay,
  });
  return { forwarded: () => waiting.whenEmpty() };
}
