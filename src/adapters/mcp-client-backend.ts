// The backends of the bundle guardClient's admission makes (mcp-client.ts): how a call a host runs through
// bundle.registry reaches the server. What is sent and what comes back pass the checks callTool's do (the one call
// gate on a private copy of the arguments, no `__proto__` member, the outputSchema by toolgate), and a failure is
// told as callTool tells one (mcp-client-failure.ts).
import type { CallToolRequest } from '@modelcontextprotocol/sdk/types.js';
import type { Bundle } from '../catalog/bundle.js';
import { gateCall } from '../mcp/call-gate.js';
import { runsOnlyAsTask } from '../mcp/task-only.js';
import type { McpCallFailure } from '../tools/mcp-result.js';
import type { JsonBounds } from '../util/json-bounds.js';
import { privateArguments } from './mcp-client-arguments.js';
import { sendOrFailure, type FailureTelling } from './mcp-client-failure.js';
import type { McpCallResult, McpClientLike } from './mcp-client-options.js';
import { localError, taskOnlyText } from './mcp-client-send.js';

/** What the backends of one admission share. */
export interface BackendShared {
  readonly client: McpClientLike;
  readonly argumentLimits: JsonBounds;
  readonly notify: FailureTelling['notify'];
  readonly exposeErrors: FailureTelling['exposeErrors'];
  /** The bundle the admission made: a backend runs only in it, so only once the admission succeeded. */
  readonly bundle: () => Bundle;
  /** Sends the checked request of tool `name` and checks its answer (mcp-client-send.ts). */
  readonly send: (
    name: string,
    request: CallToolRequest['params'],
    signal: AbortSignal | undefined,
    callId: string,
  ) => Promise<McpCallResult>;
}

type Context = { callId?: unknown; signal?: unknown };

/**
 * The backend of one admitted tool. Its name and task rule are read once, at admission: the listing objects are the
 * ones listTools hands the host, and one renamed there afterwards (`read_file` to `delete_file`) sent its admitted
 * calls to the other tool, past the grants (a hunt's find).
 */
export function registryBackend(
  shared: BackendShared,
  tool: { name: string },
): (args: unknown, context?: Context) => Promise<McpCallResult | McpCallFailure> {
  const { client, argumentLimits, notify, exposeErrors } = shared;
  const name = tool.name;
  const onlyAsTask = runsOnlyAsTask(tool);
  return async (args: unknown, context?: Context) => {
    if (onlyAsTask) return localError(taskOnlyText(name).slice('error: '.length));
    // The Registry validated the caller's object, which stays the caller's (docs/api.md): a getter in it may
    // answer otherwise now, and a value changed later would reach the server as the SDK serialises it (a
    // hunt's find: `maximum: 100` checked, 1000000000 sent). A private copy goes through the one call gate
    // again, as callTool's does; its texts lose their `error: `, which the Registry adds to a tool's.
    const copied = privateArguments(args, argumentLimits);
    if ('why' in copied) return localError(`invalid arguments for ${name}: ${copied.why}`);
    const { registry } = shared.bundle();
    const verdict = gateCall(registry, name, copied.value, { value: copied.value }, {});
    if (verdict.kind === 'invalid') return localError(verdict.text.replace(/^error: /, ''));
    const request = verdict.params as CallToolRequest['params'];
    const callId = typeof context?.callId === 'string' ? context.callId : '';
    // The call's deadline and the host's abort end the request too: the SDK tells the server (notifications/
    // cancelled) and lets it go, where it waited for an answer nobody read until its own 60 s timeout.
    const signal = context?.signal instanceof AbortSignal ? context.signal : undefined;
    // Not sent, or sent and then failed: the text and ToolError callTool's caller gets (mcp-client-failure.ts).
    // Once the call's deadline or the host's abort ended it, the Registry has answered already: a throw after
    // that (the SDK's AbortError) is nobody's news, so onError does not hear of it.
    const quiet: FailureTelling = {
      exposeErrors,
      notify: (event) => {
        if (signal?.aborted !== true) notify(event);
      },
    };
    return sendOrFailure(client, quiet, name, callId, signal, () => shared.send(name, request, signal, callId));
  };
}
