// A client's requests beyond tools reach the server rebuilt from the members MCP specifies for them, never as sent
// (src/proxy/client-requests.ts), proved by the raw recording server's record of every line it received: extra
// members (a `constructor.prototype` an upstream's deep merge would take up among them) never arrive, and params
// of the wrong shape are answered -32602 by the proxy.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linesOf } from './forward-fixture.js';
import { RawCli } from './raw-cli.js';

const RAW = join(new URL('../..', import.meta.url).pathname, 'test/cli/fixtures/raw-recording-server.mjs');
const dir = mkdtempSync(join(tmpdir(), 'toolgate-client-requests-'));
const record = join(dir, 'record.jsonl');
let proxy: RawCli;

/** The params of the requests of `method` the server received, parsed. */
function received(method: string): unknown[] {
  return linesOf(record)
    .map((l) => JSON.parse(l) as { method?: string; params?: unknown })
    .filter((m) => m.method === method)
    .map((m) => m.params);
}

// Every feature these requests are of, subscriptions too (a request of one the server did not declare is -32601).
const CAPABILITIES = { tools: {}, resources: { subscribe: true }, prompts: {}, completions: {}, logging: {} };

beforeAll(async () => {
  const env = { INIT_EXTRA: JSON.stringify({ capabilities: CAPABILITIES }) };
  proxy = new RawCli(
    'proxy',
    ['--env', `RECORD_FILE=${record}`, '--env', 'INIT_EXTRA', '--', process.execPath, RAW],
    env,
  );
  await proxy.initialize();
}, 30_000);

afterAll(async () => {
  proxy.child.stdin.end();
  proxy.kill();
  await proxy.exited;
  rmSync(dir, { recursive: true, force: true });
});

describe('proxy rebuilds the params of a client request beyond tools (stdio)', () => {
  it('forwards only the specified members of resources/read, prompts/get and completion/complete', async () => {
    const read = { uri: 'file:///a', extra: { admin: true }, constructor: { prototype: { x: 1 } }, _meta: { k: 1 } };
    expect((await proxy.request('r', 'resources/read', read)).error).toBeUndefined();
    const get = { name: 'p', arguments: { a: 'b' }, evil: 1 };
    expect((await proxy.request('g', 'prompts/get', get)).error).toBeUndefined();
    const complete = { ref: { type: 'ref/prompt', name: 'p', zzz: 1 }, argument: { name: 'a', value: 'b' }, y: 2 };
    expect((await proxy.request('c', 'completion/complete', complete)).error).toBeUndefined();
    expect((await proxy.request('p', 'ping', { junk: 'x' })).error).toBeUndefined();
    expect(received('resources/read')).toEqual([{ uri: 'file:///a', _meta: { k: 1 } }]);
    expect(received('prompts/get')).toEqual([{ name: 'p', arguments: { a: 'b' } }]);
    expect(received('completion/complete')).toEqual([
      { ref: { type: 'ref/prompt', name: 'p' }, argument: { name: 'a', value: 'b' } },
    ]);
    expect(received('ping')).toEqual([{}]);
  });

  it('answers params of the wrong shape with -32602, and the server never sees them', async () => {
    const bad: [string, unknown][] = [
      ['resources/subscribe', { uri: 12 }],
      ['logging/setLevel', { level: 'bogus' }],
      ['prompts/get', { name: 'p', arguments: { a: { nested: 1 } } }],
      ['resources/list', [1, 2]],
    ];
    for (const [i, [method, params]] of bad.entries()) {
      const r = await proxy.request(`bad${i}`, method, params);
      expect(r.error?.code, method).toBe(-32602);
    }
    for (const method of ['resources/subscribe', 'logging/setLevel', 'resources/list'])
      expect(received(method), method).toEqual([]);
    expect(received('prompts/get')).toHaveLength(1);
  });
});
