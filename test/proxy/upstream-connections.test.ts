// An `--url` upstream's connections are its own (src/proxy/upstream-request.ts): kept open between the requests of
// one session, and ended with it. Over `--listen` each session has an upstream of its own: connections a
// shared pool kept open after their session ended would be held for nothing until the server closed them.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { RpcMessage } from '../../src/mcp/channel.js';
import { openHttpUpstream } from '../../src/proxy/upstream-http.js';

const servers: Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    s.close();
  }
});

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** A server answering each request at once with an empty result as JSON. */
const plain: Handler = (req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const id = req.method === 'POST' ? JSON.parse(Buffer.concat(chunks).toString('utf8')).id : undefined;
    if (id === undefined) return void res.writeHead(req.method === 'DELETE' ? 200 : 202).end();
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id, result: {} }));
  });
};

/** A server of `handler`; its URL and its counts of connections made and open. */
async function serve(handler: Handler = plain): Promise<{ url: URL; open: () => Promise<number>; made: () => number }> {
  let made = 0;
  const s = createServer(handler);
  s.keepAliveTimeout = 60_000;
  s.on('connection', () => made++);
  servers.push(s);
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const url = new URL(`http://127.0.0.1:${(s.address() as AddressInfo).port}/mcp`);
  const open = () => new Promise<number>((resolve) => s.getConnections((_e, n) => resolve(n)));
  return { url, open, made: () => made };
}

describe('an --url upstream', () => {
  it('sends requests one after another over one connection and ends it when the session stops', async () => {
    const { url, open, made } = await serve();
    const answered: unknown[] = [];
    const up = openHttpUpstream(url, {}, 1 << 20, { message: (m) => answered.push(m.id), bad: () => undefined }, () => {
      /* nothing is said */
    });
    for (let id = 1; id <= 20; id++) {
      up.channel.send({ jsonrpc: '2.0', id, method: 'ping' });
      await expect.poll(() => answered.length).toBe(id);
    }
    expect(made()).toBe(1);
    expect(await open()).toBe(1);
    await up.stop();
    // Ended at once, not when the server's keep-alive timeout (a minute here) closes it.
    await expect.poll(open, { timeout: 1000 }).toBe(0);
  });

  // The MCP SDK's servers answer a request as an event stream they end after the answer: reading the end too keeps
  // the connection (cut at the answer, each of 20 calls took a new one).
  it("keeps its connection across calls answered as event streams by the MCP SDK's server", async () => {
    const transports = new Map<string, StreamableHTTPServerTransport>();
    const { url, made } = await serve(async (req, res) => {
      const sid = req.headers['mcp-session-id'];
      let t = typeof sid === 'string' ? transports.get(sid) : undefined;
      if (t === undefined) {
        const created = new StreamableHTTPServerTransport({
          sessionIdGenerator: () => `s${transports.size}`,
          onsessioninitialized: (id) => void transports.set(id, created),
        });
        const server = new McpServer({ name: 'sse', version: '0' });
        server.registerTool('echo', { inputSchema: { text: z.string() } }, async ({ text }) => ({
          content: [{ type: 'text', text }],
        }));
        await server.connect(created);
        t = created;
      }
      await t.handleRequest(req, res);
    });
    const got: RpcMessage[] = [];
    const up = openHttpUpstream(url, {}, 1 << 20, { message: (m) => got.push(m), bad: () => undefined }, () => {
      /* nothing is said */
    });
    const params = { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'c', version: '0' } };
    up.channel.send({ jsonrpc: '2.0', id: 1, method: 'initialize', params });
    await expect.poll(() => got.length).toBe(1);
    up.channel.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    const before = made();
    for (let i = 0; i < 20; i++) {
      const call = { name: 'echo', arguments: { text: `t${i}` } };
      up.channel.send({ jsonrpc: '2.0', id: 10 + i, method: 'tools/call', params: call });
      await expect.poll(() => got.length).toBe(2 + i);
    }
    expect(got.at(-1)).toMatchObject({ id: 29, result: { content: [{ text: 't19' }] } });
    expect(made() - before).toBeLessThanOrEqual(2);
    await up.stop();
  });

  it('cuts a stream the server keeps open after the answer, once the answer came', async () => {
    const { url, open } = await serve((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write('data: {"jsonrpc":"2.0","id":1,"result":{}}\n\n');
        // Never ended: a comment now and then.
        const beat = setInterval(() => res.write(': beat\n\n'), 50);
        res.on('close', () => clearInterval(beat));
      });
    });
    const got: RpcMessage[] = [];
    const up = openHttpUpstream(url, {}, 1 << 20, { message: (m) => got.push(m), bad: () => undefined }, () => {
      /* nothing is said */
    });
    up.channel.send({ jsonrpc: '2.0', id: 1, method: 'ping' });
    await expect.poll(() => got.length).toBe(1);
    await expect.poll(open, { timeout: 3000 }).toBe(0);
    await up.stop();
  });

  it('fails the exchange alone when what reads an answer throws (the process goes on)', async () => {
    const { url } = await serve();
    const warned: string[] = [];
    const got: RpcMessage[] = [];
    let thrown = 0;
    const up = openHttpUpstream(
      url,
      {},
      1 << 20,
      {
        message: (m) => {
          got.push(m);
          if (thrown++ === 0) throw new Error('a reader failed');
        },
        bad: () => undefined,
      },
      (line) => warned.push(line),
    );
    up.channel.send({ jsonrpc: '2.0', id: 1, method: 'ping' });
    await expect.poll(() => got.length).toBe(2);
    // The answer that failed, then the proxy's own error for the request in its place.
    expect(got[1]).toMatchObject({ id: 1, error: { message: 'the response broke off' } });
    expect(warned).toEqual([expect.stringMatching(/a response of the MCP server broke off/)]);
    await up.stop();
  });

  // Node closes a request answered 101 that nothing takes up without an error or a response: the request was left
  // pending for good (a call never answered, notifications held past their bound, a stop() that never ended).
  it('answers a request the server meets with a 101, and stops when its DELETE gets one', async () => {
    const { url } = await serve((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const m = req.method === 'POST' ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {};
        if (req.method === 'POST' && m.method === 'initialize') {
          const result = { protocolVersion: '2025-06-18', capabilities: {}, serverInfo: { name: 's', version: '0' } };
          const body = JSON.stringify({ jsonrpc: '2.0', id: m.id, result });
          return void res.writeHead(200, { 'content-type': 'application/json', 'mcp-session-id': 's1' }).end(body);
        }
        req.socket.write('HTTP/1.1 101 Switching Protocols\r\nConnection: Upgrade\r\nUpgrade: x\r\n\r\n');
      });
    });
    const got: RpcMessage[] = [];
    const up = openHttpUpstream(url, {}, 1 << 20, { message: (m) => got.push(m), bad: () => undefined }, () => {
      /* the host hears why */
    });
    up.channel.send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: {} });
    await expect.poll(() => got.length).toBe(1);
    up.channel.send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'x', arguments: {} } });
    await expect.poll(() => got.length, { timeout: 3000 }).toBe(2);
    expect(got[1]).toMatchObject({ id: 2, error: { message: 'the MCP server could not be reached' } });
    const stopped = await Promise.race([
      up.stop().then(() => 'stopped'),
      new Promise((resolve) => setTimeout(() => resolve('still stopping'), 4000)),
    ]);
    expect(stopped).toBe('stopped');
  });
});
