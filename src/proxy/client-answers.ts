// A client's answer to a server's request, as it reaches the server: rebuilt from the members the MCP
// specification gives that request's result, never passed on as sent (what reaches an upstream is what toolgate
// built; a sampling answer is a model's output). MCP 2025-11-25: "Sampling" (CreateMessageResult; array content,
// tool_use and tool_result only when the request gave `tools`), "Elicitation" (ElicitResult), "Roots"
// (ListRootsResult, `file://` URIs), "Tasks" (CreateTaskResult for a task-augmented request; GetTaskResult,
// CancelTaskResult, ListTasksResult; tasks/result the result of the request the task ran), "Ping" (EmptyResult).
// An error answer keeps `code`, `message` and `data`. An answer not of its request's shape reaches the server as
// the proxy's error, naming what was expected.
import {
  arrayOf,
  boolean,
  either,
  members,
  NOT_SHAPED,
  number,
  oneOf,
  recordOf,
  samplingBlock,
  samplingContent,
  type Shape,
  task,
  text,
} from '../mcp/message-shapes.js';
import { protoMemberPath } from '../mcp/forward.js';
import { ownData } from '../util/own-field.js';
import { CANCELLED, RPC, type Reply } from '../mcp/peer.js';

const ROLE = oneOf('user', 'assistant');
/** Sampling's result: one block without tools; with tools, one block or an array of them. */
const samplingResult = (withTools: boolean): Shape =>
  members(
    { model: text, role: ROLE, content: withTools ? either(samplingBlock, arrayOf(samplingBlock)) : samplingContent },
    { stopReason: text },
  );
/** Elicitation's result; a `null` content (which the MCP SDK reads as none) is left out. */
const ELICIT_RESULT: Shape = (v) =>
  members(
    { action: oneOf('accept', 'decline', 'cancel') },
    ownData(v, 'content') === null ? {} : { content: recordOf(either(text, number, boolean, arrayOf(text))) },
  )(v);
const ROOTS_RESULT = members({
  roots: arrayOf(
    members({ uri: (v) => (typeof v === 'string' && v.startsWith('file://') ? v : NOT_SHAPED) }, { name: text }),
  ),
});
const CREATE_TASK_RESULT = members({ task });

/** The result a server's request of `method` with `params` is answered with, and its name in the specification. */
function expected(method: string, params: unknown): { shape: Shape; name: string } | undefined {
  // A task-augmented request is answered at once with the task (2025-11-25, "Tasks"), or, by a client without
  // tasks for that request, as an ordinary one.
  const augmented = ownData(params, 'task') !== undefined;
  if (augmented && (method === 'sampling/createMessage' || method === 'elicitation/create')) {
    const plain = expected(method, undefined) as { shape: Shape; name: string };
    return { shape: either(CREATE_TASK_RESULT, plain.shape), name: `CreateTaskResult or ${plain.name}` };
  }
  switch (method) {
    case 'ping':
      return { shape: members({}), name: 'EmptyResult' };
    case 'sampling/createMessage':
      return { shape: samplingResult(ownData(params, 'tools') !== undefined), name: 'CreateMessageResult' };
    case 'elicitation/create':
      return { shape: ELICIT_RESULT, name: 'ElicitResult' };
    case 'roots/list':
      return { shape: ROOTS_RESULT, name: 'ListRootsResult' };
    case 'tasks/get':
    case 'tasks/cancel':
      return { shape: task, name: method === 'tasks/get' ? 'GetTaskResult' : 'CancelTaskResult' };
    case 'tasks/list':
      return { shape: members({ tasks: arrayOf(task) }, { nextCursor: text }), name: 'ListTasksResult' };
    case 'tasks/result':
      // A client's task runs a sampling or an elicitation request: its result is one of theirs.
      return { shape: either(samplingResult(true), ELICIT_RESULT), name: 'CreateMessageResult or ElicitResult' };
    default:
      return undefined;
  }
}

/**
 * The client's answer `reply` to the server's request of `method` with `params`, as it is passed to the server:
 * a result rebuilt from its specified members, an error from `code`, `message` and `data`; CANCELLED as it is.
 */
export function rebuiltAnswer(method: string, params: unknown, reply: Reply): Reply {
  if (reply === CANCELLED) return reply;
  if ('error' in reply) {
    const { code, message, data } = reply.error as { code?: unknown; message?: unknown; data?: unknown };
    return {
      error: {
        code: Number.isInteger(code) ? (code as number) : RPC.internalError,
        message: typeof message === 'string' ? message : 'the client answered with an error',
        // As everywhere else in a message: no member named __proto__ reaches the server (src/mcp/forward.ts).
        ...(data === undefined || protoMemberPath(data) !== undefined ? {} : { data }),
      },
    };
  }
  const result = expected(method, params);
  const shaped = result === undefined ? NOT_SHAPED : result.shape(reply.result);
  if (shaped !== NOT_SHAPED) return { result: shaped };
  const what = result === undefined ? 'a result the proxy knows' : `a ${result.name} (MCP 2025-11-25)`;
  return {
    error: { code: RPC.internalError, message: `the client's answer was not passed on: it is not ${what}` },
  };
}
