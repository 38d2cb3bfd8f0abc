// What a `--listen` session's clients leave unread on its SSE streams is bounded for the session, not per stream,
// and for all sessions together (src/proxy/unread-streams.ts): each waiting POST's response becomes a stream once
// its server sends progress for it, so with a bound per stream a session's 100 waiting calls held 100 times it (a
// server sending 1 MiB progress notifications to a client that never read: 970 MB), and with a bound per session
// --max-sessions sessions held that many times it (32 sessions: 140 MiB held); and a stream of a session that
// ended is let go as an unread answer is (src/proxy/unread-answers.ts). Real processes: the proxy from
// source, in front of fixtures/flood-server.mjs, and raw sockets that stop reading.
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ANSWER_STALL_MS } from '../../src/proxy/unread-answers.js';
import { eventually, openRawSession, POST_HEADERS, startProxy, stopAll } from './http-fixture.js';

const FLOOD = join(new URL('../..', import.meta.url).pathname, 'test/cli/fixtures/flood-server.mjs');
const sockets: Socket[] = [];
const LIST = '{"jsonrpc":"2.0","id":9,"method":"tools/list"}';

afterAll(async () => {
  for (const s of sockets) s.destroy();
  await stopAll();
});

/** POSTs a call of the fixture's `progress` tool on a raw connection that never reads its answer. */
function unreadProgress(url: string, sid: string, id: number): void {
  const u = new URL(url);
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name: 'progress', arguments: {}, _meta: { progressToken: id } },
  });
  const socket = connect(Number(u.port), u.hostname, () => {
    socket.pause();
    socket.write(
      `POST ${u.pathname} HTTP/1.1\r\nHost: ${u.host}\r\nContent-Type: application/json\r\n` +
        `Accept: application/json, text/event-stream\r\nMcp-Session-Id: ${sid}\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  });
  socket.on('error', () => undefined);
  sockets.push(socket);
}

describe('toolgate proxy --listen, calls whose progress a client never reads', () => {
  it('closes streams once the session holds more than the bound on all its streams together', async () => {
    const proxy = await startProxy(['--listen', '0', '--', process.execPath, FLOOD]);
    const sid = await openRawSession(proxy.url);
    // 7 MiB each, under the bound on one stream (8 MiB); 16 of them far over it together, whatever the kernel takes.
    for (let id = 1; id <= 16; id++) unreadProgress(proxy.url, sid, id);
    expect(await eventually(() => /did not read its stream; it was closed/.test(proxy.output()), 15_000)).toBe(true);
  }, 30_000);

  it('closes streams once all sessions together hold more than the bound on a front', async () => {
    // 12 sessions of three unread calls: 21 MiB offered each, what the kernel does not take held up to the bound on
    // one session (8 MiB), so about 96 MiB together, over the bound on all of them (64 MiB) by a third.
    const proxy = await startProxy(['--listen', '0', '--max-sessions', '12', '--', process.execPath, FLOOD]);
    const sids: string[] = [];
    for (let i = 0; i < 12; i++) sids.push(await openRawSession(proxy.url));
    for (const sid of sids) for (let id = 1; id <= 3; id++) unreadProgress(proxy.url, sid, id);
    const front = /did not read its stream; it was closed \(all sessions together over 64 MiB\)/;
    expect(await eventually(() => front.test(proxy.output()), 20_000)).toBe(true);
    // It keeps serving.
    const headers = { ...POST_HEADERS, 'mcp-session-id': sids[0] as string };
    const listed = await fetch(proxy.url, { method: 'POST', headers, body: LIST });
    expect(listed.status).toBe(200);
  }, 60_000);

  it(
    'closes the unread GET stream of a session that ended, once none of it is read for the stall time',
    async () => {
      const proxy = await startProxy(['--listen', '0', '--', process.execPath, FLOOD]);
      const sid = await openRawSession(proxy.url);
      const u = new URL(proxy.url);
      const get = connect(Number(u.port), u.hostname, () => {
        get.pause();
        get.write(
          `GET ${u.pathname} HTTP/1.1\r\nHost: ${u.host}\r\nAccept: text/event-stream\r\n` +
            `Mcp-Session-Id: ${sid}\r\n\r\n`,
        );
      });
      get.on('error', () => undefined);
      sockets.push(get);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const headers = { ...POST_HEADERS, 'mcp-session-id': sid };
      const body = '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"notes","arguments":{}}}';
      expect((await fetch(proxy.url, { method: 'POST', headers, body })).status).toBe(200);
      expect((await fetch(proxy.url, { method: 'DELETE', headers })).status).toBe(200);
      // Ended with 7 MiB its client never reads: its socket and what it holds were kept for good.
      const cut = /session \w+: the client took none of its answer for \d+ s; its connection was closed/;
      expect(await eventually(() => cut.test(proxy.output()), ANSWER_STALL_MS + 8000)).toBe(true);
    },
    ANSWER_STALL_MS + 20_000,
  );
});
