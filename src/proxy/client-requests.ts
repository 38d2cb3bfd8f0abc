// A client's request beyond tools, as it reaches a server: its params rebuilt from the members the MCP
// specification gives that request (2025-11-25 schema; the earlier revisions' are subsets of it), never passed on
// as sent (what reaches an upstream is what toolgate built). "Ping" and the paginated lists ("Pagination":
// `cursor`), "Resources" (ReadResourceRequest, SubscribeRequest, UnsubscribeRequest: `uri`), "Prompts"
// (GetPromptRequest: `name`, `arguments` of strings), "Completion" (CompleteRequest: `ref`, `argument`,
// `context.arguments`), "Logging" (SetLevelRequest: `level`), "Tasks" (GetTaskRequest, CancelTaskRequest,
// GetTaskPayloadRequest: `taskId`; ListTasksRequest: `cursor`). A plain `_meta` is kept (src/mcp/forward.ts). A
// request whose params are not of its method's shape is answered -32602 by the proxy and never forwarded.
import { either, members, NOT_SHAPED, oneOf, recordOf, type Shape, text } from '../mcp/message-shapes.js';
import { RPC } from '../mcp/rpc-codes.js';

/** Params a request may leave out: none is forwarded as none. */
const optional =
  (shape: Shape): Shape =>
  (v) =>
    v === undefined ? undefined : shape(v);

const PAGINATED = optional(members({}, { cursor: text }));
const BY_URI = members({ uri: text });
const BY_TASK = members({ taskId: text });
const STRINGS = recordOf(text);
/** "Completion": a prompt's reference (`title` from 2025-06-18's BaseMetadata) or a resource template's. */
const REF = either(
  members({ type: oneOf('ref/prompt'), name: text }, { title: text }),
  members({ type: oneOf('ref/resource'), uri: text }),
);
/** "Logging": the syslog levels of RFC 5424 section 6.2.1. */
const LEVEL = oneOf('debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency');

/** The shape of each client request the proxy rebuilds; a method not listed is the proxy's own business. */
const REQUESTS: ReadonlyMap<string, Shape> = new Map([
  ['ping', optional(members({}))],
  ['resources/list', PAGINATED],
  ['resources/templates/list', PAGINATED],
  ['prompts/list', PAGINATED],
  ['resources/read', BY_URI],
  ['resources/subscribe', BY_URI],
  ['resources/unsubscribe', BY_URI],
  ['prompts/get', members({ name: text }, { arguments: STRINGS })],
  [
    'completion/complete',
    members(
      { ref: REF, argument: members({ name: text, value: text }) },
      { context: members({}, { arguments: STRINGS }) },
    ),
  ],
  ['logging/setLevel', members({ level: LEVEL })],
  // "Tasks": a task is named by `taskId` alone, and ownership is judged on it (tasks.ts); tasks/list pages.
  ['tasks/get', BY_TASK],
  ['tasks/cancel', BY_TASK],
  ['tasks/result', BY_TASK],
  ['tasks/list', PAGINATED],
]);

/** A request the proxy does not forward: its params are not what its method specifies. */
export const MALFORMED_REQUEST = Symbol('malformed request');

/** The params a client's request of `method` is sent on with (undefined: none), or MALFORMED_REQUEST. */
export function rebuiltRequest(method: string, params: unknown): unknown {
  const shape = REQUESTS.get(method);
  if (shape === undefined) return params;
  const rebuilt = shape(params);
  return rebuilt === NOT_SHAPED ? MALFORMED_REQUEST : rebuilt;
}

/** The -32602 answer to a request whose params are not of its method's shape. */
export function malformedRequest(method: string): { error: { code: number; message: string } } {
  return { error: { code: RPC.invalidParams, message: `invalid params: not the params MCP specifies for ${method}` } };
}
