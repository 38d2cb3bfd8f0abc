// `check --url` against a server that answers every tools/list page with a cursor of megabytes: the cursors count
// toward the listing's bound (src/catalog/mcp-pages.ts), so it stops within the bound, not after 100 such pages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PostServer, startPostServer } from './post-server.js';
import { runInProcess } from './run-cli.js';

const CURSOR_CHARS = 9_000_000;
let server: PostServer;
let url = '';
let pages = 0;

beforeAll(async () => {
  server = await startPostServer((message, _req, res) => {
    if (message['id'] === undefined) return res.writeHead(202).end();
    const result =
      message['method'] === 'initialize'
        ? { protocolVersion: '2025-06-18', capabilities: { tools: {} }, serverInfo: { name: 'c', version: '1' } }
        : { tools: [], nextCursor: `${pages++}`.padEnd(CURSOR_CHARS, 'x') };
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ jsonrpc: '2.0', id: message['id'], result }));
  });
  url = `${server.origin}/mcp`;
});
afterAll(() => server.close());

describe('check --url with cursors of megabytes', () => {
  it('refuses the listing at 64 Mi characters, after 8 pages', async () => {
    const run = await runInProcess(['check', '--url', url]);
    expect(run.code).toBe(2);
    expect(run.err).toContain('tools/list pages held more than 67108864 bytes together');
    expect(pages).toBe(8);
  }, 30_000);
});
