// check --url's fetch: a response body past the bound fails the read instead of filling memory
// (src/mcp/capped-fetch.ts); one within it is read whole, unchanged.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cappedFetch } from '../../src/mcp/capped-fetch.js';

let server: Server;
let url = '';
beforeAll(async () => {
  server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    if (req.url === '/small') return res.end('x'.repeat(1000));
    // Never ends on its own: a chunk every few milliseconds until the client goes.
    const timer = setInterval(() => res.write('y'.repeat(64 * 1024)), 2);
    res.on('close', () => clearInterval(timer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe('cappedFetch', () => {
  it('reads a body within the bound whole', async () => {
    const r = await cappedFetch(1000)(`${url}/small`);
    expect(await r.text()).toBe('x'.repeat(1000));
  });

  it('fails the read of a body that never ends, at the bound', async () => {
    const r = await cappedFetch(1024 * 1024)(`${url}/endless`);
    await expect(r.text()).rejects.toThrow('longer than 1048576 bytes');
  });
});
