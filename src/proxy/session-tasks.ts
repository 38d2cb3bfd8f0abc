// A session's tasks/get, tasks/cancel and tasks/list (MCP 2025-11-25, "Tasks"; tasks/result is session-calls.ts's).
// A server need not bind a task to the session that made it: one that binds tasks to a token all its clients share
// lets any session read, cancel or list any task. The proxy binds them itself ("Tasks", Security Considerations:
// requests for a task of another requestor are rejected, a list holds only the requestor's own): a task is this
// session's when one of its calls made it (tasks.ts), tasks/get and tasks/cancel of any other are refused as
// tasks/result's are and never forwarded, and tasks/list is filtered (task-list.ts). A session several clients
// share (--stateless) cannot tell one client's tasks from another's: there a task is reached by its id alone, as
// from a server without context-binding, and tasks/list is not served.
import type { RpcMessage } from '../mcp/channel.js';
import { RPC, type Peer, type Reply } from '../mcp/peer.js';
import type { Relay } from './session-relay.js';
import { listParams, ownPage, pageRefusal, TaskCursors, unknownCursor } from './task-list.js';
import { namedTask, type TaskTools, unknownTask } from './tasks.js';

/** What a session's task requests share with the rest of its relay. */
export interface TaskRequestsOf {
  readonly downstream: Peer;
  readonly upstream: Peer;
  /** Client request id (as JSON text) -> the upstream id it was re-sent under. */
  readonly toUpstream: Map<string, number>;
  readonly relay: Relay;
  readonly tasks: TaskTools;
  /** Several clients share the session (SessionContext.shared). */
  readonly shared: boolean;
}

/** Why a shared session answers tasks/list -32601 (its initialize does not announce it: task-list.ts). */
const SHARED_LIST =
  "tasks/list is not served to a session several clients share (--stateless): it cannot list one client's tasks " +
  "apart from another's";

/** The handler of one session's tasks/get, tasks/cancel and tasks/list. */
export function taskRequests(of: TaskRequestsOf): (m: RpcMessage & { id: string | number }) => void {
  const { downstream, upstream, toUpstream, relay, tasks, shared } = of;
  const cursors = new TaskCursors();
  /** The server's page, as this session's client reads it. */
  const shape = (r: Reply): Reply => {
    if ('error' in r) return r;
    const page = ownPage(r.result, (id) => tasks.owns(id), cursors);
    if (page !== undefined) return { result: page };
    return { error: { code: RPC.internalError, message: pageRefusal(r.result) } };
  };
  return (m) => {
    if (m.method !== 'tasks/list') {
      if (!tasks.owns(namedTask(m.params))) return downstream.respond(m.id, unknownTask());
      return relay(m, downstream, upstream, toUpstream);
    }
    if (shared) return downstream.respond(m.id, { error: { code: RPC.methodNotFound, message: SHARED_LIST } });
    const sent = listParams(m.params, cursors);
    if (sent === undefined) return downstream.respond(m.id, unknownCursor());
    relay(m, downstream, upstream, toUpstream, undefined, { params: sent.params, shape });
  };
}
