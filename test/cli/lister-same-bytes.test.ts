// A hunt's find: `check --mcp` and `lock --mcp` listed a server through the MCP SDK's client, named `toolgate-check`,
// with ids from 0 and `method` first; the proxy named itself `toolgate-proxy` and wrote `jsonrpc` first. A server
// could tell the lister from the proxy by what it was sent, and show `lock` (and CI's `check --lock`) one catalog and
// the proxy another. All three write the same bytes now, up to the listing (src/mcp/wire-order.ts), and answer the
// server's own requests made meanwhile the same way (a review's find: src/mcp/startup-replies.ts).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startProxy } from '../../src/proxy/index.js';
import { runInProcess } from './run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'toolgate-lister-bytes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * A server that appends every line it is sent to the file named by its argument; once initialized, it asks a `ping`
 * and a `roots/list` of its own, and answers tools/list only once both are answered.
 */
const SERVER = `const fs = require('fs');
const write = (m) => process.stdout.write(JSON.stringify({ jsonrpc: '2.0', ...m }) + '\\n');
let answered = 0;
let listing;
require('readline').createInterface({ input: process.stdin }).on('line', (line) => {
  fs.appendFileSync(process.argv[2], line + '\\n');
  const m = JSON.parse(line);
  if (m.method === 'notifications/initialized') {
    write({ id: 'p', method: 'ping' });
    write({ id: 'r', method: 'roots/list' });
  }
  if (m.method === undefined && ++answered === 2 && listing !== undefined) listing();
  if (m.id === undefined || m.method === undefined) return;
  if (m.method === 'tools/list' && answered < 2) {
    listing = () => write({ id: m.id, result: { tools: [{ name: 'read', inputSchema: { type: 'object' } }] } });
    return;
  }
  if (m.method === 'initialize')
    write({ id: m.id, result: { protocolVersion: '2025-11-25', capabilities: { tools: {} },
      serverInfo: { name: 'log', version: '1' } } });
  else if (m.method === 'tools/list')
    write({ id: m.id, result: { tools: [{ name: 'read', inputSchema: { type: 'object' } }] } });
  else write({ id: m.id, result: {} });
});`;
const script = join(dir, 'log-server.cjs');
writeFileSync(script, SERVER);

/** The lines the server was sent up to its first tools/list and the answers to its own two requests, sorted. */
function sent(log: string): string[] {
  const lines = readFileSync(log, 'utf8').split('\n');
  const listing = lines.findIndex((l) => l.includes('"tools/list"'));
  const answers = lines.filter((l) => /"id":"[pr]"/.test(l));
  return [...lines.slice(0, listing + 1), ...answers].filter((l, i, all) => all.indexOf(l) === i).sort();
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
    expect(proxy.length).toBe(5);
    expect(proxy.join('\n')).toContain('"clientInfo":{"name":"toolgate-proxy"');
    expect(proxy).toContain('{"jsonrpc":"2.0","id":"p","result":{}}');
    expect(sent(logs.check)).toEqual(proxy);
    expect(sent(logs.lock)).toEqual(proxy);
  }, 30_000);
});
