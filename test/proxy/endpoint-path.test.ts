// `--listen` serves MCP at its endpoint path alone (with or without a query); every other target is 404 before
// anything is read. The path is compared without a string made per request: this guards that comparison.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST_HEADERS } from '../cli/http-fixture.js';
import { type InProcessProxy, startInProcess } from './in-process-proxy.js';

const upstream = createServer((req, res) => {
  let text = '';
  req.on('data', (c) => {
    text += String(c);
  });
  req.on('end', () => {
    // A session's end (DELETE) and the listening stream (GET) carry no body.
    if (req.method !== 'POST') return void res.writeHead(405, { allow: 'POST' }).end();
    const m = JSON.parse(text) as { id?: number; method?: string };
    if (m.id === undefined) return void res.writeHead(202).end();
    const result =
      m.method === 'initialize'
        ? { protocolVersion: '2025-06-18', capabilities: { tools: {} }, serverInfo: { name: 'u', version: '1' } }
        : m.method === 'tools/list'
          ? { tools: [] }
          : {};
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ jsonrpc: '2.0', id: m.id, result }));
  });
});
let proxy: InProcessProxy;
let origin = '';
beforeAll(async () => {
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  proxy = await startInProcess([
    '--listen',
    '0',
    '--url',
    `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/`,
  ]);
  origin = new URL(proxy.url).origin;
  expect(new URL(proxy.url).pathname).toBe('/mcp');
});
afterAll(async () => {
  await proxy.stop();
  upstream.close();
});

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
});

describe('proxy --listen answers at its endpoint path only', () => {
  it.each([
    ['/mcp', 200],
    ['/mcp?x=1', 200],
    ['/mcp?', 200],
    ['/mcpx', 404],
    ['/mcp/', 404],
    ['/mc', 404],
    ['/', 404],
    ['/other?/mcp', 404],
    ['/mcp#x', 200],
  ])('%s: %i', async (target, status) => {
    const r = await fetch(`${origin}${target}`, { method: 'POST', headers: POST_HEADERS, body: INITIALIZE });
    await r.text();
    expect(r.status).toBe(status);
  });
});
