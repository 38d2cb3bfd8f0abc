// What stderr says of a server's messages that are not JSON-RPC (src/proxy/upstream.ts): a hunt's find, a server's
// GET stream of a million 9-byte events made 434,381 stderr lines (38 MB) in 8 s, one a message. It is said once
// now, then at most once in 10 s with how many went unsaid (src/proxy/seldom-said.ts), on stdio as over HTTP.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { RawCli } from './raw-cli.js';

const JUNK = join(new URL('../..', import.meta.url).pathname, 'test/cli/fixtures/junk-server.mjs');
/** The bad messages the server writes before it answers the call. */
const N = 5000;
const LINE = 'the server wrote a message that is not JSON-RPC (parse); it was dropped';

const servers: Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    s.close();
  }
});

/** A Streamable HTTP server whose tool `junk` answers on an event stream of N events `data: x`, then the answer. */
async function junkOverHttp(): Promise<string> {
  const s = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST') return void res.writeHead(405).end();
      const m = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id?: number; method: string; params: never };
      if (m.id === undefined) return void res.writeHead(202).end();
      const json = (result: object): void =>
        void res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ jsonrpc: '2.0', id: m.id, result }));
      if (m.method === 'initialize')
        return json({
          protocolVersion: (m.params as { protocolVersion: string }).protocolVersion,
          capabilities: { tools: {} },
          serverInfo: { name: 'junk', version: '1' },
        });
      if (m.method === 'tools/list') return json({ tools: [{ name: 'junk', inputSchema: { type: 'object' } }] });
      const answer = { jsonrpc: '2.0', id: m.id, result: { content: [{ type: 'text', text: 'ok' }] } };
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(`${'data: x\n\n'.repeat(N)}data: ${JSON.stringify(answer)}\n\n`);
    });
  });
  servers.push(s);
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(s.address() as AddressInfo).port}/mcp`;
}

describe('proxy: a server that writes many messages that are not JSON-RPC', () => {
  it.each([
    ['on stdio', async () => ['--env', `JUNK=${N}`, '--', process.execPath, JUNK]],
    ['over HTTP (--url)', async () => ['--url', await junkOverHttp()]],
  ])('%s: stderr says so once, not once a message', async (_how, args) => {
    const cli = new RawCli('proxy', await args());
    try {
      await cli.initialize();
      cli.call('c', 'junk', {});
      // The answer came after all the bad messages: each was read.
      expect((await cli.textOf('c')).trim()).toBe('ok');
      await expect.poll(() => cli.stderr, { timeout: 10_000 }).toContain(LINE);
      const said = cli.stderr.split('\n').filter((l) => l.includes('not JSON-RPC'));
      expect(said[0]).toBe(`toolgate proxy: ${LINE}`);
      // Once, and a count for a run as slow as 10 s.
      expect(said.length).toBeLessThanOrEqual(2);
    } finally {
      cli.kill();
    }
  });
});
