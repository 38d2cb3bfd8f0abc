// `check --url` and `lock --url` of a server answering with a message the proxy's HTTP client drops (not JSON, past
// its bound): a review's find, the listing through that client (src/proxy/http-lister.ts) said "the MCP server
// closed the response without an answer", which the server had not; the SDK's lister before it named the body.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startPostServer } from './post-server.js';
import { runInProcess } from './run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'toolgate-dropped-answer-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const INIT = { protocolVersion: '2025-06-18', capabilities: { tools: {} }, serverInfo: { name: 'h', version: '1' } };

/** A server answering `broken` with an HTML page, every other request as an MCP server would. */
function htmlFor(broken: string) {
  return startPostServer((m, _req, res) => {
    if (m['id'] === undefined) return void res.writeHead(202).end();
    res.writeHead(200, { 'content-type': 'application/json' });
    if (m['method'] === broken) return void res.end('<html>502 Bad Gateway</html>');
    const result = m['method'] === 'initialize' ? INIT : { tools: [] };
    res.end(JSON.stringify({ jsonrpc: '2.0', id: m['id'], result }));
  });
}

describe('a --url server answering with what is not JSON', () => {
  it.each([
    ['initialize', (url: string) => ['check', '--url', url]],
    ['tools/list', (url: string) => ['check', '--url', url]],
    ['tools/list', (url: string) => ['lock', '--url', url, '--out', join(dir, 'lock.json')]],
  ])('to "%s": said so, not as a response closed without an answer', async (method, argv) => {
    const server = await htmlFor(method);
    try {
      const run = await runInProcess(argv(`${server.origin}/mcp`));
      expect(run.err).toContain(`the server answered "${method}" with a message that is not JSON`);
      expect(run.err).not.toContain('without an answer');
      expect(run.code).toBe(2);
    } finally {
      server.close();
    }
  });
});
