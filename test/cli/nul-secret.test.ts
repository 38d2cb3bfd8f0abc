// Found by a hunt: a secret holding a NUL was printed in full. Node's spawn refuses a NUL with an error quoting the
// value, NUL written `\x00`, a spelling the masker does not cover, and check, lock and proxy (and startProxy, in its
// error and onLog) said that error. A NUL in a command, its arguments or env is refused now where the options are
// read, naming the place; and a spawn error is said by its code alone.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listMcpTools } from '../../src/cli/mcp-server-list.js';
import { proxySettings } from '../../src/cli/proxy-options.js';
import { startProxy } from '../../src/proxy/index.js';
import { startStdioUpstream } from '../../src/proxy/upstream-stdio.js';
import { runInProcess } from './run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'toolgate-nul-secret-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A secret, and the same with the NUL spawn refuses. */
const SECRET = 'sk-live-0123456789abcdefSECRET';
const WITH_NUL = `${SECRET}\0`;
const server = join(dir, 'server.mjs');
writeFileSync(server, '');

/** A config file of one stdio server `s`; its path. */
function config(name: string, entry: Record<string, unknown>): string {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify({ mcpServers: { s: { command: process.execPath, ...entry } } }));
  return file;
}

const envConfig = config('env.json', { args: [server], env: { API_TOKEN: WITH_NUL } });
const argConfig = config('arg.json', { args: [server, `TOKEN=${WITH_NUL}`] });

describe('a secret with a NUL character', () => {
  it.each([
    ['check --config, in env', ['check', '--config', envConfig], 'env "API_TOKEN": its value holds a NUL'],
    ['check --config, in args', ['check', '--config', argConfig], 'args[1] holds a NUL'],
    ['lock --config', ['lock', '--config', envConfig, '--out', join(dir, 'x.lock')], 'env "API_TOKEN"'],
    ['proxy --config', ['proxy', '--config', envConfig], 'env "API_TOKEN"'],
    ['check --mcp, a word', ['check', '--mcp', `node TOKEN=${WITH_NUL}`], 'args[0] holds a NUL'],
    ['check --mcp --env', ['check', '--mcp', 'node', '--env', `API_TOKEN=${WITH_NUL}`], 'env "API_TOKEN"'],
    ['proxy, a word', ['proxy', '--', 'node', `TOKEN=${WITH_NUL}`], 'args[0] holds a NUL'],
    ['proxy --env', ['proxy', '--env', `API_TOKEN=${WITH_NUL}`, '--', 'node'], 'env "API_TOKEN"'],
  ])(
    '%s: refused by its place, its value never shown',
    async (_, argv, place) => {
      const r = await runInProcess(argv);
      expect(r.out + r.err).toContain(place);
      expect(r.out + r.err).not.toContain(SECRET);
      expect(r.code).toBe(2);
    },
    30_000,
  );

  it.each([
    ['upstream env', { upstream: { command: 'node', args: [server], env: { API_TOKEN: WITH_NUL } } }],
    ['upstream args', { upstream: { command: 'node', args: [server, `TOKEN=${WITH_NUL}`] } }],
    ['servers env', { servers: { s: { command: 'node', env: { API_TOKEN: WITH_NUL } } } }],
  ])("startProxy's %s: refused, in neither its error nor onLog", async (_, options) => {
    const lines: string[] = [];
    const r = await startProxy({ ...options, listen: { port: 0 }, onLog: (l) => void lines.push(l) });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.message).toContain('holds a NUL character');
    expect(JSON.stringify([r.error, lines])).not.toContain(SECRET);
  });

  it("the proxy's spawn error is said by its code, not its message (which quotes the value)", () => {
    const settings = proxySettings(['node']);
    if (!settings.ok) throw new Error(settings.error.message);
    const sink = { message: () => undefined, bad: () => undefined, closed: () => undefined };
    const io = { err: () => undefined };
    const started = startStdioUpstream(
      { ...settings.value, words: ['node', server], env: { API_TOKEN: WITH_NUL } },
      io,
      1 << 20,
      sink,
    );
    expect(started).toBe('the system refused it');
  });

  it("check's spawn error is said by its code, not its message", async () => {
    const r = await listMcpTools({
      words: ['node', server],
      display: 'node',
      env: { API_TOKEN: WITH_NUL },
      timeoutMs: 5000,
      secrets: [WITH_NUL],
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.message).toBe('--mcp "node": could not be started: the system refused it');
  }, 30_000);
});
