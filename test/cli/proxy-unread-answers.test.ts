// Final answers a `--listen` client never reads (src/proxy/unread-answers.ts): past the bound on what a session
// leaves unread the proxy closes connections instead of keeping every answer, while a client that reads one large
// answer slowly gets all of it. Real processes: the proxy from source, in front of fixtures/holding-server.mjs,
// and raw sockets that stop reading.
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_UNREAD_ANSWER_BYTES } from '../../src/proxy/unread-answers.js';
import { eventually, openRawSession, startProxy, stopAll } from './http-fixture.js';

const SERVER = join(new URL('../..', import.meta.url).pathname, 'test/cli/fixtures/holding-server.mjs');
// Larger than what the kernel's socket buffers take from a connection never read (some MB on loopback).
const ANSWER = 12_000_000;
const ARGS = ['--listen', '0', '--max-result', '20000000', '--', process.execPath, SERVER];
const sockets: Socket[] = [];

afterAll(async () => {
  for (const s of sockets) s.destroy();
  await stopAll();
});

/** A raw connection POSTing a `big` call of `bytes`, paused before it reads anything; its bytes once resumed. */
function unreadCall(url: string, sid: string, id: number, bytes: number) {
  const u = new URL(url);
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name: 'big', arguments: { bytes } },
  });
  const s = connect(Number(u.port), u.hostname);
  sockets.push(s);
  s.pause();
  s.write(
    `POST ${u.pathname} HTTP/1.1\r\nHost: ${u.host}\r\nContent-Type: application/json\r\n` +
      `Accept: application/json, text/event-stream\r\nMcp-Session-Id: ${sid}\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
  const chunks: Buffer[] = [];
  s.on('data', (d: Buffer) => chunks.push(d));
  s.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => s.on('close', () => resolve()));
  /** Whether the whole body its Content-Length announced came. */
  const whole = (): boolean => {
    const text = Buffer.concat(chunks).toString('latin1');
    const head = text.indexOf('\r\n\r\n');
    const length = /content-length: (\d+)/i.exec(text.slice(0, head))?.[1];
    return head >= 0 && length !== undefined && text.length - head - 4 >= Number(length);
  };
  return { socket: s, closed, whole };
}

describe('toolgate proxy --listen, answers a client never reads', () => {
  it('closes connections past the bound on unread answers of a session, the first answer kept', async () => {
    const proxy = await startProxy(ARGS);
    const sid = await openRawSession(proxy.url);
    // Five answers of 12 MB: past the bound of 16 MiB from the second on.
    const count = Math.ceil((3 * MAX_UNREAD_ANSWER_BYTES) / ANSWER);
    const calls: ReturnType<typeof unreadCall>[] = [];
    for (let i = 0; i < count; i++) {
      calls.push(unreadCall(proxy.url, sid, i + 1, ANSWER));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await eventually(() => /did not read its answers/.test(proxy.output()), 15_000)).toBe(true);
    // Read now: the connections cut off end short of their Content-Length (but for what the kernel had taken
    // already); the oldest answer came whole.
    for (const c of calls) c.socket.resume();
    const settled = Promise.all(calls.map((c) => c.closed));
    await eventually(() => calls.every((c) => c.whole() || c.socket.destroyed), 15_000);
    const whole = calls.filter((c) => c.whole()).length;
    expect(calls[0]?.whole()).toBe(true);
    expect(whole).toBeLessThan(count);
    for (const c of calls) c.socket.destroy();
    await settled;
  }, 60_000);

  it('lets a client that reads late take its one large answer whole', async () => {
    const proxy = await startProxy(ARGS);
    const sid = await openRawSession(proxy.url);
    const call = unreadCall(proxy.url, sid, 1, ANSWER);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    call.socket.resume();
    expect(await eventually(call.whole, 15_000)).toBe(true);
    expect(proxy.output()).not.toMatch(/did not read/);
  }, 30_000);
});
