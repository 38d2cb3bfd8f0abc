// tasks/list through the proxy (MCP 2025-11-25, "Tasks", Listing Tasks): a session's list holds only the tasks its
// own calls made ("Tasks", Security Considerations: a list holds only the requestor's tasks), the very set tasks/get
// passes for, so what a client can get it can list ("Tasks", Task Listing). The server's page is filtered by task id
// and may come back short or empty with a nextCursor: the server chooses the page size and a client assumes none
// ("Pagination"), so the client reads on, and no page is lost. The server's cursor is not passed on: it is a
// position in a list of every session's tasks and may name one (the page's last, say). The client gets a cursor of
// the proxy's, valid in its own session ("Pagination": cursors are not carried across sessions), mapped back when
// it asks for the next page; a cursor the proxy did not give this session is answered -32602 ("Tasks", Error
// Handling: an invalid or nonexistent cursor) and never forwarded.
import { RPC } from '../mcp/peer.js';
import { isObject } from '../util/plain-json.js';
import { HeldIds, MAX_HELD_LENGTH } from './held-ids.js';

/**
 * Cursors a session keeps; past it (or past held-ids.ts's bound on their total length) the oldest is forgotten (its
 * next page is then refused, -32602).
 */
const MAX_CURSORS = 100;

/** A session's tasks/list cursors: each of the proxy's own stands for one the server gave. */
export class TaskCursors {
  private readonly given = new HeldIds<string>(MAX_CURSORS);
  private next = 0;

  /**
   * A new cursor of the proxy's for the server's `cursor`: a count, not a random id, so the same exchange gives the
   * same bytes; it is looked up in this session's own map, so another session's cursor names nothing here. Undefined
   * when the server's is too long to keep (held-ids.ts).
   */
  give(cursor: string): string | undefined {
    const mine = `toolgate-${this.next + 1}`;
    if (!this.given.hold(mine, cursor, cursor.length)) return undefined;
    this.next++;
    return mine;
  }

  /** The server's cursor the proxy's `cursor` stands for; undefined when this session was given no such one. */
  take(cursor: unknown): string | undefined {
    return typeof cursor === 'string' ? this.given.get(cursor) : undefined;
  }
}

/**
 * A tasks/list request's params as the server gets them: the client's cursor, if any, replaced by the server's it
 * stands for; undefined when it stands for none.
 */
export function listParams(params: unknown, cursors: TaskCursors): { params: unknown } | undefined {
  const cursor = isObject(params) ? params['cursor'] : undefined;
  // A null cursor is none, as every other list's is read (src/mcp/message-shapes.ts).
  if (cursor === undefined || cursor === null) return { params };
  const theirs = cursors.take(cursor);
  return theirs === undefined ? undefined : { params: { ...(params as object), cursor: theirs } };
}

/** The -32602 answer to a tasks/list cursor the proxy did not give this session. */
export function unknownCursor(): { error: { code: number; message: string } } {
  return {
    error: { code: RPC.invalidParams, message: 'invalid cursor: this session was given no such tasks/list cursor' },
  };
}

/**
 * The server's ListTasksResult as the session's client reads it: only the tasks `owns`, and a cursor of the
 * proxy's for the server's next page; undefined when `result` is not a ListTasksResult or its cursor is too long to
 * keep (pageRefusal says which).
 */
export function ownPage(result: unknown, owns: (id: unknown) => boolean, cursors: TaskCursors): unknown {
  if (!isObject(result) || !Array.isArray(result['tasks'])) return undefined;
  const { tasks, nextCursor, ...rest } = result as { tasks: unknown[]; nextCursor?: unknown };
  const mine = typeof nextCursor === 'string' ? cursors.give(nextCursor) : undefined;
  // A page without its cursor would read as the last: refused instead, so no task is silently left unlisted.
  if (typeof nextCursor === 'string' && mine === undefined) return undefined;
  const own = tasks.filter((t) => isObject(t) && owns(t['taskId']));
  return { ...rest, tasks: own, ...(mine === undefined ? {} : { nextCursor: mine }) };
}

/** Why the server's answer to tasks/list is not passed on, when ownPage gave no page for it. */
export function pageRefusal(result: unknown): string {
  const cursor = isObject(result) ? result['nextCursor'] : undefined;
  return typeof cursor === 'string' && cursor.length > MAX_HELD_LENGTH
    ? `the answer was not passed on: its nextCursor is over ${MAX_HELD_LENGTH} characters`
    : 'the answer was not passed on: it is not a ListTasksResult (MCP 2025-11-25)';
}

/**
 * The capabilities a session several clients share (--stateless) announces: without `tasks.list`, which it does
 * not serve. It cannot tell its clients apart, so a list would show each one the others' tasks; "Tasks", Security
 * Considerations: a receiver that cannot identify requestors SHOULD NOT declare `tasks.list`.
 */
export function withoutTaskList(caps: Record<string, unknown>): Record<string, unknown> {
  const tasks = caps['tasks'];
  if (!isObject(tasks) || !('list' in tasks)) return caps;
  const { list: _, ...rest } = tasks;
  return { ...caps, tasks: rest };
}
