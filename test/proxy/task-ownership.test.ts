// Each client of one `proxy --listen` reaches only the tasks its own session's calls made (MCP 2025-11-25, "Tasks",
// Security Considerations: tasks bound to their requestor), over a server that keeps one table of tasks for all
// its sessions: another session's task is refused for tasks/get, tasks/cancel and tasks/result (never forwarded),
// left out of tasks/list (whose cursors are the proxy's own), and its status notifications do not reach the client.
// A --stateless session cannot tell its clients apart: it serves no tasks/list. The gateway (--config) serves no tasks.
import { afterAll, describe, expect, it } from 'vitest';
import { startProxy } from '../../src/proxy/index.js';
import { eventually, POST_HEADERS } from '../cli/http-fixture.js';
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

/** The id of the task a tools/call was answered with. */
const taskOf = (made: Answer): string => String((made.result?.['task'] as { taskId?: unknown } | undefined)?.taskId);

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

/** The session's GET stream, read as it comes. */
async function stream(url: string, session: string): Promise<{ text: () => string; stop: () => void }> {
  const aborter = new AbortController();
  const r = await fetch(url, {
    headers: { accept: 'text/event-stream', 'mcp-session-id': session },
    signal: aborter.signal,
  });
  let text = '';
  void (async () => {
    for await (const chunk of r.body as AsyncIterable<Uint8Array>) text += Buffer.from(chunk).toString('utf8');
  })().catch(() => undefined);
  return { text: () => text, stop: () => aborter.abort() };
}

/** A proxy --listen over a fresh shared-tasks server, with two clients A and B, each of which made one task. */
async function twoClients(pageSize = 2, args: readonly string[] = []) {
  const upstream = await startSharedTasksUpstream(pageSize);
  upstreams.push(upstream);
  const proxy = await startInProcess(['--listen', '0', ...args, '--url', upstream.url]);
  const a = (await open(proxy.url)).session;
  const b = (await open(proxy.url)).session;
  const made = async (session: string): Promise<string> =>
    taskOf(await ask(proxy.url, session, 'tools/call', { name: 'job', arguments: {} }));
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
  it("refuses client B's tasks/get, tasks/cancel and tasks/result of A's task, and never forwards them", async () => {
    const { upstream, proxy, b, a, made } = await twoClients();
    const mine = await made(a);
    const theirs = await made(b);
    const before = upstream.asked.length;
    for (const method of ['tasks/get', 'tasks/cancel', 'tasks/result']) {
      const refused = await ask(proxy.url, b, method, { taskId: mine });
      expect(refused.error).toEqual({
        code: -32602,
        message: 'unknown task: no task-augmented tools/call of this session made it',
      });
    }
    expect(upstream.asked.slice(before)).toEqual([]);
    expect(upstream.tasks.get(mine)?.status).toBe('working');
    // B's own task is B's to read.
    expect((await ask(proxy.url, b, 'tasks/get', { taskId: theirs })).result?.['status']).toBe('working');
    expect(await proxy.stop()).toBe(0);
  });

  it("lists only the session's own tasks, page by page, under cursors that name no other task", async () => {
    const { upstream, proxy, a, b, made } = await twoClients(2);
    const mine = [await made(a), await made(b), await made(a), await made(b), await made(a)].filter(
      (_, i) => i % 2 === 0,
    );
    const seen = await listed(proxy.url, a);
    expect(seen.ids).toEqual(mine);
    expect(seen.cursors).toHaveLength(2);
    for (const c of seen.cursors) expect(c).not.toMatch(/task-/);
    expect((await listed(proxy.url, b)).ids).toHaveLength(2);
    // A cursor the proxy did not give this session (the server's own, or another session's) is not forwarded.
    const before = upstream.asked.length;
    const forged = await ask(proxy.url, a, 'tasks/list', { cursor: 'after:task-2' });
    expect(forged.error?.code).toBe(-32602);
    expect(upstream.asked.slice(before)).toEqual([]);
    // A's cursors are counted in A's session: one B was never given names nothing in B's.
    const again = await listed(proxy.url, a);
    expect(again.ids).toEqual(mine);
    const after = upstream.asked.length;
    const stolen = await ask(proxy.url, b, 'tasks/list', { cursor: again.cursors[1] });
    expect(stolen.error?.code).toBe(-32602);
    expect(upstream.asked.slice(after)).toEqual([]);
    expect(await proxy.stop()).toBe(0);
  });

  it("serves a client's own task: get, list, result and cancel reach the server and come back", async () => {
    const { proxy, a, made } = await twoClients();
    const mine = await made(a);
    expect((await ask(proxy.url, a, 'tasks/get', { taskId: mine })).result).toMatchObject({ taskId: mine });
    expect((await listed(proxy.url, a)).ids).toEqual([mine]);
    const result = await ask(proxy.url, a, 'tasks/result', { taskId: mine });
    expect(result.result?.['content']).toEqual([{ type: 'text', text: `done ${mine}` }]);
    const cancelled = await ask(proxy.url, a, 'tasks/cancel', { taskId: mine });
    expect(cancelled.result).toMatchObject({ taskId: mine, status: 'cancelled' });
    expect(await proxy.stop()).toBe(0);
  });

  it("passes a task's status notification to the session that made it, not to another", async () => {
    const { upstream, proxy, a, b, made } = await twoClients();
    const mine = await made(a);
    expect(await eventually(() => upstream.streams() === 2, 10_000)).toBe(true);
    const [seenByA, seenByB] = [await stream(proxy.url, a), await stream(proxy.url, b)];
    expect((await ask(proxy.url, a, 'tasks/cancel', { taskId: mine })).result?.['status']).toBe('cancelled');
    expect(await eventually(() => seenByA.text().includes('notifications/tasks/status'), 10_000)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(seenByB.text()).not.toContain(mine);
    seenByA.stop();
    seenByB.stop();
    expect(await proxy.stop()).toBe(0);
  });
});

describe('proxy --listen --stateless: one session every client shares', () => {
  it('refuses tasks/list and does not announce it (it tells no client apart); its tasks are read by id', async () => {
    const upstream = await startSharedTasksUpstream();
    upstreams.push(upstream);
    const proxy = await startInProcess(['--listen', '0', '--stateless', '--url', upstream.url]);
    const { init } = await open(proxy.url);
    // Nor task-augmented tool calls, which no session forwards (task-support-announced.test.ts).
    expect(init.result?.['capabilities']).toHaveProperty('tasks', { cancel: {} });
    const made = await ask(proxy.url, undefined, 'tools/call', { name: 'job', arguments: {} });
    const task = taskOf(made);
    expect((await ask(proxy.url, undefined, 'tasks/list')).error?.code).toBe(-32601);
    expect(upstream.asked.map((q) => q.method)).not.toContain('tasks/list');
    expect((await ask(proxy.url, undefined, 'tasks/get', { taskId: task })).result?.['taskId']).toBe(task);
    expect((await ask(proxy.url, undefined, 'tasks/get', { taskId: 'task-9' })).error?.code).toBe(-32602);
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
    expect(made.error?.message).toMatch(/answered with a task, which is not served/);
    for (const method of ['tasks/get', 'tasks/cancel', 'tasks/list', 'tasks/result'])
      expect((await ask(url, session, method, { taskId: 'task-1' })).error?.code).toBe(-32601);
    expect(upstream.asked.map((q) => q.method).filter((m) => m.startsWith('tasks/'))).toEqual([]);
    await started.value.close();
  });
});
