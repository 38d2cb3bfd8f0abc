// A stdio client's requests that wait for their answers are bounded as a --listen session's are
// (src/proxy/stdio-waiting.ts): 100 at once, 16 MiB of their text. Unbounded, a server that never answers let a
// client leave every call's text in the proxy (400 calls of 1 MB: about 709 MB).
import { afterAll, describe, expect, it } from 'vitest';
import { RawCli } from './raw-cli.js';

const HOLDING = new URL('fixtures/holding-server.mjs', import.meta.url).pathname;
const started: RawCli[] = [];
afterAll(async () => {
  for (const p of started) {
    p.child.kill('SIGTERM');
    await p.exited;
  }
});

const tooMany = (r: { error?: { message?: string } }): boolean =>
  /^Too Many Requests: \d+ requests of this client are waiting/.test(r.error?.message ?? '');

describe('proxy on stdio: calls waiting for the server', () => {
  it('holds at most 100; the rest are answered at once, and a cancelled one gives its place back', async () => {
    const proxy = new RawCli('proxy', ['--', process.execPath, HOLDING]);
    started.push(proxy);
    await proxy.initialize();
    for (let i = 0; i < 150; i++) proxy.call(`s${i}`, 'slow', {});
    await proxy.until((r) => r.id === 's149');
    const refused = proxy.replies.filter(tooMany);
    expect(refused.map((r) => r.id)).toEqual(Array.from({ length: 50 }, (_, i) => `s${100 + i}`));
    // A cancelled call is not answered (MCP "Cancellation") and holds nothing more: the next one waits again.
    proxy.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 's0' } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    proxy.call('after', 'slow', {});
    proxy.call('over', 'slow', {});
    await proxy.until((r) => r.id === 'over');
    expect(proxy.replies.filter(tooMany).map((r) => r.id)).toEqual([...refused.map((r) => r.id), 'over']);
  }, 30_000);

  // A line that is no message (here a method that is not a string) is answered with the id it names: counted as the
  // answer of the waiting request of that id, 100 such lines gave every place back while the calls still waited.
  it('keeps the places of waiting calls when bad lines name their ids', async () => {
    const proxy = new RawCli('proxy', ['--', process.execPath, HOLDING]);
    started.push(proxy);
    await proxy.initialize();
    for (let i = 0; i < 100; i++) proxy.call(`s${i}`, 'slow', {});
    for (let i = 0; i < 100; i++) proxy.send({ jsonrpc: '2.0', id: `s${i}`, method: 5 });
    await proxy.until((r) => r.id === 's99');
    proxy.call('over', 'slow', {});
    expect(tooMany(await proxy.until((r) => r.id === 'over'))).toBe(true);
  }, 30_000);

  // An id the client sends twice is held twice; the answer to the small one counted as the large one's before: a
  // call of 1 MB, then an unknown method under its id answered at once, and again, kept every call's text held.
  it('keeps the bytes of a waiting call when a small request under its id is answered', async () => {
    const proxy = new RawCli('proxy', ['--', process.execPath, HOLDING]);
    started.push(proxy);
    await proxy.initialize();
    const big = 'x'.repeat(1 << 20);
    for (let i = 0; i < 24; i++) {
      proxy.call('a', 'slow', { big });
      proxy.send({ jsonrpc: '2.0', id: 'a', method: 'no/such' });
    }
    // Answered at once either way, after every answer to a call (lines are read in order).
    proxy.send({ jsonrpc: '2.0', id: 'probe', method: 'no/such' });
    await proxy.until((r) => r.id === 'probe');
    // 16 MiB hold 15 calls of 1 MiB and their envelope: the other 9 are refused.
    expect(proxy.replies.filter((r) => r.id === 'a' && tooMany(r))).toHaveLength(9);
  }, 30_000);
});
