// Admission once per catalog: sessions of one `--listen` proxy whose upstreams list the same tools
// share one admission; a changed listing is admitted anew; only the most recent catalogs are kept.
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { Admitted } from '../../src/proxy/published.js';
import { admitOnce, catalogDigest, KEPT_CATALOGS } from '../../src/proxy/admission-cache.js';
import { NOTHING } from '../../src/proxy/published.js';
import type { ProxySettings } from '../../src/proxy/settings.js';
import { openRawSession, startHttpServer, stopAll } from '../cli/http-fixture.js';
import { startInProcess } from './in-process-proxy.js';

/** How many times the proxy admitted a catalog. */
const admissions = vi.hoisted(() => ({ count: 0 }));

vi.mock('../../src/catalog/mcp.js', async (importOriginal) => {
  const m = await importOriginal<typeof import('../../src/catalog/mcp.js')>();
  return {
    ...m,
    admitMcpToolsWith: (...args: Parameters<typeof m.admitMcpToolsWith>) => {
      admissions.count++;
      return m.admitMcpToolsWith(...args);
    },
  };
});

afterAll(stopAll);

describe('proxy --listen: admission once per catalog', () => {
  it('admits the catalog of 6 sessions (4 started at once) once, at start-up, and serves each its tools', async () => {
    const server = await startHttpServer();
    const proxy = await startInProcess(['--listen', '0', '--url', server.url]);
    const sessions = [await openRawSession(proxy.url), await openRawSession(proxy.url)];
    sessions.push(...(await Promise.all([1, 2, 3, 4].map(() => openRawSession(proxy.url)))));
    for (const s of sessions) expect(await proxy.post(s, { id: 1, method: 'tools/list' })).toContain('"echo"');
    const call = { name: 'echo', arguments: { text: 'x' } };
    expect(await proxy.post(sessions[5] as string, { id: 2, method: 'tools/call', params: call })).toContain('text');
    expect(admissions.count).toBe(1);
    expect(await proxy.stop()).toBe(0);
  });
});

describe('admitOnce', () => {
  const settings = {} as ProxySettings;
  const admitted: Admitted = { ok: true, value: NOTHING };
  const listing = (n: number): unknown[] => [{ name: `t${n}`, inputSchema: { type: 'object' } }];

  it('shares one admission per listing, admits a changed one anew, and keeps the most recent catalogs', async () => {
    const admit = vi.fn(async () => admitted);
    const first = admitOnce(settings, listing(0), admit);
    const second = admitOnce(settings, listing(0), admit);
    expect(admit).toHaveBeenCalledTimes(1);
    for (let n = 1; n <= KEPT_CATALOGS; n++) admitOnce(settings, listing(n), admit);
    expect(admit).toHaveBeenCalledTimes(KEPT_CATALOGS + 1);
    // Listing 0 was the least recently used: it was let go, and is admitted again.
    admitOnce(settings, listing(0), admit);
    expect(admit).toHaveBeenCalledTimes(KEPT_CATALOGS + 2);
    expect(await first).toBe(admitted);
    expect(await second).toBe(admitted);
  });

  /** Counts event-loop turns (one setImmediate a turn, as other clients' I/O would get) until stopped. */
  const turnCounter = (): { now: () => number; stop: () => void } => {
    let turns = 0;
    let ticking = true;
    const tick = (): void => {
      turns++;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    return {
      now: () => turns,
      stop: () => {
        ticking = false;
      },
    };
  };
  /** An admission that ends when told. */
  const pending = (): { admit: () => Promise<Admitted>; end: (a: Admitted) => void; fail: (e: Error) => void } => {
    const told = { end: (_: Admitted) => undefined as void, fail: (_: Error) => undefined as void };
    const admit = (): Promise<Admitted> =>
      new Promise((resolve, reject) => {
        told.end = resolve;
        told.fail = reject;
      });
    return { admit, end: (a) => told.end(a), fail: (e) => told.fail(e) };
  };

  it('lets the sessions that waited for one admission go on in event-loop turns of their own', async () => {
    const shared = { ...settings } as ProxySettings;
    const turns = turnCounter();
    const { admit, end } = pending();
    const asked = [0, 1, 2, 3, 4].map(() => admitOnce(shared, listing(9), admit));
    const resumed = asked.map((a) => a.then(() => turns.now()));
    end(admitted);
    // One that comes once the admission ended, while the waiters still go on: after them, not before.
    const late = asked[0]?.then(() => admitOnce(shared, listing(9), admit).then(() => turns.now()));
    const resumedIn = await Promise.all([...resumed, late]);
    turns.stop();
    // The session that admitted goes on at once; the four that waited and the late one each take a turn of its
    // own, in the order they asked.
    expect(resumedIn[0]).toBeLessThan(resumedIn[1] as number);
    expect(new Set(resumedIn.slice(1)).size).toBe(5);
    expect(resumedIn.slice(1)).toEqual([...resumedIn.slice(1)].sort((a, b) => (a as number) - (b as number)));
    // Once they all went on, a later session gets the admission itself, with no turn to wait for.
    expect(admitOnce(shared, listing(9), admit)).toBe(asked[0]);
  });

  it('gives every waiter the failure of an admission that failed, each in a turn of its own', async () => {
    const shared = { ...settings } as ProxySettings;
    const turns = turnCounter();
    const { admit, fail } = pending();
    const asked = [0, 1, 2].map(() => admitOnce(shared, listing(8), admit));
    const failedIn = asked.map((a) =>
      a.then(
        () => Number.NaN,
        (e: Error) => `${e.message} ${turns.now()}`,
      ),
    );
    fail(new Error('broken'));
    const seen = await Promise.all(failedIn);
    turns.stop();
    expect(seen.every((s) => typeof s === 'string' && s.startsWith('broken '))).toBe(true);
    expect(new Set(seen.slice(1)).size).toBe(2);
  });

  it('gives the same digest for the same listing and another for any change', () => {
    expect(catalogDigest(listing(1))).toBe(catalogDigest(listing(1)));
    expect(catalogDigest(listing(1))).not.toBe(catalogDigest(listing(2)));
  });

  it('hashes the pages as they arrived when it has their text, never confusing one split for another', () => {
    const text = JSON.stringify({ jsonrpc: '2.0', id: 2, result: { tools: listing(1) } });
    expect(catalogDigest(listing(1), [text])).toBe(catalogDigest(listing(1), [text]));
    expect(catalogDigest(listing(1), [text])).not.toBe(catalogDigest(listing(1), [`${text} `]));
    expect(catalogDigest([], ['ab', 'c'])).not.toBe(catalogDigest([], ['a', 'bc']));
    expect(catalogDigest(listing(1), [text])).not.toBe(catalogDigest(listing(1)));
  });
});
