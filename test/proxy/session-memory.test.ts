// Sessions of `--listen` end whole: once a session is ended, nothing long-lived (the proxy's stop signal above
// all, which lives as long as the proxy) still holds it, its upstream or its compiled validators. The proxy runs
// in this process (serveHttp from source) so that its sessions can be watched with a FinalizationRegistry.
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openRawSession, startHttpServer, stopAll } from '../cli/http-fixture.js';
import { heapUsed } from '../heap.js';
import { startInProcess } from './in-process-proxy.js';

/** Every HttpSession made, by number, while it is still reachable. */
const seen = vi.hoisted(() => {
  const alive = new Set<number>();
  return { alive, made: 0, registry: new FinalizationRegistry<number>((n) => alive.delete(n)) };
});

vi.mock('../../src/proxy/http-session.js', async (importOriginal) => {
  const m = await importOriginal<typeof import('../../src/proxy/http-session.js')>();
  class Watched extends m.HttpSession {
    constructor(...args: ConstructorParameters<typeof m.HttpSession>) {
      super(...args);
      const n = seen.made++;
      seen.alive.add(n);
      seen.registry.register(this, n);
    }
  }
  return { ...m, HttpSession: Watched };
});

afterAll(stopAll);

/** Full collections until the registry has run (its callbacks come after a collection, in a later task). */
const collect = async (): Promise<void> => void (await heapUsed(6, 20));

describe('proxy --listen: an ended session is freed', () => {
  it('leaves none of 20 opened, used and DELETEd sessions reachable (the stop signal held one each)', async () => {
    const server = await startHttpServer();
    const proxy = await startInProcess(['--listen', '0', '--url', server.url]);
    const { url, post } = proxy;
    for (let i = 0; i < 20; i++) {
      const session = await openRawSession(url);
      expect(await post(session, { id: 1, method: 'tools/list' })).toContain('"echo"');
      expect(
        await post(session, { id: 2, method: 'tools/call', params: { name: 'echo', arguments: { text: 'x' } } }),
      ).toContain('text');
      expect((await fetch(url, { method: 'DELETE', headers: { 'mcp-session-id': session } })).status).toBe(200);
    }
    expect(seen.made).toBe(20);
    await collect();
    const left = seen.alive.size;
    expect(await proxy.stop()).toBe(0);
    // Before the fix every one of the 20 stayed reachable through a reaction on `told`.
    expect(left).toBe(0);
  });
});

describe('whenTold', () => {
  it('settles every waiter when the signal settles, a later one at once, and forgets one that stopped', async () => {
    const { whenTold } = await import('../../src/proxy/stop-signal.js');
    let tell: () => void = () => undefined;
    const told = new Promise<void>((resolve) => {
      tell = resolve;
    });
    const a = whenTold(told, 'a');
    const b = whenTold(told, 'b');
    b.stop();
    const order: string[] = [];
    void a.settled.then((v) => order.push(v));
    void b.settled.then((v) => order.push(v));
    tell();
    await told;
    expect(await whenTold(told, 'late').settled).toBe('late');
    expect(order).toEqual(['a']);
  });
});
