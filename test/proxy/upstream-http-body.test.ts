// An `--url` upstream's JSON answer is kept as bytes and decoded once (src/proxy/upstream-http.ts): a character
// split across two chunks must come out whole, the bound counts bytes (what its name says), and a body past it
// is refused (the request answered with the proxy's own error), never passed on in part. A body that is not the
// request's answer fails the request when it is read: it was counted as answered, and the request waited out the
// proxy's --timeout.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { RpcMessage } from '../../src/mcp/channel.js';
import { BodyBudget } from '../../src/mcp/http-body.js';
import { type HttpUpstream, openHttpUpstream } from '../../src/proxy/upstream-http.js';

const servers: Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    s.close();
  }
});

/** A loopback server answering every POST with `body`, written in pieces of `piece` bytes; its URL. */
async function serve(body: Buffer, piece: number): Promise<URL> {
  const s = createServer((req, res) => {
    req.resume();
    req.on('end', async () => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(body.length) });
      for (let at = 0; at < body.length; at += piece) {
        res.write(body.subarray(at, at + piece));
        // Each piece its own chunk at the client: a multi-byte character is split between two.
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      res.end();
    });
  });
  servers.push(s);
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  return new URL(`http://127.0.0.1:${(s.address() as AddressInfo).port}/mcp`);
}

/** `s` listening on a free loopback port, and an upstream to it whose answers share a 1,000-byte budget. */
async function budgeted(s: Server): Promise<{ up: HttpUpstream; messages: RpcMessage[]; warned: string[] }> {
  servers.push(s);
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const url = new URL(`http://127.0.0.1:${(s.address() as AddressInfo).port}/mcp`);
  const messages: RpcMessage[] = [];
  const warned: string[] = [];
  const sink = { message: (m: RpcMessage) => messages.push(m), bad: () => undefined };
  const up = openHttpUpstream(url, {}, 1 << 20, sink, (line) => warned.push(line), new BodyBudget(1000));
  return { up, messages, warned };
}

/** The reply to request 1 whose description is `text`, as the server's bytes. */
const reply = (text: string): Buffer =>
  Buffer.from(JSON.stringify({ jsonrpc: '2.0', id: 1, result: { tools: [{ name: 'é', description: text }] } }));

async function exchange(url: URL, maxBytes: number): Promise<{ messages: RpcMessage[]; bad: string[] }> {
  const messages: RpcMessage[] = [];
  const bad: string[] = [];
  const up = openHttpUpstream(
    url,
    {},
    maxBytes,
    { message: (m) => messages.push(m), bad: (why) => bad.push(why) },
    () => undefined,
  );
  up.channel.send({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });
  await expect.poll(() => messages.length, { timeout: 10_000 }).toBeGreaterThan(0);
  await up.stop();
  return { messages, bad };
}

describe('an --url upstream answer as JSON', () => {
  it('is decoded whole when its multi-byte characters arrive split between chunks', async () => {
    const text = 'é😀中'.repeat(50);
    const { messages, bad } = await exchange(await serve(reply(text), 7), 1 << 20);
    expect(bad).toEqual([]);
    expect(messages[0]?.result).toEqual({ tools: [{ name: 'é', description: text }] });
  });

  it('is bounded in bytes: a body of fewer characters than the bound but more bytes is refused', async () => {
    const body = reply('😀'.repeat(100));
    // Fewer characters (UTF-16 units) than the bound, more bytes than it.
    const bound = body.length - 50;
    expect(body.toString('utf8').length).toBeLessThan(bound);
    const { messages, bad } = await exchange(await serve(body, 64), bound);
    expect(bad).toEqual(['oversized']);
    // The request is answered with an error of the proxy's own, nothing of the body.
    await expect.poll(() => messages.length).toBe(1);
    expect(messages[0]?.result).toBeUndefined();
    expect(JSON.stringify(messages[0]?.error)).toContain('without an answer');
  });
});

const answer = '{"jsonrpc":"2.0","id":1,"result":{"tools":[]}}';

describe("an --url upstream's JSON body to a request", () => {
  it.each([
    ['the answer', answer, { tools: [] }],
    ['a one-element batch', `[${answer}]`, 'error'],
    ['the answer of another id', answer.replace('"id":1', '"id":1001'), 'error'],
    ['a notification', '{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info"}}', 'error'],
    ['not JSON', '<html>502 Bad Gateway</html>', 'error'],
    ['cut short', answer.slice(0, 30), 'error'],
  ])('%s: the request gets one reply, its result or the proxy error', async (_, body, expected) => {
    const { messages } = await exchange(await serve(Buffer.from(body), 1 << 20), 1 << 20);
    const own = messages.filter((m) => m.id === 1);
    // Exactly one: a made-up error after the answer would reach whatever request waits on that id.
    expect(own).toHaveLength(1);
    if (expected === 'error') expect(JSON.stringify(own[0]?.error)).toContain('without an answer');
    else expect(own[0]?.result).toEqual(expected);
  });
});

// Each body is bounded, but nothing bounded all of them together: a server answering 30 calls at once with 60 MB
// bodies it never ended held the proxy at 1.9 GB. The answers being read share one budget now; past it the body
// being read is dropped and its request fails, and what a body took is given back once it was read.
describe("an --url upstream's answers read at once", () => {
  it.each([
    [
      'JSON bodies',
      'application/json',
      (pad: string, id: number) => `{"jsonrpc":"2.0","id":${id},"result":{"p":"${pad}`,
    ],
    [
      'event streams',
      'text/event-stream',
      (pad: string, id: number) => `data: {"jsonrpc":"2.0","id":${id},"result":{"p":"${pad}`,
    ],
  ])(
    'share one budget (%s): one of two long answers is dropped, the other read, the budget given back',
    async (_, type, start) => {
      const release: (() => void)[] = [];
      const s = createServer((req, res) => {
        let body = '';
        req.on('data', (c: Buffer) => {
          body += c.toString('utf8');
        });
        req.on('end', () => {
          const { id } = JSON.parse(body) as { id: number };
          res.writeHead(200, { 'content-type': type });
          // 700 bytes now, the rest once released: the first of two such answers fits the 1,000-byte budget.
          res.write(start('x'.repeat(640), id));
          const end = type === 'text/event-stream' ? '"}}\n\n' : '"}}';
          if (id === 3) res.end(end);
          else release.push(() => res.end(end));
        });
      });
      const { up, messages, warned } = await budgeted(s);
      up.channel.send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: {} });
      up.channel.send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: {} });
      await expect.poll(() => messages.length, { timeout: 10_000 }).toBe(1);
      expect(JSON.stringify(messages[0]?.error)).toContain('answers being read at once passed 128 MiB');
      expect(warned).toEqual([expect.stringContaining('this one was dropped')]);
      await expect.poll(() => release.length).toBeGreaterThan(0);
      for (const r of release) r();
      await expect.poll(() => messages.length, { timeout: 10_000 }).toBe(2);
      expect(messages[1]?.result).toEqual({ p: 'x'.repeat(640) });
      // Given back: a third long answer is read whole.
      up.channel.send({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: {} });
      await expect.poll(() => messages.length, { timeout: 10_000 }).toBe(3);
      expect(messages[2]?.id).toBe(3);
      expect(messages[2]?.result).toEqual({ p: 'x'.repeat(640) });
      await up.stop();
    },
  );
});

// The session's GET stream is not charged to the budget (a review): an answer read elsewhere closed it for good,
// and what it read that formed no message (comments, pings) stayed charged until an event came.
describe('the budget and the GET stream of a session', () => {
  it('GET stream pings charge nothing; an event on it is read while an answer holds the budget', async () => {
    let stream: import('node:http').ServerResponse | undefined;
    let release: (() => void) | undefined;
    const s = createServer((req, res) => {
      if (req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        for (let i = 0; i < 14; i++) res.write(`: keepalive ping ${'x'.repeat(40)}\n\n`);
        stream = res;
        return;
      }
      let body = '';
      req.on('data', (c: Buffer) => {
        body += c.toString('utf8');
      });
      req.on('end', () => {
        const m = JSON.parse(body) as { id?: number };
        if (m.id === undefined) return void res.writeHead(202).end();
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write(`{"jsonrpc":"2.0","id":${m.id},"result":{"p":"${'x'.repeat(900)}`);
        release = () => res.end('"}}');
      });
    });
    const { up, messages, warned } = await budgeted(s);
    up.channel.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    await expect.poll(() => stream !== undefined).toBe(true);
    up.channel.send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: {} });
    await expect.poll(() => release !== undefined).toBe(true);
    const event = { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'y'.repeat(150) } };
    stream?.write(`data: ${JSON.stringify(event)}\n\n`);
    await expect.poll(() => messages.length).toBe(1);
    expect(messages[0]?.method).toBe('notifications/message');
    release?.();
    await expect.poll(() => messages.length).toBe(2);
    expect(messages[1]?.result).toEqual({ p: 'x'.repeat(900) });
    expect(warned).toEqual([]);
    stream?.end();
    await up.stop();
  });
});
