// What `toolgate proxy --listen` forwards, proved by the raw recording server behind it,
// with raw HTTP bodies: the attack text's own `__proto__` member never reaches the server, a call without
// arguments is forwarded with `{}`, and a method MCP does not define (gets -32601; a result whose JSON holds raw
// CRs reaches the client as one SSE event.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST_HEADERS, startProxy, stopAll, type Running } from './http-fixture.js';
import { ATTACK, callsOf, carriesProto, linesOf, methodsIn } from './forward-fixture.js';

const RAW = join(new URL('../..', import.meta.url).pathname, 'test/cli/fixtures/raw-recording-server.mjs');
const dir = mkdtempSync(join(tmpdir(), 'toolgate-proxy-http-forward-'));
const record = join(dir, 'record.jsonl');
let proxy: Running;
let session = '';

/** POSTs `body` in the session; its JSON reply. */
async function post(body: string): Promise<{ result?: { isError?: boolean }; error?: { code: number } }> {
  const r = await fetch(proxy.url, {
    method: 'POST',
    headers: { ...POST_HEADERS, 'mcp-session-id': session, 'mcp-protocol-version': '2025-06-18' },
    body,
  });
  return (await r.json()) as { result?: { isError?: boolean }; error?: { code: number } };
}

beforeAll(async () => {
  proxy = await startProxy(['--listen', '0', '--env', `RECORD_FILE=${record}`, '--', process.execPath, RAW]);
  const init = await fetch(proxy.url, {
    method: 'POST',
    headers: POST_HEADERS,
    body:
      '{"jsonrpc":"2.0","id":0,"method":"initialize",' +
      '"params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"r","version":"0"}}}',
  });
  await init.text();
  session = init.headers.get('mcp-session-id') as string;
  await fetch(proxy.url, {
    method: 'POST',
    headers: { ...POST_HEADERS, 'mcp-session-id': session, 'mcp-protocol-version': '2025-06-18' },
    body: '{"jsonrpc":"2.0","method":"notifications/initialized"}',
  });
}, 30_000);
afterAll(async () => {
  await stopAll();
  rmSync(dir, { recursive: true, force: true });
});

describe('proxy --listen forwards a tools/call rebuilt from what was checked', () => {
  it('forwards only name and the validated arguments of the __proto__ attack text', async () => {
    const r = await post(`{"jsonrpc":"2.0","id":"attack","method":"tools/call","params":${ATTACK}}`);
    expect(r.result?.isError).toBeUndefined();
    const calls = callsOf(record);
    expect(calls).toEqual([{ name: 'echo', arguments: { msg: 'ok' } }]);
    expect(linesOf(record).some((l) => carriesProto(JSON.parse(l)))).toBe(false);
  });

  it("sends a stdio server's result holding raw CRs as one SSE event (a CR ends an SSE line)", async () => {
    const r = await fetch(proxy.url, {
      method: 'POST',
      headers: { ...POST_HEADERS, 'mcp-session-id': session, 'mcp-protocol-version': '2025-06-18' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 'cr',
        method: 'tools/call',
        params: { name: 'cr-result', _meta: { progressToken: 7 } },
      }),
    });
    expect(r.headers.get('content-type')).toBe('text/event-stream');
    const text = await r.text();
    expect(text).not.toContain('\r');
    const answer = text.split('\n').findLast((l) => l.startsWith('data: ')) ?? '';
    expect(JSON.parse(answer.slice(6))).toEqual({
      jsonrpc: '2.0',
      id: 'cr',
      result: { content: [{ type: 'text', text: 'ok' }] },
    });
  });

  it('forwards a call without arguments with arguments {}', async () => {
    await post('{"jsonrpc":"2.0","id":"bare","method":"tools/call","params":{"name":"open"}}');
    expect(callsOf(record).at(-1)).toEqual({ name: 'open', arguments: {} });
  });

  it('forwards no _meta whose progressToken is neither a string nor a number (an SDK server drops it)', async () => {
    for (const [id, token] of [
      ['t1', '{"x":1}'],
      ['t2', 'null'],
      ['t3', 'true'],
    ]) {
      const r = await post(
        `{"jsonrpc":"2.0","id":"${id}","method":"tools/call",` +
          `"params":{"name":"open","arguments":{},"_meta":{"progressToken":${token}}}}`,
      );
      expect(r.result?.isError).toBeUndefined();
      expect(callsOf(record).at(-1)).toEqual({ name: 'open', arguments: {} });
    }
    await post('{"jsonrpc":"2.0","id":"t4","method":"ping","params":{"_meta":{"progressToken":[1]}}}');
    const ping = linesOf(record).findLast((l) => l.includes('"ping"')) ?? '';
    expect(JSON.parse(ping).params?._meta).toBeUndefined();
  });

  it('refuses a relayed request that carries __proto__ with -32602', async () => {
    const r = await post('{"jsonrpc":"2.0","id":"p","method":"prompts/get","params":{"name":"a","__proto__":{}}}');
    expect(r.error?.code).toBe(-32602);
    expect(linesOf(record).some((l) => l.includes('prompts/get'))).toBe(false);
  });
});

describe('proxy --listen forwards only the methods MCP defines for the negotiated revision', () => {
  it.each([
    ['Tools/Call', '"Tools/Call"'],
    ['a trailing space', '"tools/call "'],
    ['a trailing NUL', '"tools/call\\u0000"'],
    ['an unknown method', '"admin/run"'],
  ])('answers %s with -32601, and the server never sees it', async (what, method) => {
    const id = `m-${what}`;
    const r = await post(
      `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"method":${method},` +
        '"params":{"name":"echo","arguments":{"msg":"x"},"uri":"file:///a"}}',
    );
    expect(r.error?.code).toBe(-32601);
    expect(methodsIn(record)).not.toContain(JSON.parse(method));
  });
});
