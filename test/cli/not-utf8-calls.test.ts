// A client's message that is not UTF-8 is refused (by its id, -32600; -32700 when none can be read; over --listen
// 400), on the proxy's stdio, over --listen and by serve: read as UTF-8 anyway, its byte 0xFF became U+FFFD,
// validated and forwarded, so the server (and serve's program) ran with a value the client never sent (a hunt of
// the docs' promises: serve refuses a lone surrogate because it "would reach the program as U+FFFD"; MCP
// "Transports": messages MUST be UTF-8).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openRawSession, POST_HEADERS, recordOf, startProxy, stopAll } from './http-fixture.js';
import { RawCli } from './raw-cli.js';

const ROOT = new URL('../..', import.meta.url).pathname;
const RECORDING = join(ROOT, 'test/cli/fixtures/recording-server.mjs');
const dir = mkdtempSync(join(tmpdir(), 'toolgate-not-utf8-'));
const running: RawCli[] = [];
afterAll(async () => {
  for (const r of running) r.kill();
  await stopAll();
  rmSync(dir, { recursive: true, force: true });
});

/** A tools/call line whose argument `text` holds the byte 0xFF, as raw bytes. */
const badCall = (name: string, key: string): Buffer =>
  Buffer.concat([
    Buffer.from(`{"jsonrpc":"2.0","id":"bad","method":"tools/call",`),
    Buffer.from(`"params":{"name":"${name}","arguments":{"${key}":"a`),
    Buffer.from([0xff]),
    Buffer.from('b"}}}\n'),
  ]);

describe('a message that is not UTF-8', () => {
  it('proxy on stdio: refused by its id (-32700 without one), and the server never sees the call', async () => {
    const record = join(dir, 'stdio.jsonl');
    const proxy = new RawCli('proxy', ['--env', `RECORD_FILE=${record}`, process.execPath, RECORDING]);
    running.push(proxy);
    await proxy.initialize();
    proxy.child.stdin.write(badCall('echo', 'text'));
    // Answered by its id (a newcomer's find: a parse error with id null left its sender waiting).
    const refused = await proxy.until((r) => r.id === 'bad');
    expect(refused.error?.code).toBe(-32600);
    expect(refused.error?.message).toContain('the request line is not UTF-8');
    // A line whose id cannot be read: a parse error.
    proxy.child.stdin.write(Buffer.from([0xff, 0xfe, 0x0a]));
    const unread = await proxy.until((r) => r.error?.code === -32700);
    expect(unread.id).toBeNull();
    expect(unread.error?.message).toContain('not UTF-8');
    proxy.call('ok', 'echo', { text: 'fine' });
    await proxy.until((r) => r.id === 'ok');
    expect(recordOf(record).map((r) => r.args)).toEqual([{ text: 'fine' }]);
  }, 30_000);

  it('proxy over --listen: 400 with -32700, and the server never sees the call', async () => {
    const record = join(dir, 'http.jsonl');
    const proxy = await startProxy(['--listen', '0', '--env', `RECORD_FILE=${record}`, process.execPath, RECORDING]);
    const session = await openRawSession(proxy.url);
    const headers = { ...POST_HEADERS, 'mcp-session-id': session };
    const bad = await fetch(proxy.url, { method: 'POST', headers, body: badCall('echo', 'text') });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { code: number } }).error.code).toBe(-32700);
    const ok = await fetch(proxy.url, {
      method: 'POST',
      headers,
      body: '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","arguments":{"text":"fine"}}}',
    });
    expect(ok.status).toBe(200);
    await ok.text();
    expect(recordOf(record).map((r) => r.args)).toEqual([{ text: 'fine' }]);
  }, 30_000);

  it('serve: refused by its id, and the program does not run', async () => {
    const serve = new RawCli('serve', ['--name', 'say', '--exec', 'printf', '--', '--', '%s', '{message}']);
    running.push(serve);
    await serve.initialize();
    serve.child.stdin.write(badCall('say', 'message'));
    const refused = await serve.until((r) => r.id === 'bad');
    expect(refused.error?.code).toBe(-32600);
    expect(refused.error?.message).toContain('the request line is not UTF-8');
    serve.call('ok', 'say', { message: 'fine' });
    expect(await serve.textOf('ok')).toBe('fine');
    // The bad call got no result of its own: the program ran once, for "fine".
    expect(serve.replies.filter((r) => r.result !== undefined && r.id === 'bad')).toEqual([]);
  }, 30_000);
});
