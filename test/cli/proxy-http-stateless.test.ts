// `toolgate proxy --listen --stateless`: no session ids, one upstream (started once, at start-up) shared by
// every client; GET and DELETE are 405; a server-to-client request is refused (it could reach another client);
// a POST closed before its answer cancels its request; one client's initialize sets no revision for the others.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CreateMessageRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, describe, expect, it } from 'vitest';
import { survivors } from '../exec/alive.js';
import { MAX_WAITING_REQUESTS } from '../../src/proxy/waiting-requests.js';
import { childrenOf, eventually, POST_HEADERS, recordOf, startProxy, stopAll } from './http-fixture.js';

const FIXTURES = join(new URL('../..', import.meta.url).pathname, 'test/cli/fixtures');
const RECORDING = join(FIXTURES, 'recording-server.mjs');
const dir = mkdtempSync(join(tmpdir(), 'toolgate-stateless-'));

afterAll(async () => {
  await stopAll();
  rmSync(dir, { recursive: true, force: true });
});

/** POSTs one message with `headers`; the status and the parsed body. */
async function post(url: string, message: object, headers: Record<string, string> = {}) {
  const r = await fetch(url, {
    method: 'POST',
    headers: { ...POST_HEADERS, ...headers },
    body: JSON.stringify(message),
  });
  const text = await r.text();
  return { status: r.status, body: (text === '' ? {} : JSON.parse(text)) as Record<string, unknown> };
}

const initialize = (version: string) => ({
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: { protocolVersion: version, capabilities: {}, clientInfo: { name: 'r', version: '0' } },
});

const textOf = (result: unknown): string =>
  (result as { content: { text: string }[] }).content.map((c) => c.text).join('');

describe('toolgate proxy --listen --stateless', () => {
  it('serves several clients from one upstream, without session ids', async () => {
    const proxy = await startProxy(['--listen', '0', '--stateless', '--', process.execPath, RECORDING]);
    expect(proxy.output()).toMatch(/\(stateless\)/);
    const clients = [0, 1, 2].map(() => new Client({ name: 's', version: '0' }, { capabilities: { sampling: {} } }));
    for (const c of clients) {
      c.setRequestHandler(CreateMessageRequestSchema, () => ({
        role: 'assistant',
        content: { type: 'text', text: 'hi' },
        model: 'm',
      }));
      await c.connect(new StreamableHTTPClientTransport(new URL(proxy.url)));
      expect((c.transport as StreamableHTTPClientTransport).sessionId).toBeUndefined();
    }
    const replies = await Promise.all(
      clients.map((c, i) => c.callTool({ name: 'echo', arguments: { text: `c${i}` } })),
    );
    expect(replies.map(textOf)).toEqual(['{"text":"c0"}', '{"text":"c1"}', '{"text":"c2"}']);
    expect((await clients[0]?.callTool({ name: 'echo', arguments: { n: 1 } }))?.isError).toBe(true);
    // Sampling asked by the shared server cannot be sent to "its" client: there is none.
    await expect(clients[1]?.callTool({ name: 'ask', arguments: {} })).rejects.toThrow(/refused by --stateless/);
    const pid = proxy.child.pid as number;
    const upstream = childrenOf(pid);
    expect(upstream).toHaveLength(1);
    for (const method of ['GET', 'DELETE']) {
      const r = await fetch(proxy.url, { method, headers: { accept: 'text/event-stream' } });
      expect(r.status).toBe(405);
    }
    await Promise.all(clients.map((c) => c.close()));
    proxy.child.kill('SIGTERM');
    expect((await proxy.exited).signal).toBe('SIGTERM');
    expect(await survivors(upstream, 3000)).toEqual([]);
  }, 60_000);

  it("cancels a request whose POST closed: one client's abandoned calls do not lock out the others", async () => {
    const record = join(dir, 'closed.jsonl');
    const server = join(FIXTURES, 'holding-server.mjs');
    const proxy = await startProxy([
      '--listen',
      '0',
      '--stateless',
      '--env',
      `RECORD_FILE=${record}`,
      '--',
      process.execPath,
      server,
    ]);
    const sentOf = (method: string) => recordOf(record).filter((l) => (l as { method?: string }).method === method);
    const gone: AbortController[] = [];
    for (let i = 0; i < MAX_WAITING_REQUESTS; i++) {
      const aborter = new AbortController();
      gone.push(aborter);
      const body = JSON.stringify({ jsonrpc: '2.0', id: i, method: 'tools/call', params: { name: 'slow' } });
      void fetch(proxy.url, { method: 'POST', headers: POST_HEADERS, body, signal: aborter.signal }).catch(() => 0);
    }
    expect(await eventually(() => sentOf('tools/call').length === MAX_WAITING_REQUESTS, 15_000)).toBe(true);
    for (const a of gone) a.abort();
    // Each is cancelled at the server, and its place freed.
    expect(await eventually(() => sentOf('notifications/cancelled').length === MAX_WAITING_REQUESTS, 15_000)).toBe(
      true,
    );
    const other = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo', arguments: { msg: 'x' } } };
    expect((await post(proxy.url, other)).status).toBe(200);
  }, 60_000);

  it("keeps each client's revision: one's 2025-06-18 initialize leaves another's result read as its own", async () => {
    const server = join(FIXTURES, 'revision-server.mjs');
    const proxy = await startProxy([
      '--listen',
      '0',
      '--stateless',
      '--env',
      'TASK_ALWAYS=1',
      '--',
      process.execPath,
      server,
    ]);
    const newer = { 'mcp-protocol-version': '2025-11-25' };
    expect((await post(proxy.url, initialize('2025-11-25'))).body).toMatchObject({
      result: { protocolVersion: '2025-11-25' },
    });
    const call = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'report', arguments: {} } };
    // The task no call asked for is refused (test/proxy/unasked-task-refused.test.ts); a 2025-11-25 request's tasks/get
    // is still served as its revision's: -32602 (no task of the session), not a 2025-06-18 one's -32601.
    expect(JSON.stringify((await post(proxy.url, call, newer)).body)).not.toContain('task-1');
    expect((await post(proxy.url, initialize('2025-06-18'))).body).toMatchObject({
      result: { protocolVersion: '2025-06-18' },
    });
    const result = { jsonrpc: '2.0', id: 2, method: 'tasks/result', params: { taskId: 'task-1' } };
    expect((await post(proxy.url, result, newer)).body).toMatchObject({ error: { code: -32602 } });
  }, 30_000);
});
