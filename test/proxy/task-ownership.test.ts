// Each client of one `proxy --listen` reaches only the tasks its own session's calls made (MCP 2025-11-25, "Tasks",
// Security Considerations: tasks bound to their requestor), over a server that keeps one table of tasks for all
// its sessions: another session's task is refused for tasks/get, tasks/cancel and tasks/result (never forwarded),
// left out of tasks/list (whose cursors are the proxy's own), and its status notifications do not reach the client.
// A --stateless session cannot tell its clients apart: it serves no tasks/list. The gateway (--config) serves no tasks.
// The server here answers every plain call with a task, which the proxy now refuses (unasked-task-refused.test.ts):
// no task is any session's, so none of it is reached, and no status of one goes anywhere.
import { afterAll, describe, expect, it } from 'vitest';
import { startProxy } from '../../src/proxy/index.js';
import { POST_HEADERS } from '../cli/http-fixture.js';
import { startInProcess } from './in-process-proxy.js';
import { type SharedTasksUpstream, startSharedTasksUpstream } from './shared-tasks-upstream.js';

const upstreams: SharedTasksUpstream[] = [];
afterAll(() => {
  for (const u of upstreams) u.close();
});

interface Answer {
  readonly result?: Record<string, unknown> & { tasks?: { taskId: string }[]; nextCursor?: string };
  readonly error?: { code: number; message: string };
  readonly headers: Headers;
}

/**
 * POSTs one request (in `session`, when there is one) as a 2025-11-25 client sends it after initialize, with its
 * MCP-Protocol-Version header; its answer, from a JSON body or the SSE event holding it.
 */
async function ask(url: string, session: string | undefined, method: string, params: object = {}): Promise<Answer> {
  const revision = method === 'initialize' ? {} : { 'mcp-protocol-version': '2025-11-25' };
  const r = await fetch(url, {
    method: 'POST',
    headers: { ...POST_HEADERS, ...revision, ...(session === undefined ? {} : { 'mcp-session-id': session }) },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const text = await r.text();
  const lines = text.startsWith('{') ? [text] : text.split('\n').filter((l) => l.startsWith('data: '));
  const messages = lines.map((l) => JSON.parse(l.replace(/^data: /, '')) as Answer & { id?: unknown });
  return { ...(messages.find((m) => m.id !== undefined) ?? {}), headers: r.headers };
}

/** The id of the task the server made for a tools/call, whose answer the proxy refused. */
function taskOf(made: Answer, upstream: SharedTasksUpstream): string {
  expect(made.result?.['isError']).toBe(true);
  expect(JSON.stringify(made.result)).not.toContain('task-');
  return `task-${upstream.tasks.size}`;
}

/** A 2025-11-25 client's session: its id and the initialize answer. */
async function open(url: string): Promise<{ session: string; init: Answer }> {
  const init = await ask(url, undefined, 'initialize', {
    protocolVersion: '2025-11-25',
    capabilities: {},
    clientInfo: { name: 'raw', version: '0' },
  });
  const session = init.headers.get('mcp-session-id') ?? undefined;
  const initialized = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' });
  const headers = { ...POST_HEADERS, ...(session === undefined ? {} : { 'mcp-session-id': session }) };
  await fetch(url, { method: 'POST', headers, body: initialized });
  return { session: session as string, init };
}

/** A proxy --listen over a fresh shared-tasks server, with two clients A and B, each of which made one task. */
async function twoClients(pageSize = 2, args: readonly string[] = []) {
  const upstream = await startSharedTasksUpstream(pageSize);
  upstreams.push(upstream);
  const proxy = await startInProcess(['--listen', '0', ...args, '--url', upstream.url]);
  const a = (await open(proxy.url)).session;
  const b = (await open(proxy.url)).session;
  const made = async (session: string): Promise<string> =>
    taskOf(await ask(proxy.url, session, 'tools/call', { name: 'job', arguments: {} }), upstream);
  return { upstream, proxy, a, b, made };
}

/** Every task id a session's tasks/list shows, page after page; the cursors it was given. */
async function listed(url: string, session: string): Promise<{ ids: string[]; cursors: string[] }> {
  const ids: string[] = [];
  const cursors: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await ask(url, session, 'tasks/list', cursor === undefined ? {} : { cursor });
    expect(page.error).toBeUndefined();
    ids.push(...(page.result?.tasks ?? []).map((t) => t.taskId));
    cursor = page.result?.nextCursor;
    if (cursor !== undefined) cursors.push(cursor);
  } while (cursor !== undefined);
  return { ids, cursors };
}

describe('proxy --listen: a client reaches only the tasks of its own session', () => {
  it("refuses tasks/get, tasks/cancel and tasks/result of A's task and B's, and never forwards them", async () => {
    const { upstream, proxy, b, a, made } = await twoClients();
    const mine = await made(a);
    const theirs = await made(b);
    const before = upstream.asked.length;
    for (const [session, task] of [
      [b, mine],
      [a, mine],
      [b, theirs],
    ] as const)
      for (const method of ['tasks/get', 'tasks/cancel', 'tasks/result']) {
        const refused = await ask(proxy.url, session, method, { taskId: task });
        expect(refused.error).toEqual({
          code: -32602,
          message: 'unknown task: no task-augmented tools/call of this session made it',
        });
      }
    expect(upstream.asked.slice(before)).toEqual([]);
    expect(upstream.tasks.get(mine)?.status).toBe('working');
    expect(await proxy.stop()).toBe(0);
  });

  it("lists only the session's own tasks, page by page, under cursors that name no other task", async () => {
    const { upstream, proxy, a, b, made } = await twoClients(2);
    for (const session of [a, b, a, b, a]) await made(session);
    // Five tasks on the server, two a page: no page holds one of the session's, each comes back empty.
    const seen = await listed(proxy.url, a);
    expect(seen.ids).toEqual([]);
    expect(seen.cursors).toHaveLength(2);
    for (const c of seen.cursors) expect(c).not.toMatch(/task-/);
    expect((await listed(proxy.url, b)).ids).toEqual([]);
    // A cursor the proxy did not give this session (the server's own, or another session's) is not forwarded.
    const before = upstream.asked.length;
    const forged = await ask(proxy.url, a, 'tasks/list', { cursor: 'after:task-2' });
    expect(forged.error?.code).toBe(-32602);
    expect(upstream.asked.slice(before)).toEqual([]);
    // A's cursors are counted in A's session: one B was never given names nothing in B's.
    const again = await listed(proxy.url, a);
    expect(again.ids).toEqual([]);
    const after = upstream.asked.length;
    const stolen = await ask(proxy.url, b, 'tasks/list', { cursor: again.cursors[1] });
    expect(stolen.error?.code).toBe(-32602);
    expect(upstream.asked.slice(after)).toEqual([]);
    expect(await proxy.stop()).toBe(0);
  });
});

describe('proxy --listen --stateless: one session every client shares', () => {
  it('refuses tasks/list and does not announce it (it tells no client apart), and a refused task', async () => {
    const upstream = await startSharedTasksUpstream();
    upstreams.push(upstream);
    const proxy = await startInProcess(['--listen', '0', '--stateless', '--url', upstream.url]);
    const { init } = await open(proxy.url);
    // Nor task-augmented tool calls, which no session forwards (task-support-announced.test.ts).
    expect(init.result?.['capabilities']).toHaveProperty('tasks', { cancel: {} });
    const made = await ask(proxy.url, undefined, 'tools/call', { name: 'job', arguments: {} });
    const task = taskOf(made, upstream);
    expect((await ask(proxy.url, undefined, 'tasks/list')).error?.code).toBe(-32601);
    expect(upstream.asked.map((q) => q.method)).not.toContain('tasks/list');
    expect((await ask(proxy.url, undefined, 'tasks/get', { taskId: task })).error?.code).toBe(-32602);
    expect(upstream.asked.map((q) => q.method)).not.toContain('tasks/get');
    expect(await proxy.stop()).toBe(0);
  });
});

describe('the gateway (--config): it serves no tasks, so none is reached through it', () => {
  it('answers every tasks/* request -32601 and passes on no task a server answered with', async () => {
    const upstream = await startSharedTasksUpstream();
    upstreams.push(upstream);
    const started = await startProxy({ servers: { shared: { url: upstream.url } }, listen: { port: 0 } });
    if (!started.ok) throw new Error(started.error.message);
    const url = started.value.url as string;
    const { session } = await open(url);
    const made = await ask(url, session, 'tools/call', { name: 'shared__job', arguments: {} });
    expect(taskOf(made, upstream)).toBe('task-1');
    for (const method of ['tasks/get', 'tasks/cancel', 'tasks/list', 'tasks/result'])
      expect((await ask(url, session, method, { taskId: 'task-1' })).error?.code).toBe(-32601);
    expect(upstream.asked.map((q) => q.method).filter((m) => m.startsWith('tasks/'))).toEqual([]);
    await started.value.close();
  });
});
