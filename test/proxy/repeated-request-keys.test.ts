// A hunt's find: a key a client's message gave twice was read as JSON.parse kept it (the last). `"name":"hdr",
// "name":"echo"` under `Mcp-Name: echo` ran echo while a reader in front keeping the first (a gateway routing by the
// body, an audit log) saw hdr; so with `method`, `id`, `_meta` and the protocol version inside `_meta`. A tools/call
// giving a key twice is answered as one giving `params` twice was (isError, nothing forwarded); any other message is
// refused as an invalid request. Over --listen (2026-07-28 and a legacy session) and over stdio.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProxy } from '../../src/proxy/index.js';
import { modernEnvelope, openRawSession, POST_HEADERS } from '../cli/http-fixture.js';
import { RawCli } from '../cli/raw-cli.js';

const SERVER = new URL('fixtures/hdr-echo-server.mjs', import.meta.url).pathname;
const DIR = mkdtempSync(join(tmpdir(), 'toolgate-repeated-keys-'));
const V = '"io.modelcontextprotocol/protocolVersion"';
const ENVELOPE = JSON.stringify(modernEnvelope());
const ENVELOPE_BODY = ENVELOPE.slice(1, -1);
afterAll(() => rmSync(DIR, { recursive: true, force: true }));

/** The tools/call lines a server recorded: only the calls made with `{"text":"once"}` may be there. */
function callsReaching(record: string): string[] {
  let text = '';
  try {
    text = readFileSync(record, 'utf8');
  } catch {}
  return text.split('\n').filter((l) => l.includes('"tools/call"') || l.includes('"resources/read"'));
}

/** A tools/call's text: `head` before params (its jsonrpc, id and method), and `params`. */
const callText = (params: string, head = '"jsonrpc":"2.0","id":7,"method":"tools/call"') =>
  `{${head},"params":${params}}`;

/** Each tools/call given a key twice (`%M`: where its `_meta` goes), and the key. */
const TWICE: readonly (readonly [string, string, string])[] = [
  ['name: hdr first, echo last', callText('{"name":"hdr","name":"echo","arguments":{"text":"a"}%M}'), 'name'],
  ['params', callText('{"name":"hdr","arguments":{}%M},"params":{"name":"echo","arguments":{}%M}'), 'params'],
  [
    'method: tools/list first',
    callText('{"name":"echo","arguments":{}%M}', '"jsonrpc":"2.0","id":7,"method":"tools/list","method":"tools/call"'),
    'method',
  ],
  ['id', callText('{"name":"echo","arguments":{}%M}', '"jsonrpc":"2.0","id":6,"id":7,"method":"tools/call"'), 'id'],
  ['_meta', callText('{"name":"echo","arguments":{},"_meta":{"progressToken":1}%M}'), '_meta'],
];
/** `text` with each `%M` as a `_meta`: the 2026-07-28 envelope, or an empty one (a legacy call). */
const withMeta = (text: string, modern: boolean) => text.replaceAll('%M', `,"_meta":${modern ? ENVELOPE : '{}'}`);
const refusal = (key: string) => `error: invalid arguments for echo: the request has "${key}" twice`;

describe('over --listen', () => {
  const record = join(DIR, 'http.jsonl');
  let url = '';
  let close: () => Promise<void> = async () => undefined;
  beforeAll(async () => {
    const started = await startProxy({
      upstream: { command: process.execPath, args: [SERVER], env: { RECORD_FILE: record } },
      listen: { port: 0 },
    });
    if (!started.ok) throw new Error(started.error.message);
    url = started.value.url as string;
    close = () => started.value.close();
  });
  afterAll(() => close());

  /** POSTs `body` with `headers`: the status and the JSON-RPC message answered (an SSE event's data or the body). */
  const post = async (headers: Record<string, string>, body: string): Promise<[number, Record<string, unknown>]> => {
    const r = await fetch(url, { method: 'POST', headers: { ...POST_HEADERS, ...headers }, body });
    const text = await r.text();
    return [r.status, JSON.parse(text.replace(/^(event|id|data): ?/gm, ''))];
  };
  const MODERN = { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'echo' };
  /** The text of a call's result, or its error as JSON. */
  const textOf = (m: Record<string, unknown>): string => {
    const result = m['result'] as { content?: { text: string }[] } | undefined;
    return result?.content?.map((c) => c.text).join('') ?? JSON.stringify(m['error']);
  };

  it('2026-07-28, each key once (Mcp-Name: echo): the call runs', async () => {
    const [status, m] = await post(MODERN, withMeta(callText('{"name":"echo","arguments":{"text":"once"}%M}'), true));
    expect([status, textOf(m)]).toEqual([200, 'echo {"text":"once"}']);
  });

  it.each(TWICE)('2026-07-28 (Mcp-Name: echo), %s given twice: refused, nothing forwarded', async (_, text, key) => {
    const [status, m] = await post(MODERN, withMeta(text, true));
    expect([status, textOf(m)]).toEqual([200, expect.stringContaining(refusal(key))]);
    expect(m['result']).toMatchObject({ isError: true });
  });

  it('2026-07-28, the protocol version in _meta twice (2099-01-01, then 2026-07-28): refused', async () => {
    const meta = `{${V}:"2099-01-01",${ENVELOPE_BODY}}`;
    const [status, m] = await post(MODERN, callText(`{"name":"echo","arguments":{},"_meta":${meta}}`));
    expect([status, textOf(m)]).toEqual([200, expect.stringContaining(refusal(V.slice(1, -1)))]);
  });

  it('2026-07-28 tools/list with a key twice in its _meta: 400, invalid request', async () => {
    const meta = `{${V}:"2099-01-01",${ENVELOPE_BODY}}`;
    const body = `{"jsonrpc":"2.0","id":8,"method":"tools/list","params":{"_meta":${meta}}}`;
    const [status, m] = await post({ 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/list' }, body);
    expect([status, m]).toEqual([
      400,
      {
        jsonrpc: '2.0',
        id: 8,
        error: { code: -32600, message: `Invalid Request: the message has ${V} twice in one object` },
      },
    ]);
  });

  it.each(TWICE)('a legacy session, %s given twice: refused, nothing forwarded', async (_, text, key) => {
    const session = await openRawSession(url);
    const [status, m] = await post({ 'mcp-session-id': session }, withMeta(text, false));
    expect([status, textOf(m)]).toEqual([200, expect.stringContaining(refusal(key))]);
  });

  it('a legacy session, resources/read with its uri twice: 400, invalid request', async () => {
    const session = await openRawSession(url);
    const body = '{"jsonrpc":"2.0","id":9,"method":"resources/read","params":{"uri":"file:///a","uri":"file:///b"}}';
    const [status, m] = await post({ 'mcp-session-id': session }, body);
    expect([status, m['error']]).toEqual([
      400,
      { code: -32600, message: 'Invalid Request: the message has "uri" twice in one object' },
    ]);
  });

  it('the server was sent only the calls given each key once', () => {
    const reached = callsReaching(record);
    expect(reached).toHaveLength(1);
    expect(reached[0]).toContain('"once"');
  });
});

describe('the gateway (--config) over --listen', () => {
  const record = join(DIR, 'gateway.jsonl');
  it('name given twice (a__hdr, then a__echo): refused, nothing forwarded', async () => {
    const upstream = { command: process.execPath, args: [SERVER], env: { RECORD_FILE: record } };
    const started = await startProxy({ servers: { a: upstream }, listen: { port: 0 } });
    if (!started.ok) throw new Error(started.error.message);
    try {
      const url = started.value.url as string;
      const session = await openRawSession(url);
      const r = await fetch(url, {
        method: 'POST',
        headers: { ...POST_HEADERS, 'mcp-session-id': session },
        body: callText('{"name":"a__hdr","name":"a__echo","arguments":{}}'),
      });
      const text = (await r.text()).replace(/^(event|id|data): ?/gm, '');
      expect(JSON.parse(text)).toMatchObject({
        result: {
          content: [{ text: 'error: invalid arguments for a__echo: the request has "name" twice' }],
          isError: true,
        },
      });
      expect(callsReaching(record)).toEqual([]);
    } finally {
      await started.value.close();
    }
  });
});

describe('over stdio', () => {
  const record = join(DIR, 'stdio.jsonl');
  let cli: RawCli;
  beforeAll(async () => {
    cli = new RawCli('proxy', ['--env', `RECORD_FILE=${record}`, '--', process.execPath, SERVER]);
    await cli.initialize();
  });
  afterAll(() => cli.kill());

  it.each([false, true])('2026-07-28 %s: each key once, the call runs', async (modern) => {
    const id = `once-${modern}`;
    cli.send(
      withMeta(
        callText('{"name":"echo","arguments":{"text":"once"}%M}', `"jsonrpc":"2.0","id":"${id}","method":"tools/call"`),
        modern,
      ),
    );
    expect(await cli.textOf(id)).toBe('echo {"text":"once"}');
  });

  it.each(TWICE.flatMap(([what, text, key]) => [false, true].map((modern) => [what, modern, text, key] as const)))(
    '%s given twice (2026-07-28 %s): refused, nothing forwarded',
    async (_, modern, text, key) => {
      cli.send(withMeta(text, modern).replaceAll('"id":7', `"id":"${key}-${modern}"`));
      const id = `${key}-${modern}`;
      expect(await cli.textOf(id)).toBe(refusal(key));
    },
  );

  it.each([
    [
      'method twice, tools/list last',
      '{"jsonrpc":"2.0","id":"l1","method":"tools/call","method":"tools/list"}',
      'l1',
      'method',
    ],
    [
      'a key twice in _meta',
      '{"jsonrpc":"2.0","id":"l2","method":"tools/list","params":{"_meta":{"a":1,"a":2}}}',
      'l2',
      'a',
    ],
    ['id twice (answered with none)', '{"jsonrpc":"2.0","id":"l3","id":"l4","method":"tools/list"}', null, 'id'],
  ])('tools/list, %s: invalid request', async (_, line, id, key) => {
    cli.send(line);
    const message = `invalid request: the message has "${key}" twice in one object; it was dropped`;
    expect(await cli.until((r) => r.error?.message === message)).toEqual({
      jsonrpc: '2.0',
      id,
      error: { code: -32600, message },
    });
  });

  it('the server was sent only the calls given each key once', async () => {
    cli.send('{"jsonrpc":"2.0","id":"last","method":"ping"}');
    await cli.until((r) => r.id === 'last');
    const reached = callsReaching(record);
    expect(reached).toHaveLength(2);
    for (const line of reached) expect(line).toContain('"once"');
  });
});
