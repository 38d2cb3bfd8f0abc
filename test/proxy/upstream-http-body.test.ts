// An `--url` upstream's JSON answer is kept as bytes and decoded once (src/proxy/upstream-http.ts): a character
// split across two chunks must come out whole, the bound counts bytes (what its name says), and a body past it
// is refused (the request answered with the proxy's own error), never passed on in part.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { RpcMessage } from '../../src/mcp/channel.js';
import { openHttpUpstream } from '../../src/proxy/upstream-http.js';

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
