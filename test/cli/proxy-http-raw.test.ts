// `toolgate proxy --listen` driven by raw HTTP requests, for what the SDK's client hides: the arguments of a
// tools/call are judged as the text of the body (a duplicate key is refused, never collapsed by a parse), and a
// server-to-client request made during a call reaches a client that has no GET stream, on the call's own POST
// response turned into an SSE stream.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  childrenOf,
  eventually,
  openRawSession,
  POST_HEADERS,
  recordOf,
  startProxy,
  stopAll,
  type Running,
} from './http-fixture.js';

const RECORDING = join(new URL('../..', import.meta.url).pathname, 'test/cli/fixtures/recording-server.mjs');
const dir = mkdtempSync(join(tmpdir(), 'toolgate-proxy-raw-'));
const record = join(dir, 'record.jsonl');
let proxy: Running;
let session = '';

/** POSTs `body` in the session. */
function post(body: string): Promise<Response> {
  return fetch(proxy.url, {
    method: 'POST',
    headers: {
      ...POST_HEADERS,
      'mcp-session-id': session,
      'mcp-protocol-version': '2025-06-18',
    },
    body,
  });
}

beforeAll(async () => {
  proxy = await startProxy(['--listen', '0', '--env', `RECORD_FILE=${record}`, '--', process.execPath, RECORDING]);
  const init = await fetch(proxy.url, {
    method: 'POST',
    headers: POST_HEADERS,
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: {
        protocolVersion: '2025-06-18',
        capabilities: { sampling: {} },
        clientInfo: { name: 'r', version: '0' },
      },
    }),
  });
  await init.text();
  session = init.headers.get('mcp-session-id') as string;
  expect((await post('{"jsonrpc":"2.0","method":"notifications/initialized"}')).status).toBe(202);
}, 30_000);
afterAll(async () => {
  await stopAll();
  rmSync(dir, { recursive: true, force: true });
});

describe('toolgate proxy --listen, raw', () => {
  it('judges tools/call arguments as the text of the body', async () => {
    const r = await post(
      '{"jsonrpc":"2.0","id":"d","method":"tools/call","params":{"name":"echo","arguments":{"text":"a","text":"b"}}}',
    );
    expect(r.headers.get('content-type')).toBe('application/json');
    const body = (await r.json()) as { id: string; result: { isError: boolean; content: { text: string }[] } };
    expect(body.id).toBe('d');
    expect(body.result.isError).toBe(true);
    expect(body.result.content[0]?.text).toMatch(/duplicate/);
    const big = await post(
      '{"jsonrpc":"2.0","id":"n","method":"tools/call",' +
        '"params":{"name":"echo","arguments":{"text":"a","n":9007199254740993}}}',
    );
    expect(((await big.json()) as { result: { isError: boolean } }).result.isError).toBe(true);
    expect(recordOf(record).filter((c) => c.name === 'echo')).toEqual([]);
  });

  it("sends a server-to-client request on the call's own stream when the client has no GET stream", async () => {
    const r = await post('{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"ask","arguments":{}}}');
    expect(r.headers.get('content-type')).toBe('text/event-stream');
    const reader = (r.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = '';
    const events = (): { id?: unknown; method?: string; result?: { content: { text: string }[] } }[] =>
      [...text.matchAll(/^data: (.*)$/gm)].map((m) => JSON.parse(m[1] as string));
    while (!events().some((e) => e.method === 'sampling/createMessage')) {
      const { value } = await reader.read();
      text += decoder.decode(value, { stream: true });
    }
    const asked = events().find((e) => e.method === 'sampling/createMessage');
    const answer = { role: 'assistant', content: { type: 'text', text: 'raw' }, model: 'm' };
    expect((await post(JSON.stringify({ jsonrpc: '2.0', id: asked?.id, result: answer }))).status).toBe(202);
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    const reply = events().find((e) => e.id === 7);
    expect(reply?.result?.content[0]?.text).toBe('sampled: raw');
  }, 20_000);

  it('lets a session whose client left mid-call idle out, its process with it', async () => {
    const idle = await startProxy(['--listen', '0', '--session-idle', '1', '--', process.execPath, RECORDING]);
    const headers = POST_HEADERS;
    const id = await openRawSession(idle.url);
    const pid = idle.child.pid as number;
    expect(await eventually(() => childrenOf(pid).length === 1)).toBe(true);
    // A call that never ends, whose client gives up: nothing waits for it any more, so the session can idle.
    const gaveUp = new AbortController();
    const hanging = fetch(idle.url, {
      method: 'POST',
      headers: { ...headers, 'mcp-session-id': id },
      body: '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"hang","arguments":{}}}',
      signal: gaveUp.signal,
    }).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 300));
    gaveUp.abort();
    await hanging;
    expect(await eventually(() => childrenOf(pid).length === 0, 6000)).toBe(true);
    expect(idle.output()).toMatch(/was idle for --session-idle/);
  }, 30_000);
});
