// A cancelled call lets go of its exchange with an `--url` server. The proxy passed the cancellation on and
// answered the client, but its POST to the server stayed open until the server answered (a cancelled request is
// never answered) or the session ended: a client calling and cancelling in a loop kept one connection to the
// server open per call, past the session's bound on waiting requests (200 calls: 201 connections after 5 s).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  eventually,
  openRawSession,
  POST_HEADERS,
  recordOf,
  startHttpServer,
  startProxy,
  stopAll,
} from './http-fixture.js';

const dir = mkdtempSync(join(tmpdir(), 'toolgate-cancel-upstream-'));

afterAll(async () => {
  await stopAll();
  rmSync(dir, { recursive: true, force: true });
});

/** POSTs one message to the proxy's session; the status, once the response ended. */
async function post(url: string, sid: string, message: object): Promise<number> {
  const r = await fetch(url, {
    method: 'POST',
    headers: { ...POST_HEADERS, 'mcp-session-id': sid },
    body: JSON.stringify(message),
  });
  await r.text();
  return r.status;
}

describe('a cancelled call over --url', () => {
  it("ends the proxy's exchange with the server, for each of 20 calls cancelled in a row", async () => {
    const record = join(dir, 'server.jsonl');
    const server = await startHttpServer({ WITH_HANG: '1', RECORD_FILE: record });
    const proxy = await startProxy(['--listen', '0', '--url', server.url]);
    const sid = await openRawSession(proxy.url);
    await post(proxy.url, sid, { jsonrpc: '2.0', method: 'notifications/initialized' });
    const closed = () => recordOf(record).filter((l) => l.name === 'hang-closed').length;
    for (let id = 1; id <= 20; id++) {
      const waiting = post(proxy.url, sid, { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'hang' } });
      // The call reaches the server before it is cancelled (else it is withdrawn, never sent).
      expect(await eventually(() => recordOf(record).filter((l) => l.name === 'hang').length === id)).toBe(true);
      const cancel = { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id } };
      expect(await post(proxy.url, sid, cancel)).toBe(202);
      expect(await waiting).toBe(200);
      expect(await eventually(() => closed() === id)).toBe(true);
    }
    expect(proxy.output()).not.toContain('broke off');
  }, 60_000);
});
