// The gateway (`--config`) does not serve MCP 2026-07-28; over HTTP such a request is 400, but on stdio (a hunt's
// find) it was served as a 2025-11-25 one: a revision no one serves (2099-01-01) got a result, not -32022; a retry
// (`requestState`, `inputResponses`) ran the tool, not -32602; the envelope's `_meta` keys reached the server; and a
// server's `input_required` result reached the client, which the single proxy refuses with -32603. Every such
// request is -32022 now, naming the revisions the gateway serves (each with initialize), and nothing of it reaches a
// server; a notification carrying the envelope goes nowhere.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, modernEnvelope, POST_HEADERS, startProxy, stopAll } from '../cli/http-fixture.js';
import { RawCli } from '../cli/raw-cli.js';

const SERVER = join(new URL('../..', import.meta.url).pathname, 'test/cli/fixtures/revision-server.mjs');
const dir = mkdtempSync(join(tmpdir(), 'toolgate-gateway-modern-'));
const clis: RawCli[] = [];
afterAll(async () => {
  await stopAll();
  for (const c of clis) c.kill();
  rmSync(dir, { recursive: true, force: true });
});

/** A stdio gateway over one server `r` (revision-server.mjs) recording every line it reads in `record`. */
function gateway(record: string): RawCli {
  const config = join(dir, `${clis.length}.json`);
  const r = { command: process.execPath, args: [SERVER], env: { RECORD_FILE: record } };
  writeFileSync(config, JSON.stringify({ mcpServers: { r } }));
  const cli = new RawCli('proxy', ['--config', config]);
  clis.push(cli);
  return cli;
}

/** The lines the server read, parsed. */
const linesOf = (record: string): { method?: string; params?: Record<string, unknown> }[] => {
  try {
    return readFileSync(record, 'utf8')
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l));
  } catch {
    return [];
  }
};

const ENVELOPE_KEY = /io\.modelcontextprotocol\//;
const SERVED = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05', '2024-10-07'];
const CALL = 'tools/call';
const VERSION_KEY = 'io.modelcontextprotocol/protocolVersion';

const MODERN = modernEnvelope();
// What each request got before: a result (the server ran it), or the -32601 of a method 2025-11-25 lacks.
const CASES: [string, string, Record<string, unknown>, Record<string, unknown>][] = [
  ['a call the server answers input_required (was passed on)', CALL, { name: 'r__round' }, MODERN],
  ['a revision no one serves (was run)', CALL, { name: 'r__asked' }, modernEnvelope('2099-01-01')],
  ['a retry with requestState (was run)', CALL, { name: 'r__asked', requestState: 'x' }, MODERN],
  ['a retry with inputResponses (was run)', CALL, { name: 'r__asked', inputResponses: {} }, MODERN],
  ['a malformed envelope (was run)', CALL, { name: 'r__asked' }, { [VERSION_KEY]: '2026-07-28' }],
  ['a listing (was answered)', 'tools/list', {}, MODERN],
  ['the probe', 'server/discover', {}, MODERN],
];

describe('a stdio gateway refuses every 2026-07-28 request of a client that never initialized', () => {
  const record = join(dir, 'stateless.jsonl');
  let cli: RawCli;
  beforeAll(() => {
    cli = gateway(record);
  });

  it.each(CASES)(
    '%s: -32022 naming the revisions it serves',
    async (what, method, params, meta) => {
      const r = await cli.request(what, method, {
        ...(method === CALL ? { arguments: {} } : {}),
        ...params,
        _meta: meta,
      });
      expect(r.result).toBeUndefined();
      expect(r.error).toEqual({
        code: -32022,
        message: 'Unsupported protocol version',
        data: { supported: SERVED, requested: meta[VERSION_KEY] },
      });
    },
    30_000,
  );

  it('nothing of them reached the server: no call, no envelope key', () => {
    const lines = linesOf(record);
    expect(lines.filter((l) => l.method === CALL)).toEqual([]);
    expect(lines.filter((l) => ENVELOPE_KEY.test(JSON.stringify(l)))).toEqual([]);
  });
});

describe('a stdio gateway whose client initialized', () => {
  const record = join(dir, 'initialized.jsonl');
  let cli: RawCli;
  beforeAll(async () => {
    cli = gateway(record);
    await cli.request('init', 'initialize', {
      protocolVersion: '2025-11-25',
      capabilities: { elicitation: {} },
      clientInfo: { name: 'raw', version: '0' },
    });
    cli.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  }, 30_000);

  it('still refuses a 2026-07-28 request, and serves a 2025-11-25 one', async () => {
    const modern = await cli.request('m', CALL, { name: 'r__round', arguments: {}, _meta: modernEnvelope() });
    expect(modern.error?.code).toBe(-32022);
    expect(await cli.request('l', CALL, { name: 'r__asked', arguments: {} })).toMatchObject({
      result: { content: [{ type: 'text', text: '2025-11-25' }] },
    });
  }, 30_000);

  it('passes on no notification carrying the envelope: a cancellation of its call goes nowhere', async () => {
    // A call held open: the server's elicitation waits for the client's answer.
    cli.send({ jsonrpc: '2.0', id: 'e', method: CALL, params: { name: 'r__elicit', arguments: {} } });
    await cli.until((x) => x.method === 'elicitation/create');
    const cancel = { requestId: 'e', reason: 'stop' };
    cli.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { ...cancel, _meta: modernEnvelope() } });
    // One without the envelope after it: once it is read, the one before it was too (the relay keeps their order).
    cli.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: cancel });
    const cancels = () => linesOf(record).filter((l) => l.method === 'notifications/cancelled');
    expect(await eventually(() => cancels().length > 0, 20_000)).toBe(true);
    expect(linesOf(record).filter((l) => ENVELOPE_KEY.test(JSON.stringify(l)))).toEqual([]);
    // The id the server knows the call by (the gateway's own), in the one cancellation passed on.
    const held = linesOf(record).find((l) => l.method === CALL && l.params?.['name'] === 'elicit') as { id: number };
    expect(cancels()).toEqual([
      { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: held.id, reason: 'stop' } },
    ]);
  }, 30_000);
});

// A review's find: over HTTP the gateway answered an unknown MCP-Protocol-Version with -32022 naming 2026-07-28, which
// it does not serve (a dual-era client retrying with it got a plain 400), and a 2026-07-28 POST with -32600 where
// stdio says -32022: both name the revisions it serves, each with initialize, now.
describe('the gateway over HTTP names the revisions it serves, as on stdio', () => {
  let url = '';
  const record = join(dir, 'http.jsonl');
  beforeAll(async () => {
    const config = join(dir, 'http.json');
    const r = { command: process.execPath, args: [SERVER], env: { RECORD_FILE: record } };
    writeFileSync(config, JSON.stringify({ mcpServers: { r } }));
    url = (await startProxy(['--config', config, '--listen', '127.0.0.1:0'])).url;
  }, 30_000);

  const post = async (headers: Record<string, string>, params: Record<string, unknown>) => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: CALL, params });
    const res = await fetch(url, { method: 'POST', headers: { ...POST_HEADERS, ...headers }, body });
    return { status: res.status, body: (await res.json()) as { error?: { code: number; data?: unknown } } };
  };

  it.each([
    ['an unknown MCP-Protocol-Version', { 'mcp-protocol-version': '2099-01-01' }, { name: 'r__asked', arguments: {} }],
    [
      'a 2026-07-28 request',
      { 'mcp-protocol-version': '2026-07-28', 'mcp-method': CALL, 'mcp-name': 'r__asked' },
      { name: 'r__asked', arguments: {}, _meta: modernEnvelope() },
    ],
  ])(
    '%s: 400, -32022 naming the initialize revisions',
    async (_, headers, params) => {
      const { status, body } = await post(headers, params);
      expect(status).toBe(400);
      expect(body.error?.code).toBe(-32022);
      expect((body.error?.data as { supported?: unknown })?.supported).toEqual(SERVED);
      expect(linesOf(record).filter((l) => l.method === CALL)).toEqual([]);
    },
    30_000,
  );
});
