// A hunt's find: a server's detached helper (spawn's `detached`, setsid) outlived the server whenever the server
// ended on its own: a crash (the stdio proxy exits 1), each gateway restart (one helper left per crash), a normal
// hang-up. Only a stop of a live server found it, by parent pid. The escaped descendants are looked for while the
// server runs now (src/exec/escape-watch.ts: every few seconds, soon after it writes, and when its input is closed),
// and the last ones seen are stopped once it exits.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { killQuietly, readPid, survivors } from '../exec/alive.js';
import { RawCli } from './raw-cli.js';

const SERVER = join(new URL('../..', import.meta.url).pathname, 'test/cli/fixtures/lingering-server.mjs');
const dir = mkdtempSync(join(tmpdir(), 'toolgate-escaped-helpers-'));
const pids: number[] = [];
const proxies: RawCli[] = [];

afterAll(() => {
  for (const p of proxies) p.child.kill('SIGKILL');
  for (const pid of pids) killQuietly(pid);
  rmSync(dir, { recursive: true, force: true });
});

/** A proxy in front of the lingering server with `env` (its helper's pid file `<tag>.helper`), initialized. */
async function proxied(tag: string, env: Record<string, string>, gateway = false): Promise<RawCli> {
  const all = { HELPER_FILE: join(dir, `${tag}.helper`), ...env };
  let args = [...Object.entries(all).flatMap(([k, v]) => ['--env', `${k}=${v}`]), '--', process.execPath, SERVER];
  if (gateway) {
    const config = join(dir, `${tag}.json`);
    writeFileSync(
      config,
      JSON.stringify({ mcpServers: { s: { command: process.execPath, args: [SERVER], env: all } } }),
    );
    args = ['--config', config];
  }
  const proxy = new RawCli('proxy', args);
  proxies.push(proxy);
  await proxy.initialize();
  return proxy;
}

/** The helper's pid, once written. */
async function helperOf(tag: string): Promise<number> {
  const pid = await readPid(join(dir, `${tag}.helper`));
  pids.push(pid);
  return pid;
}

/**
 * Long enough for a scan to have seen the helper, whatever the load: one comes as the server answers initialize (at
 * most 0.5 s later) and one every 2 s (ESCAPE_SCAN_MS; not imported, so that this file runs, and fails, without
 * the fix).
 */
const scanned = () => new Promise((resolve) => setTimeout(resolve, 3000));

describe("a server's detached helper, once the server ends on its own", () => {
  it('is stopped when the server crashes (the stdio proxy exits 1)', async () => {
    const proxy = await proxied('crash', { CRASH_ON_CALL: '1' });
    const helper = await helperOf('crash');
    await scanned();
    proxy.call(1, 'echo', {});
    expect((await proxy.exited).code).toBe(1);
    expect(await survivors([helper], 3000)).toEqual([]);
  }, 30_000);

  it('is stopped when the client hangs up and the server exits on its closed input (seen as it closes)', async () => {
    const proxy = await proxied('hangup', {});
    const helper = await helperOf('hangup');
    // A call the server never answers: the proxy waits for it, and the server exits first, on its closed input.
    proxy.call(1, 'hang', {});
    proxy.child.stdin.end();
    expect((await proxy.until((r) => r.id === 1)).error?.message).toMatch(/exited/);
    expect((await proxy.exited).code).toBe(0);
    expect(await survivors([helper], 3000)).toEqual([]);
  }, 30_000);

  it('is stopped at each crash of a gateway server, while the gateway runs on and restarts it', async () => {
    const proxy = await proxied('gateway', { CRASH_ON_CALL: '1' }, true);
    const helper = await helperOf('gateway');
    await scanned();
    proxy.call(1, 's__echo', {});
    expect((await proxy.until((r) => r.id === 1)).error?.message).toMatch(/exited/);
    expect(await survivors([helper], 3000)).toEqual([]);
    expect(proxy.child.exitCode).toBe(null);
  }, 30_000);
});
