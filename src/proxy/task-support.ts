// Task augmentation of tool calls as the proxy announces it (MCP 2025-11-25, "Tasks"). The proxy never forwards a
// tools/call's `params.task` (session-calls.ts): the call runs as an ordinary one, so its result comes back checked,
// never later through tasks/result. So it announces no augmentation it would not honour: "Tasks", Capabilities lets
// a receiver ignore a task only if it did not declare `tasks.requests.tools.call`. A hunt's find: the server's
// capability and each tool's `execution.taskSupport` were passed on as listed, so a tool "required" to run as a task
// could not be called through the proxy (the server refused the plain call; the SDK client's callToolStream failed
// -32603), and an "optional" one answered a task-augmented call with a plain result.
import { runsOnlyAsTask } from '../mcp/task-only.js';
import { ownData } from '../util/own-field.js';
import { isObject } from '../util/plain-json.js';

/**
 * The server's capabilities as the proxy announces them: `tasks` without `requests` (its one member, `tools.call`,
 * is the augmentation the proxy drops); `list` and `cancel`, which it serves, kept.
 */
export function withoutCallTasks(caps: Record<string, unknown>): Record<string, unknown> {
  const tasks = caps['tasks'];
  if (!isObject(tasks) || !Object.hasOwn(tasks, 'requests')) return caps;
  const { requests: _, ...rest } = tasks;
  return { ...caps, tasks: rest };
}

/**
 * Why a tool is withheld when it runs only as a task (`execution.taskSupport` "required": "Tasks", Tool-Level
 * Negotiation; a plain call of it is refused by the server); undefined for any other tool.
 */
export function taskOnlyReason(tool: unknown): string | undefined {
  return runsOnlyAsTask(tool)
    ? 'its execution.taskSupport is "required": the proxy does not forward task-augmented calls'
    : undefined;
}

/**
 * The tool as published: without an `execution.taskSupport` other than "forbidden", so the default ("forbidden":
 * called plainly, which is what happens) applies; `execution` left out when nothing else is in it. The same object
 * when there is nothing to leave out (a copy otherwise; never mutated).
 */
export function withoutTaskSupport(tool: Record<string, unknown>): Record<string, unknown> {
  const execution = ownData(tool, 'execution');
  if (!isObject(execution) || !Object.hasOwn(execution, 'taskSupport') || execution['taskSupport'] === 'forbidden')
    return tool;
  const { taskSupport: _, ...rest } = execution;
  const { execution: _execution, ...others } = tool;
  return Object.keys(rest).length === 0 ? others : { ...others, execution: rest };
}
