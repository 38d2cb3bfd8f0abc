// `toolgate lock --config` and `check --config --lock`: one lock for every server of an MCP client config, each
// server's entry a single lock keyed by its name in the config, written with the same bytes for the same tools;
// drift reported server by server, each server named (test/cli/fixtures/drifting-server.mjs drifts by DRIFT).
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseAnyLock, serverPins } from '../../src/catalog/config-lock.js';
import { lockText, parseLock } from '../../src/catalog/lock-file.js';
import { startProxy } from '../../src/proxy/index.js';
import { runInProcess } from './run-cli.js';

const ROOT = new URL('../..', import.meta.url).pathname;
const SERVER = join(ROOT, 'test/cli/fixtures/drifting-server.mjs');
const dir = mkdtempSync(join(tmpdir(), 'toolgate-lock-config-'));

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A config of drifting servers, each by name with its DRIFT; its path. */
function config(name: string, servers: Record<string, string>): string {
  const file = join(dir, name);
  const entries = Object.entries(servers).map(([n, drift]) => [
    n,
    { command: process.execPath, args: [SERVER], env: { DRIFT: drift } },
  ]);
  writeFileSync(file, JSON.stringify({ mcpServers: Object.fromEntries(entries) }, null, 2));
  return file;
}

describe('lock --config', () => {
  const calm = config('calm.json', { web: '', docs: '' });
  const out = join(dir, 'config.lock.json');

  it('pins every server in one lock, per server by its name, with the same bytes each time', async () => {
    const first = await runInProcess(['lock', '--config', calm, '--out', out]);
    expect(first.err).toBe('');
    expect(first.code).toBe(0);
    expect(first.out).toBe(`wrote ${out}: 6 tools of 2 servers pinned\n`);
    const text = readFileSync(out, 'utf8');
    const read = parseAnyLock(text, out);
    if (!read.ok || read.value.kind !== 'config') throw new Error('not a config lock');
    expect(Object.keys(read.value.lock.servers)).toEqual(['docs', 'web']);
    // Each entry is a single lock, as `proxy --lock` reads one, with the definitions kept.
    const docs = serverPins(read.value.lock, 'docs');
    expect(Object.keys(docs.tools)).toEqual(['fetch', 'pull', 'search']);
    expect(docs.tools['search']?.definition).toMatchObject({ description: 'Search the docs.' });
    expect(parseLock(lockText(docs)).ok).toBe(true);
    expect(Object.keys(serverPins(read.value.lock, 'absent').tools)).toEqual([]);
    // Again, over its own lock: no drift, and the same bytes (the config's order does not matter either).
    const again = await runInProcess(['lock', '--config', config('swapped.json', { docs: '', web: '' }), '--out', out]);
    expect(again.code).toBe(0);
    expect(again.out).toContain(`lock ${out}, server "docs": every listed tool matches its pin (3 pinned)`);
    expect(again.out).toContain(`lock ${out}, server "web": every listed tool matches its pin (3 pinned)`);
    expect(readFileSync(out, 'utf8')).toBe(text);
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  }, 60_000);

  it('check --config --lock reports drift server by server, each named; exit 1', async () => {
    const drifted = config('drifted.json', { docs: 'rug-pull', web: 'added-tool' });
    const r = await runInProcess(['check', '--config', drifted, '--lock', out]);
    expect(r.code).toBe(1);
    expect(r.out).toContain(`lock ${out}, server "docs": drift (0 new, 1 changed, 0 gone)`);
    expect(r.out).toMatch(
      /drift changed search: description\n {6}description: "Search the docs\." -> "Search the docs\. First/,
    );
    expect(r.out).toContain(`lock ${out}, server "web": drift (1 new, 0 changed, 0 gone)`);
    expect(r.out).toMatch(/drift new {5}exec/);
    const json = await runInProcess(['check', '--config', drifted, '--lock', out, '--format', 'json']);
    const report = JSON.parse(json.out);
    expect(report.drift).toBe(true);
    expect(report.lock.servers.map((s: { server: string }) => s.server)).toEqual(['docs', 'web']);
    expect(report.lock.servers[0]).toMatchObject({ server: 'docs', compared: true, new: [], gone: [] });
    expect(report.lock.servers[0].changed[0]).toMatchObject({ name: 'search', fields: ['description'] });
    expect(report.lock.servers[1]).toMatchObject({ server: 'web', new: ['exec'], changed: [], gone: [] });
  }, 60_000);

  // The gateway names a server's tools by their published names (docs__search) in its withheld lines; its drift
  // lines named them by the server's own (search), and two servers' tools of one name read alike (a hunt's find).
  it('proxy --config --lock names each drifted tool by its published name', async () => {
    const lines: string[] = [];
    const servers = { docs: { command: process.execPath, args: [SERVER], env: { DRIFT: 'rug-pull' } } };
    const started = await startProxy({ servers, lock: out, listen: { port: 0 }, onLog: (l) => lines.push(l) });
    if (!started.ok) throw new Error(started.error.message);
    await started.value.close();
    const drift = lines.filter((l) => l.includes('lock drift'));
    expect(drift.length).toBeGreaterThan(0);
    for (const line of drift) expect(line).toMatch(/lock drift docs__search: /);
  }, 60_000);

  it('names a server gone from the config, a server new to the lock, and one that could not be listed', async () => {
    const moved = join(dir, 'moved.json');
    writeFileSync(
      moved,
      JSON.stringify({
        mcpServers: {
          docs: { command: process.execPath, args: [SERVER] },
          api: { command: process.execPath, args: [SERVER] },
          broken: { command: join(dir, 'no-such-server') },
        },
      }),
    );
    const r = await runInProcess(['check', '--config', moved, '--lock', out]);
    expect(r.code).toBe(1);
    expect(r.out).toContain(`lock ${out}, server "docs": every listed tool matches its pin (3 pinned)`);
    expect(r.out).toContain(`lock ${out}, server "api": drift (3 new, 0 changed, 0 gone)`);
    expect(r.out).toContain(`lock ${out}, server "broken": not compared (the server could not be listed)`);
    expect(r.out).toContain(`lock ${out}, server "web": the server is in the lock, not in the config`);
    expect(r.out).toContain(`lock ${out}, server "web": drift (0 new, 0 changed, 3 gone)`);
  }, 60_000);

  it('writes nothing when a server cannot be listed', async () => {
    const partial = join(dir, 'partial.lock.json');
    const file = join(dir, 'partial.json');
    writeFileSync(
      file,
      JSON.stringify({
        mcpServers: { docs: { command: process.execPath, args: [SERVER] }, broken: { command: join(dir, 'nope') } },
      }),
    );
    const r = await runInProcess(['lock', '--config', file, '--out', partial]);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${file}: server "broken"`);
    expect(existsSync(partial)).toBe(false);
  }, 60_000);

  it.each([
    [
      ['check', '--lock', 'LOCK', '--mcp-list', 'x.json'],
      /the lock of a config \(toolgate lock --config\) is compared with --config/,
    ],
    [
      ['check', '--config', 'CALM', '--lock', 'LOCK', '--mcp-list', 'x.json'],
      /compared with the --config servers only/,
    ],
    [['lock', '--config', 'CALM', '--mcp-list', 'x.json'], /--config locks every server of the config/],
    [['lock', '--config', 'CALM', '--out', 'SINGLE'], /is the lock of one catalog, not of a config/],
    [['proxy', '--lock', 'LOCK', process.execPath, SERVER], /the lock of a config \(toolgate lock --config\)/],
  ])('refuses %j with exit 2', async (argv, expected) => {
    const single = join(dir, 'single.lock.json');
    writeFileSync(single, lockText({ version: 1, ignore: [], tools: {} }));
    const args = argv.map((a) => (a === 'LOCK' ? out : a === 'CALM' ? calm : a === 'SINGLE' ? single : a));
    const r = await runInProcess(args);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(expected);
  });
});

// A config's server names reached the report as JSON.stringify wrote them: U+202E raw (what followed read reversed)
// and a 200,000-character name a 200 KB line, in check --config, lock --config and check --config --lock.
describe('config server names in reports', () => {
  const long = 'n'.repeat(200_000);
  const hostile = config('hostile.json', { 'e\u001b[2J\u202eX': '', [long]: '' });
  const lock = join(dir, 'hostile.lock.json');
  const shown = (r: { out: string; err: string }): void => {
    const text = r.out + r.err;
    expect(text).toContain('server "e\\u001b[2J\\u202eX"');
    expect(text).toContain(`server "${'n'.repeat(78)}…`);
    expect(text).not.toContain('\u202e');
    expect(Math.max(...text.split('\n').map((l) => l.length))).toBeLessThan(1000);
  };

  it('are clipped and written out by check --config, lock --config and check --config --lock', async () => {
    shown(await runInProcess(['check', '--config', hostile]));
    expect((await runInProcess(['lock', '--config', hostile, '--out', lock])).code).toBe(0);
    // The second lock prints each server's drift, headed by its name.
    shown(await runInProcess(['lock', '--config', hostile, '--out', lock]));
    shown(await runInProcess(['check', '--config', hostile, '--lock', lock]));
  }, 60_000);

  it('are clipped and written out when an entry cannot be started', async () => {
    const file = join(dir, 'unstartable.json');
    writeFileSync(file, JSON.stringify({ mcpServers: { 'e\u001b[2J\u202eX': { url: 42 }, [long]: { url: 42 } } }));
    shown(await runInProcess(['check', '--config', file]));
    const proxy = await runInProcess(['proxy', '--config', file]);
    expect(proxy.code).toBe(2);
    expect(proxy.err).toContain('server "e\\u001b[2J\\u202eX"');
    expect(proxy.err).not.toContain('\u202e');
  });
});
