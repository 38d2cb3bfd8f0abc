// A task the server made unasked is refused. The proxy forwards no `params.task`, so every tools/call it sends is a
// plain one, and a task answers a task-augmented request only (MCP 2025-11-25, "Tasks"). A hostile server answering
// with a CreateTaskResult had it passed on to a 2025-11-25 client (its outputSchema and the CallToolResult shape left
// unchecked, the task kept in the session's table and its tasks/get forwarded); the gateway refused it only when its
// taskId was a string. Now every upstream (stdio, --url, a --listen session, the gateway) answers the call with the
// same isError result as any unpassable one, nothing of the task in it, and tasks/get of it is never forwarded.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { POST_HEADERS } from '../cli/http-fixture.js';
import { RawCli, type RawReply } from '../cli/raw-cli.js';
import { startInProcess } from './in-process-proxy.js';
import { type SharedTasksUpstream, startSharedTasksUpstream } from './shared-tasks-upstream.js';

const SERVER = join(new URL('.', import.meta.url).pathname, 'fixtures/task-answer-server.mjs');
const REFUSED = /^error: tool (srv__)?job ran but its result was not passed on: the server answered with a task, which/;
const dir = mkdtempSync(join(tmpdir(), 'toolgate-unasked-task-'));
const clis: RawCli[] = [];
const upstreams: SharedTasksUpstream[] = [];
afterAll(async () => {
  for (const cli of clis) {
    cli.child.stdin.end();
    cli.kill();
    await cli.exited;
  }
  for (const u of upstreams) u.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A proxy over stdio with `args`, initialized by a client of `revision` that declared tasks. */
async function proxied(args: readonly string[], revision = '2025-11-25'): Promise<RawCli> {
  const cli = new RawCli('proxy', ['--quiet', ...args]);
  clis.push(cli);
  await cli.request('init', 'initialize', {
    protocolVersion: revision,
    capabilities: { tasks: { list: {}, cancel: {}, requests: {} } },
    clientInfo: { name: 'raw', version: '0' },
  });
  cli.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  return cli;
}

/** The text of a refused call, checked to be an isError CallToolResult holding nothing of the task. */
function refusedText(reply: RawReply, taskId: string): string {
  expect(reply.error).toBeUndefined();
  expect(reply.result?.isError).toBe(true);
  expect(Object.keys(reply.result ?? {}).sort()).toEqual(['content', 'isError']);
  expect(JSON.stringify(reply)).not.toContain(taskId);
  return (reply.result?.content ?? []).map((c) => c.text).join('');
}

describe('a task answering a plain tools/call is refused', () => {
  it.each([
    ['a stdio server, a 2025-11-25 client', [], '2025-11-25', 'job', 'k-1'],
    ['a stdio server, a 2025-06-18 client', [], '2025-06-18', 'job', 'k-2'],
    ['a stdio server, an answer over --max-result', ['--max-result', '1000'], '2025-11-25', 'job', 'k-3'],
    ['a stdio server, a taskId over 1,024 characters', [], '2025-11-25', 'job', 'l'.repeat(1025)],
  ])('%s', async (_, args, revision, tool, taskId) => {
    const cli = await proxied([...args, '--', process.execPath, SERVER], revision);
    const pad = taskId === 'k-3' ? 2000 : 0;
    const made = await cli.request('c', 'tools/call', { name: tool, arguments: { id: taskId, pad } });
    expect(refusedText(made, taskId)).toMatch(REFUSED);
    if (revision !== '2025-11-25') return;
    // Not the session's: tasks/get of it is answered unknown task, never forwarded (the server knows every id).
    const got = await cli.request('g', 'tasks/get', { taskId });
    expect(got.error).toMatchObject({ code: -32602, message: expect.stringMatching(/^unknown task/) });
  });

  it('a --url server: refused, and its tasks/get never reaches the server', async () => {
    const upstream = await startSharedTasksUpstream();
    upstreams.push(upstream);
    const cli = await proxied(['--url', upstream.url]);
    const made = await cli.request('c', 'tools/call', { name: 'job', arguments: {} });
    expect(refusedText(made, 'task-1')).toMatch(REFUSED);
    expect((await cli.request('g', 'tasks/get', { taskId: 'task-1' })).error?.code).toBe(-32602);
    expect((await cli.request('r', 'tasks/result', { taskId: 'task-1' })).error?.code).toBe(-32602);
    expect(upstream.asked.filter((q) => q.method.startsWith('tasks/'))).toEqual([]);
  });

  it('a --listen session over a --url server: refused, and tasks/list shows no task', async () => {
    const upstream = await startSharedTasksUpstream();
    upstreams.push(upstream);
    const proxy = await startInProcess(['--listen', '0', '--url', upstream.url]);
    try {
      const init = await fetch(proxy.url, {
        method: 'POST',
        headers: POST_HEADERS,
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 0,
          method: 'initialize',
          params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
        }),
      });
      const session = init.headers.get('mcp-session-id') as string;
      await init.text();
      await proxy.post(session, { method: 'notifications/initialized' });
      const made = await proxy.post(session, { id: 1, method: 'tools/call', params: { name: 'job', arguments: {} } });
      const reply = JSON.parse(made.startsWith('{') ? made : made.slice(made.indexOf('data: ') + 6)) as RawReply;
      expect(refusedText(reply, 'task-1')).toMatch(REFUSED);
      const listed = await proxy.post(session, { id: 2, method: 'tasks/list', params: {} });
      expect(listed).toContain('"tasks":[]');
      expect(upstream.tasks.size).toBe(1);
    } finally {
      await proxy.stop();
    }
  });

  it.each([
    ['a string taskId', 'g-1'],
    // The gateway's check read only a string taskId: this one went on as a result, its task beside its content.
    ['a numeric taskId beside a content array', 7],
  ])('the gateway (--config), %s', async (_, taskId) => {
    const file = join(dir, `gateway-${String(taskId)}.json`);
    const env = { TASK_CONTENT: typeof taskId === 'number' ? '1' : '0' };
    writeFileSync(file, JSON.stringify({ mcpServers: { srv: { command: process.execPath, args: [SERVER], env } } }));
    const cli = await proxied(['--config', file]);
    const made = await cli.request('c', 'tools/call', { name: 'srv__job', arguments: { id: taskId } });
    expect(refusedText(made, `"taskId":${JSON.stringify(taskId)}`)).toMatch(REFUSED);
  });
});
