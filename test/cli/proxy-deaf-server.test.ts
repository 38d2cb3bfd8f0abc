// A stdio server that stops reading its input while a client sends notifications (progress with a long message):
// each was written to the server's pipe whatever it left unread, so the proxy's memory grew with every one. Past
// the bound on what the server leaves unread they are dropped, said once. Real processes: the proxy from source,
// in front of fixtures/holding-server.mjs (its `deaf` tool: it reads again on SIGUSR2, and counts what came).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readPid, signalPid } from '../exec/alive.js';
import { openRawSession, POST_HEADERS, recordOf, startProxy, stopAll } from './http-fixture.js';

const SERVER = join(new URL('../..', import.meta.url).pathname, 'test/cli/fixtures/holding-server.mjs');
const dir = mkdtempSync(join(tmpdir(), 'toolgate-deaf-'));
const MiB = 1024 * 1024;
/** What a server may leave unread (src/proxy/upstream.ts). */
const UNREAD_BOUND = 64 * MiB;

/**
 * `send`'s answer once the server caught up: a request is refused, unsent, while the server still leaves more than
 * the bound unread (a server that reads again reads its backlog first).
 */
async function once(send: () => Promise<string>): Promise<string> {
  for (let tries = 0; ; tries++) {
    const answer = await send();
    if (!answer.includes('not sent: the other side') || tries > 300) return answer;
    await new Promise((r) => setTimeout(r, 100));
  }
}

afterAll(async () => {
  await stopAll();
  rmSync(dir, { recursive: true, force: true });
});

describe('toolgate proxy, a server that stops reading', () => {
  it("drops a client's notifications past what the server may leave unread, said once", async () => {
    const record = join(dir, 'record.jsonl');
    const pidFile = join(dir, 'pid');
    const env = ['--env', `RECORD_FILE=${record}`, '--env', `PID_FILE=${pidFile}`];
    const proxy = await startProxy(['--listen', '0', ...env, '--', process.execPath, SERVER]);
    const sid = await openRawSession(proxy.url);
    const post = async (message: object): Promise<number> => {
      const headers = { ...POST_HEADERS, 'mcp-session-id': sid };
      const r = await fetch(proxy.url, { method: 'POST', headers, body: JSON.stringify(message) });
      await r.text();
      return r.status;
    };
    const call = (id: number, name: string) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name } });
    expect(await post(call(1, 'deaf'))).toBe(200);
    const message = 'm'.repeat(5 * MiB);
    const sent = 20;
    for (let i = 0; i < sent; i++) {
      const params = { progressToken: i, progress: 1, message };
      expect(await post({ jsonrpc: '2.0', method: 'notifications/progress', params })).toBe(202);
    }
    expect(proxy.output().match(/left over 64 MiB unread/g)).toHaveLength(1);
    // The server reads again; a call's answer comes once it read every line before it.
    signalPid(await readPid(pidFile), 'SIGUSR2');
    const text = (m: object): Promise<string> =>
      fetch(proxy.url, {
        method: 'POST',
        headers: { ...POST_HEADERS, 'mcp-session-id': sid },
        body: JSON.stringify(m),
      }).then((r) => r.text());
    expect(await once(() => text(call(2, 'echo')))).toContain('"result"');
    const got = recordOf(record).filter((l) => (l as { method?: string }).method === 'notifications/progress');
    expect(got.length).toBeGreaterThan(0);
    expect(got.length).toBeLessThanOrEqual(Math.ceil(UNREAD_BOUND / message.length) + 1);
  }, 60_000);

  // Found by a hunt: a cancelled call gives its place among the waiting requests back at once, but its text stayed
  // in the pipe, and requests were written whatever the server left unread: 40 calls of 3 MB, each cancelled, held
  // the proxy at 406 MB; and past the bound the cancellation was dropped, so the server later ran calls the client
  // was told were cancelled.
  it('refuses requests past what the server leaves unread, and writes each cancellation of a written one', async () => {
    const record = join(dir, 'record-calls.jsonl');
    const pidFile = join(dir, 'pid-calls');
    const env = ['--env', `RECORD_FILE=${record}`, '--env', `PID_FILE=${pidFile}`];
    const proxy = await startProxy(['--listen', '0', ...env, '--', process.execPath, SERVER]);
    const sid = await openRawSession(proxy.url);
    const headers = { ...POST_HEADERS, 'mcp-session-id': sid };
    const post = (message: object): Promise<string> =>
      fetch(proxy.url, { method: 'POST', headers, body: JSON.stringify(message) }).then((r) => r.text());
    const call = (id: number, name: string, args: object = {}) => ({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { name, arguments: args },
    });
    await post(call(1, 'deaf'));
    const s = 'x'.repeat(1_000_000);
    let refused = 0;
    // Until a call is refused: a call cancelled before the proxy wrote it (a loaded machine) adds nothing unread.
    for (let id = 2; refused === 0 && id < 80; id++) {
      const answer = post(call(id, 'echo', { b: s, c: s, d: s }));
      const early = await Promise.race([answer, new Promise<undefined>((r) => setTimeout(() => r(undefined), 150))]);
      if (early === undefined)
        await post({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id } });
      const got = early ?? (await answer);
      if (got.includes('not sent: the other side has left too much of what it was sent unread')) refused++;
      else expect(got).toContain('the request was cancelled');
    }
    expect(refused).toBeGreaterThan(0);
    expect(proxy.output()).toContain('requests refused');
    signalPid(await readPid(pidFile), 'SIGUSR2');
    expect(await once(() => post(call(99, 'echo', { msg: 'after' })))).toContain('after');
    const lines = recordOf(record) as {
      method?: string;
      id?: number;
      params?: { name?: string; requestId?: number };
    }[];
    const written = lines.filter((l) => l.method === 'tools/call' && l.params?.name === 'echo' && l.id !== undefined);
    const cancelled = new Set(
      lines.filter((l) => l.method === 'notifications/cancelled').map((l) => l.params?.requestId),
    );
    // Every call written but the last is one the client cancelled: each is followed by its cancellation.
    expect(written.length).toBeLessThanOrEqual(Math.ceil(UNREAD_BOUND / (3 * s.length)) + 2);
    for (const w of written.slice(0, -1)) expect(cancelled.has(w.id)).toBe(true);
  }, 120_000);
});
