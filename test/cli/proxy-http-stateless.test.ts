// `toolgate proxy --listen --stateless`: no session ids, one upstream (started once, at start-up) shared by
// every client; GET and DELETE are 405; a server-to-client request is refused (it could reach another client).
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CreateMessageRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, describe, expect, it } from 'vitest';
import { survivors } from '../exec/alive.js';
import { childrenOf, startProxy, stopAll } from './http-fixture.js';

const RECORDING = join(new URL('../..', import.meta.url).pathname, 'test/cli/fixtures/recording-server.mjs');

afterAll(() => stopAll());

const textOf = (result: unknown): string =>
  (result as { content: { text: string }[] }).content.map((c) => c.text).join('');

describe('toolgate proxy --listen --stateless', () => {
  it('serves several clients from one upstream, without session ids', async () => {
    const proxy = await startProxy(['--listen', '0', '--stateless', '--', process.execPath, RECORDING]);
    expect(proxy.output()).toMatch(/\(stateless\)/);
    const clients = [0, 1, 2].map(() => new Client({ name: 's', version: '0' }, { capabilities: { sampling: {} } }));
    for (const c of clients) {
      c.setRequestHandler(CreateMessageRequestSchema, () => ({
        role: 'assistant',
        content: { type: 'text', text: 'hi' },
        model: 'm',
      }));
      await c.connect(new StreamableHTTPClientTransport(new URL(proxy.url)));
      expect((c.transport as StreamableHTTPClientTransport).sessionId).toBeUndefined();
    }
    const replies = await Promise.all(
      clients.map((c, i) => c.callTool({ name: 'echo', arguments: { text: `c${i}` } })),
    );
    expect(replies.map(textOf)).toEqual(['{"text":"c0"}', '{"text":"c1"}', '{"text":"c2"}']);
    expect((await clients[0]?.callTool({ name: 'echo', arguments: { n: 1 } }))?.isError).toBe(true);
    // Sampling asked by the shared server cannot be sent to "its" client: there is none.
    await expect(clients[1]?.callTool({ name: 'ask', arguments: {} })).rejects.toThrow(/refused by --stateless/);
    const pid = proxy.child.pid as number;
    const upstream = childrenOf(pid);
    expect(upstream).toHaveLength(1);
    for (const method of ['GET', 'DELETE']) {
      const r = await fetch(proxy.url, { method, headers: { accept: 'text/event-stream' } });
      expect(r.status).toBe(405);
    }
    await Promise.all(clients.map((c) => c.close()));
    proxy.child.kill('SIGTERM');
    expect((await proxy.exited).signal).toBe('SIGTERM');
    expect(await survivors(upstream, 3000)).toEqual([]);
  }, 60_000);
});
