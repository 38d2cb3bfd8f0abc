// `toolgate proxy --url https://…`: the proxy reaches its upstream with node:https (src/proxy/upstream-request.ts),
// so the certificate is verified as Node verifies one (NODE_EXTRA_CA_CERTS adds a CA), one kept-alive connection
// carries the calls of a session one after another, and the session's connections end with it.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RawCli } from './raw-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'toolgate-https-'));
const CERT = join(dir, 'cert.pem');
const KEY = join(dir, 'key.pem');
/** Whether openssl can make the test's certificate (it is how the certificate is made, nothing else). */
const OPENSSL = (() => {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
const TOOL = { name: 'echo', inputSchema: { type: 'object', properties: { text: { type: 'string' } } } };

let server: Server;
let url = '';
/** TLS connections the server has accepted, and those still open. */
const connections = { made: 0, open: 0 };
const calls: unknown[] = [];

/** A minimal Streamable HTTP MCP server (JSON answers) over TLS. */
function answer(message: { id?: unknown; method?: string; params?: { arguments?: unknown } }): unknown {
  if (message.method === 'initialize')
    return { protocolVersion: '2025-06-18', capabilities: { tools: {} }, serverInfo: { name: 'tls', version: '0' } };
  if (message.method === 'tools/list') return { tools: [TOOL] };
  calls.push(message.params?.arguments);
  return { content: [{ type: 'text', text: JSON.stringify(message.params?.arguments) }] };
}

beforeAll(async () => {
  if (!OPENSSL) return;
  execFileSync('openssl', [
    ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2'],
    ...['-keyout', KEY, '-out', CERT, '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'],
  ]);
  server = createServer({ cert: readFileSync(CERT), key: readFileSync(KEY) }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST') return void res.writeHead(req.method === 'DELETE' ? 200 : 405).end();
      const message = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      if (message.id === undefined) return void res.writeHead(202).end();
      const body = JSON.stringify({ jsonrpc: '2.0', id: message.id, result: answer(message) });
      res.writeHead(200, { 'content-type': 'application/json', 'mcp-session-id': 's-1' }).end(body);
    });
  });
  server.on('secureConnection', (socket) => {
    connections.made++;
    connections.open++;
    socket.on('close', () => connections.open--);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `https://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
}, 20_000);
afterAll(() => {
  server?.closeAllConnections();
  server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!OPENSSL)('toolgate proxy --url https (skipped: no openssl to make a certificate)', () => {
  it('verifies the certificate: one it cannot trust is a failure to start', async () => {
    const p = new RawCli('proxy', ['--url', url]);
    expect((await p.exited).code).toBe(2);
    expect(p.stderr).toMatch(/could not be reached: self[- ]signed certificate/);
  }, 20_000);

  it('calls over one kept-alive connection, and ends its connections with the session', async () => {
    const p = new RawCli('proxy', ['--url', url], { NODE_EXTRA_CA_CERTS: CERT });
    try {
      await p.initialize();
      const list = await p.request('l', 'tools/list', {});
      expect(list.result?.tools?.map((t) => t.name)).toEqual(['echo']);
      const before = connections.made;
      for (let i = 0; i < 10; i++) {
        p.call(`c${i}`, 'echo', { text: `t${i}` });
        expect(await p.textOf(`c${i}`)).toBe(`{"text":"t${i}"}`);
      }
      p.call('bad', 'echo', { text: 1 });
      expect(await p.textOf('bad')).toMatch(/invalid arguments/);
      expect(calls).toHaveLength(10);
      // Calls one after another go over a connection already open, not one each (at most one new: the server
      // may have closed one left idle).
      expect(connections.made - before).toBeLessThanOrEqual(1);
      p.child.stdin.end();
      expect((await p.exited).code).toBe(0);
      await expect.poll(() => connections.open, { timeout: 5000 }).toBe(0);
    } finally {
      p.kill();
    }
  }, 30_000);
});
