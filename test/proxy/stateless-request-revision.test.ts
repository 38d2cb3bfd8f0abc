// `--stateless`: one session every client shares, so no initialize says which revision a request is of. Each request
// is judged by the one its own MCP-Protocol-Version header names, 2025-03-26 without one (MCP 2025-06-18,
// "Transports", Protocol Version Header). A hunt's find: the session judged every request by the newest revision,
// so a 2024-11-05 client was passed a task (a CreateTaskResult its revision cannot read) and its tasks/get, a method
// its revision lacks, was forwarded. The server answers every tools/call with a task.
import { afterAll, describe, expect, it } from 'vitest';
import { POST_HEADERS } from '../cli/http-fixture.js';
import { type InProcessProxy, startInProcess } from './in-process-proxy.js';
import { type SharedTasksUpstream, startSharedTasksUpstream } from './shared-tasks-upstream.js';

interface Answer {
  readonly result?: { task?: { taskId: string }; taskId?: string; tools?: Record<string, unknown>[] };
  readonly error?: { code: number; message: string };
}

let upstream: SharedTasksUpstream;
let proxy: InProcessProxy;
afterAll(async () => {
  await proxy?.stop();
  upstream?.close();
});

/** POSTs one request to the shared session, with `version` as its MCP-Protocol-Version header (none: undefined). */
async function ask(version: string | undefined, method: string, params: object): Promise<Answer> {
  const header = version === undefined ? {} : { 'mcp-protocol-version': version };
  const r = await fetch(proxy.url, {
    method: 'POST',
    headers: { ...POST_HEADERS, ...header },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return (await r.json()) as Answer;
}

/** A client of `version` initializes in the shared session (it changes what no other request is judged by). */
const initialize = (version: string) =>
  ask(undefined, 'initialize', { protocolVersion: version, capabilities: {}, clientInfo: { name: 'c', version: '0' } });

describe('--stateless judges each request by its own MCP-Protocol-Version', () => {
  it('serves tasks/get only to a request of a revision that has tasks, and passes on no task', async () => {
    upstream = await startSharedTasksUpstream();
    proxy = await startInProcess(['--listen', '0', '--stateless', '--url', upstream.url]);
    // The newest client initializes last: an older client's request is still its own revision's.
    await initialize('2024-11-05');
    await initialize('2025-11-25');
    const made = await ask('2025-11-25', 'tools/call', { name: 'job', arguments: {} });
    expect(JSON.stringify(made)).not.toContain('task-1');
    const task = 'task-1';
    // Made unasked, refused with its answer: no task of the session (test/proxy/unasked-task-refused.test.ts).
    expect((await ask('2025-11-25', 'tasks/get', { taskId: task })).error?.code).toBe(-32602);
    const table: [string | undefined, string][] = [
      ['2024-11-05', '2024-11-05'],
      ['2025-06-18', '2025-06-18'],
      [undefined, '2025-03-26'],
    ];
    for (const [header, read] of table) {
      const call = await ask(header, 'tools/call', { name: 'job', arguments: {} });
      expect(JSON.stringify(call.result)).toMatch(/answered with a task, which it was not asked for/);
      for (const method of ['tasks/get', 'tasks/result', 'tasks/cancel'])
        expect((await ask(header, method, { taskId: task })).error?.code, `${method} as ${read}`).toBe(-32601);
    }
    expect(upstream.asked.filter((q) => q.method.startsWith('tasks/')).map((q) => q.method)).toEqual([]);
  });

  // A review's find: tools/list was still written for the newest revision, so a 2025-03-26 client of the official
  // SDK was listed a tool's outputSchema and then refused every result, from which its revision's structuredContent
  // had been left out; `execution` reached clients whose revision has none. (No client is listed `job`'s
  // "optional" taskSupport now, the proxy forwarding no task: its `icons` are the newest revision's field here.)
  it('lists tools with the fields of the revision its own request names', async () => {
    const table: [string | undefined, string[]][] = [
      ['2025-11-25', ['icons', 'inputSchema', 'name']],
      ['2025-06-18', ['inputSchema', 'name']],
      ['2024-11-05', ['inputSchema', 'name']],
      [undefined, ['inputSchema', 'name']],
    ];
    for (const [header, fields] of table) {
      const listed = await ask(header, 'tools/list', {});
      expect(Object.keys(listed.result?.tools?.[0] ?? {}).sort(), String(header)).toEqual(fields);
    }
  });
});
