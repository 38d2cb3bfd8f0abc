// A secret given to the proxy never comes back out: each --header value, each --env value set
// or passed through and the --auth-token-env token, echoed by a hostile upstream in a result, a JSON-RPC error,
// an HTTP error body, a notification, a tool's description or on stderr, reaches neither the client nor stderr
// nor --log, in any form (raw, JSON-escaped, \uXXXX-escaped, inside JSON text inside a string). Before the fix
// every one reached the client verbatim.
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDACTED } from '../../src/exec/mask-secrets.js';
import { secretForms } from '../../src/exec/secret-forms.js';
import { POST_HEADERS, startProxy, stopAll } from './http-fixture.js';
import { RawCli } from './raw-cli.js';

const LEAKY = join(new URL('../..', import.meta.url).pathname, 'test/cli/fixtures/secret-echo-server.mjs');
const dir = mkdtempSync(join(tmpdir(), 'toolgate-proxy-secrets-'));
const started: RawCli[] = [];
/** Set with --env KEY=VALUE: a quote, a backslash, non-ASCII. */
const SET = 'set-"tok\\é-4821';
/** Passed through with --env KEY: an astral character (two \uXXXX escapes). */
const PASSED = 'passed-😀-token-9d3e';
/** Seven characters: under the minimum, left alone (the documented limit). */
const SHORT = 'abc1234';

afterAll(async () => {
  for (const p of started) p.kill();
  await stopAll();
  rmSync(dir, { recursive: true, force: true });
});

/** Every form of each secret that shows in `text`. */
function leaks(text: string, secrets: readonly string[]): string[] {
  return secrets.flatMap((s) => secretForms(s).filter((f) => text.includes(f)));
}

describe('toolgate proxy masks the secrets of a stdio upstream', () => {
  it('in results, errors, notifications, stderr and --log: --env KEY=VALUE and passed-through --env KEY', async () => {
    const log = join(dir, 'calls.jsonl');
    const q = new RawCli(
      'proxy',
      [
        '--log',
        log,
        '--log-args',
        '--env',
        `SET_TOKEN=${SET}`,
        '--env',
        'PASSED_TOKEN',
        '--env',
        `SHORT=${SHORT}`,
        '--',
        process.execPath,
        LEAKY,
      ],
      { PASSED_TOKEN: PASSED },
    );
    started.push(q);
    await q.initialize();
    const calls: [string, string, string][] = [
      ['set', 'env', 'SET_TOKEN'],
      ['passed', 'env', 'PASSED_TOKEN'],
      ['error', 'env-error', 'SET_TOKEN'],
      ['error2', 'env-error', 'PASSED_TOKEN'],
      ['echo', 'echo', SET],
      ['short', 'env', 'SHORT'],
    ];
    for (const [id, name, key] of calls) {
      q.call(id, name, { key });
      await q.until((r) => r.id === id);
    }
    q.child.stdin.end();
    expect((await q.exited).code).toBe(0);
    const out = JSON.stringify(q.replies);
    expect(leaks(out, [SET, PASSED])).toEqual([]);
    expect(leaks(q.stderr, [SET, PASSED])).toEqual([]);
    expect(leaks(readFileSync(log, 'utf8'), [SET, PASSED])).toEqual([]);
    const set = q.replies.find((r) => r.id === 'set');
    expect(set?.result?.content?.map((c) => c.text)).toEqual([
      REDACTED,
      JSON.stringify({ value: REDACTED }),
      JSON.stringify({ python: REDACTED }),
      REDACTED,
    ]);
    expect(JSON.stringify(set?.result)).toContain(`"structured":{"${REDACTED}":"${REDACTED}"}`);
    expect(q.replies.find((r) => r.id === 'error')?.error?.message).toBe(`failed with ${REDACTED}`);
    expect(q.replies.filter((r) => r.method === 'notifications/message').length).toBe(calls.length);
    // Under eight characters a value is not masked in what the client reads (docs/proxy.md says so).
    expect(out).toContain(SHORT);
  }, 30_000);
});

describe('toolgate proxy masks a secret in a long stderr line passed on in pieces', () => {
  const SPLIT = join(new URL('../..', import.meta.url).pathname, 'test/cli/fixtures/split-stderr-server.mjs');
  /** The proxy's stderr after one call of `split` in `mode`, and how it exited; `url`: a second secret (URL). */
  async function split(mode: string, token = SET, url?: string): Promise<{ stderr: string; code: number | null }> {
    const second = url === undefined ? [] : ['--env', `URL=${url}`];
    const q = new RawCli('proxy', ['--env', `TOKEN=${token}`, ...second, '--', process.execPath, SPLIT]);
    started.push(q);
    await q.initialize();
    q.call('s', 'split', { mode });
    await q.until((r) => r.id === 's');
    if (mode !== 'tail') q.child.stdin.end();
    const { code } = await q.exited;
    return { stderr: q.stderr, code };
  }

  // A value without escapes: all its forms one length, so a piece of the long line ends inside it.
  const PLAIN = 'SECRETVALUE-0123456789';
  it.each([
    ['halves', 'written in two halves', SET, ' end'],
    ['whole', 'written whole where a piece would end', PLAIN, ' abc end'],
    // A review's find: the piece ended where the base64 form began, so the group before it (one byte before the
    // value and its first two) was passed on in the piece before, unmasked.
    ['base64', 'in base64 where a piece would end', PLAIN, ' abc end'],
    // Another: the pieces were cut by the exact forms, so a lowercase-escaped one straddled two pieces, unmasked.
    ['lowercase', 'URL-encoded in lowercase hex where a piece would end', 'de4d/b33f+tok3n', ' abc end'],
  ])(
    'a value %s (%s) is masked whole',
    async (mode, _, token, after) => {
      const { stderr, code } = await split(mode, token);
      expect(code).toBe(0);
      expect(stderr).toContain(`token=${REDACTED}${after}`);
      expect(leaks(stderr, [token])).toEqual([]);
    },
    30_000,
  );

  it('a line of the value back to back is withheld, not held without end or cut in quadratic time', async () => {
    const { stderr, code } = await split('flood', 'SECRETVALUE-0123456789');
    expect(code).toBe(0);
    expect(stderr).toMatch(/characters of the MCP server's stderr withheld: a run of a secret's forms/);
    expect(stderr).toContain(`${REDACTED} end`);
    expect(leaks(stderr, ['SECRETVALUE-0123456789'])).toEqual([]);
    expect(stderr).not.toMatch(/SECRET|VALUE|0123|6789/);
  }, 30_000);

  it('a run of a secret holding a shorter one is withheld whole: none of the longer shows', async () => {
    const { stderr, code } = await split('nested', 'admin', 'postgresql://admin:pA55w0rd-XYZ@db.internal:5432/prod');
    expect(code).toBe(0);
    expect(stderr).toMatch(/characters of the MCP server's stderr withheld/);
    expect(stderr).not.toMatch(/pA55w0rd|db\.internal|postgresql/);
  }, 30_000);

  it('a chain of two secrets each beginning where the other ends is withheld: no middle of either shows', async () => {
    const { stderr, code } = await split('chain', 'Kx7mQ2vR9tLp', 'tLpSECRETpart42Kx7');
    expect(code).toBe(0);
    expect(stderr).toMatch(/characters of the MCP server's stderr withheld/);
    expect(stderr).not.toMatch(/SECRET|part42|mQ2vR9/);
  }, 30_000);

  it('a last line without a newline is passed on whole when the server exits, on its own line', async () => {
    const { stderr, code } = await split('tail');
    expect(code).toBe(1);
    expect(stderr).toMatch(/x TAIL-OF-LINE\ntoolgate proxy: /);
  }, 30_000);
});

/** The bearer token of --header "Authorization: Bearer env:UP_TOKEN" (a quote and a backslash). */
const UP_TOKEN = 'up-"7c1e\\secret-token';
/** The value of --header "X-Api-Key: ...". */
const API_KEY = 'key-5f2a9c1e-api';
const HEADER_SECRETS = [UP_TOKEN, API_KEY];
/** The proxy's options that give it both secrets. */
const HEADER_ARGS = ['--header', 'Authorization: Bearer env:UP_TOKEN', '--header', `X-Api-Key: ${API_KEY}`];

/** A hostile Streamable HTTP upstream that echoes the request's headers in every answer it can give. */
function leakyHttpServer(): Promise<{ server: Server; url: string }> {
  const server = createServer(async (req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    if (req.method !== 'POST') return void res.writeHead(405).end();
    const m = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
      id?: unknown;
      method?: string;
      params?: { name?: string };
    };
    const echo = `auth=${req.headers.authorization} key=${req.headers['x-api-key']}`;
    const json = (body: unknown): void => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    if (m.id === undefined) return void res.writeHead(202).end();
    if (m.method === 'initialize')
      return json({
        jsonrpc: '2.0',
        id: m.id,
        result: {
          protocolVersion: '2025-06-18',
          capabilities: { tools: {}, logging: {} },
          serverInfo: { name: 'l', version: '1' },
        },
      });
    if (m.method === 'tools/list') {
      const tools = ['rpc-error', 'http-error', 'sse'].map((name) => ({ name, inputSchema: { type: 'object' } }));
      // The header values echoed in a tool's description and in a property's: in what every session is sent.
      const described = {
        name: 'described',
        description: echo,
        inputSchema: { type: 'object', properties: { q: { type: 'string', description: echo } } },
      };
      return json({ jsonrpc: '2.0', id: m.id, result: { tools: [...tools, described] } });
    }
    const name = m.params?.name;
    if (name === 'rpc-error')
      return json({ jsonrpc: '2.0', id: m.id, error: { code: -32000, message: echo, data: echo } });
    if (name === 'http-error') {
      res.writeHead(500, { 'content-type': 'application/json' });
      return void res.end(JSON.stringify({ jsonrpc: '2.0', id: m.id, error: { code: -32000, message: echo } }));
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const note = { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: echo } };
    res.write(`data: ${JSON.stringify(note)}\n\n`);
    const result = {
      content: [
        { type: 'text', text: echo },
        { type: 'text', text: JSON.stringify({ echo }) },
      ],
    };
    res.end(`data: ${JSON.stringify({ jsonrpc: '2.0', id: m.id, result })}\n\n`);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address() as { port: number };
      resolve({ server, url: `http://127.0.0.1:${address.port}/mcp` });
    }),
  );
}

describe('toolgate proxy masks the --header values of an HTTP upstream', () => {
  let upstream: { server: Server; url: string };
  beforeAll(async () => {
    upstream = await leakyHttpServer();
  });
  afterAll(() => {
    upstream.server.closeAllConnections();
    upstream.server.close();
  });

  it('in its JSON-RPC error, its HTTP error body, its SSE notification and result', async () => {
    const log = join(dir, 'http-calls.jsonl');
    const p = new RawCli('proxy', ['--url', upstream.url, ...HEADER_ARGS, '--log', log], { UP_TOKEN });
    started.push(p);
    await p.initialize();
    for (const name of ['rpc-error', 'http-error', 'sse']) {
      p.call(name, name, {});
      await p.until((r) => r.id === name);
    }
    p.child.stdin.end();
    expect((await p.exited).code).toBe(0);
    const out = JSON.stringify(p.replies);
    expect(leaks(out, HEADER_SECRETS)).toEqual([]);
    expect(leaks(p.stderr, HEADER_SECRETS)).toEqual([]);
    expect(leaks(readFileSync(log, 'utf8'), HEADER_SECRETS)).toEqual([]);
    expect(p.replies.find((r) => r.id === 'rpc-error')?.error?.message).toBe(`auth=${REDACTED} key=${REDACTED}`);
    expect(p.replies.find((r) => r.id === 'http-error')?.error?.message).toMatch(/HTTP 500/);
    expect(p.replies.find((r) => r.id === 'sse')?.result?.content?.[0]?.text).toBe(`auth=${REDACTED} key=${REDACTED}`);
    expect(p.replies.find((r) => r.method === 'notifications/message')?.params?.['data']).toBe(
      `auth=${REDACTED} key=${REDACTED}`,
    );
  }, 30_000);

  // The listing is admitted once and its answer encoded once for every session that lists the same catalog
  // (src/proxy/admission.ts): each session's copy is still masked. Two SDK clients, so the second is sent the
  // shared bytes.
  it('in the descriptions two SDK clients read, the second over the shared admission', async () => {
    const proxy = await startProxy(['--listen', '0', '--url', upstream.url, ...HEADER_ARGS], { UP_TOKEN });
    const listed: string[] = [];
    for (const name of ['first', 'second']) {
      const client = new Client({ name, version: '0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(proxy.url)));
      const { tools } = await client.listTools();
      listed.push(JSON.stringify(tools));
      expect(tools.find((t) => t.name === 'described')?.description).toBe(`auth=${REDACTED} key=${REDACTED}`);
      await client.close();
    }
    expect(leaks(listed.join('\n'), HEADER_SECRETS)).toEqual([]);
    expect(leaks(proxy.output(), HEADER_SECRETS)).toEqual([]);
  }, 30_000);
});

describe('toolgate proxy --listen masks its own token and the --env values', () => {
  it('in what a client reads over HTTP (JSON body and SSE stream)', async () => {
    const TOKEN = 'listen-token-0a9b8c7d6e';
    const proxy = await startProxy(
      ['--listen', '0', '--auth-token-env', 'PROXY_TOKEN', '--env', `SET_TOKEN=${SET}`, '--', process.execPath, LEAKY],
      { PROXY_TOKEN: TOKEN },
    );
    const headers = { ...POST_HEADERS, authorization: `Bearer ${TOKEN}`, 'mcp-protocol-version': '2025-06-18' };
    const post = (body: unknown, session?: string): Promise<Response> =>
      fetch(proxy.url, {
        method: 'POST',
        headers: session === undefined ? headers : { ...headers, 'mcp-session-id': session },
        body: JSON.stringify(body),
      });
    const init = await post({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'r', version: '0' } },
    });
    await init.text();
    const session = init.headers.get('mcp-session-id') as string;
    await (await post({ jsonrpc: '2.0', method: 'notifications/initialized' }, session)).text();
    const texts: string[] = [];
    for (const [id, name, key] of [
      [1, 'echo', TOKEN],
      [2, 'env', 'SET_TOKEN'],
      [3, 'env-error', 'SET_TOKEN'],
    ] as const) {
      const r = await post({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: { key } } }, session);
      texts.push(await r.text());
    }
    const all = texts.join('\n');
    expect(leaks(all, [TOKEN, SET])).toEqual([]);
    expect(leaks(proxy.output(), [TOKEN, SET])).toEqual([]);
    expect(all).toContain(REDACTED);
  }, 30_000);
});
