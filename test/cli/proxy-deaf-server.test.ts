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
    expect(await post(call(2, 'echo'))).toBe(200);
    const got = recordOf(record).filter((l) => (l as { method?: string }).method === 'notifications/progress');
    expect(got.length).toBeGreaterThan(0);
    expect(got.length).toBeLessThanOrEqual(Math.ceil(UNREAD_BOUND / message.length) + 1);
  }, 60_000);
});
