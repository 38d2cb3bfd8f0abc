// `check --url` against a server whose GET stream says `retry: 0` and closes at once: the SDK's transport, which
// listed before, reconnected in a tight loop (1,591 GETs in 5 s). The lister is the proxy's client now
// (src/proxy/http-lister.ts): it opens the stream once, as the proxy does, and does not open it again.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInProcess } from './run-cli.js';

let server: Server;
let url = '';
let gets = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.method === 'GET') {
      gets++;
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      return res.end('id: 1\nretry: 0\ndata: \n\n');
    }
    if (req.method !== 'POST') return res.writeHead(405).end();
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    req.on('end', () => {
      const message = JSON.parse(body) as { id?: number; method: string };
      if (message.id === undefined) return res.writeHead(202).end();
      const result =
        message.method === 'initialize'
          ? { protocolVersion: '2025-06-18', capabilities: { tools: {} }, serverInfo: { name: 'g', version: '1' } }
          : { tools: [{ name: 'echo', inputSchema: { type: 'object' } }] };
      // The listing comes late, so a reconnecting GET loop would have time to run.
      setTimeout(
        () => {
          res.writeHead(200, { 'content-type': 'application/json', 'mcp-session-id': 's1' });
          res.end(JSON.stringify({ jsonrpc: '2.0', id: message.id, result }));
        },
        message.method === 'tools/list' ? 500 : 0,
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe('check --url against a server that closes its GET stream with retry: 0', () => {
  it('opens the GET stream once, as the proxy does, so no reconnect loop runs', async () => {
    const run = await runInProcess(['check', '--url', url]);
    expect(run.code).toBe(0);
    expect(gets).toBe(1);
  }, 30_000);
});
