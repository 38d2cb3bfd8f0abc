// A session's tools/call and tasks/result: a call is decided against the tools its client sees (calls.ts),
// forwarded as rebuilt, and its result checked against the tool's output schema and --max-result before the
// client gets it; an answer that is a task is refused, as no forwarded call asks for one (src/mcp/call-gate.ts), so
// tasks/result finds no task of the session's (tasks.ts) and is answered as for an unknown task.
import { protoMemberPath, protoRefusal } from '../mcp/forward.js';
import { withoutEnvelope } from '../mcp/modern.js';
import type { RpcMessage } from '../mcp/channel.js';
import { paramHeaderMismatch } from '../mcp/param-headers.js';
import { CANCELLED, RPC, type Peer, type RpcError } from '../mcp/peer.js';
import { HEADER_MISMATCH } from '../mcp/routing-headers.js';
import type { ProtocolRevision } from '../mcp/versions.js';
import { clip } from '../util/describe-value.js';
import type { Published } from './published.js';
import { BeforeForward, WITHDRAWN } from './before-forward.js';
import type { Belonging } from './belonging.js';
import { checkResult, decideCall } from './calls.js';
import { isModernRequest, modernReply } from './modern-requests.js';
import { ownRefusal } from './own-refusals.js';
import { taskRefusal } from './revision-rules.js';
import { type ClientSide, serverErrorReply } from './server-messages.js';
import { callRecorder, type SessionContext } from './session-context.js';
import { idKey } from './session-relay.js';
import type { SessionTools } from './session-tools.js';
import { namedTask, type TaskTools, unknownTask } from './tasks.js';
import type { UrlElicitations } from './url-elicitations.js';
import { MALFORMED_REQUEST, malformedRequest, rebuiltRequest } from './client-requests.js';

/** What a session's calls share with the rest of its relay. */
export interface CallsOf {
  readonly downstream: Peer;
  readonly upstream: Peer;
  readonly context: SessionContext;
  readonly tools: SessionTools;
  /** Client request id (as JSON text) -> the upstream id it was re-sent under. */
  readonly toUpstream: Map<string, number>;
  readonly belonging: Belonging;
  /** The revision the client's request `id` is judged by: negotiated by its initialize, or its own (session.ts). */
  readonly clientRevision: (id: string | number) => ProtocolRevision;
  /** The client a server's error goes to (server-messages.ts), as request `id` and its `params` say (session.ts). */
  readonly client: (params: unknown, id: string | number) => ClientSide;
  /** The tasks this session's calls made (tasks.ts): added to here, read by every tasks/* request. */
  readonly tasks: TaskTools;
  /** The URL elicitations this session's 2025-11-25 requests opened (url-elicitations.ts): added to here. */
  readonly elicitations: UrlElicitations;
}

/**
 * A session's tools/call (`modern`: a 2026-07-28 client's) and tasks/result; `waiting`: its client's requests
 * waiting for the tools' admission, withdrawn when the client cancels them (before-forward.ts).
 */
export interface SessionCalls {
  readonly callTool: (m: RpcMessage & { id: string | number }, text: string, modern?: boolean) => Promise<void>;
  readonly taskResult: (m: RpcMessage & { id: string | number }) => Promise<void>;
  readonly waiting: BeforeForward;
}

/** The tools/call and tasks/result of one session. */
export function sessionCalls(of: CallsOf): SessionCalls {
  const { downstream, upstream, context, tools, toUpstream, belonging, clientRevision, tasks } = of;
  const errorOf = (r: { readonly error: RpcError }, m: RpcMessage & { id: string | number }) => {
    const { maxResultBytes, secrets } = context.settings;
    const answered = serverErrorReply(r, of.client(m.params, m.id), maxResultBytes, secrets);
    // A -32042's URL elicitations, as a 2025-11-25 request's client got them, are that client's to complete.
    if (!isModernRequest(m)) of.elicitations.answered(answered.error);
    return answered;
  };
  const { settings } = context;
  const waiting = new BeforeForward();

  /** tools/call: decided on the published tools, forwarded as rebuilt, its result checked. */
  const callTool = async (m: RpcMessage & { id: string | number }, text: string, modern = false): Promise<void> => {
    const started = performance.now();
    const current = tools.ready() ?? (await waiting.wait(m.id, tools.settled()));
    if (current === WITHDRAWN) return downstream.respond(m.id, CANCELLED);
    const mismatch = modern ? paramMismatch(m, current) : undefined;
    if (mismatch !== undefined) {
      downstream.respond(m.id, ownRefusal(HEADER_MISMATCH, `Header mismatch: ${mismatch}`));
      const ms = Math.round((performance.now() - started) * 1000) / 1000;
      const tool = clip(String((m.params as { name?: unknown }).name), 80);
      context.onCall({ tool, verdict: 'refused', stage: 'lookup', ms, upstreamError: false });
      return;
    }
    const decision = decideCall(m, text, current, settings.secrets);
    const args = settings.logArgs ? ((m.params ?? {}) as Record<string, unknown>)['arguments'] : undefined;
    const record = callRecorder(context.onCall, started, () => ({
      tool: decision.tool,
      ...(settings.logArgs ? { args } : {}),
      ...(decision.kind === 'forward' && decision.dropped.length > 0 ? { dropped: decision.dropped } : {}),
    }));
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
    const revision = clientRevision(m.id);
    const refusal = modern ? undefined : taskRefusal(m.params, revision, context.revision);
    if (refusal !== undefined) {
      downstream.respond(m.id, { error: { code: RPC.invalidParams, message: refusal } });
      record('refused', 'lookup', false);
      return;
    }
    // A stateless client's envelope is its own business with the proxy; the server negotiated its own.
    const forwarded = modern ? withoutEnvelope(decision.params) : decision.params;
    const opening = belonging.prepare(forwarded);
    const { id, reply } = upstream.request('tools/call', opening.params);
    toUpstream.set(idKey(m.id), id);
    const own = belonging.open(m.id, id, opening, m.params);
    const r = await reply;
    toUpstream.delete(idKey(m.id));
    belonging.close(own);
    if ('error' in r) {
      downstream.respond(m.id, errorOf(r, m));
      record('forwarded', 'execute', r !== CANCELLED, r === CANCELLED);
      return;
    }
    // The forwarded call carries no `task` (src/mcp/forward.ts drops it): an answer that is a task anyway is refused
    // with the result's other checks (calls.ts), and no task of it is kept.
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
    current: Pick<Published, 'outputs'>,
    modern = false,
  ): 'size' | 'output' | undefined => {
    const revision = modern ? undefined : clientRevision(id);
    const { maxResultBytes, secrets } = settings;
    const checked = checkResult(tool, r.result, r.line, current, maxResultBytes, tool, modern, revision, secrets);
    // A stateless client gets the value that was read (its text cannot be passed on with a resultType added).
    if (modern)
      downstream.respond(id, modernReply('tools/call', { result: 'text' in checked ? r.result : checked.result }));
    else if ('text' in checked) downstream.respondText(id, checked.text);
    else downstream.respond(id, { result: checked.result });
    return checked.problem;
  };

  /** tasks/result: the result of a task a call of this session made, checked as that call's own result would be. */
  const taskResult = async (m: RpcMessage & { id: string | number }): Promise<void> => {
    // Refused as every relayed request is when it carries a member named `__proto__` (forward.ts), then rebuilt.
    const carried = protoMemberPath(m.params);
    if (carried !== undefined) {
      downstream.respond(m.id, {
        error: { code: RPC.invalidParams, message: `not forwarded: ${protoRefusal(carried)}` },
      });
      return;
    }
    const task = tasks.toolOf(namedTask(m.params));
    if (task === undefined) return downstream.respond(m.id, unknownTask());
    // Rebuilt from `taskId` (and a plain `_meta`), as every client request beyond tools (client-requests.ts).
    const given = rebuiltRequest('tasks/result', m.params);
    if (given === MALFORMED_REQUEST) return downstream.respond(m.id, malformedRequest('tasks/result'));
    const opening = belonging.prepare(given);
    const { id, reply } = upstream.request('tasks/result', opening.params);
    toUpstream.set(idKey(m.id), id);
    const own = belonging.open(m.id, id, opening, m.params);
    const r = await reply;
    toUpstream.delete(idKey(m.id));
    belonging.close(own);
    if ('error' in r) downstream.respond(m.id, errorOf(r, m));
    // Held to the output schema of when the call was made, whatever re-admissions did to the tool since.
    else
      answerResult(m.id, task.tool, r, {
        outputs: new Map(task.output === undefined ? [] : [[task.tool, task.output]]),
      });
  };

  return { callTool, taskResult, waiting };
}
