// The tasks a client's task-augmented tools/call made on the server (MCP 2025-11-25, "Tasks"): the call is answered
// at once with a CreateTaskResult, and the tool's real result comes later, from tasks/result. The proxy remembers
// which tool each task runs, so that result gets the same checks as a direct call's (output schema, --max-result);
// a tasks/result for a task no call of this session made is refused, since its result could not be checked.
// The output schema is the one admitted when the call was made: a re-admission that withdrew or changed the tool
// since must not leave its result unchecked. The same set says which tasks are the session's at all ("Tasks",
// Security Considerations: a task is reached only by the requestor it is bound to, which a server that binds tasks
// to a token several clients share does not do): tasks/get and tasks/cancel of any other task are refused as
// tasks/result is (session-tasks.ts), tasks/list shows none of them (task-list.ts), and their
// notifications/tasks/status go nowhere (session-server-side.ts). No call the proxy forwards asks for a task, and a
// task answer is refused (src/mcp/call-gate.ts), so nothing is added to it today: every task is one no call of the
// session made.
import { RPC } from '../mcp/peer.js';
import type { CompiledSchema } from '../schema/compile.js';
import { HeldIds } from './held-ids.js';

/**
 * Most tasks remembered per session; past it (or past held-ids.ts's bound on their ids' total length) the oldest is
 * forgotten (its result is then refused). It bounds the compiled output schemas held too: one per entry at most,
 * each within its admission's bounds (maxSchemaBytes, maxCompileCost), shared by the entries of one admission.
 */
const MAX_TASKS = 1000;

/** The task id a tasks/* request names. */
export function namedTask(params: unknown): string | undefined {
  const id = params !== null && typeof params === 'object' ? (params as { taskId?: unknown }).taskId : undefined;
  return typeof id === 'string' ? id : undefined;
}

/**
 * The answer to a tasks/get, tasks/cancel or tasks/result naming a task no call of this session made: -32602, as a
 * server answers a nonexistent task ("Tasks", Error Handling), so a client learns nothing of other sessions' tasks.
 */
export function unknownTask(): { error: { code: number; message: string } } {
  return {
    error: { code: RPC.invalidParams, message: 'unknown task: no task-augmented tools/call of this session made it' },
  };
}

/** What a task's result is checked against: its tool, and that tool's output schema when the call was made. */
export interface TaskTool {
  readonly tool: string;
  readonly output: CompiledSchema | undefined;
}

/** Task id -> the tool it runs, for one session, oldest first. */
export class TaskTools {
  private readonly tools = new HeldIds<TaskTool>(MAX_TASKS);

  /**
   * The call of `tool` (its output schema then: `output`) made task `id`: false, and nothing remembered, when `id` is
   * too long to keep (held-ids.ts), so its answer is not passed on.
   */
  add(id: string, tool: string, output: CompiledSchema | undefined): boolean {
    return this.tools.hold(id, { tool, output });
  }

  /** Whether a call of this session made task `id`. */
  owns(id: unknown): boolean {
    return typeof id === 'string' && this.tools.has(id);
  }

  /** The tool task `id` runs, when a call of this session made it. */
  toolOf(id: string | undefined): TaskTool | undefined {
    return id === undefined ? undefined : this.tools.get(id);
  }
}
