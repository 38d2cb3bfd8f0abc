// A JSON-RPC batch, which MCP 2025-03-26 has and the proxy negotiates but does not serve (src/mcp/batch.ts): each
// request in it is answered -32600 at once, in one array answer (JSON-RPC 2.0 section 6). A hunt's find: a 2025-03-26
// client's batch on stdio got one error naming no id, and each of its requests waited for the client's timeout; over
// HTTP a 400 said batches were removed. The answer is bounded by the batch: 100,000 requests, one line under three
// times the batch's bytes.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST_HEADERS, type Running, startProxy, stopAll } from './http-fixture.js';
import { RawCli } from './raw-cli.js';

const SERVER = join(new URL('../..', import.meta.url).pathname, 'test/cli/fixtures/feature-server.mjs');
const NOT_SERVED = { code: -32600, message: 'JSON-RPC batches are not served' };
let cli: RawCli;
beforeAll(async () => {
  cli = new RawCli('proxy', ['--', process.execPath, SERVER]);
  await cli.request('init', 'initialize', {
    protocolVersion: '2025-03-26',
    capabilities: {},
    clientInfo: { name: 'raw', version: '0' },
  });
}, 30_000);
afterAll(async () => {
  cli.child.kill('SIGTERM');
  await cli.exited;
  await stopAll();
});

let pings = 0;
/**
 * What the proxy answered a batch with: a line read at once comes before a ping's answer (the server's) sent after
 * it, so what has not come by then never comes (the hunt's find: the batch's requests waited for the timeout).
 */
async function answered(): Promise<{ arrays: unknown[][]; noId: unknown[] }> {
  const from = cli.replies.length;
  const ping = `ping-${++pings}`;
  await cli.request(ping, 'ping', {});
  const seen = cli.replies.slice(from);
  return {
    arrays: seen.filter((r) => Array.isArray(r)) as unknown as unknown[][],
    noId: seen.filter((r) => !Array.isArray(r) && r.id === null).map((r) => r.error),
  };
}

describe('proxy answers each request of a JSON-RPC batch (stdio)', () => {
  it('with -32600 on its id, in one array; notifications and answers in it get nothing', async () => {
    cli.send([
      { jsonrpc: '2.0', id: 5, method: 'tools/list' },
      { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 1, progress: 1 } },
      { jsonrpc: '2.0', id: 'six', method: 'ping' },
      { jsonrpc: '2.0', id: 7, result: {} },
      42,
    ]);
    expect(await answered()).toEqual({
      arrays: [
        [
          { jsonrpc: '2.0', id: 5, error: NOT_SERVED },
          { jsonrpc: '2.0', id: 'six', error: NOT_SERVED },
        ],
      ],
      noId: [],
    });
    // A batch of no request gets nothing (JSON-RPC 2.0 section 6: no empty array, "nothing at all"). A review's
    // find: it was answered an error naming no id, which no request had asked for.
    for (const batch of [
      [{ jsonrpc: '2.0', method: 'notifications/initialized' }],
      [{ jsonrpc: '2.0', id: 'x', result: {} }],
      [[{ jsonrpc: '2.0', id: 9, method: 'ping' }]],
    ]) {
      cli.send(batch);
      expect(await answered(), JSON.stringify(batch)).toEqual({ arrays: [], noId: [] });
    }
  });

  it('100,000 requests: one answer each, in one line under three times the batch', async () => {
    const batch = Array.from({ length: 100_000 }, (_, i) => ({ jsonrpc: '2.0', id: i, method: 'ping' }));
    const text = JSON.stringify(batch);
    let line = 0;
    const measure = (chunk: Buffer) => {
      line += chunk.length;
    };
    cli.child.stdout.on('data', measure);
    cli.send(text);
    const { arrays } = await answered();
    cli.child.stdout.off('data', measure);
    const answer = arrays[0] ?? [];
    expect(answer).toHaveLength(100_000);
    expect(answer[99_999]).toEqual({ jsonrpc: '2.0', id: 99_999, error: NOT_SERVED });
    expect(line).toBeLessThan(3 * Buffer.byteLength(text));
  });
});

describe('proxy --listen answers a batch POST at once', () => {
  let proxy: Running;
  beforeAll(async () => {
    proxy = await startProxy(['--listen', '0', process.execPath, SERVER]);
  }, 30_000);

  it('400 with -32600 saying batches are not served', async () => {
    const body = JSON.stringify([{ jsonrpc: '2.0', id: 1, method: 'ping' }]);
    const r = await fetch(proxy.url, { method: 'POST', headers: POST_HEADERS, body });
    expect(r.status).toBe(400);
    const said = 'JSON-RPC batches are not served (MCP 2025-03-26 has them, 2025-06-18 removed them)';
    expect(((await r.json()) as { error: { code: number; message: string } }).error).toEqual({
      code: -32600,
      message: `Invalid Request: ${said}; send one message`,
    });
  });
});
