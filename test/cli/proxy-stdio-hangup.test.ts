// A stdio client that closes its input right after its requests (a script piped into `toolgate proxy`; MCP's
// stdio shutdown, which begins with the client closing the server's input) still gets what it asked answered, as
// from the server directly: the server's input is closed too, and the proxy exits 0 once the server did. The
// wait has an end: the server's exit, --timeout (what still waits is then answered with an error), a failed write
// to the client, a signal. Before, the proxy stopped when the input ended and the answers were never written.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readPid, signalPid } from '../exec/alive.js';
import { RawCli } from './raw-cli.js';

const SERVER = join(new URL('../..', import.meta.url).pathname, 'test/cli/fixtures/holding-server.mjs');
const CLOSING = join(new URL('../..', import.meta.url).pathname, 'test/cli/fixtures/stdout-closing-server.mjs');
const dir = mkdtempSync(join(tmpdir(), 'toolgate-hangup-'));
const started: RawCli[] = [];
afterAll(() => {
  for (const p of started) p.child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/** The lines a script pipes in: initialize, initialized, a call of each of `tools`; the input then ends (`end`). */
function piped(extra: string[], tools: string[], end = true): RawCli {
  const proxy = new RawCli('proxy', extra.includes('--config') ? extra : [...extra, '--', process.execPath, SERVER]);
  started.push(proxy);
  proxy.send({
    jsonrpc: '2.0',
    id: 'init',
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
  });
  proxy.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  for (const name of tools)
    proxy.send({ jsonrpc: '2.0', id: name, method: 'tools/call', params: { name, arguments: {} } });
  if (end) proxy.child.stdin.end();
  return proxy;
}

describe('toolgate proxy on stdio, its client hanging up', () => {
  it('answers what was asked before the input ended, then exits 0', async () => {
    const proxy = piped([], ['later', 'echo']);
    expect(await proxy.exited).toEqual({ code: 0, signal: null });
    const byId = new Map(proxy.replies.map((r) => [r.id, r]));
    expect(byId.get('init')?.result).toBeDefined();
    expect(byId.get('later')?.result?.content?.[0]?.text).toBe('later');
    expect(byId.get('echo')?.result).toBeDefined();
  }, 20_000);

  it('waits at most --timeout: a call unanswered then gets an error, and the proxy exits', async () => {
    const began = Date.now();
    const proxy = piped(['--timeout', '1', '--env', 'STAY=1'], ['slow']);
    expect(await proxy.exited).toEqual({ code: 0, signal: null });
    expect(Date.now() - began).toBeLessThan(10_000);
    const slow = proxy.replies.find((r) => r.id === 'slow');
    expect(slow?.error?.message).toMatch(/did not answer within 1 s \(--timeout\)/);
  }, 20_000);

  it('ends the wait at once on SIGTERM', async () => {
    const proxy = piped(['--env', 'STAY=1'], ['slow']);
    await expect.poll(() => proxy.replies.some((r) => r.id === 'init'), { timeout: 10_000 }).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const told = Date.now();
    proxy.child.kill('SIGTERM');
    expect((await proxy.exited).signal).toBe('SIGTERM');
    expect(Date.now() - told).toBeLessThan(5000);
  }, 20_000);

  it("closes the server's input too: its exit ends the wait, and what it left unanswered gets an error", async () => {
    const began = Date.now();
    const proxy = piped(['--timeout', '20'], ['later', 'slow']);
    expect(await proxy.exited).toEqual({ code: 0, signal: null });
    expect(Date.now() - began).toBeLessThan(10_000);
    const byId = new Map(proxy.replies.map((r) => [r.id, r]));
    expect(byId.get('later')?.result?.content?.[0]?.text).toBe('later');
    expect(byId.get('slow')?.error?.message).toMatch(/the MCP server exited \(status 0\) before answering/);
  }, 20_000);

  it("closes a gateway's servers' inputs too: what one left unanswered as it exited gets an error", async () => {
    const config = join(dir, 'gateway-exits.json');
    const servers = {
      h: { command: process.execPath, args: [SERVER] },
      k: { command: process.execPath, args: [SERVER] },
    };
    writeFileSync(config, JSON.stringify({ mcpServers: servers }));
    const began = Date.now();
    const proxy = piped(['--timeout', '20', '--config', config], ['h__slow', 'k__later', 'k__echo']);
    expect(await proxy.exited).toEqual({ code: 0, signal: null });
    // Before, the gateway left its servers running and waited for h__slow until --timeout (20 s).
    expect(Date.now() - began).toBeLessThan(10_000);
    const byId = new Map(proxy.replies.map((r) => [r.id, r]));
    expect(byId.get('k__later')?.result?.content?.[0]?.text).toBe('later');
    expect(byId.get('k__echo')?.result).toBeDefined();
    expect(byId.get('h__slow')?.error?.message).toMatch(
      /the client closed its input and the MCP server "h" exited \(status 0\) before answering/,
    );
    // Not restarted, and nothing of a restart said.
    expect(proxy.stderr).not.toMatch(/restart/);
  }, 20_000);

  it("leaves a gateway's server that closed its stdout at the hang-up to shut down, past the 2 s grace", async () => {
    const config = join(dir, 'gateway-slow-shutdown.json');
    const marker = join(dir, 'shutdown-marker');
    const servers = {
      h: { command: process.execPath, args: [SERVER], env: { STAY: '1' } },
      cl: { command: process.execPath, args: [CLOSING], env: { MARKER: marker, AT_END_MS: '2500' } },
    };
    writeFileSync(config, JSON.stringify({ mcpServers: servers }));
    // h__slow is never answered and h stays: the drain lasts --timeout (4 s), past cl's 2.5 s shutdown.
    const proxy = piped(['--timeout', '4', '--config', config], ['h__slow']);
    expect((await proxy.exited).code).toBe(0);
    // Before, cl was taken as gone 2 s after its stdout closed and stopped by SIGTERM mid-shutdown.
    expect(readFileSync(marker, 'utf8')).toBe('clean');
  }, 20_000);

  it('answers what still waits at --timeout with an error as a gateway of several servers too', async () => {
    const config = join(dir, 'gateway.json');
    const staying = { command: process.execPath, args: [SERVER], env: { STAY: '1' } };
    writeFileSync(config, JSON.stringify({ mcpServers: { h: staying } }));
    const proxy = piped(['--timeout', '2', '--config', config], ['h__slow', 'h__echo']);
    expect(await proxy.exited).toEqual({ code: 0, signal: null });
    const byId = new Map(proxy.replies.map((r) => [r.id, r]));
    expect(byId.get('h__echo')?.result).toBeDefined();
    expect(byId.get('h__slow')?.error?.message).toMatch(/did not answer within 2 s \(--timeout\)/);
  }, 20_000);

  // A call held for a re-admission (after the server's tools/list_changed) is forwarded once the re-admission ends;
  // the server's input was closed before that, and the call went into a closed pipe: a single server's waited for
  // --timeout (server-everything sends tools/list_changed as it starts), a gateway's was failed as the server exited.
  for (const [shape, env] of [
    ['a single server', { RELIST_AFTER: '300' }],
    ['a single server that stays', { RELIST_AFTER: '300', STAY: '1' }],
    ['a gateway', { RELIST_AFTER: '300' }],
    ['a gateway whose server stays', { RELIST_AFTER: '300', STAY: '1' }],
  ] as const) {
    it(`forwards a call held for a re-admission before it closes the server's input (${shape})`, async () => {
      const config = join(dir, `held-${shape.replaceAll(' ', '-')}.json`);
      writeFileSync(config, JSON.stringify({ mcpServers: { k: { command: process.execPath, args: [SERVER], env } } }));
      const gateway = shape.startsWith('a gateway');
      const envFlags = Object.entries(env).flatMap(([k, v]) => ['--env', `${k}=${v}`]);
      const proxy = new RawCli(
        'proxy',
        gateway
          ? ['--timeout', '8', '--config', config]
          : ['--timeout', '8', ...envFlags, '--', process.execPath, SERVER],
      );
      started.push(proxy);
      const prefix = gateway ? 'k__' : '';
      await proxy.initialize();
      // relist: the server sends tools/list_changed and answers the tools/list after it 300 ms later.
      await proxy.request('relist', 'tools/call', { name: `${prefix}relist`, arguments: {} });
      await new Promise((resolve) => setTimeout(resolve, 50));
      proxy.call('echo', `${prefix}echo`, { msg: 'hi' });
      const hungUp = Date.now();
      const before = proxy.replies.length;
      proxy.child.stdin.end();
      expect(await proxy.exited).toEqual({ code: 0, signal: null });
      expect(Date.now() - hungUp).toBeLessThan(5000);
      const echo = proxy.replies.find((r) => r.id === 'echo');
      expect(echo?.result?.content?.[0]?.text).toBe('{"msg":"hi"}');
      // A client that closed its input is sent answers, not a tools/list_changed for a server that exited.
      const after = proxy.replies.slice(before).map((r) => (r as { method?: string }).method);
      expect(after).not.toContain('notifications/tools/list_changed');
    }, 30_000);
  }

  it('restarts no gateway server that exits after the hang-up while a call is still held (a review)', async () => {
    const pidFile = join(dir, 'b.pid');
    const config = join(dir, 'held-and-killed.json');
    const servers = {
      k: { command: process.execPath, args: [SERVER], env: { RELIST_AFTER: '2000' } },
      b: { command: process.execPath, args: [SERVER], env: { PID_FILE: pidFile } },
    };
    writeFileSync(config, JSON.stringify({ mcpServers: servers }));
    const proxy = new RawCli('proxy', ['--timeout', '8', '--config', config]);
    started.push(proxy);
    await proxy.initialize();
    await proxy.request('relist', 'tools/call', { name: 'k__relist', arguments: {} });
    await new Promise((resolve) => setTimeout(resolve, 50));
    proxy.call('echo', 'k__echo', { msg: 'hi' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const before = proxy.replies.length;
    proxy.child.stdin.end();
    await new Promise((resolve) => setTimeout(resolve, 300));
    signalPid(await readPid(pidFile), 'SIGKILL');
    expect(await proxy.exited).toEqual({ code: 0, signal: null });
    expect(proxy.replies.find((r) => r.id === 'echo')?.result?.content?.[0]?.text).toBe('{"msg":"hi"}');
    const after = proxy.replies.slice(before).map((r) => (r as { method?: string }).method);
    expect(after).not.toContain('notifications/tools/list_changed');
    // Before, it was restarted ("restart 1 in 0.5 s") and announced while the held call waited.
    expect(proxy.stderr).not.toMatch(/restart \d+ in/);
  }, 30_000);

  it('stops waiting once a write to the client fails: a client that died gets nothing more', async () => {
    const proxy = piped(['--timeout', '20', '--env', 'STAY=1'], ['slow', 'later'], false);
    await expect.poll(() => proxy.replies.some((r) => r.id === 'init'), { timeout: 10_000 }).toBe(true);
    // Gone as a killed client goes: both pipes closed; the answer to `later` then fails to be written.
    const gone = Date.now();
    proxy.child.stdout.destroy();
    proxy.child.stdin.destroy();
    expect(await proxy.exited).toEqual({ code: 0, signal: null });
    expect(Date.now() - gone).toBeLessThan(5000);
  }, 30_000);
});
