// The `--url` upstream's abort signals: fetch puts a listener on the signal it is given and takes it off only when
// its request is garbage collected, so one signal handed to every call gathered hundreds of listeners, walked
// again by each later fetch. Each exchange has a signal of its own, and stop() still aborts every one under way.
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
    const fetched = vi.spyOn(globalThis, 'fetch');
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
    await up.stop();
    const uses = new Map<unknown, number>();
    for (const [, init] of fetched.mock.calls) {
      if (init?.method !== 'POST') continue;
      uses.set(init.signal, (uses.get(init.signal) ?? 0) + 1);
    }
    expect(uses.size).toBe(41);
    expect(Math.max(...uses.values())).toBe(1);
  });

  it('still aborts an exchange under way when stopped', async () => {
    let closed = 0;
    const url = await serve((req) => {
      req.socket.on('close', () => closed++);
      return undefined;
    });
    const up = openHttpUpstream(url, {}, 1 << 20, { message: () => undefined, bad: () => undefined }, () => undefined);
    const fetched = vi.spyOn(globalThis, 'fetch');
    up.channel.send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: {} });
    up.channel.send({ jsonrpc: '2.0', method: 'notifications/progress', params: {} });
    await expect.poll(() => fetched.mock.calls.length, { timeout: 5000 }).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await up.stop();
    const signals = fetched.mock.calls.map(([, init]) => init?.signal);
    expect(signals.every((s) => s?.aborted === true)).toBe(true);
    await expect.poll(() => closed, { timeout: 5000 }).toBe(2);
  });
});
