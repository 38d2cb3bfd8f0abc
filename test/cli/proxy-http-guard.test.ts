// What `toolgate proxy --listen` refuses before anything reaches a session, with raw HTTP requests: a foreign
// Origin (403), a missing or wrong token (401), bodies that are too large (413), not JSON (400 with a JSON-RPC
// parse error) or not one message (400), unknown sessions (404), resumption (400); the proxy keeps serving after
// each. The token is never printed. The options that would expose the proxy are refused at start.
import { request } from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerMatches } from '../../src/proxy/http-guard.js';
import { type Running, startProxy, stopAll } from './http-fixture.js';
import { runInProcess } from './run-cli.js';

const RECORDING = join(new URL('../..', import.meta.url).pathname, 'test/cli/fixtures/recording-server.mjs');
const TOKEN = 'tok-51d0c9e2a7f4b8e6';
const INIT = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
};
let proxy: Running;

beforeAll(async () => {
  proxy = await startProxy(
    [
      '--listen',
      '0',
      '--auth-token-env',
      'PROXY_TOKEN',
      '--allow-origin',
      'https://ok.example',
      '--',
      process.execPath,
      RECORDING,
    ],
    { PROXY_TOKEN: TOKEN },
  );
}, 30_000);
afterAll(() => stopAll());

/** A request to the proxy with the right token and the transport's headers unless `headers` says otherwise. */
function send(body: string | undefined, headers: Record<string, string> = {}, method = 'POST', path = '/mcp') {
  return fetch(new URL(path, proxy.url), {
    method,
    headers: {
      authorization: `Bearer ${TOKEN}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...headers,
    },
    ...(body !== undefined ? { body } : {}),
  });
}

/** Opens a session; its id. */
async function session(): Promise<string> {
  const r = await send(JSON.stringify(INIT));
  expect(r.status).toBe(200);
  await r.text();
  return r.headers.get('mcp-session-id') as string;
}

describe('toolgate proxy --listen refuses', () => {
  it.each([
    ['no token', { authorization: '' }, 401],
    ['a wrong token', { authorization: 'Bearer tok-51d0c9e2a7f4b8e7' }, 401],
    ['the token without its scheme', { authorization: TOKEN }, 401],
    ['a foreign Origin', { origin: 'https://evil.example' }, 403],
    ['a foreign Origin with a right token', { origin: 'http://ok.example' }, 403],
    ['an unknown protocol version', { 'mcp-protocol-version': '1999-01-01' }, 400],
    ['a body that is not JSON typed', { 'content-type': 'text/plain' }, 415],
    ['a client that cannot read SSE', { accept: 'application/json' }, 406],
    ['a body typed JSONP (a media type is compared whole)', { 'content-type': 'application/jsonp' }, 415],
    // A hunt's note: a gzip-coded body was read as if it were the JSON text (RFC 9110 §8.4 answers 415).
    ['a body with a Content-Encoding', { 'content-encoding': 'gzip' }, 415],
    ['a client that says it cannot read SSE (q=0)', { accept: 'application/json, text/event-stream;q=0' }, 406],
    ['a client that says it cannot read JSON (q=0)', { accept: 'application/json;q=0, text/event-stream' }, 406],
  ])('%s', async (_, headers, status) => {
    const r = await send(JSON.stringify(INIT), headers);
    expect(r.status).toBe(status);
    const body = (await r.json()) as { error: { message: string } };
    expect(body.error.message).not.toContain(TOKEN);
    if (status === 401) expect(r.headers.get('www-authenticate')).toBe('Bearer');
  });

  it('a rebound DNS name as Host (fetch cannot set Host: node:http does)', async () => {
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const req = request(proxy.url, {
        method: 'POST',
        headers: { host: 'attacker.example:80', authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode);
      });
      req.on('error', reject);
      req.end(JSON.stringify(INIT));
    });
    expect(status).toBe(403);
  });

  it('a request with two Host lines, the first loopback and the second a rebound name', async () => {
    const { port } = new URL(proxy.url);
    const head =
      `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nHost: attacker.example\r\n` +
      `Authorization: Bearer ${TOKEN}\r\nContent-Type: application/json\r\n` +
      `Accept: application/json, text/event-stream\r\nContent-Length: ${JSON.stringify(INIT).length}\r\n\r\n`;
    const answer = await new Promise<string>((resolve) => {
      let text = '';
      const socket = connect(Number(port), '127.0.0.1', () => socket.write(head + JSON.stringify(INIT)));
      socket.on('data', (d) => {
        text += d.toString('latin1');
      });
      socket.on('error', () => undefined);
      socket.on('close', () => resolve(text));
      setTimeout(() => socket.destroy(), 5000);
    });
    expect(answer).toMatch(/^HTTP\/1.1 400/);
  });

  /** The status of an initialize POSTed with these Host and Origin headers (fetch cannot set Host). */
  const hostAndOrigin = (host: string, origin: string): Promise<number | undefined> =>
    new Promise((resolve, reject) => {
      const req = request(proxy.url, {
        method: 'POST',
        headers: {
          host,
          origin,
          authorization: `Bearer ${TOKEN}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode);
      });
      req.on('error', reject);
      req.end(JSON.stringify(INIT));
    });

  // MCP 2026-07-28 (SEP-2243): a gateway routing by header and a server reading the body must see one call.
  it.each([
    ['Mcp-Method', { 'mcp-method': 'tools/list' }],
    ['Mcp-Name', { 'mcp-method': 'tools/call', 'mcp-name': 'admin.reset' }],
  ])('a request whose %s header disagrees with its body, with 400 and HeaderMismatch', async (_, headers) => {
    const id = await session();
    const call = { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'echo', arguments: { text: 'x' } } };
    const r = await send(JSON.stringify(call), { 'mcp-session-id': id, ...headers });
    expect(r.status).toBe(400);
    const body = (await r.json()) as { id: unknown; error: { code: number; message: string } };
    expect(body.id).toBe(7);
    expect(body.error.code).toBe(-32020);
    expect(body.error.message).toMatch(/disagrees with the body/);
    const agreeing = await send(JSON.stringify(call), {
      'mcp-session-id': id,
      'mcp-method': 'tools/call',
      'mcp-name': 'echo',
    });
    expect(agreeing.status).toBe(200);
    await agreeing.text();
  });

  // The MCP conformance suite's dns-rebinding-protection: a loopback Host with its own Origin is served.
  it.each([
    ['its own origin', (port: string) => [`127.0.0.1:${port}`, `http://127.0.0.1:${port}`], 200],
    ['its own origin named localhost', (port: string) => [`localhost:${port}`, `http://localhost:${port}`], 200],
    ['its own origin in capitals', (port: string) => [`LOCALHOST:${port}`, `http://localhost:${port}`], 200],
    ['another port of this machine', (port: string) => [`127.0.0.1:${port}`, 'http://127.0.0.1:1'], 403],
    [
      'a loopback Origin for another loopback Host',
      (port: string) => [`localhost:${port}`, `http://127.0.0.1:${port}`],
      403,
    ],
    ['https with the same host', (port: string) => [`127.0.0.1:${port}`, `https://127.0.0.1:${port}`], 403],
    ['a rebound name with its own origin', () => ['evil.example', 'http://evil.example'], 403],
    ['a Host of 127/8 with a part over 255', () => ['127.999.999.999', 'http://127.999.999.999'], 403],
    ['a loopback Host with a port of 6 digits', () => ['127.0.0.1:000080', 'http://127.0.0.1:000080'], 403],
    ['another address of 127/8 with its own origin', () => ['127.0.0.2', 'http://127.0.0.2'], 200],
  ])('a request from %s', async (_, pair, status) => {
    const [host, origin] = pair(new URL(proxy.url).port) as [string, string];
    expect(await hostAndOrigin(host, origin)).toBe(status);
  });

  it('serves an allowed Origin and a request without one', async () => {
    const r = await send(JSON.stringify(INIT), { origin: 'https://ok.example' });
    expect(r.status).toBe(200);
    expect(((await r.json()) as { result: { serverInfo: { name: string } } }).result.serverInfo.name).toBe('recording');
  });

  it.each([
    ['not JSON', '{"jsonrpc":', 400, -32700],
    ['a batch', `[${JSON.stringify(INIT)}]`, 400, -32600],
    ['not JSON-RPC', '{"hello":1}', 400, -32600],
  ])('a body that is %s with a JSON-RPC error, and keeps serving', async (_, body, status, code) => {
    const r = await send(body);
    expect(r.status).toBe(status);
    expect(((await r.json()) as { error: { code: number } }).error.code).toBe(code);
    expect((await send(JSON.stringify(INIT))).status).toBe(200);
  });

  it('a body over the limit with 413, and keeps serving', async () => {
    const big = JSON.stringify({ ...INIT, params: { ...INIT.params, pad: 'x'.repeat(10 * 1024 * 1024) } });
    const r = await send(big);
    expect(r.status).toBe(413);
    expect((await send(JSON.stringify(INIT))).status).toBe(200);
  }, 20_000);

  it('requests without a session, with an unknown one, and resumption', async () => {
    const list = '{"jsonrpc":"2.0","id":2,"method":"tools/list"}';
    expect((await send(list)).status).toBe(400);
    expect((await send(list, { 'mcp-session-id': 'no-such-session' })).status).toBe(404);
    const id = await session();
    expect((await send(list, { 'mcp-session-id': id })).status).toBe(200);
    const resume = await send(
      undefined,
      { 'mcp-session-id': id, accept: 'text/event-stream', 'last-event-id': '3' },
      'GET',
    );
    expect(resume.status).toBe(400);
    expect(((await resume.json()) as { error: { message: string } }).error.message).toMatch(/Last-Event-ID/);
    expect((await send(undefined, { 'mcp-session-id': id }, 'PUT')).status).toBe(405);
    expect((await send(undefined, {}, 'GET', '/other')).status).toBe(404);
    expect((await send(undefined, { 'mcp-session-id': id }, 'DELETE')).status).toBe(200);
    expect((await send(list, { 'mcp-session-id': id })).status).toBe(404);
  });

  it('serves the SDK client that sends the token, and never prints it', async () => {
    const client = new Client({ name: 't', version: '0' });
    const transport = new StreamableHTTPClientTransport(new URL(proxy.url), {
      requestInit: { headers: { authorization: `Bearer ${TOKEN}` } },
    });
    await client.connect(transport);
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    await transport.terminateSession();
    await client.close();
    expect(proxy.output()).not.toContain(TOKEN);
  }, 20_000);
});

describe('toolgate proxy --listen options', () => {
  const env = process.env;
  beforeAll(() => {
    process.env = { ...env, SHORT_TOKEN: 'short', LONG_TOKEN: TOKEN };
  });
  afterAll(() => {
    process.env = env;
  });
  it.each([
    [['--listen', '0.0.0.0:0'], /--listen "0\.0\.0\.0:0" is reachable from other machines: give --auth-token-env/],
    [['--listen', '[::]:8080'], /reachable from other machines/],
    [['--listen', '0', '--auth-token-env', 'SHORT_TOKEN'], /at least 16 characters/],
    [['--listen', '0', '--auth-token-env', 'UNSET_TOKEN_X'], /UNSET_TOKEN_X is not set/],
    [['--listen', 'host:99999'], /--listen needs <port> or <host>:<port>/],
    [['--auth-token-env', 'LONG_TOKEN'], /--auth-token-env needs --listen/],
    [['--stateless'], /--stateless needs --listen/],
    [['--listen', '0', '--stateless', '--max-sessions', '3'], /--stateless keeps no sessions/],
    [['--listen', '0', '--max-sessions', '0'], /--max-sessions must be a whole number/],
    [['--listen', '0', '--max-connections', '1.5'], /--max-connections must be a whole number from 1 to 1000000/],
    [['--max-connections', '10'], /--max-connections needs --listen/],
    [['--listen', '0', '--allow-origin', 'https://a.example/path'], /--allow-origin needs scheme:\/\/host/],
  ])('refuses %j with exit 2', async (argv, message) => {
    const r = await runInProcess(['proxy', ...argv, '--', 'never-started']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(message);
    expect(r.err).not.toContain(TOKEN);
  });
});

describe('toolgate proxy --url', () => {
  it('refuses a URL with credentials (a process list shows them), never printing them', async () => {
    const r = await runInProcess(['proxy', '--url', 'http://u:pa55-9f1e@127.0.0.1:9/mcp']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--url must not carry credentials/);
    expect(r.err).not.toContain('pa55-9f1e');
  });
});

describe('bearerMatches', () => {
  it.each([
    [`Bearer ${TOKEN}`, true],
    [`bearer ${TOKEN}`, true],
    [`Bearer  ${TOKEN} `, true],
    [`Bearer ${TOKEN}x`, false],
    [`Bearer ${TOKEN.slice(0, -1)}`, false],
    [TOKEN, false],
    ['Bearer ', false],
    [undefined, false],
  ])('%j: %s', (header, expected) => {
    expect(bearerMatches(header, TOKEN)).toBe(expected);
  });
});
