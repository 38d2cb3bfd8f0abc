// A hunt's find: `check --mcp` and `lock --mcp` listed a server through the MCP SDK's client, named `toolgate-check`,
// with ids from 0 and `method` first; the proxy named itself `toolgate-proxy` and wrote `jsonrpc` first. A server
// could tell the lister from the proxy by what it was sent, and show `lock` (and CI's `check --lock`) one catalog and
// the proxy another. All three write the same bytes now, up to the listing (src/mcp/wire-order.ts), and answer the
// server's own requests made meanwhile the same way (a review's find: src/mcp/startup-replies.ts). Still the lister
// spoke through the SDK's client, and a line that is no JSON-RPC message but carries an id (no `jsonrpc`) was
// dropped unanswered by it, where the proxy answers it `invalid message`: a server could tell them apart by that. The
// stdio listers list through the proxy's own stdio upstream now (src/proxy/stdio-lister.ts): the server is sent the
// same lines in the same order. A `--url` server was listed through the SDK's HTTP client, with fetch's headers: it
// is listed by the proxy's own now (src/proxy/http-lister.ts), and sent the same requests, headers and bodies, up to
// the listing.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startProxy } from '../../src/proxy/index.js';
import { runInProcess } from './run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'toolgate-lister-bytes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * A server that appends every line it is sent to the file named by its argument, and `LISTED` once it answers the
 * listing; once initialized, it writes a line with an id that is no JSON-RPC message (no `jsonrpc`), asks a `ping`
 * and a `roots/list` of its own, and answers tools/list only once both are answered.
 */
const SERVER = `const fs = require('fs');
const write = (m) => process.stdout.write(JSON.stringify({ jsonrpc: '2.0', ...m }) + '\\n');
let answered = 0;
let listing;
const list = (id) => {
  fs.appendFileSync(process.argv[2], 'LISTED\\n');
  write({ id, result: { tools: [{ name: 'read', inputSchema: { type: 'object' } }] } });
};
require('readline').createInterface({ input: process.stdin }).on('line', (line) => {
  fs.appendFileSync(process.argv[2], line + '\\n');
  const m = JSON.parse(line);
  if (m.method === 'notifications/initialized') {
    process.stdout.write(JSON.stringify({ id: 'x', method: 'ping' }) + '\\n');
    write({ id: 'p', method: 'ping' });
    write({ id: 'r', method: 'roots/list' });
  }
  if (/^[pr]$/.test(m.id) && ++answered === 2 && listing !== undefined) listing();
  if (m.id === undefined || m.method === undefined) return;
  if (m.method === 'tools/list' && answered < 2) {
    listing = () => list(m.id);
    return;
  }
  if (m.method === 'initialize')
    write({ id: m.id, result: { protocolVersion: '2025-11-25', capabilities: { tools: {} },
      serverInfo: { name: 'log', version: '1' } } });
  else if (m.method === 'tools/list') list(m.id);
  else write({ id: m.id, result: {} });
});`;
const script = join(dir, 'log-server.cjs');
writeFileSync(script, SERVER);

/** The lines the server was sent, in order, up to its answering the listing. */
function sent(log: string): string[] {
  const lines = readFileSync(log, 'utf8').split('\n');
  return lines.slice(0, lines.indexOf('LISTED'));
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
    // initialize, notifications/initialized, tools/list, then the answers to `x` (refused), `p` and `r`.
    expect(proxy.length).toBe(6);
    expect(proxy[0]).toContain('"clientInfo":{"name":"toolgate-proxy"');
    expect(proxy.slice(1, 3)).toEqual([
      '{"jsonrpc":"2.0","method":"notifications/initialized"}',
      '{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{}}',
    ]);
    expect(proxy[3]).toBe('{"jsonrpc":"2.0","id":"x","error":{"code":-32600,"message":"invalid message (invalid)"}}');
    expect(proxy[4]).toBe('{"jsonrpc":"2.0","id":"p","result":{}}');
    // Byte for byte and in order. Before: the lister left `x` unanswered.
    expect(sent(logs.check)).toEqual(proxy);
    expect(sent(logs.lock)).toEqual(proxy);
  }, 30_000);
});

/**
 * A Streamable HTTP server that records every request up to its first tools/list (method, headers but the port in
 * `host`, body), answers each POST with a JSON body, and refuses its GET stream (405).
 */
async function recordingServer(): Promise<{ url: string; seen: string[][]; close(): void }> {
  const seen: string[][] = [];
  let run: string[] | undefined;
  const server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    req.on('end', () => {
      const m = req.method === 'POST' ? (JSON.parse(body) as { id?: number; method?: string }) : {};
      if (m.method === 'initialize') {
        run = [];
        seen.push(run);
      }
      const listed = run?.some((r) => r.includes('"tools/list"')) === true;
      if (!listed) {
        const headers = req.rawHeaders.map((h) => h.replace(/^127\.0\.0\.1:\d+$/, 'host'));
        run?.push(`${req.method} ${req.url} ${JSON.stringify(headers)} ${body}`);
      }
      if (req.method !== 'POST') return res.writeHead(405).end();
      if (m.id === undefined) return res.writeHead(202).end();
      const result =
        m.method === 'initialize'
          ? { protocolVersion: '2025-06-18', capabilities: { tools: {} }, serverInfo: { name: 'h', version: '1' } }
          : { tools: [{ name: 'read', inputSchema: { type: 'object' } }] };
      res.writeHead(200, { 'content-type': 'application/json', 'mcp-session-id': 'session-1' });
      res.end(JSON.stringify({ jsonrpc: '2.0', id: m.id, result }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`,
    seen,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

describe('what a listed --url server is sent', () => {
  it('is the same from check --url, lock --url and the proxy, headers and bodies', async () => {
    const server = await recordingServer();
    try {
      const header = ['--header', 'Authorization: Bearer s3cret-token-value'];
      expect((await runInProcess(['check', '--url', server.url, ...header])).code).toBe(0);
      const out = join(dir, 'lock-url.json');
      expect((await runInProcess(['lock', '--url', server.url, ...header, '--out', out])).code).toBe(0);
      const started = await startProxy({
        upstream: { url: server.url, headers: { Authorization: 'Bearer s3cret-token-value' } },
      });
      if (!started.ok) throw new Error(started.error.message);
      await started.value.close();
      const [check, lock, proxy] = server.seen;
      expect(server.seen.length).toBe(3);
      // initialize, notifications/initialized and tools/list, each a POST; the GET stream, opened meanwhile, in any
      // place among them.
      expect(proxy?.filter((r) => r.startsWith('POST ')).length).toBe(3);
      expect(proxy?.join('\n')).toContain('"clientInfo":{"name":"toolgate-proxy"');
      expect(proxy?.join('\n')).toContain('"Authorization","Bearer s3cret-token-value"');
      expect(check?.slice().sort()).toEqual(proxy?.slice().sort());
      expect(lock?.slice().sort()).toEqual(proxy?.slice().sort());
    } finally {
      server.close();
    }
  }, 30_000);
});
