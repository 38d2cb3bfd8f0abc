// A server's requests to the client that the client leaves unanswered are bounded (src/proxy/server-asks.ts): at
// most 100 wait for the client at once; past them the server is answered with an error and the client never sees
// the request. Before, each was held until answered (3,400 sampling requests of 64 KB held 515 MB).
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RawCli } from './raw-cli.js';

const FLOOD = join(new URL('../..', import.meta.url).pathname, 'test/cli/fixtures/flood-server.mjs');
const started: RawCli[] = [];

afterAll(async () => {
  for (const p of started) {
    p.child.kill('SIGTERM');
    await p.exited;
  }
});

describe('proxy bounds the server requests a client leaves unanswered', () => {
  it('passes at most 100 unanswered sampling requests to a client that reads but never answers', async () => {
    const proxy = new RawCli('proxy', ['--', process.execPath, FLOOD]);
    started.push(proxy);
    await proxy.request('init', 'initialize', {
      protocolVersion: '2025-06-18',
      capabilities: { sampling: {} },
      clientInfo: { name: 'raw', version: '0' },
    });
    proxy.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    proxy.send({ jsonrpc: '2.0', id: 'ask', method: 'tools/call', params: { name: 'flood-ask', arguments: {} } });
    const asked = () => proxy.replies.filter((r) => r.method === 'sampling/createMessage').length;
    await proxy.until(() => asked() >= 100);
    // The server asks on without end; the client reads on and answers nothing.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(asked()).toBe(100);
    proxy.child.kill('SIGTERM');
    await proxy.exited;
  }, 30_000);
});
