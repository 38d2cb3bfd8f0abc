// The `--url` upstream's exchanges and how they are ended early. A request keeps a listener on an abort signal it
// is given while it is under way (fetch kept it until the request was garbage collected), so one signal handed to
// every call gathered hundreds of listeners, walked again by each later request; a signal of each exchange's own
// then cost an AbortController and node:http's listener per call (4-10% of the proxy's CPU per call). Now no abort
// signal is made or listened to per call; stop() still ends every exchange under way, and an abandoned request's
// exchange is cut alone.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { exchangeCut } from '../../src/proxy/exchange-cut.js';
import { openHttpUpstream } from '../../src/proxy/upstream-http.js';
import { upstreamClient } from '../../src/proxy/upstream-request.js';

const servers: Server[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    s.close();
  }
});

/** A loopback server answering each POST with `answer` (or never, when it returns undefined); its URL. */
async function serve(answer: (req: IncomingMessage) => string | undefined): Promise<URL> {
  const s = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = answer(Object.assign(req, { body: Buffer.concat(chunks).toString('utf8') }));
      if (text !== undefined) res.writeHead(200, { 'content-type': 'application/json' }).end(text);
    });
  });
  servers.push(s);
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  return new URL(`http://127.0.0.1:${(s.address() as AddressInfo).port}/mcp`);
}

const echo = (req: IncomingMessage): string => {
  const { id } = JSON.parse((req as IncomingMessage & { body: string }).body) as { id: number };
  return JSON.stringify({ jsonrpc: '2.0', id, result: {} });
};

describe('the HTTP upstream client, how its exchanges end', () => {
  it('listens to no abort signal per call', async () => {
    const url = await serve(echo);
    let listened = 0;
    const add = EventTarget.prototype.addEventListener;
    vi.spyOn(EventTarget.prototype, 'addEventListener').mockImplementation(function (this: EventTarget, ...args) {
      if (this instanceof AbortSignal && args[0] === 'abort') listened++;
      return add.apply(this, args);
    });
    const replies: unknown[] = [];
    const up = openHttpUpstream(
      url,
      {},
      1 << 20,
      { message: (m) => replies.push(m), bad: () => undefined },
      () => undefined,
    );
    for (let id = 1; id <= 40; id++) up.channel.send({ jsonrpc: '2.0', id, method: 'tools/call', params: {} });
    up.channel.send({ jsonrpc: '2.0', method: 'notifications/progress', params: {} });
    await expect.poll(() => replies.length, { timeout: 10_000 }).toBe(40);
    expect(listened).toBe(0);
    await up.stop();
  });

  it('cuts an abandoned request alone: its connection closes, no reply is made, the next is answered', async () => {
    const closedIds: number[] = [];
    let heard = 0;
    const url = await serve((req) => {
      const { id } = JSON.parse((req as IncomingMessage & { body: string }).body) as { id: number };
      if (id !== 1) return echo(req);
      req.socket.on('close', () => closedIds.push(id));
      heard++;
      return undefined;
    });
    const replies: { id?: unknown }[] = [];
    const up = openHttpUpstream(
      url,
      {},
      1 << 20,
      { message: (m) => replies.push(m), bad: () => undefined },
      () => undefined,
    );
    up.channel.send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: {} });
    await expect.poll(() => heard, { timeout: 5000 }).toBe(1);
    up.channel.abandoned?.(1);
    await expect.poll(() => closedIds, { timeout: 5000 }).toEqual([1]);
    up.channel.send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: {} });
    await expect.poll(() => replies.map((r) => r.id), { timeout: 5000 }).toEqual([2]);
    await up.stop();
  });

  it('still aborts an exchange under way when stopped', async () => {
    let closed = 0;
    let received = 0;
    const url = await serve((req) => {
      received++;
      req.socket.on('close', () => closed++);
      return undefined;
    });
    const up = openHttpUpstream(url, {}, 1 << 20, { message: () => undefined, bad: () => undefined }, () => undefined);
    up.channel.send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: {} });
    up.channel.send({ jsonrpc: '2.0', method: 'notifications/progress', params: {} });
    await expect.poll(() => received, { timeout: 5000 }).toBe(2);
    await up.stop();
    await expect.poll(() => closed, { timeout: 5000 }).toBe(2);
  });

  // A request's event stream closed before its answer is resumed after the server's `retry` (upstream-body.ts);
  // the wait between is the exchange's too: abandoning the request or stopping ends it, and nothing is resumed.
  for (const how of ['abandoned', 'stopped'] as const) {
    it(`resumes nothing once the request is ${how} during the wait before a resumption`, async () => {
      let posts = 0;
      let resumes = 0;
      const s = createServer((req, res) => {
        req.resume();
        req.on('end', () => {
          if (req.method === 'GET' && req.headers['last-event-id'] !== undefined) resumes++;
          if (req.method !== 'POST') return void res.writeHead(405).end();
          posts++;
          // A priming event (an id to resume from, retry 1.5 s), then the stream ends without the answer.
          res.writeHead(200, { 'content-type': 'text/event-stream' }).end('id: e1\nretry: 1500\ndata: \n\n');
        });
      });
      servers.push(s);
      await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
      const url = new URL(`http://127.0.0.1:${(s.address() as AddressInfo).port}/mcp`);
      const up = openHttpUpstream(
        url,
        {},
        1 << 20,
        { message: () => undefined, bad: () => undefined },
        () => undefined,
      );
      up.channel.send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: {} });
      await expect.poll(() => posts, { timeout: 5000 }).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const began = Date.now();
      if (how === 'abandoned') up.channel.abandoned?.(1);
      else await up.stop();
      expect(Date.now() - began).toBeLessThan(1000);
      await new Promise((resolve) => setTimeout(resolve, 2500));
      expect(resumes).toBe(0);
      if (how === 'abandoned') await up.stop();
    });
  }
});

// The cut itself, below the session: stop() also closes every connection of the upstream (its agent), so the
// session's tests above would pass without it; these fail when a cut does not end its exchange.
describe('one exchange, ended by its cut', () => {
  const post = { method: 'POST' as const, headers: { 'content-type': 'application/json' }, body: '{}' };

  it('fails at once when the cut was made before it is sent, and sends nothing', async () => {
    let heard = 0;
    const url = await serve(() => {
      heard++;
      return '{}';
    });
    const client = upstreamClient(url);
    const cut = exchangeCut();
    cut.abort();
    await expect(client.send({ ...post, cut })).rejects.toThrow('the exchange was aborted');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heard).toBe(0);
    client.close();
  });

  it('ends a request waiting for its response: it fails, and its connection closes', async () => {
    let closed = 0;
    let heard = 0;
    const url = await serve((req) => {
      heard++;
      req.socket.on('close', () => closed++);
      return undefined;
    });
    const client = upstreamClient(url);
    const cut = exchangeCut();
    const sent = client.send({ ...post, cut });
    await expect.poll(() => heard, { timeout: 5000 }).toBe(1);
    cut.abort();
    await expect(sent).rejects.toThrow('the exchange was aborted');
    await expect.poll(() => closed, { timeout: 5000 }).toBe(1);
    client.close();
  });

  it('ends a response being read: its body breaks off', async () => {
    const s = createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).write('{"part":'));
    });
    servers.push(s);
    await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
    const client = upstreamClient(new URL(`http://127.0.0.1:${(s.address() as AddressInfo).port}/mcp`));
    const cut = exchangeCut();
    const response = await client.send({ ...post, cut });
    const read = response.each(() => true);
    cut.abort();
    await expect(read).rejects.toThrow('the response broke off before its end');
    client.close();
  });
});

// The request options are written out member by member from the URL (a spread of node's null-prototype options
// cost 2.5 us an exchange): the path with its query and the URL's user and password must still reach the server.
describe('the HTTP upstream client sends to the URL as written', () => {
  it('its path and query, and its user and password as Basic credentials', async () => {
    const seen: { url?: string; auth?: string; host?: string } = {};
    const base = await serve((req) => {
      Object.assign(seen, { url: req.url, auth: req.headers.authorization, host: req.headers.host });
      return echo(req);
    });
    const url = new URL(`http://al%20ice:p%40ss@127.0.0.1:${base.port}/mcp/x?k=v&w=1`);
    const client = upstreamClient(url);
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' });
    const response = await client.send({ method: 'POST', headers: {}, body, cut: exchangeCut() });
    await response.each(() => true);
    client.close();
    expect(seen).toEqual({
      url: '/mcp/x?k=v&w=1',
      auth: `Basic ${Buffer.from('al ice:p@ss').toString('base64')}`,
      host: `127.0.0.1:${base.port}`,
    });
  });
});
