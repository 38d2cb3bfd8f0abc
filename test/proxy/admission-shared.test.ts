// Admission once per catalog: sessions of one `--listen` proxy whose upstreams list the same tools
// share one admission; a changed listing is admitted anew; only the most recent catalogs are kept.
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { Admitted } from '../../src/proxy/admission.js';
import { admitOnce, catalogDigest, KEPT_CATALOGS } from '../../src/proxy/admission-cache.js';
import { NOTHING } from '../../src/proxy/admission.js';
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

  it('lets the sessions that waited for one admission go on in event-loop turns of their own', async () => {
    const shared = { ...settings } as ProxySettings;
    let end: (a: Admitted) => void = () => undefined;
    const admit = (): Promise<Admitted> =>
      new Promise((resolve) => {
        end = resolve;
      });
    // A turn counter: one setImmediate a turn of the event loop, as the I/O of other clients would get.
    let turns = 0;
    let ticking = true;
    const tick = (): void => {
      turns++;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    const asked = [0, 1, 2, 3, 4].map(() => admitOnce(shared, listing(9), admit));
    const waiters = asked.map((a) => a.then(() => turns));
    end(admitted);
    const resumedIn = await Promise.all(waiters);
    ticking = false;
    // Once it ended, a later session gets the admission itself, with no turn to wait for.
    expect(admitOnce(shared, listing(9), admit)).toBe(asked[0]);
    // The first session admitted and goes on at once; the four that waited each take a turn of its own.
    expect(new Set(resumedIn.slice(1)).size).toBe(4);
    expect(resumedIn.slice(1)).toEqual([...resumedIn.slice(1)].sort((a, b) => a - b));
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
