// The `--url` upstream's notifications and replies whose 202 has not come: each held its body and a fetch for up
// to 10 s, with no bound on how many at once, so a client sending notifications faster than the server accepted
// them filled the proxy's memory. Past MAX_UNACCEPTED (or their bytes) more are dropped, said once.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_UNACCEPTED, MAX_UNACCEPTED_BYTES, openHttpUpstream } from '../../src/proxy/upstream-http.js';

const servers: Server[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    s.close();
  }
});

/** A loopback server that reads every POST and never answers it; its URL. */
async function deaf(): Promise<URL> {
  const s = createServer((req) => req.resume());
  servers.push(s);
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  return new URL(`http://127.0.0.1:${(s.address() as AddressInfo).port}/mcp`);
}

const progress = (message = '') => ({ jsonrpc: '2.0', method: 'notifications/progress', params: { message } });

describe('the HTTP upstream client, notifications the server does not accept', () => {
  it('posts at most MAX_UNACCEPTED at once, says so once, and still sends requests', async () => {
    const said: string[] = [];
    const up = openHttpUpstream(await deaf(), {}, 1 << 20, { message: () => 0, bad: () => 0 }, (l) => said.push(l));
    const fetched = vi.spyOn(globalThis, 'fetch');
    for (let i = 0; i < MAX_UNACCEPTED + 50; i++) up.channel.send(progress());
    up.channel.send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: {} });
    expect(fetched.mock.calls.length).toBe(MAX_UNACCEPTED + 1);
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/has not accepted 100 notifications and replies .*: more are dropped/);
    await up.stop();
  });

  it('posts one notification of any size, and no more past the bound on their bytes', async () => {
    const up = openHttpUpstream(await deaf(), {}, 1 << 20, { message: () => 0, bad: () => 0 }, () => undefined);
    const fetched = vi.spyOn(globalThis, 'fetch');
    const big = 'm'.repeat(MAX_UNACCEPTED_BYTES / 2 + 1);
    for (let i = 0; i < 3; i++) up.channel.send(progress(big));
    expect(fetched.mock.calls.length).toBe(1);
    await up.stop();
  });
});
