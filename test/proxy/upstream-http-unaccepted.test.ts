// The `--url` upstream's notifications and replies whose 202 has not come: each held its body and a request for up
// to 10 s, with no bound on how many at once, so a client sending notifications faster than the server accepted
// them filled the proxy's memory. Past MAX_UNACCEPTED (or their bytes) more are dropped, said once.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { openHttpUpstream } from '../../src/proxy/upstream-http.js';
import { MAX_UNACCEPTED, MAX_UNACCEPTED_BYTES } from '../../src/proxy/upstream-unaccepted.js';

const servers: Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    s.close();
  }
});

/** A loopback server that reads every POST and never answers it; its URL and how many POSTs came. */
async function deaf(): Promise<{ url: URL; posts: () => number }> {
  let posts = 0;
  const s = createServer((req) => {
    posts++;
    req.resume();
  });
  servers.push(s);
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  return { url: new URL(`http://127.0.0.1:${(s.address() as AddressInfo).port}/mcp`), posts: () => posts };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

const progress = (message = '') => ({ jsonrpc: '2.0', method: 'notifications/progress', params: { message } });

describe('the HTTP upstream client, notifications the server does not accept', () => {
  it('posts at most MAX_UNACCEPTED at once, says so once, and still sends requests', async () => {
    const said: string[] = [];
    const server = await deaf();
    const up = openHttpUpstream(server.url, {}, 1 << 20, { message: () => 0, bad: () => 0 }, (l) => said.push(l));
    for (let i = 0; i < MAX_UNACCEPTED + 50; i++) up.channel.send(progress());
    up.channel.send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: {} });
    await expect.poll(server.posts, { timeout: 5000 }).toBe(MAX_UNACCEPTED + 1);
    await settle();
    expect(server.posts()).toBe(MAX_UNACCEPTED + 1);
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/has not accepted 100 notifications and replies .*: more are dropped/);
    await up.stop();
  });

  it('posts one notification of any size, and no more past the bound on their bytes', async () => {
    const server = await deaf();
    const up = openHttpUpstream(server.url, {}, 1 << 20, { message: () => 0, bad: () => 0 }, () => undefined);
    const big = 'm'.repeat(MAX_UNACCEPTED_BYTES / 2 + 1);
    for (let i = 0; i < 3; i++) up.channel.send(progress(big));
    await expect.poll(server.posts, { timeout: 5000 }).toBe(1);
    await settle();
    expect(server.posts()).toBe(1);
    await up.stop();
  });
});
