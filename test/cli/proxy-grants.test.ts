// `toolgate proxy --listen --grants`: per-client bearer tokens in front of a real stdio server, driven by the MCP SDK
// client and by raw requests. Each client sees and calls only its granted tools; a call outside its grant is
// answered as a name never listed; a token that names no client, or none, gets 401; a session serves only the
// client that opened it; --log names the client and no token shows anywhere the proxy writes.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, POST_HEADERS, recordOf, type Running, startProxy, stopAll } from './http-fixture.js';

const ROOT = new URL('../..', import.meta.url).pathname;
const RECORDING = join(ROOT, 'test/cli/fixtures/recording-server.mjs');
const DRIFTING = join(ROOT, 'test/cli/fixtures/drifting-server.mjs');
const dir = mkdtempSync(join(tmpdir(), 'toolgate-proxy-grants-'));
const CI_TOKEN = 'ci-token-0123456789abcdef';
const DEV_TOKEN = 'dev-token-fedcba9876543210';
const record = join(dir, 'calls.jsonl');
const log = join(dir, 'log.jsonl');
const clients: Client[] = [];
let proxy: Running;

beforeAll(async () => {
  const grants = join(dir, 'grants.json');
  writeFileSync(
    grants,
    JSON.stringify({
      clients: [
        { name: 'ci', tokenEnv: 'CI_TOKEN', allow: ['echo', 'count'] },
        { name: 'dev', tokenEnv: 'DEV_TOKEN', allow: ['*'], deny: ['admin.*', 'count'] },
      ],
    }),
  );
  proxy = await startProxy(
    ['--listen', '0', '--grants', grants, '--log', log, '--env', `RECORD_FILE=${record}`, process.execPath, RECORDING],
    { CI_TOKEN, DEV_TOKEN },
  );
});

afterAll(async () => {
  await Promise.allSettled(clients.map((c) => c.close()));
  await stopAll();
  rmSync(dir, { recursive: true, force: true });
});

/** An SDK client connected with `token` as its bearer token. */
async function connect(token: string, url = proxy.url): Promise<Client> {
  const client = new Client({ name: 'grants-test', version: '0' });
  clients.push(client);
  const headers = { Authorization: `Bearer ${token}` };
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  return client;
}

const INIT =
  '{"jsonrpc":"2.0","id":0,"method":"initialize",' +
  '"params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"0"}}}';

/** A raw POST with `token` (none: no Authorization) in `session`; status, headers and body. */
async function post(body: string, token?: string, session?: string) {
  const headers: Record<string, string> = { ...POST_HEADERS, 'mcp-protocol-version': '2025-06-18' };
  if (token !== undefined) headers['authorization'] = `Bearer ${token}`;
  if (session !== undefined) headers['mcp-session-id'] = session;
  const r = await fetch(proxy.url, { method: 'POST', headers, body });
  const text = await r.text();
  const shown = [...r.headers].filter(([k]) => k !== 'date' && k !== 'mcp-session-id');
  return { status: r.status, headers: shown, text, session: r.headers.get('mcp-session-id') ?? undefined };
}

/** A raw session of the client with `token`. */
async function rawSession(token: string): Promise<string> {
  const opened = await post(INIT, token);
  expect(opened.status).toBe(200);
  await post('{"jsonrpc":"2.0","method":"notifications/initialized"}', token, opened.session);
  return opened.session as string;
}

const call = (name: string): string =>
  JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name, arguments: {} } });

describe('toolgate proxy --grants', () => {
  it('shows each client only its granted tools, and forwards only their calls', async () => {
    const ci = await connect(CI_TOKEN);
    const dev = await connect(DEV_TOKEN);
    expect((await ci.listTools()).tools.map((t) => t.name)).toEqual(['echo', 'count']);
    const devTools = (await dev.listTools()).tools.map((t) => t.name);
    expect(devTools).toContain('echo');
    expect(devTools).not.toContain('count');
    expect(devTools).not.toContain('admin.reset');
    expect((await ci.callTool({ name: 'echo', arguments: { text: 'from ci' } })).isError).not.toBe(true);
    await expect(dev.callTool({ name: 'count', arguments: {} })).rejects.toThrow(/unknown tool: count/);
    await expect(ci.callTool({ name: 'admin.reset', arguments: {} })).rejects.toThrow(/unknown tool: admin\.reset/);
    expect(recordOf(record).map((r) => r.name)).toEqual(['echo']);
  });

  it('answers a call outside the grant with the bytes of a name never listed (only the name differs)', async () => {
    const session = await rawSession(CI_TOKEN);
    // Same length, so every header (content-length too) must match as well as the body.
    const granted = await post(call('admin.reset'), CI_TOKEN, session);
    const unknown = await post(call('admin.reseX'), CI_TOKEN, session);
    expect(granted.status).toBe(200);
    expect(granted.headers).toEqual(unknown.headers);
    expect(granted.text).toBe(unknown.text.replace('admin.reseX', 'admin.reset'));
    expect(JSON.parse(granted.text).error.code).toBe(-32602);
    expect(recordOf(record).some((r) => r.name === 'admin.reset')).toBe(false);
  });

  it.each([
    ['no token', undefined],
    ['a token that names no client', 'not-a-client-token-0123456789'],
    ['a client token with one character more', `${CI_TOKEN}x`],
  ])('answers %s with 401 and WWW-Authenticate: Bearer', async (_, token) => {
    const r = await post(INIT, token);
    expect(r.status).toBe(401);
    expect(Object.fromEntries(r.headers)['www-authenticate']).toBe('Bearer');
    expect(r.session).toBeUndefined();
  });

  it("refuses a request on another client's session as an unknown session (404), and leaves it open", async () => {
    const session = await rawSession(CI_TOKEN);
    const list = '{"jsonrpc":"2.0","id":3,"method":"tools/list"}';
    const foreign = await post(list, DEV_TOKEN, session);
    const unknown = await post(list, DEV_TOKEN, '00000000-0000-4000-8000-000000000000');
    expect(foreign.status).toBe(404);
    expect(foreign.headers).toEqual(unknown.headers);
    expect(foreign.text).toBe(unknown.text);
    const headers = { authorization: `Bearer ${DEV_TOKEN}`, 'mcp-session-id': session };
    const deleted = await fetch(proxy.url, { method: 'DELETE', headers });
    expect(deleted.status).toBe(404);
    await deleted.text();
    const stream = await fetch(proxy.url, { method: 'GET', headers: { ...headers, accept: 'text/event-stream' } });
    expect(stream.status).toBe(404);
    await stream.text();
    // The owner's session is still there, and its tools are still the owner's.
    const own = await post(list, CI_TOKEN, session);
    expect(own.status).toBe(200);
    expect(JSON.parse(own.text).result.tools.map((t: { name: string }) => t.name)).toEqual(['echo', 'count']);
  });

  it('names the client on each --log line and never writes a token (an echoed one is masked)', async () => {
    const ci = await connect(CI_TOKEN);
    const echoed = await ci.callTool({ name: 'echo', arguments: { text: `say ${DEV_TOKEN}` } });
    expect(JSON.stringify(echoed)).not.toContain(DEV_TOKEN);
    expect(await eventually(() => readFileSync(log, 'utf8').includes('"client":"dev"'))).toBe(true);
    const lines = readFileSync(log, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.every((l) => l.client === 'ci' || l.client === 'dev')).toBe(true);
    expect(lines.some((l) => l.client === 'ci' && l.tool === 'echo' && l.verdict === 'forwarded')).toBe(true);
    expect(proxy.output()).toContain('grants: clients ci, dev\n');
    for (const written of [readFileSync(log, 'utf8'), proxy.output()]) {
      expect(written).not.toContain(CI_TOKEN);
      expect(written).not.toContain(DEV_TOKEN);
    }
  });
});

describe('toolgate proxy --grants after tools/list_changed', () => {
  it('tells a client of a tools/list_changed only when its own granted tools changed', async () => {
    // drifting-server's `pull` changes `search` and sends tools/list_changed: a client not granted `search`
    // must not learn that something outside its grant changed (that it exists, and when).
    const grants = join(dir, 'drift-grants.json');
    writeFileSync(
      grants,
      JSON.stringify({
        clients: [
          { name: 'ci', tokenEnv: 'CI_TOKEN', allow: ['pull', 'fetch'] },
          { name: 'dev', tokenEnv: 'DEV_TOKEN', allow: ['*'] },
        ],
      }),
    );
    const drifting = await startProxy(['--listen', '0', '--grants', grants, process.execPath, DRIFTING], {
      CI_TOKEN,
      DEV_TOKEN,
    });
    const told = { ci: 0, dev: 0 };
    for (const [name, token] of [
      ['ci', CI_TOKEN],
      ['dev', DEV_TOKEN],
    ] as const) {
      const client = await connect(token, drifting.url);
      client.setNotificationHandler(ToolListChangedNotificationSchema, () => void told[name]++);
      await client.callTool({ name: 'pull', arguments: {} });
      // tools/list waits for the re-admission the pull started, whose notification goes out before it.
      expect((await client.listTools()).tools.map((t) => t.name)).toContain('pull');
    }
    expect(await eventually(() => told.dev === 1)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(told).toEqual({ ci: 0, dev: 1 });
  });
});

describe('toolgate proxy --grants at --max-sessions', () => {
  it('keeps each client to its share: its own session makes room, and one over its share gives way', async () => {
    const grants = join(dir, 'share-grants.json');
    writeFileSync(
      grants,
      JSON.stringify({
        clients: [
          { name: 'ci', tokenEnv: 'CI_TOKEN', allow: ['*'] },
          { name: 'dev', tokenEnv: 'DEV_TOKEN', allow: ['*'] },
        ],
      }),
    );
    const two = await startProxy(
      ['--listen', '0', '--max-sessions', '2', '--grants', grants, process.execPath, RECORDING],
      { CI_TOKEN, DEV_TOKEN },
    );
    const send = async (token: string, body: string, session?: string) => {
      const headers: Record<string, string> = { ...POST_HEADERS, authorization: `Bearer ${token}` };
      if (session !== undefined) headers['mcp-session-id'] = session;
      const r = await fetch(two.url, { method: 'POST', headers, body });
      await r.text();
      return { status: r.status, session: r.headers.get('mcp-session-id') ?? undefined };
    };
    const ping = '{"jsonrpc":"2.0","id":1,"method":"ping"}';
    // dev's session is the one unused longest; ci then holds its share (one of two) and opens another.
    const dev = (await send(DEV_TOKEN, INIT)).session;
    const ci1 = (await send(CI_TOKEN, INIT)).session;
    const ci2 = await send(CI_TOKEN, INIT);
    expect(ci2.status).toBe(200);
    expect((await send(DEV_TOKEN, ping, dev)).status).toBe(200);
    expect((await send(CI_TOKEN, ping, ci1)).status).toBe(404);
    expect((await send(CI_TOKEN, ping, ci2.session)).status).toBe(200);
    // Over its share, ci keeps no place another client needs, even with its GET stream open: ci opened a second
    // session while dev had none; dev's initialize ends ci's quiet session (its stream ends, ci may come again).
    const gone = await send(DEV_TOKEN, '{"jsonrpc":"2.0","method":"notifications/initialized"}', dev);
    expect(gone.status).toBe(202);
    const listening = new AbortController();
    const opened = await fetch(two.url, {
      headers: {
        accept: 'text/event-stream',
        authorization: `Bearer ${CI_TOKEN}`,
        'mcp-session-id': ci2.session ?? '',
      },
      signal: listening.signal,
    });
    expect(opened.status).toBe(200);
    const devDeleted = await fetch(two.url, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${DEV_TOKEN}`, 'mcp-session-id': dev ?? '' },
    });
    expect(devDeleted.status).toBe(200);
    const ci3 = await send(CI_TOKEN, INIT);
    expect(ci3.status).toBe(200);
    // ci now holds two (one with a stream open), over its share of one: dev comes back and takes the quiet one.
    const devAgain = await send(DEV_TOKEN, INIT);
    expect(devAgain.status).toBe(200);
    expect((await send(CI_TOKEN, ping, ci2.session)).status).toBe(404);
    expect((await send(CI_TOKEN, ping, ci3.session)).status).toBe(200);
    listening.abort();
  });
});
