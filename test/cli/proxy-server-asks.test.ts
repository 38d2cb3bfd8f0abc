// A server's requests to the client that the client leaves unanswered are bounded (src/proxy/server-asks.ts): at
// most 100 wait for the client at once; past them the server is answered with an error and the client never sees
// the request. Before, each was held until answered (3,400 sampling requests of 64 KB held 515 MB).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RawCli } from './raw-cli.js';

const FLOOD = join(new URL('../..', import.meta.url).pathname, 'test/cli/fixtures/flood-server.mjs');
const started: RawCli[] = [];
const dir = mkdtempSync(join(tmpdir(), 'toolgate-server-asks-'));

afterAll(async () => {
  for (const p of started) {
    p.child.kill('SIGTERM');
    await p.exited;
  }
  rmSync(dir, { recursive: true, force: true });
});

describe('proxy bounds the server requests a client leaves unanswered', () => {
  it.each([
    ['one server', [] as string[], 'flood-ask'],
    ['the gateway (--config)', ['--config', 'CONFIG'], 'flood__flood-ask'],
  ])(
    '%s: at most 100 unanswered sampling requests reach a client that never answers',
    async (_what, args, tool) => {
      const config = join(dir, 'servers.json');
      writeFileSync(config, JSON.stringify({ mcpServers: { flood: { command: process.execPath, args: [FLOOD] } } }));
      const given =
        args.length === 0 ? ['--', process.execPath, FLOOD] : args.map((a) => (a === 'CONFIG' ? config : a));
      const proxy = new RawCli('proxy', given);
      started.push(proxy);
      await proxy.initialize({ sampling: {} });
      proxy.send({ jsonrpc: '2.0', id: 'ask', method: 'tools/call', params: { name: tool, arguments: {} } });
      const asked = () => proxy.replies.filter((r) => r.method === 'sampling/createMessage').length;
      await proxy.until(() => asked() >= 100);
      // The server asks on without end; the client reads on and answers nothing.
      await new Promise((resolve) => setTimeout(resolve, 2000));
      expect(asked()).toBe(100);
      proxy.child.kill('SIGTERM');
      await proxy.exited;
    },
    30_000,
  );

  // A hunt's find: in the gateway, what a server that exited had asked the client stayed pending there, its places
  // held for good (100 such and no server of the session could ask the client anything again).
  it('the gateway withdraws what a server that exited asked the client: cancelled, its places given back', async () => {
    const config = join(dir, 'exits.json');
    writeFileSync(config, JSON.stringify({ mcpServers: { flood: { command: process.execPath, args: [FLOOD] } } }));
    const proxy = new RawCli('proxy', ['--config', config]);
    started.push(proxy);
    await proxy.initialize({ sampling: {} });
    proxy.send({ jsonrpc: '2.0', id: 'ask', method: 'tools/call', params: { name: 'flood__ask-exit', arguments: {} } });
    const asks = () => proxy.replies.filter((r) => r.method === 'sampling/createMessage').map((r) => r.id);
    const cancelled = () =>
      proxy.replies
        .filter((r) => r.method === 'notifications/cancelled')
        .map((r) => (r.params as { requestId?: unknown }).requestId);
    await proxy.until(() => cancelled().length >= 3);
    expect(cancelled().sort()).toEqual(asks().sort());
    proxy.child.kill('SIGTERM');
    await proxy.exited;
  }, 30_000);

  it('a server request refused for a __proto__ member gives its place back (150 refused, one passes)', async () => {
    const proxy = new RawCli('proxy', ['--', process.execPath, FLOOD]);
    started.push(proxy);
    await proxy.initialize({ sampling: {} });
    proxy.send({ jsonrpc: '2.0', id: 'ask', method: 'tools/call', params: { name: 'proto-ask', arguments: {} } });
    // Each refused one held a place for good before: the 101st and every one after were refused as too many.
    await proxy.until(() => proxy.replies.some((r) => r.method === 'sampling/createMessage'));
    expect(proxy.replies.filter((r) => r.method === 'sampling/createMessage')).toHaveLength(1);
    proxy.child.kill('SIGTERM');
    await proxy.exited;
  }, 30_000);
});
