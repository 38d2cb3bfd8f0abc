// MCP 2026-07-28 (stateless: no initialize, each request's revision and capabilities in its own `_meta`) through
// `toolgate proxy`, with a client written from the specification's text, over `--listen` and on stdio: a request is
// judged against the catalog admitted once and mapped onto a session the proxy holds with a server that speaks
// 2025-11-25; what the transport requires (routing headers, envelope, revision, methods) is refused with the
// status and code the revision gives; what cannot be carried exactly (server requests, input_required rounds,
// a result with members only a 2026-07-28 server may send) is refused.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { childrenOf, eventually, modernEnvelope, recordOf, startProxy, stopAll } from './http-fixture.js';
import { RawCli } from './raw-cli.js';

const ROOT = new URL('../..', import.meta.url).pathname;
const RECORDING = join(ROOT, 'test/cli/fixtures/recording-server.mjs');
const REVISIONS = join(ROOT, 'test/cli/fixtures/revision-server.mjs');
const dir = mkdtempSync(join(tmpdir(), 'toolgate-stateless-'));
const RECORD = join(dir, 'record.jsonl');
const clis: RawCli[] = [];
afterAll(() => {
  stopAll();
  for (const c of clis) c.kill();
  rmSync(dir, { recursive: true, force: true });
});

/** The headers a 2026-07-28 client sends with `method` (and `name`, for tools/call, prompts/get, resources/read). */
const headersFor = (method: string, name?: string): Record<string, string> => ({
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': '2026-07-28',
  'mcp-method': method,
  ...(name === undefined ? {} : { 'mcp-name': name }),
});

interface Answer {
  readonly status: number;
  readonly session: string | null;
  readonly body: {
    id?: unknown;
    result?: Record<string, unknown>;
    error?: { code: number; message: string; data?: unknown };
  };
}

/** POSTs `body` with `headers`; the reply (the last SSE event's data when it streamed). */
async function post(url: string, headers: Record<string, string>, body: unknown): Promise<Answer> {
  const r = await fetch(url, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });
  const text = await r.text();
  const data = r.headers.get('content-type')?.includes('text/event-stream')
    ? (text
        .split('\n')
        .filter((l) => l.startsWith('data: '))
        .at(-1)
        ?.slice(6) ?? '')
    : text;
  return { status: r.status, session: r.headers.get('mcp-session-id'), body: data === '' ? {} : JSON.parse(data) };
}

/** A 2026-07-28 request to `url`, headers and body agreeing. */
const request = (url: string, id: number, method: string, params: Record<string, unknown> = {}) =>
  post(url, headersFor(method, (params['name'] ?? params['uri']) as string | undefined), {
    jsonrpc: '2.0',
    id,
    method,
    params: { ...params, _meta: modernEnvelope() },
  });

const textOf = (result: Record<string, unknown> | undefined): string =>
  ((result?.['content'] ?? []) as { text: string }[]).map((c) => c.text).join('');

describe('a 2026-07-28 client over --listen', async () => {
  const proxy = await startProxy([
    '--listen',
    '0',
    '--env',
    `RECORD_FILE=${RECORD}`,
    '--',
    process.execPath,
    RECORDING,
  ]);
  const url = proxy.url;

  it('is answered server/discover with the server this proxy admitted', async () => {
    const r = await request(url, 1, 'server/discover');
    expect(r.status).toBe(200);
    expect(r.session).toBeNull();
    expect(r.body.result).toEqual({
      resultType: 'complete',
      supportedVersions: ['2026-07-28'],
      // listChanged needs subscriptions/listen, which the proxy does not serve.
      capabilities: { tools: {} },
      _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'recording', version: '1.0.0' } },
      ttlMs: 0,
      cacheScope: 'private',
    });
  });

  it('lists the admitted tools, never cached', async () => {
    const r = await request(url, 2, 'tools/list');
    expect(r.body.result?.['resultType']).toBe('complete');
    expect(r.body.result?.['ttlMs']).toBe(0);
    expect(r.body.result?.['cacheScope']).toBe('private');
    const names = ((r.body.result?.['tools'] ?? []) as { name: string }[]).map((t) => t.name);
    expect(names).toContain('echo');
    expect(names).not.toContain('old'); // withheld at admission (draft-04)
  });

  it('validates a tools/call exactly as for a session: only the valid one reaches the server', async () => {
    const valid = await request(url, 3, 'tools/call', { name: 'echo', arguments: { text: 'hi' } });
    expect(valid.body.result?.['resultType']).toBe('complete');
    expect(textOf(valid.body.result)).toBe('{"text":"hi"}');
    const invalid = await request(url, 4, 'tools/call', { name: 'echo', arguments: { n: 1 } });
    expect(invalid.body.result?.['isError']).toBe(true);
    expect(invalid.body.result?.['resultType']).toBe('complete');
    const withheld = await request(url, 5, 'tools/call', { name: 'old', arguments: {} });
    expect(withheld.body.error?.code).toBe(-32602);
    expect(recordOf(RECORD).map((c) => c.args)).toEqual([{ text: 'hi' }]);
  });

  it('refuses a server request made during its call: the revision has input_required results instead', async () => {
    const r = await request(url, 6, 'tools/call', { name: 'ask', arguments: {} });
    expect(JSON.stringify(r.body)).toMatch(/input_required/);
  });

  it('holds one server session for every 2026-07-28 request, and gives no session id', async () => {
    await Promise.all(
      [7, 8, 9].map((id) => request(url, id, 'tools/call', { name: 'echo', arguments: { text: 'x' } })),
    );
    // One server remains, the shared session's. Counted by command line: the proxy runs from source here, and
    // tsx may start its esbuild service as another child of the same process.
    const servers = (): number[] =>
      childrenOf(proxy.child.pid as number).filter((pid) =>
        readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('recording-server'),
      );
    await eventually(() => servers().length === 1, 20_000);
    const left = servers();
    const seen = childrenOf(proxy.child.pid as number)
      .map((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' '))
      .join('\n');
    expect(left, `${seen}\n${proxy.output()}`).toHaveLength(1);
  });

  const call = { jsonrpc: '2.0', id: 21, method: 'tools/call', params: { name: 'echo', arguments: { text: 'a' } } };
  const withMeta = (meta: object, body: Record<string, unknown> = call) => ({
    ...body,
    params: { ...(body['params'] as object), _meta: meta },
  });
  const { 'mcp-name': _name, ...noName } = headersFor('tools/call', 'echo');
  const { 'mcp-method': _method, ...noMethod } = headersFor('tools/call', 'echo');
  const { 'mcp-protocol-version': _version, ...noVersion } = headersFor('tools/call', 'echo');
  it.each([
    ['without Mcp-Name', noName, withMeta(modernEnvelope()), 400, -32020],
    ['without Mcp-Method', noMethod, withMeta(modernEnvelope()), 400, -32020],
    ['without MCP-Protocol-Version', noVersion, withMeta(modernEnvelope()), 400, -32020],
    [
      'whose Mcp-Name is another tool',
      headersFor('tools/call', 'admin.reset'),
      withMeta(modernEnvelope()),
      400,
      -32020,
    ],
    [
      'without client capabilities',
      headersFor('tools/call', 'echo'),
      withMeta({ [Object.keys(modernEnvelope())[0] as string]: '2026-07-28' }),
      400,
      -32602,
    ],
    ['without _meta', headersFor('tools/call', 'echo'), call, 400, -32602],
    [
      'of a revision not served',
      { ...headersFor('tools/call', 'echo'), 'mcp-protocol-version': '2099-01-01' },
      withMeta(modernEnvelope('2099-01-01')),
      400,
      -32022,
    ],
    [
      'of a method the revision lacks (ping)',
      headersFor('ping'),
      { jsonrpc: '2.0', id: 21, method: 'ping', params: { _meta: modernEnvelope() } },
      404,
      -32601,
    ],
    [
      'initialize',
      headersFor('initialize'),
      { jsonrpc: '2.0', id: 21, method: 'initialize', params: { _meta: modernEnvelope() } },
      404,
      -32601,
    ],
    [
      'subscriptions/listen (not served)',
      headersFor('subscriptions/listen'),
      {
        jsonrpc: '2.0',
        id: 21,
        method: 'subscriptions/listen',
        params: { notifications: {}, _meta: modernEnvelope() },
      },
      404,
      -32601,
    ],
  ])('refuses a request %s', async (_what, headers, body, status, code) => {
    const before = recordOf(RECORD).length;
    const r = await post(url, headers as Record<string, string>, body);
    expect([r.status, r.body.error?.code, r.body.id]).toEqual([status, code, 21]);
    expect(recordOf(RECORD)).toHaveLength(before);
  });

  it('names the revisions served when it refuses one', async () => {
    const r = await post(
      url,
      { ...headersFor('server/discover'), 'mcp-protocol-version': 'v999.0.0' },
      {
        jsonrpc: '2.0',
        id: 301,
        method: 'server/discover',
        params: { _meta: modernEnvelope('v999.0.0') },
      },
    );
    expect(r.body).toMatchObject({
      id: 301,
      error: { code: -32022, data: { supported: ['2026-07-28'], requested: 'v999.0.0' } },
    });
  });

  it('refuses a retry of an input_required round the proxy never sent', async () => {
    const r = await request(url, 22, 'tools/call', { name: 'echo', arguments: { text: 'a' }, requestState: 'x' });
    expect(r.body.error?.code).toBe(-32602);
  });

  it('accepts a notification (none is defined over HTTP) with 202 and passes nothing on', async () => {
    const r = await fetch(url, {
      method: 'POST',
      headers: headersFor('notifications/cancelled'),
      body: JSON.stringify({
        jsonrpc: '2.0',
        method: 'notifications/cancelled',
        params: { requestId: 1, _meta: modernEnvelope() },
      }),
    });
    expect(r.status).toBe(202);
  });
});

describe('Mcp-Param-* headers of a 2026-07-28 call over --listen (x-mcp-header)', async () => {
  const proxy = await startProxy(['--listen', '0', '--', process.execPath, REVISIONS]);
  const routed = (headers: Record<string, string>, args: object) =>
    post(
      proxy.url,
      { ...headersFor('tools/call', 'routed'), ...headers },
      {
        jsonrpc: '2.0',
        id: 31,
        method: 'tools/call',
        params: { name: 'routed', arguments: args, _meta: modernEnvelope() },
      },
    );

  it('passes a call whose headers mirror its arguments', async () => {
    const r = await routed({ 'mcp-param-region': 'us', 'mcp-param-n': '42' }, { region: 'us', limits: { n: 42 } });
    expect([r.status, textOf(r.body.result)]).toEqual([200, '{"region":"us","limits":{"n":42}}']);
  });

  it.each([
    ['a header that names another value', { 'mcp-param-region': 'eu' }, { region: 'us' }],
    ['no header for a value', {}, { region: 'us' }],
    ['a header with no value', { 'mcp-param-n': '1' }, {}],
    ['an integer header in hex', { 'mcp-param-n': '0x2A' }, { limits: { n: 42 } }],
  ])('refuses %s with 400 and HeaderMismatch', async (_what, headers, args) => {
    const r = await routed(headers, args);
    expect([r.status, r.body.error?.code, r.body.id]).toEqual([400, -32020, 31]);
  });
});

describe('2026-07-28 clients with --grants', async () => {
  const grants = join(dir, 'grants.json');
  writeFileSync(
    grants,
    JSON.stringify({
      clients: [
        { name: 'ci', tokenEnv: 'CI_TOKEN', allow: ['echo'] },
        { name: 'dev', tokenEnv: 'DEV_TOKEN', allow: ['*'], deny: ['echo'] },
      ],
    }),
  );
  const tokens = { CI_TOKEN: 'ci-token-0123456789abcdef', DEV_TOKEN: 'dev-token-fedcba9876543210' };
  const proxy = await startProxy(['--listen', '0', '--grants', grants, '--', process.execPath, RECORDING], tokens);
  const as = (token: string, id: number, method: string, params: Record<string, unknown> = {}) =>
    post(
      proxy.url,
      { ...headersFor(method, params['name'] as string | undefined), authorization: `Bearer ${token}` },
      { jsonrpc: '2.0', id, method, params: { ...params, _meta: modernEnvelope() } },
    );
  const names = (r: Answer) => ((r.body.result?.['tools'] ?? []) as { name: string }[]).map((t) => t.name).sort();

  it('shows each client only its granted tools, and answers a call outside the grant as an unknown tool', async () => {
    expect(names(await as(tokens.CI_TOKEN, 1, 'tools/list'))).toEqual(['echo']);
    expect(names(await as(tokens.DEV_TOKEN, 2, 'tools/list'))).not.toContain('echo');
    const ci = await as(tokens.CI_TOKEN, 3, 'tools/call', { name: 'echo', arguments: { text: 'ci' } });
    expect(textOf(ci.body.result)).toBe('{"text":"ci"}');
    const dev = await as(tokens.DEV_TOKEN, 4, 'tools/call', { name: 'echo', arguments: { text: 'dev' } });
    expect(dev.body.error?.code).toBe(-32602);
    expect((await as('no-such-token-0123456789', 5, 'tools/list')).status).toBe(401);
  });
});

describe('a 2026-07-28 client on stdio (no initialize)', () => {
  const start = (): RawCli => {
    const cli = new RawCli('proxy', ['--', process.execPath, REVISIONS]);
    clis.push(cli);
    return cli;
  };
  const ask = (
    cli: RawCli,
    id: string,
    method: string,
    params: Record<string, unknown> = {},
    meta: object = modernEnvelope(),
  ) => cli.request(id, method, { ...params, _meta: meta });

  it('is served per request: discover, a listing without 2025-11-25 fields, a checked call', async () => {
    const cli = start();
    const discover = await ask(cli, 'd', 'server/discover');
    expect(discover.result).toMatchObject({
      supportedVersions: ['2026-07-28'],
      _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'revisions', version: '1' } },
    });
    const list = await ask(cli, 'l', 'tools/list');
    const report = (list.result?.tools ?? []).find((t) => t.name === 'report') as Record<string, unknown>;
    expect(report['icons']).toBeDefined();
    expect(report['execution']).toBeUndefined(); // a 2025-11-25 field the 2026-07-28 Tool does not have
    const ran = await ask(cli, 'c', 'tools/call', { name: 'report', arguments: {} });
    expect(ran.result).toMatchObject({ resultType: 'complete', structuredContent: { n: 1 } });
  }, 30_000);

  it('never passes on a result holding what only a 2026-07-28 server sends (an unchecked input_required)', async () => {
    const cli = start();
    const r = await ask(cli, 'r', 'tools/call', { name: 'round', arguments: {} });
    expect(r.error?.message).toMatch(/resultType, inputRequests.*only an MCP 2026-07-28 server/);
  }, 30_000);

  it('never sends it a server request; the server is told why', async () => {
    const cli = start();
    const r = await ask(
      cli,
      'e',
      'tools/call',
      { name: 'elicit', arguments: {} },
      modernEnvelope('2026-07-28', { elicitation: {} }),
    );
    expect(JSON.stringify(r.result)).toMatch(/input_required/);
    expect(cli.replies.some((x) => x.method === 'elicitation/create')).toBe(false);
  }, 30_000);

  it.each([
    ['a revision not served', 'tools/list', {}, modernEnvelope('2099-01-01'), -32022],
    ['no client capabilities', 'tools/list', {}, { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' }, -32602],
    ['a method the revision lacks', 'ping', {}, modernEnvelope(), -32601],
    ['a retry of a round never sent', 'tools/call', { name: 'asked', inputResponses: {} }, modernEnvelope(), -32602],
  ])(
    'refuses a request with %s',
    async (_what, method, params, meta, code) => {
      const cli = start();
      expect((await ask(cli, 'x', method, params, meta)).error?.code).toBe(code);
    },
    30_000,
  );
});
