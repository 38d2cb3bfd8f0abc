// An `--url` upstream's connections are its own (src/proxy/upstream-request.ts): kept open between the requests of
// one session, and ended with it. Over `--listen` each session has an upstream of its own: connections a
// shared pool kept open after their session ended would be held for nothing until the server closed them.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { openHttpUpstream } from '../../src/proxy/upstream-http.js';

const servers: Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    s.close();
  }
});

/** A server answering each request at once with an empty result; its URL and its count of open connections. */
async function serve(): Promise<{ url: URL; open: () => Promise<number>; made: () => number }> {
  let made = 0;
  const s = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const id = req.method === 'POST' ? JSON.parse(Buffer.concat(chunks).toString('utf8')).id : undefined;
      if (id === undefined) return void res.writeHead(req.method === 'DELETE' ? 200 : 202).end();
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ jsonrpc: '2.0', id, result: {} }));
    });
  });
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
});
