// `toolgate proxy --config <file>` over stdio, with the SDK client: the config's stdio and URL servers behind one
// MCP server, each server's requests to the client relayed under ids of the gateway's own (two servers asking at
// once each get their own answer), a config the published names could not carry refused. Nothing left behind.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CreateMessageRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpServer, stdioServer, textOf } from '../proxy/aggregate-fixture.js';
import { startProxy } from '../../src/proxy/index.js';
import { runInProcess } from './run-cli.js';
import { childrenOf } from './http-fixture.js';
import { survivors } from '../exec/alive.js';
import { sample } from '../docs/samples.js';

const ROOT = new URL('../..', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'toolgate-proxy-config-'));
let web: Awaited<ReturnType<typeof httpServer>>;
beforeAll(async () => {
  web = await httpServer('web');
});
afterAll(async () => {
  await web.close();
  rmSync(dir, { recursive: true, force: true });
});

function config(name: string, servers: Record<string, unknown>, key = 'mcpServers'): string {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify({ [key]: servers }));
  return file;
}

describe('toolgate proxy --config', () => {
  it('warns of a server already started through toolgate proxy (a wrapped config): its calls checked twice', () => {
    const file = config('wrapped.json', {
      gated: { command: process.execPath, args: ['/nowhere/toolgate/dist/cli/main.js', 'proxy', '--', 'node', 'x.js'] },
      plain: { command: process.execPath, args: ['/nowhere/server.js'] },
    });
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'src/cli/main.ts', 'proxy', '--timeout', '1', '--config', file],
      { cwd: ROOT, input: '', encoding: 'utf8', timeout: 30_000 },
    );
    expect(run.stderr).toContain(
      'toolgate proxy: server "gated" is already started through toolgate proxy (a wrapped config?): each of its ' +
        'calls is checked twice; give --config the unwrapped file (toolgate wrap --undo)',
    );
    expect(run.stderr).not.toContain('server "plain" is already');
  }, 30_000);

  // proxy, check and lock --config started a server the client does not ("disabled": true: its tools reached the
  // model) and started every server in toolgate's directory, not its "cwd" (a relative script read from another
  // place), and an envFile's variables were silently missing: a hunt's find.
  it('starts no disabled server, starts each in its cwd, refuses a relative cwd and an envFile', async () => {
    const home = mkdtempSync(join(dir, 'home-'));
    // Lists one tool named after the directory it runs in.
    writeFileSync(
      join(home, 'where.cjs'),
      `const w = (m) => process.stdout.write(JSON.stringify({ jsonrpc: '2.0', ...m }) + '\\n');
require('readline').createInterface({ input: process.stdin }).on('line', (l) => {
  const m = JSON.parse(l);
  if (m.id === undefined) return;
  if (m.method === 'initialize') w({ id: m.id, result: { protocolVersion: '2025-06-18', capabilities: { tools: {} },
    serverInfo: { name: 'where', version: '1' } } });
  else if (m.method === 'tools/list') w({ id: m.id, result: { tools: [{ name: 'in_' +
    require('path').basename(process.cwd()).replace(/[^A-Za-z0-9_]/g, '_'), inputSchema: { type: 'object' } }] } });
  else w({ id: m.id, result: {} });
});`,
    );
    const file = config('cwd.json', {
      here: { command: process.execPath, args: ['where.cjs'], cwd: home },
      off: { command: process.execPath, args: [join(home, 'where.cjs')], disabled: true },
      // Disabled, it is skipped whatever it holds (an envFile refused the whole config: a review's find).
      off2: { command: process.execPath, envFile: '.env', disabled: true },
    });
    const home_ = home
      .split('/')
      .at(-1)
      ?.replace(/[^A-Za-z0-9_]/g, '_');
    const check = await runInProcess(['check', '--config', file, '--format', 'json']);
    expect(check.out).toContain(`in_${home_}`);
    expect(check.out).not.toContain('"off"');
    const started = await startProxy({
      servers: { here: { command: process.execPath, args: ['where.cjs'], cwd: home } },
      onLog: () => undefined,
      listen: { port: 0 },
    });
    if (!started.ok) throw new Error(started.error.message);
    expect(started.value.tools).toEqual([`here__in_${home_}`]);
    await started.value.close();
    for (const [entry, why] of [
      [{ command: 'x', cwd: 'sub' }, '"cwd" "sub" is not an absolute path'],
      [{ command: 'x', envFile: '.env' }, '"envFile"'],
      [{ command: 'x', disabled: true }, 'every server of it is disabled'],
    ] as const) {
      const bad = config('bad-entry.json', { bad: entry });
      const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'proxy', '--config', bad], {
        cwd: ROOT,
        input: '',
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(run.status).toBe(2);
      expect(run.stderr).toContain(why);
    }
  }, 60_000);

  it('exits 2 at once when no server of the config starts, not after --timeout (a pending initialize held it)', () => {
    const file = config('all-fail.json', {
      missing: { command: '/nowhere/no-such-server' },
      quits: { command: process.execPath, args: ['-e', 'process.exit(3)'] },
    });
    // --timeout 120 against the spawn's 20 s: the old build waited out the initialize's timer, so it was killed.
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'src/cli/main.ts', 'proxy', '--timeout', '120', '--config', file],
      { cwd: ROOT, input: '', encoding: 'utf8', timeout: 20_000 },
    );
    expect(run.signal).toBeNull();
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('server "missing: /nowhere/no-such-server" could not be started');
  }, 30_000);

  it('serves every server on stdio; two servers asking the client at once get their own answers', async () => {
    const file = config('gateway.json', {
      alpha: stdioServer('alpha'),
      beta: stdioServer('beta'),
      web: { type: 'http', url: web.url },
    });
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ['--import', 'tsx', 'src/cli/main.ts', 'proxy', '--config', file, '--deny', '*__crash'],
      cwd: ROOT,
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const client = new Client({ name: 'config-test', version: '0' }, { capabilities: { sampling: {} } });
    // Each answer names the question, after a delay that makes the two servers' requests overlap.
    client.setRequestHandler(CreateMessageRequestSchema, async (request) => {
      const content = request.params.messages[0]?.content;
      const asked = content !== undefined && 'text' in content ? String(content.text) : '';
      await new Promise((resolve) => setTimeout(resolve, asked.startsWith('alpha') ? 300 : 50));
      // `admin` is not a sampling result's: the server never sees it (src/proxy/client-answers.ts).
      return { role: 'assistant', model: 'test', content: { type: 'text', text: `answer to ${asked}` }, admin: true };
    });
    await client.connect(transport);
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toContain('alpha__echo');
    expect(names).toContain('beta__ask');
    expect(names).toContain('web__echo');
    expect(names).not.toContain('alpha__crash');
    expect(textOf(await client.callTool({ name: 'web__echo', arguments: { text: 'x' } }))).toBe('web:x');
    const [a, b] = await Promise.all([
      client.callTool({ name: 'alpha__ask', arguments: { q: 'one' } }),
      client.callTool({ name: 'beta__ask', arguments: { q: 'two' } }),
    ]);
    expect(textOf(a)).toBe('answer to alpha:one');
    expect(textOf(b)).toBe('answer to beta:two');
    const pid = transport.pid as number;
    const servers = childrenOf(pid);
    expect(servers.length).toBeGreaterThanOrEqual(2);
    await client.close();
    expect(await survivors([pid, ...servers], 5000)).toEqual([]);
    expect(stderr).toContain('server "alpha"');
  });

  it("runs docs/proxy.md's example config: the stdio servers served, the HTTP one named if unreached", async () => {
    const file = join(dir, 'docs-gateway.json');
    writeFileSync(file, sample('docs/proxy.md', 'gateway-config').code);
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ['--import', 'tsx', 'src/cli/main.ts', 'proxy', '--config', file],
      cwd: ROOT,
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const client = new Client({ name: 'docs-config-test', version: '0' });
    await client.connect(transport);
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toContain('everything__echo');
    expect(names).toContain('files__read_text_file');
    const echoed = await client.callTool({ name: 'everything__echo', arguments: { message: 'hi' } });
    expect(textOf(echoed)).toBe('Echo: hi');
    const refused = await client.callTool({ name: 'files__read_text_file', arguments: { path: 7 } });
    expect(refused.isError).toBe(true);
    const pid = transport.pid as number;
    const servers = childrenOf(pid);
    await client.close();
    expect(await survivors([pid, ...servers], 5000)).toEqual([]);
    // Nothing listens there in the test: named, and the others served; if something does, it is served.
    expect(stderr).toMatch(/server "search: http:\/\/127\.0\.0\.1:8931\/mcp"|search__/);
  }, 60_000);

  it('--lock with --config: each server held to its own entry of a config lock, drift named per server', async () => {
    const locked = config('locked.json', { alpha: stdioServer('alpha') });
    const lockFile = join(dir, 'gateway.lock.json');
    const written = await runInProcess(['lock', '--config', locked, '--out', lockFile]);
    expect(written.code).toBe(0);
    // A single server's lock is not a config's.
    const single = join(dir, 'single.lock.json');
    writeFileSync(single, JSON.stringify({ version: 1, tools: {} }));
    const refused = await runInProcess(['proxy', '--config', locked, '--lock', single]);
    expect(refused.code).toBe(2);
    const servers = { alpha: stdioServer('alpha'), beta: stdioServer('beta') };
    const lines: string[] = [];
    const started = await startProxy({ servers, listen: { port: 0 }, lock: lockFile, onLog: (l) => lines.push(l) });
    if (!started.ok) throw new Error(started.error.message);
    // alpha matches its pins; beta is not in the lock, so every tool of it is new and withheld.
    expect(started.value.tools).toContain('alpha__echo');
    expect(started.value.tools.some((t) => t.startsWith('beta__'))).toBe(false);
    expect(started.value.withheld.some((w) => w.startsWith('beta__echo: '))).toBe(true);
    expect(lines.join('\n')).toContain(`lock ${lockFile} (server beta): drift`);
    await started.value.close();
    const strict = await startProxy({ servers, listen: { port: 0 }, lock: lockFile, mode: 'strict' });
    expect(strict.ok).toBe(false);
    if (!strict.ok) expect(strict.error.message).toContain('drifted from the lock');
  }, 60_000);

  it.each([
    [{ a__b: { command: 'x' } }, 'server name "a__b" contains "__"'],
    [{ 'a.b': { command: 'x' } }, 'server name "a.b" must match'],
    [{ a_: { command: 'x' } }, 'must not end with "_"'],
    [{ a: { url: 'http://127.0.0.1:1/mcp', type: 'sse' } }, 'type "sse"'],
    [{ a: { nothing: true } }, 'neither a "command" nor a "url"'],
  ])('refuses the config %j', async (servers, message) => {
    const r = await runInProcess(['proxy', '--config', config('bad.json', servers)]);
    expect(r.code).toBe(2);
    expect(r.err).toContain(message);
  });

  it.each([
    [['--url', 'http://127.0.0.1:1/mcp'], '--url names one server'],
    [['node', 'server.js'], 'either --config or a server command'],
  ])('refuses --config with %j', async (extra, message) => {
    const file = config('ok.json', { a: { command: 'x' } }, 'servers');
    const flags = extra[0]?.startsWith('--') ? extra : [];
    const words = flags.length === 0 ? extra : [];
    const r = await runInProcess(['proxy', '--config', file, ...flags, ...words]);
    expect(r.code).toBe(2);
    expect(r.err).toContain(message);
  });
});
