// A request answered on another stream than its own (another request's, or the GET stream) has its own exchange
// ended (src/proxy/upstream-http.ts, `release`): nothing else ended it, and a hunt's server answering every call on
// its GET stream, each call's POST stream left open, held a connection of the proxy's per call for the session's
// life (300 of 300).
import { createServer, type Server, type ServerResponse } from 'node:http';
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

const event = (m: object): string => `event: message\ndata: ${JSON.stringify(m)}\n\n`;
const answer = (id: number): string => event({ jsonrpc: '2.0', id, result: { n: id } });

/**
 * A server handing each POST's request id and its response (an open event stream) to `onRequest`; an upstream of
 * the proxy's toward it, what it was sent and said, and the server's count of open connections.
 */
async function serving(onRequest: (id: number, res: ServerResponse) => void) {
  const s = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const { id } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: number };
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      onRequest(id, res);
    });
  });
  servers.push(s);
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const url = new URL(`http://127.0.0.1:${(s.address() as AddressInfo).port}/mcp`);
  const answered: unknown[] = [];
  const warned: string[] = [];
  const up = openHttpUpstream(url, {}, 1 << 20, { message: (m) => answered.push(m), bad: () => undefined }, (w) =>
    warned.push(w),
  );
  const call = (id: number): void => up.channel.send({ jsonrpc: '2.0', id, method: 'tools/call', params: {} });
  const open = () => new Promise<number>((resolve) => s.getConnections((_e, n) => resolve(n)));
  return { up, call, answered, warned, open };
}

const BOTH = [
  { jsonrpc: '2.0', id: 1, result: { n: 1 } },
  { jsonrpc: '2.0', id: 2, result: { n: 2 } },
];

describe('a request answered on another stream', () => {
  it("has its own exchange ended, without a failure; the other's answer is read as ever", async () => {
    const held: ServerResponse[] = [];
    // Request 1's stream stays open; request 2's carries both answers.
    const { up, call, answered, warned, open } = await serving((id, res) => {
      if (id === 2) return void res.end(`${answer(1)}${answer(2)}`);
      res.write(':\n\n');
      held.push(res);
    });
    call(1);
    await expect.poll(() => held.length).toBe(1);
    call(2);
    await expect.poll(() => answered.length).toBe(2);
    // Request 1's connection is closed by the proxy; request 2's is kept for the next request.
    await expect.poll(open, { timeout: 3000 }).toBe(1);
    expect(held[0]?.destroyed || held[0]?.writableEnded || held[0]?.socket?.destroyed).toBe(true);
    await new Promise((r) => setTimeout(r, 100));
    // Neither answer doubled by a failure made for the exchange ended, and nothing said.
    expect(answered).toEqual(BOTH);
    expect(warned).toEqual([]);
    await up.stop();
  });

  it("is read on for a while: a server crossing two answers sends the other's on it (a review's find)", async () => {
    const streams = new Map<number, ServerResponse>();
    // 1's answer on 2's stream, then 2's answer on 1's stream, 100 ms later.
    const { up, call, answered } = await serving((id, res) => {
      res.write(':\n\n');
      streams.set(id, res);
      if (id !== 2) return;
      res.write(answer(1));
      setTimeout(() => streams.get(1)?.write(answer(2)), 100);
    });
    call(1);
    await expect.poll(() => streams.size).toBe(1);
    call(2);
    await expect.poll(() => answered.length).toBe(2);
    expect(answered).toEqual(BOTH);
    await up.stop();
  });
});
