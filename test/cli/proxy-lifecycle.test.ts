// What `toolgate proxy` leaves running and writes down, with real processes: SIGTERM stops the server's group;
// a server that dies mid-call, or closes its stdout and keeps running, gets the pending call answered and exit 1;
// --log has one line per call, without argument values unless --log-args, and no --env value anywhere.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { killQuietly, readPid, signalPid, survivors } from '../exec/alive.js';
import { RawCli } from './raw-cli.js';
import { OUTPUT_CLOSED_GRACE_MS } from '../../src/proxy/upstream-stdio.js';

const SERVER = join(new URL('../..', import.meta.url).pathname, 'test/cli/fixtures/recording-server.mjs');
const CLOSING = join(new URL('../..', import.meta.url).pathname, 'test/cli/fixtures/stdout-closing-server.mjs');
const dir = mkdtempSync(join(tmpdir(), 'toolgate-proxy-life-'));
const started: RawCli[] = [];
const pids: number[] = [];
const SECRET = 'tok-3f9a"x\\y';

afterAll(() => {
  for (const p of started) p.child.kill('SIGKILL');
  for (const pid of pids) killQuietly(pid);
  rmSync(dir, { recursive: true, force: true });
});

/**
 * A proxy in front of `server`, initialized, with its `tool` called as request `id` (the server writes its pid to
 * PID_FILE on it); the server's pid.
 */
async function calling(
  tag: string,
  server: string,
  tool: string,
  id: string,
  extra: string[] = [],
): Promise<{ proxy: RawCli; pid: number }> {
  const pidFile = join(dir, `${tag}.pid`);
  const proxy = new RawCli('proxy', [...extra, '--env', `PID_FILE=${pidFile}`, '--', process.execPath, server]);
  started.push(proxy);
  await proxy.request('init', 'initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: {} });
  proxy.send({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: tool, arguments: {} } });
  const pid = await readPid(pidFile);
  pids.push(pid);
  return { proxy, pid };
}

/** A proxy in front of the recording server, initialized, with `hang` called (request `h`); the server's pid. */
const hanging = (tag: string, extra: string[] = []) => calling(tag, SERVER, 'hang', 'h', extra);

/** A proxy in front of the stdout-closing server, its `close-output` called (request `c`); the server's pid. */
const closing = (tag: string) => calling(tag, CLOSING, 'close-output', 'c');

describe('toolgate proxy lifecycle', () => {
  it('stops the server on SIGTERM, then ends by the signal', async () => {
    const { proxy, pid } = await hanging('term');
    proxy.child.kill('SIGTERM');
    expect((await proxy.exited).signal).toBe('SIGTERM');
    expect(await survivors([pid], 2000)).toEqual([]);
  }, 20_000);

  it('answers the pending call with an error and exits 1 when the server dies mid-call', async () => {
    const { proxy, pid } = await hanging('die');
    signalPid(pid, 'SIGKILL');
    const reply = await proxy.until((r) => r.id === 'h');
    expect(reply.error?.message).toMatch(/the MCP server exited/);
    expect((await proxy.exited).code).toBe(1);
    expect(proxy.stderr).toMatch(/exited \(SIGKILL\)/);
  }, 20_000);

  it('answers the call and exits 1 when the server closes its stdout and keeps running, not at --timeout', async () => {
    const { proxy, pid } = await closing('closing');
    const at = performance.now();
    const reply = await proxy.until((r) => r.id === 'c');
    // Before, nothing answered it until --timeout (30 s), and the server kept running.
    expect(performance.now() - at).toBeLessThan(OUTPUT_CLOSED_GRACE_MS + 3000);
    expect(reply.error?.message).toMatch(/the MCP server exited/);
    expect((await proxy.exited).code).toBe(1);
    expect(proxy.stderr).toMatch(/closed its stdout and did not exit/);
    expect(await survivors([pid], 3000)).toEqual([]);
  }, 20_000);

  // A review's find: the hang-up cleared the grace already running, so the call waited out --timeout.
  it('answers the call at the grace when the server closed its stdout before its client hung up', async () => {
    const { proxy } = await closing('closing-hangup');
    const at = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 500));
    proxy.child.stdin.end();
    const reply = await proxy.until((r) => r.id === 'c');
    expect(performance.now() - at).toBeLessThan(OUTPUT_CLOSED_GRACE_MS + 3000);
    expect(reply.error?.message).toMatch(/closed its stdout and did not exit before answering/);
    await proxy.exited;
  }, 20_000);

  it('--provider-policy quarantine withholds a tool the provider would reject, naming it on stderr', async () => {
    const proxy = new RawCli('proxy', [
      '--provider',
      'openai-strict',
      '--provider-policy',
      'quarantine',
      '--',
      process.execPath,
      SERVER,
    ]);
    started.push(proxy);
    await proxy.request('init', 'initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: {} });
    const list = await proxy.request('l', 'tools/list', {});
    const names = list.result?.tools?.map((t) => t.name) ?? [];
    // echo's optional "n" breaks OpenAI strict mode's every-property-required rule; hang has no property.
    expect(names).not.toContain('echo');
    expect(names).toContain('hang');
    expect(proxy.stderr).toMatch(/withheld: echo: unsupported_capability/);
    proxy.child.stdin.end();
    expect((await proxy.exited).code).toBe(0);
  }, 20_000);

  it('logs one JSON line per call; values only with --log-args; never an --env value', async () => {
    const log = join(dir, 'calls.jsonl');
    const args = ['--log', log, '--env', `TOKEN=${SECRET}`, '--deny', 'admin.*'];
    for (const [i, extra] of [[], ['--log-args']].entries()) {
      const proxy = new RawCli('proxy', [...args, ...extra, '--', process.execPath, SERVER]);
      started.push(proxy);
      await proxy.request('init', 'initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: {} });
      await proxy.callText(`a${i}`, `{"name":"echo","arguments":{"text":${JSON.stringify(SECRET)}}}`);
      await proxy.callText(`b${i}`, '{"name":"echo","arguments":{}}');
      await proxy.callText(`c${i}`, '{"name":"admin.reset","arguments":{}}');
      proxy.child.stdin.end();
      await proxy.exited;
      expect(proxy.stderr).not.toContain('tok-3f9a');
    }
    const text = readFileSync(log, 'utf8');
    expect(text).not.toContain('tok-3f9a');
    const lines = text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.map((l) => [l['tool'], l['verdict'], l['stage'], l['upstreamError'], 'args' in l])).toEqual([
      ['echo', 'forwarded', 'execute', false, false],
      ['echo', 'invalid', 'validate', false, false],
      ['admin.reset', 'refused', 'lookup', false, false],
      ['echo', 'forwarded', 'execute', false, true],
      ['echo', 'invalid', 'validate', false, true],
      ['admin.reset', 'refused', 'lookup', false, true],
    ]);
    for (const l of lines) {
      expect(typeof l['ms']).toBe('number');
      expect(Number.isNaN(Date.parse(l['time'] as string))).toBe(false);
    }
    expect(lines[3]?.['args']).toEqual({ text: '<redacted>' });
  }, 30_000);
});

describe('toolgate proxy --log, a cancelled call', () => {
  it('logs a forwarded call its client cancelled as cancelled, not as an upstream error', async () => {
    const log = join(dir, 'cancelled.jsonl');
    const { proxy } = await hanging('cancel', ['--log', log]);
    proxy.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'h', reason: 'user' } });
    await proxy.callText('after', '{"name":"echo","arguments":{"text":"x"}}');
    proxy.child.stdin.end();
    await proxy.exited;
    const lines = readFileSync(log, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.map((l) => [l['tool'], l['verdict'], l['stage'], l['upstreamError'], l['cancelled']])).toEqual([
      ['hang', 'forwarded', 'execute', false, true],
      ['echo', 'forwarded', 'execute', false, undefined],
    ]);
  }, 20_000);
});

describe('toolgate proxy told to exit during start-up', () => {
  it('stops a server that has not answered initialize yet, then ends by the signal', async () => {
    const pidFile = join(dir, 'silent.pid');
    const write = `require("fs").writeFileSync(${JSON.stringify(pidFile)}, String(process.pid));`;
    const silent = `${write} setInterval(() => {}, 1000)`;
    const proxy = new RawCli('proxy', ['--', process.execPath, '-e', silent]);
    started.push(proxy);
    const pid = await readPid(pidFile);
    pids.push(pid);
    proxy.child.kill('SIGTERM');
    expect((await proxy.exited).signal).toBe('SIGTERM');
    expect(await survivors([pid], 2000)).toEqual([]);
  }, 20_000);
});
