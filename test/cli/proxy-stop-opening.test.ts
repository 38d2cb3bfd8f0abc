// `toolgate proxy --listen` told to stop (SIGTERM) while a session's server is still starting: the run waits for
// the sessions in its table only, and a death by signal skips the exit hook's SIGKILL, so a server that ignores
// SIGTERM was left running (a hunt's find). Every group still running is stopped before the proxy ends now.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { killQuietly, readPid, survivors } from '../exec/alive.js';
import { startProxy as startLibraryProxy } from '../../src/proxy/index.js';
import { POST_HEADERS, startProxy, stopAll } from './http-fixture.js';

const dir = mkdtempSync(join(tmpdir(), 'toolgate-stop-opening-'));
const pids: number[] = [];
afterAll(async () => {
  for (const pid of pids) killQuietly(pid);
  await stopAll();
  rmSync(dir, { recursive: true, force: true });
});

/**
 * A stdio server that ignores SIGTERM: the first one started (the proxy's own, at start) answers at once; a later
 * one (a session's) writes its pid and never answers, so its session is still opening.
 */
const INIT =
  '{"jsonrpc":"2.0","id":0,"method":"initialize",' +
  '"params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"r","version":"0"}}}';

const SLOW = `const fs = require('fs');
process.on('SIGTERM', () => {});
const first = !fs.existsSync(process.env.MARK);
if (first) fs.writeFileSync(process.env.MARK, '');
else fs.writeFileSync(process.env.PID_FILE, String(process.pid));
const serverInfo = { name: 's', version: '1' };
const write = (m) => process.stdout.write(JSON.stringify({ jsonrpc: '2.0', ...m }) + '\\n');
require('readline').createInterface({ input: process.stdin }).on('line', (line) => {
  const m = JSON.parse(line);
  if (!first || m.id === undefined) return;
  if (m.method === 'initialize')
    write({ id: m.id, result: { protocolVersion: '2025-06-18', capabilities: { tools: {} }, serverInfo } });
  else if (m.method === 'tools/list') write({ id: m.id, result: { tools: [] } });
  else write({ id: m.id, result: {} });
});
setInterval(() => {}, 1000);`;

describe('toolgate proxy --listen stopped while a session opens', () => {
  it("stops the opening session's server (it ignores SIGTERM) before it ends by the signal", async () => {
    const server = join(dir, 'slow.cjs');
    writeFileSync(server, SLOW);
    const pidFile = join(dir, 'pid');
    const env = ['--env', `PID_FILE=${pidFile}`, '--env', `MARK=${join(dir, 'mark')}`];
    const proxy = await startProxy(['--listen', '0', ...env, '--', process.execPath, server]);
    const opening = fetch(proxy.url, { method: 'POST', headers: POST_HEADERS, body: INIT }).catch(() => undefined);
    const pid = await readPid(pidFile);
    pids.push(pid);
    proxy.child.kill('SIGTERM');
    expect((await proxy.exited).signal).toBe('SIGTERM');
    await opening;
    expect(await survivors([pid], 1500)).toEqual([]);
  }, 30_000);

  // The library's close() resolved once the table's sessions were closed, while the opening session's server was
  // still being stopped: a host that exits after close() left it running (it ignores SIGTERM).
  it("startProxy's close() resolves once the opening session's server is gone", async () => {
    const server = join(dir, 'slow-library.cjs');
    writeFileSync(server, SLOW);
    const pidFile = join(dir, 'pid-library');
    const env = { PID_FILE: pidFile, MARK: join(dir, 'mark-library') };
    const started = await startLibraryProxy({
      upstream: { command: process.execPath, args: [server], env },
      listen: { port: 0 },
    });
    if (!started.ok) throw new Error(started.error.message);
    const url = started.value.url as string;
    const opening = fetch(url, { method: 'POST', headers: POST_HEADERS, body: INIT }).catch(() => undefined);
    const pid = await readPid(pidFile);
    pids.push(pid);
    await started.value.close();
    expect(await survivors([pid], 0)).toEqual([]);
    await opening;
  }, 30_000);
});
