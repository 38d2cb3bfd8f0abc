// `toolgate proxy --listen --grants`: what a client may ask beyond its tools (`methods`, src/proxy/method-grants.ts),
// in front of a server with every feature (fixtures/feature-server.mjs), by raw requests of both eras. A request
// outside the grant is -32601 (a 404 for a 2026-07-28 request) and never reaches the server; the initialize and
// server/discover answers announce only what the client may use; the server's resource and prompt notifications
// reach only a client they concern; a completion reads no family its client is not granted.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modernEnvelope, POST_HEADERS, recordOf, type Running, startProxy, stopAll } from './http-fixture.js';

const SERVER = join(new URL('../..', import.meta.url).pathname, 'test/cli/fixtures/feature-server.mjs');
const dir = mkdtempSync(join(tmpdir(), 'toolgate-grants-methods-'));
const record = join(dir, 'record.jsonl');
const TOKENS = {
  AUDITOR: 'auditor-token-0123456789',
  READER: 'reader-token-0123456789ab',
  WATCHER: 'watcher-token-0123456789a',
  COMPLETER: 'completer-token-012345678',
};
const INIT = { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } };
const ENVELOPE = modernEnvelope();
let proxy: Running;

beforeAll(async () => {
  const grants = join(dir, 'grants.json');
  writeFileSync(
    grants,
    JSON.stringify({
      clients: [
        { name: 'auditor', tokenEnv: 'AUDITOR', allow: ['echo'] },
        { name: 'reader', tokenEnv: 'READER', allow: ['notify'], methods: ['resources/read', 'completion/complete'] },
        { name: 'watcher', tokenEnv: 'WATCHER', allow: ['notify'], methods: ['resources/*'] },
        { name: 'completer', tokenEnv: 'COMPLETER', allow: [], methods: ['completion/complete', 'prompts/get'] },
      ],
    }),
  );
  proxy = await startProxy(
    ['--listen', '0', '--grants', grants, '--env', `RECORD_FILE=${record}`, process.execPath, SERVER],
    TOKENS,
  );
});

const sdkClients: Client[] = [];

afterAll(async () => {
  await Promise.allSettled(sdkClients.map((c) => c.close()));
  await stopAll();
  rmSync(dir, { recursive: true, force: true });
});

/** A POST: its status, session and messages (a JSON body, or each SSE event's). */
async function post(headers: Record<string, string>, body: unknown) {
  const r = await fetch(proxy.url, { method: 'POST', headers, body: JSON.stringify(body) });
  const text = await r.text();
  const sse = r.headers.get('content-type')?.includes('text/event-stream') === true;
  const events = sse
    ? text
        .split('\n')
        .filter((l) => l.startsWith('data: '))
        .map((l) => JSON.parse(l.slice(6)))
    : text === ''
      ? []
      : [JSON.parse(text)];
  return { status: r.status, session: r.headers.get('mcp-session-id') ?? undefined, events, last: events.at(-1) };
}

/** A request of the initialize era, in `session` (none: it opens one). */
const legacy = (token: string, session: string | undefined, id: number, method: string, params: object) =>
  post(
    {
      ...POST_HEADERS,
      authorization: `Bearer ${token}`,
      ...(session === undefined ? {} : { 'mcp-session-id': session }),
    },
    { jsonrpc: '2.0', id, method, params },
  );

/** A 2026-07-28 request (no session), its envelope in `_meta`. */
const modern = (token: string, id: number, method: string, params: object, name?: string) =>
  post(
    {
      ...POST_HEADERS,
      authorization: `Bearer ${token}`,
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': method,
      ...(name === undefined ? {} : { 'mcp-name': name }),
    },
    { jsonrpc: '2.0', id, method, params: { ...params, _meta: ENVELOPE } },
  );

/** Methods the server received, but the session's own upkeep. */
const reached = (): string[] =>
  recordOf(record)
    .map((l) => (l as { method?: string }).method ?? '')
    .filter((m) => !['', 'initialize', 'notifications/initialized', 'tools/list'].includes(m));

const RESOURCE_REF = { ref: { type: 'ref/resource', uri: 'secret://{x}' }, argument: { name: 'x', value: '' } };
const PROMPT_REF = { ref: { type: 'ref/prompt', name: 'p' }, argument: { name: 'x', value: '' } };

describe('toolgate proxy --grants: requests beyond tools', () => {
  it('announces to each client only the features, and their flags, it may use', async () => {
    const caps = async (token: string) =>
      (await legacy(token, undefined, 0, 'initialize', INIT)).last.result.capabilities;
    expect(await caps(TOKENS.AUDITOR)).toEqual({ tools: { listChanged: true }, logging: {} });
    // resources/read alone: no subscribe, no list changes (it cannot list).
    expect(await caps(TOKENS.READER)).toEqual({
      tools: { listChanged: true },
      resources: {},
      completions: {},
      logging: {},
    });
    expect((await caps(TOKENS.WATCHER)).resources).toEqual({ subscribe: true, listChanged: true });
    expect((await caps(TOKENS.COMPLETER)).prompts).toEqual({});
    // 2026-07-28's server/discover the same (it announces no logging: that revision has none).
    const discovered = async (token: string) =>
      (await modern(token, 1, 'server/discover', {})).last.result.capabilities;
    expect(Object.keys(await discovered(TOKENS.AUDITOR))).toEqual(['tools']);
    expect(Object.keys(await discovered(TOKENS.WATCHER)).sort()).toEqual(['resources', 'tools']);
  });

  it('refuses what a grant leaves out with -32601, over both eras, and the server never sees it', async () => {
    const before = reached().length;
    const session = (await legacy(TOKENS.AUDITOR, undefined, 0, 'initialize', INIT)).session;
    for (const [method, params] of [
      ['resources/read', { uri: 'secret://x' }],
      ['resources/list', {}],
      ['prompts/get', { name: 'p' }],
      ['completion/complete', RESOURCE_REF],
    ] as const) {
      const refused = await legacy(TOKENS.AUDITOR, session, 2, method, params);
      expect(refused.last).toMatchObject({ id: 2, error: { code: -32601 } });
    }
    // A 2026-07-28 request outside the grant: 404 with -32601, as a method the server does not have.
    const read = await modern(TOKENS.AUDITOR, 3, 'resources/read', { uri: 'secret://x' }, 'secret://x');
    expect(read.status).toBe(404);
    expect(read.last).toMatchObject({ id: 3, error: { code: -32601 } });
    const completed = await modern(TOKENS.AUDITOR, 4, 'completion/complete', RESOURCE_REF);
    expect(completed.last).toMatchObject({ error: { code: -32601 } });
    expect(reached().length).toBe(before);
    // What is granted passes, in both eras.
    const granted = await modern(TOKENS.READER, 5, 'resources/read', { uri: 'secret://y' }, 'secret://y');
    expect(granted.status).toBe(200);
    expect(JSON.stringify(granted.last)).toContain('SECRET-CONTENT');
  });

  it("lets a completion read only a family its client is granted (its ref's)", async () => {
    const reader = (await legacy(TOKENS.READER, undefined, 0, 'initialize', INIT)).session;
    const completer = (await legacy(TOKENS.COMPLETER, undefined, 0, 'initialize', INIT)).session;
    expect(
      JSON.stringify((await legacy(TOKENS.READER, reader, 1, 'completion/complete', RESOURCE_REF)).last),
    ).toContain('SECRET-COMPLETION');
    expect((await legacy(TOKENS.READER, reader, 2, 'completion/complete', PROMPT_REF)).last).toMatchObject({
      error: { code: -32601 },
    });
    expect((await legacy(TOKENS.COMPLETER, completer, 3, 'completion/complete', RESOURCE_REF)).last).toMatchObject({
      error: { code: -32601 },
    });
    expect(
      JSON.stringify((await legacy(TOKENS.COMPLETER, completer, 4, 'completion/complete', PROMPT_REF)).last),
    ).toContain('SECRET-COMPLETION');
    const modernPrompt = await modern(TOKENS.READER, 5, 'completion/complete', PROMPT_REF);
    expect(modernPrompt.last).toMatchObject({ error: { code: -32601 } });
  });

  it("passes the server's resource and prompt notifications only to a client they concern", async () => {
    const events = async (token: string, subscribe?: string) => {
      const session = (await legacy(token, undefined, 0, 'initialize', INIT)).session;
      if (subscribe !== undefined) await legacy(token, session, 2, 'resources/subscribe', { uri: subscribe });
      const call = await legacy(token, session, 1, 'tools/call', { name: 'notify', arguments: {} });
      return call.events.map((e) => (e as { method?: string }).method ?? 'answer');
    };
    // resources/read alone: no update (it did not subscribe), no list change (it cannot list), no prompts.
    expect(await events(TOKENS.READER)).toEqual(['notifications/message', 'answer']);
    // An update only of a resource the client subscribed to (MCP "Resources", ResourceUpdatedNotification).
    expect(await events(TOKENS.WATCHER)).toEqual([
      'notifications/resources/list_changed',
      'notifications/message',
      'answer',
    ]);
    expect(await events(TOKENS.WATCHER, 'secret://SECRET-URI')).toEqual([
      'notifications/resources/updated',
      'notifications/resources/list_changed',
      'notifications/message',
      'answer',
    ]);
  });

  it('serves the MCP SDK client as its grant says', async () => {
    const connect = async (token: string): Promise<Client> => {
      const client = new Client({ name: 'grants-sdk', version: '0' });
      sdkClients.push(client);
      const requestInit = { headers: { Authorization: `Bearer ${token}` } };
      await client.connect(new StreamableHTTPClientTransport(new URL(proxy.url), { requestInit }));
      return client;
    };
    const reader = await connect(TOKENS.READER);
    expect(reader.getServerCapabilities()?.resources).toEqual({});
    const read = await reader.readResource({ uri: 'secret://z' });
    expect(JSON.stringify(read.contents)).toContain('SECRET-CONTENT');
    const auditor = await connect(TOKENS.AUDITOR);
    expect(auditor.getServerCapabilities()?.resources).toBeUndefined();
    // The proxy's own -32601 (the SDK client does not check capabilities unless asked to).
    await expect(auditor.readResource({ uri: 'secret://z' })).rejects.toMatchObject({ code: -32601 });
  });
});
