// createProxyHandler mounted by a host's own node:http server at a path of its own, driven by the MCP SDK
// client; a body parser mounted first is refused, never worked around.
import { createServer, type Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, describe, expect, it } from 'vitest';
import { createProxyHandler } from '../../src/proxy/index.js';
import { childrenOf, openRawSession } from '../cli/http-fixture.js';
import { survivors } from '../exec/alive.js';

const ROOT = new URL('../..', import.meta.url).pathname;
const RECORDING = join(ROOT, 'test/cli/fixtures/recording-server.mjs');
const servers: Server[] = [];
afterAll(() => Promise.all(servers.map((s) => new Promise((r) => s.close(r)))));

/** A host server routing `/tools/mcp` to `handler` and answering everything else itself. */
async function host(handler: (req: never, res: never) => void, parseFirst = false): Promise<string> {
  const server = createServer((req, res) => {
    if (req.url?.startsWith('/tools/mcp')) {
      if (parseFirst) (req as unknown as { body: unknown }).body = {};
      return handler(req as never, res as never);
    }
    res.writeHead(200, { 'content-type': 'text/plain' }).end('the host app');
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('createProxyHandler', () => {
  it('serves the SDK client at the host path; the host keeps its other routes; close() ends the servers', async () => {
    const made = await createProxyHandler({
      upstream: { command: process.execPath, args: [RECORDING] },
      deny: ['admin.*'],
    });
    if (!made.ok) throw new Error(made.error.message);
    const handler = made.value;
    expect(handler.tools).toContain('echo');
    const base = await host(handler.node);
    const client = new Client({ name: 'mounted', version: '0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/tools/mcp`)));
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(handler.tools);
    expect((await client.callTool({ name: 'echo', arguments: { text: 'hi' } })).isError).not.toBe(true);
    expect((await client.callTool({ name: 'echo', arguments: { text: 1 } })).isError).toBe(true);
    expect(await (await fetch(`${base}/health`)).text()).toBe('the host app');
    const children = childrenOf(process.pid);
    await client.close();
    await handler.close();
    expect(await survivors(children, 3000)).toEqual([]);
  });

  it('refuses a request whose body a parser mounted first has read', async () => {
    const made = await createProxyHandler({ upstream: { command: process.execPath, args: [RECORDING] } });
    if (!made.ok) throw new Error(made.error.message);
    const base = await host(made.value.node, true);
    const r = await fetch(`${base}/tools/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });
    expect(r.status).toBe(500);
    expect(await r.text()).toContain('mount toolgate before any body parser');
    await made.value.close();
  });

  it('is an error value, never a throw, for a wrong option', async () => {
    const made = await createProxyHandler({
      upstream: { command: 'node' },
      listen: { port: 0, maxSesions: 1 } as never,
    });
    expect(made.ok).toBe(false);
    if (!made.ok) expect(made.error.message).toContain('unknown option "listen.maxSesions"');
  });

  // A review's find: the pipelining guard stood in the CLI's own server, so a host's server mounting the handler kept
  // a pipelined call's session (and its --max-sessions slot) for good.
  it('closes a connection that pipelines requests, as the CLI does', async () => {
    const holding = join(ROOT, 'test/cli/fixtures/holding-server.mjs');
    const made = await createProxyHandler({ upstream: { command: process.execPath, args: [holding] } });
    if (!made.ok) throw new Error(made.error.message);
    const base = await host(made.value.node);
    const sid = await openRawSession(`${base}/tools/mcp`);
    const call = (id: number): string => {
      const body = JSON.stringify({
        jsonrpc: '2.0',
        id,
        method: 'tools/call',
        params: { name: 'slow', arguments: {} },
      });
      return (
        `POST /tools/mcp HTTP/1.1\r\nHost: ${new URL(base).host}\r\nContent-Type: application/json\r\n` +
        `Accept: application/json, text/event-stream\r\nMcp-Session-Id: ${sid}\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
      );
    };
    const socket = connect(Number(new URL(base).port), '127.0.0.1');
    socket.on('error', () => undefined);
    socket.resume();
    socket.write(call(1) + call(2));
    const closed = await Promise.race([
      new Promise<boolean>((resolve) => socket.on('close', () => resolve(true))),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 5000).unref()),
    ]);
    socket.destroy();
    await made.value.close();
    expect(closed).toBe(true);
  }, 20_000);
});
