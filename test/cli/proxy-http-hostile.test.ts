// A hostile Streamable HTTP upstream, met by the proxy's HTTP client (proxy-upstream-http.ts) directly: what it
// may and may not get out of the proxy.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { openHttpUpstream } from '../../src/cli/proxy-upstream-http.js';

const servers: Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

/** A server on loopback answering with `handle`; resolves to its URL. */
async function serve(handle: Parameters<typeof createServer>[1]): Promise<string> {
  const s = createServer(handle);
  servers.push(s);
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(s.address() as AddressInfo).port}/mcp`;
}

describe('the HTTP upstream client', () => {
  it('follows no redirect: --header values and the body never reach another origin', async () => {
    const seen: IncomingHttpHeaders[] = [];
    const other = await serve((req, res) => {
      seen.push(req.headers);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"jsonrpc":"2.0","id":1,"result":{}}');
    });
    const first = await serve((_req, res) => res.writeHead(307, { location: other }).end());
    const replies: unknown[] = [];
    const up = openHttpUpstream(new URL(first), { 'X-Api-Key': 'k-5e1d-secret' }, 1 << 20, {
      message: (m) => replies.push(m),
      bad: () => undefined,
    });
    up.channel.send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: {} });
    await expect.poll(() => replies.length, { timeout: 5000 }).toBe(1);
    await up.stop();
    expect(seen).toEqual([]);
    expect(JSON.stringify(replies)).toMatch(/redirect/);
    expect(JSON.stringify(replies)).not.toContain('k-5e1d');
  });
});
