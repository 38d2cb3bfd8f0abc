// A hunt's find: `check --mcp` and `lock --mcp` listed a server through the MCP SDK's client, named `toolgate-check`,
// with ids from 0 and `method` first; the proxy named itself `toolgate-proxy` and wrote `jsonrpc` first. A server
// could tell the lister from the proxy by what it was sent, and show `lock` (and CI's `check --lock`) one catalog and
// the proxy another. All three write the same bytes now, up to the listing (src/mcp/wire-order.ts).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startProxy } from '../../src/proxy/index.js';
import { runInProcess } from './run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'toolgate-lister-bytes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A server that appends every line it is sent to the file named by its argument. */
const SERVER = `const fs = require('fs');
const write = (m) => process.stdout.write(JSON.stringify({ jsonrpc: '2.0', ...m }) + '\\n');
require('readline').createInterface({ input: process.stdin }).on('line', (line) => {
  fs.appendFileSync(process.argv[2], line + '\\n');
  const m = JSON.parse(line);
  if (m.id === undefined || m.method === undefined) return;
  if (m.method === 'initialize')
    write({ id: m.id, result: { protocolVersion: '2025-11-25', capabilities: { tools: {} },
      serverInfo: { name: 'log', version: '1' } } });
  else if (m.method === 'tools/list')
    write({ id: m.id, result: { tools: [{ name: 'read', inputSchema: { type: 'object' } }] } });
  else write({ id: m.id, result: {} });
});`;
const script = join(dir, 'log-server.cjs');
writeFileSync(script, SERVER);

/** The lines the server was sent, up to its first tools/list. */
function sent(log: string): string[] {
  const lines = readFileSync(log, 'utf8').split('\n');
  return lines.slice(0, lines.findIndex((l) => l.includes('"tools/list"')) + 1);
}

describe('what a listed server is sent', () => {
  it('is the same from check --mcp, lock --mcp and the proxy', async () => {
    const logs = { check: join(dir, 'check.log'), lock: join(dir, 'lock.log'), proxy: join(dir, 'proxy.log') };
    const command = (log: string) => `${JSON.stringify(process.execPath)} ${JSON.stringify(script)} ${log}`;
    expect((await runInProcess(['check', '--mcp', command(logs.check)])).code).toBe(0);
    const out = join(dir, 'lock.json');
    expect((await runInProcess(['lock', '--mcp', command(logs.lock), '--out', out])).code).toBe(0);
    const started = await startProxy({ upstream: { command: process.execPath, args: [script, logs.proxy] } });
    if (!started.ok) throw new Error(started.error.message);
    await started.value.close();
    const proxy = sent(logs.proxy);
    expect(proxy.length).toBe(3);
    expect(proxy[0]).toContain('"clientInfo":{"name":"toolgate-proxy"');
    expect(sent(logs.check)).toEqual(proxy);
    expect(sent(logs.lock)).toEqual(proxy);
  }, 30_000);
});
