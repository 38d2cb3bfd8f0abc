// tasks/list through the proxy, its parts (src/proxy/task-list.ts): a server's page filtered to the session's own
// tasks, the server's cursors exchanged for the proxy's (valid in one session only), and the capabilities a shared
// session announces without `tasks.list`.
import { describe, expect, it } from 'vitest';
import {
  listParams,
  ownPage,
  pageRefusal,
  TaskCursors,
  unknownCursor,
  withoutTaskList,
} from '../../src/proxy/task-list.js';

const TASK = (taskId: unknown) => ({ taskId, status: 'working', createdAt: 'a', lastUpdatedAt: 'b', ttl: null });
const owns = (id: unknown): boolean => id === 'mine-1' || id === 'mine-2';

describe('a tasks/list page as the session reads it', () => {
  it("keeps only the session's own tasks, and the result's other members", () => {
    const page = { tasks: [TASK('mine-1'), TASK('theirs'), TASK(7), 'x', TASK('mine-2')], _meta: { m: 1 } };
    expect(ownPage(page, owns, new TaskCursors())).toEqual({
      tasks: [TASK('mine-1'), TASK('mine-2')],
      _meta: { m: 1 },
    });
  });

  it("gives a cursor of the proxy's for the server's, mapped back for the next page, in that session only", () => {
    const cursors = new TaskCursors();
    const page = ownPage({ tasks: [TASK('theirs')], nextCursor: 'after:theirs' }, owns, cursors) as {
      tasks: unknown[];
      nextCursor: string;
    };
    // An empty page with a cursor: the server chose the page, the client reads on (MCP "Pagination").
    expect(page.tasks).toEqual([]);
    expect(page.nextCursor).not.toMatch(/theirs/);
    expect(listParams({ cursor: page.nextCursor, _meta: { a: 1 } }, cursors)).toEqual({
      params: { cursor: 'after:theirs', _meta: { a: 1 } },
    });
    expect(listParams({ cursor: page.nextCursor }, new TaskCursors())).toBeUndefined();
    expect(listParams({ cursor: 'after:theirs' }, cursors)).toBeUndefined();
    expect(listParams({ cursor: 3 }, cursors)).toBeUndefined();
    expect(listParams(undefined, cursors)).toEqual({ params: undefined });
    expect(listParams({}, cursors)).toEqual({ params: {} });
    expect(unknownCursor().error.code).toBe(-32602);
  });

  it('forgets the oldest cursors past a hundred; the last page has none', () => {
    const cursors = new TaskCursors();
    const first = cursors.give('c0');
    for (let i = 1; i <= 100; i++) cursors.give(`c${i}`);
    expect(cursors.take(first)).toBeUndefined();
    expect(ownPage({ tasks: [TASK('mine-1')] }, owns, cursors)).toEqual({ tasks: [TASK('mine-1')] });
  });

  it('is undefined for an answer that is not a ListTasksResult', () => {
    for (const result of [null, [], {}, { tasks: {} }])
      expect(ownPage(result, owns, new TaskCursors())).toBeUndefined();
  });

  // A hunt's find: 100 cursors of up to 4 MiB were kept per session. A page without its cursor would read as the last.
  it('is undefined for a page whose nextCursor is over 1,024 characters, and the refusal says so', () => {
    const page = { tasks: [TASK('mine-1')], nextCursor: 'c'.repeat(1025) };
    expect(ownPage(page, owns, new TaskCursors())).toBeUndefined();
    expect(pageRefusal(page)).toBe('the answer was not passed on: its nextCursor is over 1024 characters');
    expect(pageRefusal({ tasks: {} })).toMatch(/it is not a ListTasksResult/);
  });
});

describe('the capabilities a session several clients share announces', () => {
  it('leave out tasks.list alone', () => {
    const caps = { tools: {}, tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } } };
    expect(withoutTaskList(caps)).toEqual({ tools: {}, tasks: { cancel: {}, requests: { tools: { call: {} } } } });
    expect(withoutTaskList({ tools: {} })).toEqual({ tools: {} });
  });
});
