// The proxy kept a stdio server's stderr during start-up (shown if start-up failed) and passed on only what came
// after: when start-up succeeded, what came before was never shown (server-everything's "Starting default (STDIO)
// server...", a warning like "auth disabled": a newcomer's find). It is passed on now once the server is up, masked,
// named in a gateway, in order and before what follows; each --listen session's server's too; past the bound held,
// a line says how much was left out.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type ProxyOptions, startProxy } from '../../src/proxy/index.js';
import { connectClient } from './aggregate-fixture.js';

const dir = mkdtempSync(join(tmpdir(), 'toolgate-startup-stderr-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Writes two stderr lines (and FLOOD characters more) before it answers initialize; `speak` writes one more. */
const SERVER = `const write = (m) => process.stdout.write(JSON.stringify({ jsonrpc: '2.0', ...m }) + '\\n');
require('readline').createInterface({ input: process.stdin }).on('line', (line) => {
  const m = JSON.parse(line);
  if (m.id === undefined) return;
  if (m.method === 'initialize') {
    process.stderr.write('Starting default (STDIO) server...\\nauth disabled for ' + process.env.TOKEN + '\\n');
    const flood = Number(process.env.FLOOD ?? 0);
    if (flood > 0) process.stderr.write(('x'.repeat(99) + '\\n').repeat(flood / 100));
    write({ id: m.id, result: { protocolVersion: '2025-06-18', capabilities: { tools: {} },
      serverInfo: { name: 'noisy', version: '1' } } });
  } else if (m.method === 'tools/list')
    write({ id: m.id, result: { tools: [{ name: 'speak', inputSchema: { type: 'object' } }] } });
  else if (m.method === 'tools/call') {
    process.stderr.write('after start-up\\n');
    setTimeout(() => write({ id: m.id, result: { content: [{ type: 'text', text: 'spoke' }] } }), 100);
  } else write({ id: m.id, result: {} });
});`;
const server = join(dir, 'noisy.cjs');
writeFileSync(server, SERVER);
const TOKEN = 'SECRETVALUE-0123456789';

/** The proxy's stderr lines over one session that calls `speak` (its name `a__speak` in a gateway). */
async function linesOf(options: Partial<ProxyOptions>, tool: string): Promise<string[]> {
  const logged: string[] = [];
  const started = await startProxy({ listen: { port: 0 }, onLog: (l) => void logged.push(l), ...options });
  if (!started.ok) throw new Error(started.error.message);
  const { client } = await connectClient(started.value.url as string);
  await client.callTool({ name: tool, arguments: {} });
  await client.close();
  await started.value.close();
  return logged.join('\n').split('\n');
}

const upstream = (env: Record<string, string>) => ({ command: process.execPath, args: [server], env });

describe("a stdio server's start-up stderr, once it is up", () => {
  it('is passed on masked, in order, before what it writes later, for each --listen session', async () => {
    const lines = await linesOf({ upstream: upstream({ TOKEN }) }, 'speak');
    expect(lines.join('\n')).not.toContain(TOKEN);
    const starting = lines.flatMap((l, i) => (l === 'Starting default (STDIO) server...' ? [i] : []));
    // The server started before the port opened, then the session's own.
    expect(starting).toHaveLength(2);
    for (const i of starting) expect(lines[i + 1]).toMatch(/^auth disabled for \S+$/);
    expect(lines.indexOf('after start-up')).toBeGreaterThan(starting[1] as number);
  }, 30_000);

  it('is named by its server in a gateway', async () => {
    const lines = await linesOf({ servers: { a: upstream({ TOKEN }) } }, 'a__speak');
    expect(lines).toContain('[a] Starting default (STDIO) server...');
    expect(lines.join('\n')).not.toContain(TOKEN);
    const at = lines.indexOf('[a] Starting default (STDIO) server...');
    expect(lines[at + 1]).toMatch(/^\[a\] auth disabled for \S+$/);
    expect(lines.indexOf('[a] after start-up')).toBeGreaterThan(at);
  }, 30_000);

  it('past the bound held, is said to be left out, with how much', async () => {
    const lines = await linesOf({ upstream: upstream({ TOKEN, FLOOD: '100000' }) }, 'speak');
    const notice = lines.filter((l) => l.includes("characters of the MCP server's start-up stderr left out"));
    expect(notice).toHaveLength(2);
    expect(notice[0]).toMatch(/^\[toolgate: \d+ characters/);
    expect(lines.filter((l) => l === 'x'.repeat(99)).length).toBeLessThan(2 * 1000);
    expect(lines.indexOf('after start-up')).toBeGreaterThan(lines.lastIndexOf(notice[1] as string));
  }, 30_000);
});
