// `toolgate proxy --listen` with the SDK's own StreamableHTTPClientTransport as the client: a command upstream
// (one process per session, stopped with it) and an HTTP upstream (the SDK's StreamableHTTPServerTransport, one
// upstream session per client session). What the servers recorded proves which calls reached them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CreateMessageRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, describe, expect, it } from 'vitest';
import { survivors } from '../exec/alive.js';
import {
  childrenOf,
  eventually,
  POST_HEADERS,
  recordOf,
  startHttpServer,
  startProxy,
  stopAll,
} from './http-fixture.js';

const ROOT = new URL('../..', import.meta.url).pathname;
const RECORDING = join(ROOT, 'test/cli/fixtures/recording-server.mjs');
const dir = mkdtempSync(join(tmpdir(), 'toolgate-proxy-listen-'));
const clients: Client[] = [];

afterAll(async () => {
  await Promise.allSettled(clients.map((c) => c.close()));
  await stopAll();
  rmSync(dir, { recursive: true, force: true });
});

/** An SDK client connected to `url` (sampling answered), with `headers` on every request. */
async function connect(url: string, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: 'http-test', version: '0' }, { capabilities: { sampling: {} } });
  client.setRequestHandler(CreateMessageRequestSchema, () => ({
    role: 'assistant',
    content: { type: 'text', text: 'hi' },
    model: 'test',
  }));
  clients.push(client);
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  return client;
}

const textOf = (result: unknown): string =>
  (result as { content: { text: string }[] }).content.map((c) => c.text).join('');

describe('toolgate proxy --listen, command upstream', () => {
  it('serves the SDK client: admitted tools, valid calls forwarded, invalid ones answered, sampling', async () => {
    const record = join(dir, 'stdio.jsonl');
    const proxy = await startProxy([
      '--listen',
      '0',
      '--env',
      `RECORD_FILE=${record}`,
      '--',
      process.execPath,
      RECORDING,
    ]);
    const client = await connect(proxy.url);
    expect(client.getServerVersion()).toMatchObject({ name: 'recording' });
    const names = (await client.listTools()).tools.map((t) => t.name).sort();
    expect(names).toEqual(['admin.reset', 'ask', 'count', 'echo', 'elicit', 'grow', 'hang']);
    expect(textOf(await client.callTool({ name: 'echo', arguments: { text: 'a', n: 2 } }))).toBe('{"text":"a","n":2}');
    const bad = await client.callTool({ name: 'echo', arguments: { n: 'x' } });
    expect(bad.isError).toBe(true);
    expect(textOf(await client.callTool({ name: 'ask', arguments: {} }))).toBe('sampled: hi');
    expect(recordOf(record).filter((r) => r.name === 'echo')).toEqual([{ name: 'echo', args: { text: 'a', n: 2 } }]);
    await client.close();
  }, 60_000);

  it('gives each session its own process, stopped on DELETE, after --session-idle, and on SIGTERM', async () => {
    // 6 s idle: on a loaded machine each connect takes seconds, and no session may idle out while others connect.
    const proxy = await startProxy(['--listen', '0', '--session-idle', '6', '--', process.execPath, RECORDING]);
    const pid = proxy.child.pid as number;
    // The start-up check's server is stopped before the first client comes.
    expect(await eventually(() => childrenOf(pid).length === 0, 15_000)).toBe(true);
    const transports = [0, 1, 2].map(() => new StreamableHTTPClientTransport(new URL(proxy.url)));
    const sessions: Client[] = [];
    for (const t of transports) {
      const c = new Client({ name: 's', version: '0' });
      clients.push(c);
      await c.connect(t);
      sessions.push(c);
    }
    expect(new Set(transports.map((t) => t.sessionId)).size).toBe(3);
    const three = childrenOf(pid);
    expect(three).toHaveLength(3);
    // DELETE ends one session and its process; a request naming it then gets 404.
    await transports[0]?.terminateSession();
    expect(await eventually(() => childrenOf(pid).length === 2, 15_000)).toBe(true);
    const gone = await fetch(proxy.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-session-id': transports[0]?.sessionId as string,
      },
      body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
    });
    expect(gone.status).toBe(404);
    // The second keeps calling; the third is left idle and ends with its process.
    const started = Date.now();
    while (childrenOf(pid).length > 1 && Date.now() - started < 30_000) {
      await sessions[1]?.callTool({ name: 'echo', arguments: { text: 'x' } });
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(childrenOf(pid)).toHaveLength(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(5000);
    expect((await sessions[1]?.callTool({ name: 'echo', arguments: { text: 'still here' } }))?.isError).toBeFalsy();
    expect(proxy.output()).toMatch(/ended: was idle for --session-idle/);
    // SIGTERM stops the last session's process group, then the proxy ends by the signal.
    const last = childrenOf(pid);
    proxy.child.kill('SIGTERM');
    expect((await proxy.exited).signal).toBe('SIGTERM');
    expect(await survivors([...three, ...last], 3000)).toEqual([]);
  }, 90_000);
});

describe('toolgate proxy --listen, HTTP upstream', () => {
  it('keeps sessions apart: each client session has its own upstream session (server-memory style)', async () => {
    const record = join(dir, 'memory.jsonl');
    const server = await startHttpServer({ RECORD_FILE: record });
    const proxy = await startProxy(['--listen', '0', '--url', server.url]);
    const a = await connect(proxy.url);
    const b = await connect(proxy.url);
    await a.callTool({ name: 'remember', arguments: { key: 'k', value: 'from a' } });
    expect(textOf(await b.callTool({ name: 'recall', arguments: { key: 'k' } }))).toBe('(nothing)');
    expect(textOf(await a.callTool({ name: 'recall', arguments: { key: 'k' } }))).toBe('from a');
    // Invalid arguments are answered by the proxy: the HTTP server never sees them.
    expect((await a.callTool({ name: 'remember', arguments: { key: 'k' } })).isError).toBe(true);
    expect(recordOf(record).filter((r) => r.name === 'remember')).toHaveLength(1);
    // Sampling asked by the HTTP server inside a call reaches the right client and comes back.
    expect(textOf(await b.callTool({ name: 'ask', arguments: {} }))).toBe('sampled: hi');
    const upstreamSessions = new Set(
      recordOf(record)
        .filter((r) => r.name === 'recall')
        .map((r) => r.session),
    );
    expect(upstreamSessions.size).toBe(2);
    // Ending a client session DELETEs its upstream session.
    await (a.transport as StreamableHTTPClientTransport).terminateSession();
    const aSession = recordOf(record).find((r) => r.name === 'remember')?.session;
    expect(
      await eventually(() => recordOf(record).some((r) => r.name === 'session-closed' && r.session === aSession)),
    ).toBe(true);
  }, 60_000);

  it("serves 100 concurrent sessions, none seeing another's state", async () => {
    const server = await startHttpServer();
    const proxy = await startProxy(['--listen', '0', '--max-sessions', '100', '--url', server.url]);
    const many = await Promise.all(Array.from({ length: 100 }, () => connect(proxy.url)));
    await Promise.all(many.map((c, i) => c.callTool({ name: 'remember', arguments: { key: 'k', value: `v${i}` } })));
    const seen = await Promise.all(many.map((c) => c.callTool({ name: 'recall', arguments: { key: 'k' } })));
    expect(seen.map(textOf)).toEqual(many.map((_, i) => `v${i}`));
    // The 101st is refused with 503, and the proxy keeps serving the others.
    const refused = await fetch(proxy.url, {
      method: 'POST',
      headers: POST_HEADERS,
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '0' } },
      }),
    });
    expect(refused.status).toBe(503);
    expect(textOf(await many[0]?.callTool({ name: 'recall', arguments: { key: 'k' } }))).toBe('v0');
    await Promise.all(many.map((c) => (c.transport as StreamableHTTPClientTransport).terminateSession()));
  }, 120_000);
});
