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
import { admitUpstream, NOTHING, type Published } from './admission.js';
import { checkResult, decideCall } from './calls.js';
import type { RpcMessage } from '../mcp/channel.js';
import { RPC, type Peer } from '../mcp/peer.js';
import type { ProxySettings } from './settings.js';
import { summaryLines } from './summary.js';

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
}

/** What the session needs besides the two peers. */
export interface SessionContext {
  readonly settings: ProxySettings;
  /** The upstream's initialize result (its server info, capabilities and protocol version). */
  readonly init: Record<string, unknown>;
  readonly published: Published;
  /** A line for stderr (already masked by the caller). */
  readonly warn: (line: string) => void;
  readonly onCall: (record: CallRecord) => void;
}

/** Which client capability a server-to-client request needs (MCP "Client Features"). */
const NEEDS: Readonly<Record<string, string>> = {
  'sampling/createMessage': 'sampling',
  'elicitation/create': 'elicitation',
  'roots/list': 'roots',
};

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
  // The revision the upstream answered initialize with is the session's: the client is told the same one.
  const revision = typeof init['protocolVersion'] === 'string' ? init['protocolVersion'] : '';
  /** Whether a message of `sender` with this method may pass to the other side. */
  const passes = (method: string, sender: 'client' | 'server'): boolean =>
    isSpecMethod(method, sender, revision) && !settings.deniedMethod(method);
  let published = context.published;
  let readmitting: Promise<Published> | undefined;
  let queued = false;
  let clientCaps: Record<string, unknown> = {};
  // Client request id (as JSON text) -> the upstream id it was re-sent under, and the reverse for the server's.
  const toUpstream = new Map<string, number>();
  const toDownstream = new Map<string, number>();
  const key = (id: unknown): string => JSON.stringify(id);

  /** Re-sends a request to `to` under a new id and answers the original with the mapped reply. */
  const relay = (m: RpcMessage & { id: string | number }, from: Peer, to: Peer, ids: Map<string, number>): void => {
    const asked = protoMemberPath(m.params);
    if (asked !== undefined) {
      from.respond(m.id, protoCarried(asked));
      return;
    }
    const { id, reply } = to.request(m.method as string, m.params);
    ids.set(key(m.id), id);
    void reply.then((r) => {
      ids.delete(key(m.id));
      // The answer is a message too: one carrying __proto__ goes back as an error, in either direction.
      const answered = 'result' in r ? protoMemberPath(r.result) : undefined;
      if (answered === undefined) from.respond(m.id, r);
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
      downstream.notify('notifications/tools/list_changed');
      return next;
    })();
  };

  const callTool = async (m: RpcMessage & { id: string | number }, text: string): Promise<void> => {
    const started = performance.now();
    const current = readmitting === undefined ? published : await readmitting;
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
      downstream.respond(m.id, { result: decision.result });
      record('invalid', 'validate', false);
      return;
    }
    const { id, reply } = upstream.request('tools/call', decision.params);
    toUpstream.set(key(m.id), id);
    const r = await reply;
    toUpstream.delete(key(m.id));
    if ('error' in r) {
      downstream.respond(m.id, r);
      record('forwarded', 'execute', true);
      return;
    }
    const checked = checkResult(decision.tool, r.result, r.line, current, settings.maxResultBytes);
    if ('text' in checked) downstream.respondText(m.id, checked.text);
    else downstream.respond(m.id, { result: checked.result });
    const isError = (r.result as { isError?: unknown } | null)?.isError === true;
    record('forwarded', checked.problem ?? 'execute', isError);
  };

  downstream.handlers = {
    request(m, text) {
      // A request named like a notification is neither: it would be relayed under a method nobody answers.
      if (!passes(m.method as string, 'client') || (m.method as string).startsWith('notifications/')) {
        downstream.respond(m.id, notFound(m.method as string));
        return;
      }
      switch (m.method) {
        case 'initialize': {
          const params = (m.params ?? {}) as { capabilities?: unknown };
          const caps = params.capabilities;
          clientCaps = caps !== null && typeof caps === 'object' ? (caps as Record<string, unknown>) : {};
          const upstreamCaps = (init['capabilities'] ?? {}) as Record<string, unknown>;
          const tools = (upstreamCaps['tools'] ?? {}) as Record<string, unknown>;
          downstream.respond(m.id, {
            result: { ...init, capabilities: { ...upstreamCaps, tools: { ...tools, listChanged: true } } },
          });
          return;
        }
        case 'tools/list':
          void (async () => {
            const current = readmitting === undefined ? published : await readmitting;
            downstream.respond(m.id, { result: { tools: [...current.tools.values()] } });
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
    request(m) {
      // A request named like a notification is neither: it would be relayed under a method nobody answers.
      if (!passes(m.method as string, 'server') || (m.method as string).startsWith('notifications/')) {
        upstream.respond(m.id, notFound(m.method as string));
        return;
      }
      const needs = NEEDS[m.method as string];
      if (needs !== undefined && clientCaps[needs] === undefined) {
        const message = `the client did not declare the "${needs}" capability`;
        upstream.respond(m.id, { error: { code: RPC.methodNotFound, message } });
        return;
      }
      relay(m, upstream, downstream, toDownstream);
    },
    notification(m) {
      // The proxy's own business: --deny-method cannot leave the published tools stale.
      if (m.method === 'notifications/tools/list_changed') {
        readmit();
        return;
      }
      if (!passes(m.method, 'server') || !m.method.startsWith('notifications/')) return;
      if (protoMemberPath(m.params) !== undefined) return;
      const params = cancelled(m, toDownstream);
      if (params !== DROP) downstream.notify(m.method, params);
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
