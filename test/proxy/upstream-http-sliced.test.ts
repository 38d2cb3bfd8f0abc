// An `--url` upstream's long JSON answer (a 2,000-tool tools/list page is about 700 KB) is read in slices
// (src/mcp/read-in-slices.ts), so other sessions are served while it is parsed; a short one, and an SSE event
// (whose messages keep their stream's order), are read at once as before. The message is the same either way.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RpcMessage } from '../../src/mcp/channel.js';
import { readMessageInSlices, SLICED_MESSAGE_CHARS } from '../../src/mcp/read-in-slices.js';
import { openHttpUpstream } from '../../src/proxy/upstream-http.js';

vi.mock('../../src/mcp/read-in-slices.js', async (original) => {
  const actual = await original<typeof import('../../src/mcp/read-in-slices.js')>();
  return { ...actual, readMessageInSlices: vi.fn(actual.readMessageInSlices) };
});

const servers: Server[] = [];
afterEach(() => {
  vi.mocked(readMessageInSlices).mockClear();
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    s.close();
  }
});

/** A loopback server answering every POST with `body` (as one SSE event with `sse`); its URL. */
async function serve(body: string, sse = false): Promise<URL> {
  const s = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': sse ? 'text/event-stream' : 'application/json' });
      res.end(sse ? `data: ${body}\n\n` : body);
    });
  });
  servers.push(s);
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  return new URL(`http://127.0.0.1:${(s.address() as AddressInfo).port}/mcp`);
}

/** A tools/list answer of `count` tools. */
const listing = (count: number): string =>
  JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    result: { tools: Array.from({ length: count }, (_, i) => ({ name: `t${i}`, inputSchema: { type: 'object' } })) },
  });

async function exchange(url: URL): Promise<{ messages: [RpcMessage, string][]; bad: string[] }> {
  const messages: [RpcMessage, string][] = [];
  const bad: string[] = [];
  const up = openHttpUpstream(
    url,
    {},
    1 << 24,
    { message: (m, text) => messages.push([m, text]), bad: (why) => bad.push(why) },
    () => undefined,
  );
  up.channel.send({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });
  await expect.poll(() => messages.length, { timeout: 10_000 }).toBeGreaterThan(0);
  await up.stop();
  return { messages, bad };
}

describe('an --url upstream answer', () => {
  it('is read in slices when it is a long JSON body, and is the message JSON.parse makes of it', async () => {
    const body = listing(5000);
    expect(body.length).toBeGreaterThanOrEqual(SLICED_MESSAGE_CHARS);
    const { messages, bad } = await exchange(await serve(body));
    expect(bad).toEqual([]);
    expect(vi.mocked(readMessageInSlices)).toHaveBeenCalledTimes(1);
    expect(messages).toEqual([[JSON.parse(body), body]]);
  });

  it('is read at once when it is short, or an SSE event', async () => {
    for (const [body, sse] of [
      [listing(10), false],
      [listing(5000), true],
    ] as const) {
      const { messages } = await exchange(await serve(body, sse));
      expect(messages).toEqual([[JSON.parse(body), body]]);
    }
    expect(vi.mocked(readMessageInSlices)).not.toHaveBeenCalled();
  });
});
