// Whether a listed tool runs only as a task (MCP 2025-11-25, "Tasks", Tool-Level Negotiation: `execution.taskSupport`
// "required"): the server refuses a plain call of it. guardClient answers such a call itself and sends nothing
// (src/adapters/mcp-client.ts); the proxy withholds such a tool (src/proxy/task-support.ts). Neither sends a task.
import { ownData } from '../util/own-field.js';

/** Whether `tool`, as listed, runs only as a task. */
export function runsOnlyAsTask(tool: unknown): boolean {
  return ownData(ownData(tool, 'execution'), 'taskSupport') === 'required';
}
