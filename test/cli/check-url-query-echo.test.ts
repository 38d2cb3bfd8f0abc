// `check --url` against a server whose error message echoes its request line: the URL's query values are secrets
// (src/mcp/server-url.ts), masked in the form the request sent them too, not only decoded.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PostServer, startPostServer } from './post-server.js';
import { runInProcess } from './run-cli.js';

let server: PostServer;
let base = '';

beforeAll(async () => {
  server = await startPostServer((message, req, res) => {
    if (message['id'] === undefined) return res.writeHead(202).end();
    const init = {
      protocolVersion: '2025-06-18',
      capabilities: { tools: {} },
      serverInfo: { name: 'e', version: '1' },
    };
    const answer =
      message['method'] === 'initialize'
        ? { result: init }
        : { error: { code: -32000, message: `no tools for ${String(req.url)}` } };
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ jsonrpc: '2.0', id: message['id'], ...answer }));
  });
  base = `${server.origin}/mcp`;
});
afterAll(() => server.close());

describe('check --url with a server that echoes its request line', () => {
  it('masks a base64 key with + and an encoded value as the request sent them', async () => {
    const run = await runInProcess(['check', '--url', `${base}?key=k3yB64+val/ue==&token=my%20secret%2Bvalue`]);
    expect(run.code).toBe(2);
    expect(run.err).toContain('no tools for /mcp?key=<redacted>&token=<redacted>');
    expect(run.err).not.toMatch(/k3yB64|secret/);
  });

  it("masks a key in the path as written and as sent (a hunt's note: Zapier puts it there)", async () => {
    const key = 'NjI3ZTk0ZjQtYjM5Yi00NDUx';
    const run = await runInProcess(['check', '--url', `${server.origin}/api/s/${key}/mcp`]);
    expect(run.code).toBe(2);
    expect(run.err).toContain('no tools for /api/s/<redacted>/mcp');
    expect(run.err).not.toContain(key);
  });
});
