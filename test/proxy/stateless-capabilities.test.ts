// `--stateless` (listen.stateless): every HTTP client shares one session, so no client's `initialize` capabilities
// may judge what another is sent (a hunt's find: each initialize overwrote the session's one record, and once any
// client had declared `elicitation.url` every other got a -32042's URL elicitations and the server's
// notifications/elicitation/complete; a later client without it took them from everyone). A shared session keeps
// no client's capabilities, so a legacy client gets neither; a 2026-07-28 request is judged by the capabilities
// its own `_meta` declares. The same for the gateway's shared set. The server is a raw Streamable HTTP one, which
// sends the elicitation/complete on the call's own stream (so the proxy knows which request it belongs to).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startProxy } from '../../src/proxy/index.js';
import { modernEnvelope, POST_HEADERS } from '../cli/http-fixture.js';
import { type PostServer, startPostServer } from '../cli/post-server.js';

const URL_MODE = { elicitation: { url: {} } };
const elicitations = [{ mode: 'url', message: 'open', elicitationId: 'e1', url: 'https://example.com/login' }];
/** The server's answer to a call of `needs-url`, and to every resources/read. */
const NEEDS_URL = { code: -32042, message: 'URL elicitation required', data: { elicitations } };
const STRIPPED = { code: NEEDS_URL.code, message: NEEDS_URL.message };
/** What the server sends on a call of `complete`'s stream before its answer. */
const COMPLETE = { jsonrpc: '2.0', method: 'notifications/elicitation/complete', params: { elicitationId: 'e1' } };

let server: PostServer;
beforeAll(async () => {
  server = await startPostServer((m, _req, res) => {
    if (m.id === undefined) return void res.writeHead(202).end();
    const answer = (body: object) => JSON.stringify({ jsonrpc: '2.0', id: m.id, ...body });
    const name = (m.params as { name?: string } | undefined)?.name;
    if (m.method === 'tools/call' && name === 'complete') {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(`data: ${JSON.stringify(COMPLETE)}\n\n`);
      return void res.end(`data: ${answer({ result: { content: [{ type: 'text', text: 'done' }] } })}\n\n`);
    }
    const result =
      m.method === 'initialize'
        ? {
            protocolVersion: '2025-11-25',
            capabilities: { tools: {}, resources: {} },
            serverInfo: { name: 'raw', version: '1' },
          }
        : { tools: ['needs-url', 'complete'].map((tool) => ({ name: tool, inputSchema: { type: 'object' } })) };
    const body = m.method === 'tools/call' || m.method === 'resources/read' ? { error: NEEDS_URL } : { result };
    res.writeHead(200, { 'content-type': 'application/json' }).end(answer(body));
  });
});
afterAll(() => server.close());

const running: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((p) => p.close()));
});

/** A --stateless proxy in front of the server: alone, or as the gateway's server `a`; its URL. */
async function proxy(gateway: boolean): Promise<string> {
  const upstream = { url: `${server.origin}/mcp` };
  const listen = { port: 0, stateless: true };
  const started = await startProxy(gateway ? { servers: { a: upstream }, listen } : { upstream, listen });
  if (!started.ok) throw new Error(started.error.message);
  running.push(started.value);
  return started.value.url as string;
}

/** Every JSON-RPC message of a POST's answer (one JSON body, or its SSE events). */
async function post(url: string, body: object, headers: Record<string, string> = {}): Promise<object[]> {
  const r = await fetch(url, { method: 'POST', headers: { ...POST_HEADERS, ...headers }, body: JSON.stringify(body) });
  const text = await r.text();
  if (!r.headers.get('content-type')?.includes('text/event-stream')) return text === '' ? [] : [JSON.parse(text)];
  return text
    .split('\n')
    .filter((l) => l.startsWith('data: '))
    .map((l) => JSON.parse(l.slice(6)));
}

/** A client's initialize in the shared session, declaring `capabilities`. */
const initialize = (url: string, capabilities: object) =>
  post(url, {
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities, clientInfo: { name: 'c', version: '0' } },
  });

/**
 * A tools/call of `name` (a resources/read of `resource:<uri>`): a legacy one (`caps` undefined: its client never
 * initialized, it shares the session others did), or a 2026-07-28 one declaring `caps` in its `_meta`.
 */
function call(url: string, name: string, caps?: object): Promise<object[]> {
  const modern = caps !== undefined;
  const uri = name.startsWith('resource:') ? name.slice('resource:'.length) : undefined;
  const method = uri === undefined ? 'tools/call' : 'resources/read';
  const headers = modern ? { 'mcp-protocol-version': '2026-07-28', 'mcp-method': method, 'mcp-name': uri ?? name } : {};
  const meta = modern ? { _meta: modernEnvelope('2026-07-28', caps) } : {};
  const params = uri === undefined ? { name, arguments: {}, ...meta } : { uri, ...meta };
  return post(url, { jsonrpc: '2.0', id: 7, method, params }, headers);
}

/** The error a call of `needs-url` (or a resources/read) got, as its client read it. */
const needsUrl = async (url: string, name: string, caps?: object) =>
  ((await call(url, name, caps)).at(-1) as { error?: unknown }).error;
/** Whether a call of `complete` got the server's elicitation/complete on its stream. */
const completed = async (url: string, name: string, caps?: object) =>
  (await call(url, name, caps)).some((m) => (m as { method?: string }).method === COMPLETE.method);

describe('--stateless judges no client by the capabilities another declared', () => {
  it('a legacy client by none, a 2026-07-28 request by its own', async () => {
    const url = await proxy(false);
    // One client declares URL mode: the others, legacy or 2026-07-28, declared none.
    await initialize(url, URL_MODE);
    expect(await needsUrl(url, 'needs-url')).toEqual(STRIPPED);
    expect(await completed(url, 'complete')).toBe(false);
    expect(await needsUrl(url, 'needs-url', {})).toEqual(STRIPPED);
    expect(await needsUrl(url, 'resource:file:///r')).toEqual(STRIPPED);
    expect(await needsUrl(url, 'resource:file:///r', {})).toEqual(STRIPPED);
    expect(await completed(url, 'complete', {})).toBe(false);
    // A client declaring none initializes: a 2026-07-28 request declaring URL mode keeps what it takes.
    await initialize(url, {});
    expect(await needsUrl(url, 'needs-url', URL_MODE)).toEqual(NEEDS_URL);
    expect(await needsUrl(url, 'resource:file:///r', URL_MODE)).toEqual(NEEDS_URL);
    // Not notifications/elicitation/complete, though: 2026-07-28 does not define it (stateless-request-asks.test.ts).
    expect(await completed(url, 'complete', URL_MODE)).toBe(false);
  });

  it("the gateway: a legacy client gets no -32042's URL elicitations another client declared it takes", async () => {
    const url = await proxy(true);
    await initialize(url, URL_MODE);
    expect(await needsUrl(url, 'a__needs-url')).toEqual(STRIPPED);
  });
});
