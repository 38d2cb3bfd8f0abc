// The `--url` upstream's abort signals: a request keeps a listener on the signal it is given while it is under way
// (fetch kept it until the request was garbage collected), so one signal handed to every call gathered hundreds of
// listeners, walked again by each later request. Each exchange has a signal of its own, its listener gone once it
// ended, and stop() still aborts every one under way.
import { getEventListeners } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openHttpUpstream } from '../../src/proxy/upstream-http.js';

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

describe('the HTTP upstream client, its abort signals', () => {
  it('gives every exchange a signal of its own: no signal gathers a listener per call', async () => {
    const url = await serve(echo);
    const added = new Map<AbortSignal, number>();
    const add = EventTarget.prototype.addEventListener;
    vi.spyOn(EventTarget.prototype, 'addEventListener').mockImplementation(function (this: EventTarget, ...args) {
      if (this instanceof AbortSignal && args[0] === 'abort') added.set(this, (added.get(this) ?? 0) + 1);
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
    // One signal an exchange (41), none listened to more than once, and none still listened to once answered.
    expect(added.size).toBeGreaterThanOrEqual(41);
    expect(Math.max(...added.values())).toBe(1);
    await expect.poll(() => [...added.keys()].filter((s) => getEventListeners(s, 'abort').length > 0).length).toBe(0);
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
});
