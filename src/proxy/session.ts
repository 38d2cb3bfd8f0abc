// The relay between the downstream client and the upstream server, at the JSON-RPC message level. Each side is
// a Peer with the proxy's own request ids; what one side asks of the other is re-sent under a new id and the
// reply mapped back. initialize, tools/list and tools/call are the proxy's own; every other request and
// notification passes through both ways (a cancellation has its request id mapped). A server-to-client request
// for a capability the client did not declare (sampling, elicitation, roots) is answered with an error here.
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

/** Wires the two peers together; resolves nothing, lives as long as the peers do. */
export function startSession(downstream: Peer, upstream: Peer, context: SessionContext): void {
  const { settings, init } = context;
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
    const { id, reply } = to.request(m.method as string, m.params);
    ids.set(key(m.id), id);
    void reply.then((r) => {
      ids.delete(key(m.id));
      from.respond(m.id, r);
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
      // MCP names every notification notifications/*: anything else, such as a tools/call sent without an id,
      // would reach the server unchecked, so it goes nowhere.
      if (!m.method.startsWith('notifications/')) return;
      const params = cancelled(m, toUpstream);
      if (params !== DROP) upstream.notify(m.method, params);
    },
  };

  upstream.handlers = {
    request(m) {
      const needs = NEEDS[m.method as string];
      if (needs !== undefined && clientCaps[needs] === undefined) {
        const message = `the client did not declare the "${needs}" capability`;
        upstream.respond(m.id, { error: { code: RPC.methodNotFound, message } });
        return;
      }
      relay(m, upstream, downstream, toDownstream);
    },
    notification(m) {
      if (m.method === 'notifications/tools/list_changed') {
        readmit();
        return;
      }
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
