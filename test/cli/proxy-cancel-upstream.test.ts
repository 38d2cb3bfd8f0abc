// A cancelled call lets go of its exchange with an `--url` server. The proxy passed the cancellation on and
// answered the client, but its POST to the server stayed open until the server answered (a cancelled request is
// never answered) or the session ended: a client calling and cancelling in a loop kept one connection to the
// server open per call, past the session's bound on waiting requests (200 calls: 201 connections after 5 s).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RawCli } from './raw-cli.js';
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
const POLLING = join(new URL('../..', import.meta.url).pathname, 'test/cli/fixtures/polling-server.mjs');

const servers: ChildProcess[] = [];

afterAll(async () => {
  for (const s of servers) s.kill();
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

  it('ends the resumed stream of a call cancelled while the server had it polled (SEP-1699)', async () => {
    const server = await startNodeServer(POLLING);
    const q = new RawCli('proxy', ['--url', server.url]);
    try {
      await q.initialize();
      const stats = async () => (await (await fetch(server.stats)).json()) as { opened: number; closed: number };
      for (let id = 1; id <= 5; id++) {
        q.call(id, 'hang', {});
        expect(await eventuallyAsync(async () => (await stats()).opened === id)).toBe(true);
        q.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id } });
        expect(await eventuallyAsync(async () => (await stats()).closed === id)).toBe(true);
      }
    } finally {
      q.child.kill();
    }
  }, 60_000);
});

/** A fixture server printing `PORT <n>`; its /mcp and /stats URLs. */
async function startNodeServer(file: string): Promise<{ url: string; stats: string }> {
  const child = spawn(process.execPath, [file], { stdio: ['ignore', 'pipe', 'inherit'] });
  servers.push(child);
  const port = await new Promise<string>((resolve) =>
    child.stdout.on('data', (d: Buffer) => {
      const m = /PORT (\d+)/.exec(String(d));
      if (m !== null) resolve(m[1] as string);
    }),
  );
  return { url: `http://127.0.0.1:${port}/mcp`, stats: `http://127.0.0.1:${port}/stats` };
}

/** Waits until `check` resolves true or `ms` passed; whether it did. */
async function eventuallyAsync(check: () => Promise<boolean>, ms = 5000): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return check();
}
