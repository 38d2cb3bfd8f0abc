// `check --url` against a server that answers every tools/list page with a cursor of megabytes: the cursors count
// toward the listing's bound (src/catalog/mcp-pages.ts), so it stops within the bound, not after 100 such pages.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInProcess } from './run-cli.js';

const CURSOR_CHARS = 9_000_000;
let server: Server;
let url = '';
let pages = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    req.on('end', () => {
      if (req.method !== 'POST') return res.writeHead(405).end();
      const message = JSON.parse(body) as { id?: number; method: string };
      if (message.id === undefined) return res.writeHead(202).end();
      const result =
        message.method === 'initialize'
          ? { protocolVersion: '2025-06-18', capabilities: { tools: {} }, serverInfo: { name: 'c', version: '1' } }
          : { tools: [], nextCursor: `${pages++}`.padEnd(CURSOR_CHARS, 'x') };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ jsonrpc: '2.0', id: message.id, result }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe('check --url with cursors of megabytes', () => {
  it('refuses the listing at 64 Mi characters, after 8 pages', async () => {
    const run = await runInProcess(['check', '--url', url]);
    expect(run.code).toBe(2);
    expect(run.err).toContain('tools/list pages held more than 67108864 bytes together');
    expect(pages).toBe(8);
  }, 30_000);
});
