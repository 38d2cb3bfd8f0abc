// What the model reads, and the host's onError hears, of a guardClient call that came back with no answer, for
// callTool and for the tools of the bundle admit() returns alike (a hunt's find: the bundle's tools said only
// "failed" of a payment whose request had been sent, with `started` unset and kind `tool`, and a model retried it).
import { McpCallFailure } from '../tools/mcp-result.js';
import { RETRY_ADVICE, thrownText, type ExposeErrors, type ToolErrorEvent } from '../tools/failure-text.js';
import { causeMessage } from '../tools/gateway.js';
import type { ToolError } from '../tools/tool-result.js';
import { notConnected, withoutEnd } from './mcp-client-send.js';
import type { McpCallResult, McpClientLike } from './mcp-client-options.js';

/** How a guarded call's failures are told: the host's onError hook and its exposeErrors. */
export interface FailureTelling {
  readonly notify: (event: ToolErrorEvent) => void;
  readonly exposeErrors: ExposeErrors | undefined;
}

/** A call the SDK would refuse before sending (its signal aborted, a closed client): it never reached the server. */
export function unsentFailure(name: string): McpCallFailure {
  const why = 'the call was cancelled, or the client is not connected';
  return new McpCallFailure(`error: tool ${name} was not called: ${why}`, {
    class: 'execution_failure',
    message: `tools/call was not sent: ${why}`,
    violations: [],
    kind: 'upstream',
    stage: 'execute',
    started: false,
  });
}

/**
 * A transport or server failure (`thrown`), told to onError. Its text is host data (addresses, paths), so by default
 * the model reads the generic line, as for a tool that throws in the Registry. Once the request was sent (`sent`: a
 * timeout, a lost connection, a JSON-RPC error answer) the server may have run the tool, and the model is told so.
 */
export function thrownFailure(
  telling: FailureTelling,
  name: string,
  callId: string,
  thrown: unknown,
  sent: boolean,
): McpCallFailure {
  const error: ToolError = {
    class: 'execution_failure',
    message: `tools/call failed: ${causeMessage(thrown)}`,
    violations: [],
    kind: 'upstream',
    stage: 'execute',
    cause: thrown,
    started: sent,
  };
  const event: ToolErrorEvent = { callId, name, stage: 'execute', cause: thrown, error };
  telling.notify(event);
  // An exposed message often ends a sentence itself: one period between it and the notice, not two.
  const text = thrownText(event, telling.exposeErrors);
  return new McpCallFailure(
    sent ? `${withoutEnd(text)}. The request was sent, so the tool may have run: ${RETRY_ADVICE}` : text,
    error,
  );
}

/**
 * Sends a call that passed its gate through `send`, unless the SDK would refuse it unsent (`signal` aborted, the
 * client closed); what comes back, or the failure the model reads instead. Never rejects.
 */
export async function sendOrFailure(
  client: McpClientLike,
  telling: FailureTelling,
  name: string,
  callId: string,
  signal: AbortSignal | undefined,
  send: () => Promise<McpCallResult>,
): Promise<McpCallResult | McpCallFailure> {
  if (signal?.aborted === true || notConnected(client)) return unsentFailure(name);
  try {
    return await send();
  } catch (thrown) {
    return thrownFailure(telling, name, callId, thrown, true);
  }
}
