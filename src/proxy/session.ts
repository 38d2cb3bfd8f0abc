// The relay between the downstream client and the upstream server, at the JSON-RPC message level. Each side is
// a Peer with the proxy's own request ids; what one side asks of the other is re-sent under a new id and the
// reply mapped back. initialize, tools/list and tools/call are the proxy's own; another request or notification
// passes only when its method is, byte for byte, one the MCP specification defines for the negotiated revision and
// its sender (src/mcp/methods.ts) and no --deny-method glob matches it: any other request gets -32601 from the
// proxy, any other notification goes nowhere. Nothing carrying a member named `__proto__` passes either way
// (src/mcp/forward.ts). A cancellation has its request id mapped. A server-to-client request for a capability
// the client did not declare (sampling, elicitation, roots) is answered with an error here.
import { protoMemberPath, protoRefusal } from '../mcp/forward.js';
import { isSpecMethod } from '../mcp/methods.js';
import { clip } from '../util/describe-value.js';
import { type Admitted, admitUpstream, NOTHING, type Published, toolsListText } from './admission.js';
import { checkResult, decideCall } from './calls.js';
import type { RpcMessage } from '../mcp/channel.js';
import { RPC, type Peer } from '../mcp/peer.js';
import type { ProxySettings } from './settings.js';
import { negotiate, NEWEST_INITIALIZE, type ProtocolRevision } from '../mcp/versions.js';
import { Belonging } from './belonging.js';
import { grantedView, viewChanged } from './client-view.js';
import { serverRequestRefusal, taskRefusal } from './revision-rules.js';
import { createdTask, namedTask, TaskTools } from './tasks.js';
import { summaryLines } from './summary.js';
import { isModernRequest, modernReply, NO_INPUT_REQUIRED, serveModern } from './modern-requests.js';
import { withoutEnvelope } from '../mcp/modern.js';
import type { Reply } from '../mcp/peer.js';
import { paramHeaderMismatch } from '../mcp/param-headers.js';
import { HEADER_MISMATCH } from '../mcp/routing-headers.js';

/** One tools/call as the log records it. */
export interface CallRecord {
  readonly tool: string;
  readonly verdict: 'forwarded' | 'invalid' | 'refused';
  readonly stage: 'lookup' | 'validate' | 'execute' | 'output' | 'size';
  readonly ms: number;
  readonly upstreamError: boolean;
  readonly args?: unknown;
  /** Members of the call's params that were not forwarded (anything but name, arguments and a plain `_meta`). */
  readonly dropped?: readonly string[];
  /** The `--grants` client that made the call. */
  readonly client?: string;
}

/** What the session needs besides the two peers. */
export interface SessionContext {
  readonly settings: ProxySettings;
  /** The upstream's initialize result (its server info, capabilities and protocol version). */
  readonly init: Record<string, unknown>;
  /** The protocol revision the upstream answered initialize with. */
  readonly revision: ProtocolRevision;
  /**
   * What is published: admitted already (start-up's), or still being admitted (a `--listen` session's, whose
   * initialize is answered meanwhile; its tools/list and tools/call wait for it). An admission that fails ends
   * the session through `failed`: nothing is published in the meantime.
   */
  readonly published: Published | { readonly admitting: Promise<Admitted>; readonly failed: (why: string) => void };
  /** A line for stderr (already masked by the caller). */
  readonly warn: (line: string) => void;
  readonly onCall: (record: CallRecord) => void;
  /** `--grants`: the published tools this session's client may see and call; the others are as if unlisted. */
  readonly visible?: (name: string) => boolean;
  /** The HTTP headers a request (by its downstream id) came with, over --listen: its Mcp-Param-* are checked. */
  readonly headersOf?: (id: string | number) => Readonly<Record<string, string | string[] | undefined>> | undefined;
}

/** The -32601 answer to a method the proxy does not forward. */
function notFound(method: string): { error: { code: number; message: string } } {
  return { error: { code: RPC.methodNotFound, message: `method not found: ${JSON.stringify(clip(method, 80))}` } };
}

/** The -32602 answer to a message that carries a member named `__proto__`. */
function protoCarried(path: string): { error: { code: number; message: string } } {
  return { error: { code: RPC.invalidParams, message: `not forwarded: ${protoRefusal(path)}` } };
}

/** Wires the two peers together; resolves nothing, lives as long as the peers do. */
export function startSession(downstream: Peer, upstream: Peer, context: SessionContext): void {
  const { settings, init } = context;
  /**
   * Whether a message of `sender` with this method may pass to the other side: each side negotiated its own
   * revision (src/mcp/versions.ts), and the method must be the specification's in both.
   */
  const passes = (method: string, sender: 'client' | 'server'): boolean =>
    isSpecMethod(method, sender, clientRevision.version) &&
    isSpecMethod(method, sender, context.revision.version) &&
    !settings.deniedMethod(method);
  let published: Published = 'admitting' in context.published ? NOTHING : context.published;
  let readmitting: Promise<Published> | undefined;
  // What this session's client sees: everything published, or its --grants view (client-view.ts).
  // Read without an await unless a re-admission runs: a call's upstream id is set in the tick it arrived, so a
  // cancellation right behind it finds it.
  const seen = context.visible === undefined ? (p: Published): Published => p : grantedView(context.visible);
  let queued = false;
  if ('admitting' in context.published) {
    const { admitting, failed } = context.published;
    readmitting = admitting.then((admitted) => {
      readmitting = undefined;
      // Ended first: what waits for the tools is answered with the session's end, never with an empty list.
      if (!admitted.ok) failed(admitted.message);
      else published = admitted.value;
      if (queued) readmit();
      return published;
    });
  }
  let clientCaps: Record<string, unknown> = {};
  // The client's revision, negotiated by its initialize (each side has its own: MCP "Lifecycle").
  let clientRevision: ProtocolRevision = NEWEST_INITIALIZE;
  const tasks = new TaskTools();
  // Client request id (as JSON text) -> the upstream id it was re-sent under, and the reverse for the server's.
  const toUpstream = new Map<string, number>();
  const toDownstream = new Map<string, number>();
  const key = (id: unknown): string => JSON.stringify(id);
  const belonging = new Belonging();
  // A client that sent a 2026-07-28 request and never initialized (stdio) is a stateless one: no server request,
  // and no notification but those of its own requests, can reach it (it has no way to receive them).
  let initialized = false;
  let modernSeen = false;
  const statelessClient = (): boolean => modernSeen && !initialized;

  /**
   * Re-sends a request to `to` under a new id and answers the original with the mapped reply; `related` is the
   * request of `to`'s own that this one belongs to.
   */
  const relay = (
    m: RpcMessage & { id: string | number },
    from: Peer,
    to: Peer,
    ids: Map<string, number>,
    related?: string | number,
    modern?: { readonly params: unknown; readonly shape: (r: Reply) => Reply },
  ): void => {
    const asked = protoMemberPath(m.params);
    if (asked !== undefined) {
      from.respond(m.id, protoCarried(asked));
      return;
    }
    const params = modern === undefined ? m.params : modern.params;
    const { id, reply } = to.request(m.method as string, params, undefined, related);
    ids.set(key(m.id), id);
    const own = from === downstream ? belonging.open(m.id, id, m.params) : undefined;
    void reply.then((r) => {
      ids.delete(key(m.id));
      if (own !== undefined) belonging.close(own);
      // The answer is a message too: one carrying __proto__ goes back as an error, in either direction.
      const answered = 'result' in r ? protoMemberPath(r.result) : undefined;
      if (answered === undefined) from.respond(m.id, modern === undefined ? r : modern.shape(r));
      else
        from.respond(m.id, {
          error: { code: RPC.internalError, message: `the answer was not passed on: ${protoRefusal(answered)}` },
        });
    });
  };

  const readmit = (): void => {
    if (readmitting !== undefined) {
      queued = true;
      return;
    }
    const before = seen(published);
    readmitting = (async () => {
      let next: Published = NOTHING;
      do {
        queued = false;
        const admitted = await admitUpstream(upstream, settings);
        if (admitted.ok) next = admitted.value;
        else {
          next = NOTHING;
          context.warn(`re-admission after tools/list_changed failed, no tools published: ${admitted.message}`);
        }
      } while (queued);
      for (const line of summaryLines(next, init, settings.display, settings.quiet === true)) context.warn(line);
      published = next;
      readmitting = undefined;
      // A --grants client is told only of a change to its own tools (client-view.ts); a stateless client hears of
      // changes only through subscriptions/listen, which the proxy does not serve.
      if (!statelessClient() && (context.visible === undefined || viewChanged(before, seen(next))))
        downstream.notify('notifications/tools/list_changed');
      return next;
    })();
  };

  const callTool = async (m: RpcMessage & { id: string | number }, text: string, modern = false): Promise<void> => {
    const started = performance.now();
    const current = seen(readmitting === undefined ? published : await readmitting);
    const mismatch = modern ? paramMismatch(m, current) : undefined;
    if (mismatch !== undefined) {
      downstream.respond(m.id, { error: { code: HEADER_MISMATCH, message: `Header mismatch: ${mismatch}` } });
      const ms = Math.round((performance.now() - started) * 1000) / 1000;
      const tool = clip(String((m.params as { name?: unknown }).name), 80);
      context.onCall({ tool, verdict: 'refused', stage: 'lookup', ms, upstreamError: false });
      return;
    }
    const decision = decideCall(m, text, current);
    const args = settings.logArgs ? ((m.params ?? {}) as Record<string, unknown>)['arguments'] : undefined;
    const record = (verdict: CallRecord['verdict'], stage: CallRecord['stage'], upstreamError: boolean): void =>
      context.onCall({
        tool: decision.tool,
        verdict,
        stage,
        ms: Math.round((performance.now() - started) * 1000) / 1000,
        upstreamError,
        ...(settings.logArgs ? { args } : {}),
        ...(decision.kind === 'forward' && decision.dropped.length > 0 ? { dropped: decision.dropped } : {}),
      });
    if (decision.kind === 'refuse') {
      downstream.respond(m.id, { error: decision.error });
      record('refused', 'lookup', false);
      return;
    }
    if (decision.kind === 'invalid') {
      downstream.respond(
        m.id,
        modern ? modernReply('tools/call', { result: decision.result }) : { result: decision.result },
      );
      record('invalid', 'validate', false);
      return;
    }
    const refusal = modern ? undefined : taskRefusal(m.params, clientRevision, context.revision);
    if (refusal !== undefined) {
      downstream.respond(m.id, { error: { code: RPC.invalidParams, message: refusal } });
      record('refused', 'lookup', false);
      return;
    }
    // A stateless client's envelope is its own business with the proxy; the server negotiated its own.
    const forwarded = modern ? withoutEnvelope(decision.params) : decision.params;
    const { id, reply } = upstream.request('tools/call', forwarded);
    toUpstream.set(key(m.id), id);
    const own = belonging.open(m.id, id, m.params);
    const r = await reply;
    toUpstream.delete(key(m.id));
    belonging.close(own);
    if ('error' in r) {
      downstream.respond(m.id, r);
      record('forwarded', 'execute', true);
      return;
    }
    // The forwarded call carries no `task` (src/mcp/forward.ts drops it), so a server answering with a task anyway
    // is held to it: its result comes from tasks/result, checked there for this tool.
    const task = createdTask(r.result);
    if (task !== undefined && modern) {
      // No task was asked for, and a 2026-07-28 client has no tasks/result to fetch its result with.
      const message = 'the server answered with a task, which an MCP 2026-07-28 client cannot read; not passed on';
      downstream.respond(m.id, { error: { code: RPC.internalError, message } });
      record('forwarded', 'execute', true);
      return;
    }
    if (task !== undefined) {
      // The call became a task: its result comes from tasks/result, checked there for this tool.
      tasks.add(task, decision.tool);
      const size = Buffer.byteLength(r.line ?? JSON.stringify(r.result));
      if (size <= settings.maxResultBytes) downstream.respond(m.id, { result: r.result });
      else
        downstream.respond(m.id, {
          error: { code: RPC.internalError, message: 'the task answer is over --max-result' },
        });
      record('forwarded', 'execute', false);
      return;
    }
    const problem = answerResult(m.id, decision.tool, r, current, modern);
    record('forwarded', problem ?? 'execute', (r.result as { isError?: unknown } | null)?.isError === true);
  };

  /** Why a 2026-07-28 call's Mcp-Param-* headers disagree with its arguments (src/mcp/param-headers.ts). */
  const paramMismatch = (m: RpcMessage & { id: string | number }, current: Published): string | undefined => {
    const headers = context.headersOf?.(m.id);
    const params = (m.params ?? {}) as Record<string, unknown>;
    const tool = typeof params['name'] === 'string' ? current.tools.get(params['name']) : undefined;
    if (headers === undefined || tool === undefined) return undefined;
    return paramHeaderMismatch(tool['inputSchema'], params['arguments'], headers);
  };

  /** A tool's result as the client gets it, checked against its output schema and --max-result; the problem. */
  const answerResult = (
    id: string | number,
    tool: string,
    r: { result: unknown; line?: string },
    current: Published,
    modern = false,
  ): 'size' | 'output' | undefined => {
    const checked = checkResult(tool, r.result, r.line, current, settings.maxResultBytes);
    // A stateless client gets the value that was read (its text cannot be passed on with a resultType added).
    if (modern)
      downstream.respond(id, modernReply('tools/call', { result: 'text' in checked ? r.result : checked.result }));
    else if ('text' in checked) downstream.respondText(id, checked.text);
    else downstream.respond(id, { result: checked.result });
    return checked.problem;
  };

  /** tasks/result: the result of a task a call of this session made, checked as that tool's call would be. */
  const taskResult = async (m: RpcMessage & { id: string | number }): Promise<void> => {
    const tool = tasks.toolOf(namedTask(m.params));
    if (tool === undefined) {
      const message = 'unknown task: no task-augmented tools/call of this session made it';
      downstream.respond(m.id, { error: { code: RPC.invalidParams, message } });
      return;
    }
    const current = seen(readmitting === undefined ? published : await readmitting);
    const { id, reply } = upstream.request('tasks/result', m.params);
    toUpstream.set(key(m.id), id);
    const own = belonging.open(m.id, id, m.params);
    const r = await reply;
    toUpstream.delete(key(m.id));
    belonging.close(own);
    if ('error' in r) downstream.respond(m.id, r);
    else answerResult(m.id, tool, r, current);
  };

  downstream.handlers = {
    request(m, text) {
      if (isModernRequest(m)) {
        modernSeen = true;
        serveModern(m, text, {
          init,
          upstreamRevision: context.revision.version,
          denied: (method) => settings.deniedMethod(method),
          respond: (id, reply) => downstream.respond(id, reply),
          published: async () => seen(readmitting === undefined ? published : await readmitting),
          callTool: (call, callText) => void callTool(call, callText, true),
          relay: (request, params, shape) =>
            relay(request, downstream, upstream, toUpstream, undefined, { params, shape }),
        });
        return;
      }
      // A request named like a notification is neither: it would be relayed under a method nobody answers.
      if (!passes(m.method as string, 'client') || (m.method as string).startsWith('notifications/')) {
        downstream.respond(m.id, notFound(m.method as string));
        return;
      }
      switch (m.method) {
        case 'initialize': {
          const params = (m.params ?? {}) as { capabilities?: unknown; protocolVersion?: unknown };
          initialized = true;
          const caps = params.capabilities;
          clientCaps = caps !== null && typeof caps === 'object' ? (caps as Record<string, unknown>) : {};
          // The newest revision the client and toolgate both speak, whatever the server's (the server's side was
          // negotiated on its own at start-up).
          clientRevision = negotiate(params.protocolVersion);
          const upstreamCaps = (init['capabilities'] ?? {}) as Record<string, unknown>;
          const tools = (upstreamCaps['tools'] ?? {}) as Record<string, unknown>;
          downstream.respond(m.id, {
            result: {
              ...init,
              protocolVersion: clientRevision.version,
              capabilities: { ...upstreamCaps, tools: { ...tools, listChanged: true } },
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
          void taskResult(m);
          return;
        case 'tools/list':
          void (async () => {
            const current = seen(readmitting === undefined ? published : await readmitting);
            downstream.respondText(m.id, toolsListText(current));
          })();
          return;
        case 'tools/call':
          void callTool(m, text);
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
      if (!passes(m.method, 'client') || !m.method.startsWith('notifications/')) return;
      if (protoMemberPath(m.params) !== undefined) return;
      const params = cancelled(m, toUpstream);
      if (params !== DROP) upstream.notify(m.method, params);
    },
  };

  upstream.handlers = {
    request(m, _text, related) {
      // A request named like a notification is neither: it would be relayed under a method nobody answers.
      if (!passes(m.method as string, 'server') || (m.method as string).startsWith('notifications/')) {
        upstream.respond(m.id, notFound(m.method as string));
        return;
      }
      const refusal = statelessClient()
        ? NO_INPUT_REQUIRED
        : serverRequestRefusal(m.method as string, m.params, clientCaps, clientRevision);
      if (refusal !== undefined) {
        upstream.respond(m.id, { error: { code: RPC.methodNotFound, message: refusal } });
        return;
      }
      relay(m, upstream, downstream, toDownstream, belonging.of(m, related));
    },
    notification(m, _text, related) {
      // The proxy's own business: --deny-method cannot leave the published tools stale.
      if (m.method === 'notifications/tools/list_changed') {
        readmit();
        return;
      }
      if (!passes(m.method, 'server') || !m.method.startsWith('notifications/')) return;
      if (protoMemberPath(m.params) !== undefined) return;
      if (statelessClient() && belonging.of(m, related) === undefined) return;
      if (belonging.unasked(m, related)) return;
      const params = cancelled(m, toDownstream);
      if (params !== DROP) downstream.notify(m.method, params, belonging.of(m, related));
    },
  };
}

/** A cancellation of a request the other side never saw (answered already, or never relayed). */
const DROP = Symbol('drop');

/**
 * A notification's params, with a cancellation's request id mapped to the id the other side knows; DROP when
 * there is none (passed on as it is, it could cancel an unrelated request of the other side's).
 */
function cancelled(m: RpcMessage & { method: string }, ids: Map<string, number>): unknown {
  if (m.method !== 'notifications/cancelled') return m.params;
  const params = (m.params ?? {}) as Record<string, unknown>;
  const mapped = ids.get(JSON.stringify(params['requestId']));
  return mapped === undefined ? DROP : { ...params, requestId: mapped };
}
