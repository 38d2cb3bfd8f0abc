// A --grants client of the gateway (`servers`, `--config`) meets only the servers its grant can name a tool of: a
// server outside it is not started for the client's sessions, so its roots/list, sampling, elicitation and log
// messages never reach that client, nor the client's roots/list_changed it (a hunt's find: every server was started
// and relayed for every session). A client granted everything still gets them all, which shows the server asks.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  ListRootsRequestSchema,
  LoggingMessageNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { startProxy as start } from '../../src/proxy/index.js';
import { eventually } from '../cli/http-fixture.js';

const SERVER = new URL('./fixtures/asking-server.mjs', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'toolgate-gateway-grant-servers-'));
const RECORD = join(dir, 'record.txt');
const TOKENS = {
  ALL_TOKEN: 'all-token-0123456789abcdef',
  ONLY_A_TOKEN: 'only-a-token-0123456789abc',
  NONE_TOKEN: 'none-token-0123456789abcdef',
};
const GRANTS = join(dir, 'grants.json');
const clients = [
  { name: 'all', tokenEnv: 'ALL_TOKEN', allow: ['*'] },
  { name: 'onlya', tokenEnv: 'ONLY_A_TOKEN', allow: ['a__*'] },
  { name: 'none', tokenEnv: 'NONE_TOKEN', allow: ['c__*'] },
];

const running: { close(): Promise<void> }[] = [];
afterEach(async () => {
  vi.unstubAllEnvs();
  await Promise.all(running.splice(0).map((p) => p.close()));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A gateway of two asking servers, `a` and `b`, for the clients above; its URL. */
const startProxy = async (): Promise<string> => {
  writeFileSync(RECORD, '');
  writeFileSync(GRANTS, JSON.stringify({ clients }));
  for (const [name, value] of Object.entries(TOKENS)) vi.stubEnv(name, value);
  const asking = (name: string) => ({ command: process.execPath, args: [SERVER, name, RECORD] });
  const started = await start({ servers: { a: asking('a'), b: asking('b') }, listen: { port: 0, grants: GRANTS } });
  if (!started.ok) throw new Error(started.error.message);
  running.push(started.value);
  return started.value.url as string;
};

/** The record's lines of `server` saying `what`. */
const recorded = (server: string, what: string): number =>
  readFileSync(RECORD, 'utf8')
    .split('\n')
    .filter((line) => line === `${server} ${what}`).length;

/** The SDK client with roots, sampling and elicitation, on `url` with `token`; what the servers got to it. */
async function connect(url: string, token: string): Promise<{ client: Client; seen: string[] }> {
  const seen: string[] = [];
  const client = new Client(
    { name: 'grant-servers', version: '0' },
    { capabilities: { roots: { listChanged: true }, sampling: {}, elicitation: {} } },
  );
  client.setRequestHandler(ListRootsRequestSchema, async () => {
    seen.push('roots');
    return { roots: [{ uri: 'file:///home/secret-project', name: 'secret' }] };
  });
  client.setRequestHandler(CreateMessageRequestSchema, async (r) => {
    const content = r.params.messages[0]?.content;
    seen.push(`sampling: ${content !== undefined && 'text' in content ? content.text : '?'}`);
    return { role: 'assistant', model: 'm', content: { type: 'text', text: 'model output' } };
  });
  client.setRequestHandler(ElicitRequestSchema, async (r) => {
    seen.push(`elicitation: ${r.params.message}`);
    return { action: 'decline' };
  });
  client.setNotificationHandler(LoggingMessageNotificationSchema, async (n) => {
    seen.push(`log: ${String(n.params.data)}`);
  });
  const headers = { Authorization: `Bearer ${token}` };
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  return { client, seen };
}

const EVERYTHING = (server: string) => [
  'roots',
  `sampling: ${server} asks`,
  `elicitation: ${server} asks`,
  `log: ${server} log`,
];

describe('a --grants client of the gateway and the servers its grant reaches', () => {
  it("does not start a server it may use no tool of: that server's requests and log never reach it", async () => {
    const url = await startProxy();
    // Start-up opens every server once, to admit it, and stops them.
    const startUp = recorded('b', 'started');
    const all = await connect(url, TOKENS.ALL_TOKEN);
    await all.client.sendRootsListChanged();
    const both = [...EVERYTHING('a'), ...EVERYTHING('b')].sort();
    expect(await eventually(() => all.seen.length >= both.length)).toBe(true);
    expect([...all.seen].sort()).toEqual(both);
    expect(recorded('b', 'started')).toBe(startUp + 1);

    const onlyA = await connect(url, TOKENS.ONLY_A_TOKEN);
    expect((await onlyA.client.listTools()).tools.map((t) => t.name)).toEqual(['a__echo']);
    await onlyA.client.sendRootsListChanged();
    expect(await eventually(() => onlyA.seen.length >= 4)).toBe(true);
    // Had b been started for it, b would have asked at the moment a did: given time to arrive.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect([...onlyA.seen].sort()).toEqual([...EVERYTHING('a')].sort());
    expect(recorded('b', 'started')).toBe(startUp + 1);
    expect(recorded('b', 'notifications/roots/list_changed')).toBe(1);
    await all.client.close();
    await onlyA.client.close();
  }, 30_000);

  it('serves a client whose grant reaches no server: no tool, and no server started for it', async () => {
    const url = await startProxy();
    const startUp = recorded('a', 'started') + recorded('b', 'started');
    const none = await connect(url, TOKENS.NONE_TOKEN);
    expect((await none.client.listTools()).tools).toEqual([]);
    expect(recorded('a', 'started') + recorded('b', 'started')).toBe(startUp);
    await none.client.close();
  }, 30_000);
});
