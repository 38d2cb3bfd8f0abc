// A server that keeps announcing tools/list_changed and never answers the listing again: each round of its
// re-admission timed out, and every change announced during one queued another, so a client's tools/list (which
// waits for the re-admission) was held up to three --timeouts: 89.6 s at the default 30 s, past the 60 s the MCP
// SDK's client waits (a hunt's find). A round that fails now answers what waits (nothing of that server published),
// and a change it missed is admitted again in a later round.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type ProxyOptions, startProxy } from '../../src/proxy/index.js';
import { connectClient } from './aggregate-fixture.js';

const dir = mkdtempSync(join(tmpdir(), 'toolgate-stuck-relisting-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Lists one tool once; after a call of it, announces a change every 100 ms and never answers a listing again. */
const STUCK = `let listed = false;
const write = (m) => process.stdout.write(JSON.stringify({ jsonrpc: '2.0', ...m }) + '\\n');
require('readline').createInterface({ input: process.stdin }).on('line', (line) => {
  const m = JSON.parse(line);
  if (m.id === undefined) return;
  if (m.method === 'initialize')
    write({ id: m.id, result: { protocolVersion: '2025-06-18', capabilities: { tools: { listChanged: true } },
      serverInfo: { name: 'stuck', version: '1' } } });
  else if (m.method === 'tools/list') {
    if (!listed) write({ id: m.id, result: { tools: [{ name: 't', inputSchema: { type: 'object' } }] } });
    listed = true;
  } else if (m.method === 'tools/call') {
    write({ id: m.id, result: { content: [{ type: 'text', text: 'called' }] } });
    setInterval(() => write({ method: 'notifications/tools/list_changed' }), 100);
  } else write({ id: m.id, result: {} });
});`;

const server = join(dir, 'stuck.cjs');
writeFileSync(server, STUCK);
const upstream = { command: process.execPath, args: [server] };

const cases: [string, ProxyOptions, string][] = [
  ['the single-server proxy', { upstream, listen: { port: 0 }, timeoutSeconds: 1 }, 't'],
  ['the gateway (servers)', { servers: { s: upstream }, listen: { port: 0 }, timeoutSeconds: 1 }, 's__t'],
];

describe('a re-listing the server never answers', () => {
  it.each(cases)(
    '%s answers tools/list within one --timeout, the server withdrawn',
    async (_, options, tool) => {
      const started = await startProxy({ ...options, onLog: () => undefined });
      if (!started.ok) throw new Error(started.error.message);
      const { client } = await connectClient(started.value.url as string);
      await client.callTool({ name: tool, arguments: {} });
      // A re-admission is under way (the first change came 100 ms after the call); more changes queue behind it.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const asked = performance.now();
      const listed = await client.listTools();
      const waited = performance.now() - asked;
      expect(listed.tools).toEqual([]);
      // At most the round under way (1 s), where three rounds took 2.7-3 s.
      expect(waited).toBeLessThan(1800);
      await client.close();
      await started.value.close();
    },
    30_000,
  );
});
