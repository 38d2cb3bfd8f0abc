// Calls while a re-admission is held for its CPU budget (readmission.ts) go on with the tools admitted last, on a
// fake clock. A review's find: a held one left `pending` set, so every call to the server's tools, unchanged ones
// included, waited out the whole hold (7-9 s a call on the single-server proxy and the gateway). Only an admission
// that runs (or waits for the pace's turn, within a second) makes calls wait.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NOTHING, type Published } from '../../src/proxy/published.js';
import { GONE, Readmission } from '../../src/proxy/readmission.js';
import type { SliceMeter } from '../../src/util/time-slice.js';
import { costly, fakeClocks, harness, isHeldLine, restoreClocks, tool, work } from './readmit-session-fixture.js';

/** Each admission's own work on the thread, past the budget's burst (1 s): the next is held. */
const COST_MS = 1500;

beforeEach(fakeClocks);
afterEach(restoreClocks);

/** Lets what was released run on (an admission's slices are real setImmediate turns). */
async function turns(): Promise<void> {
  for (let turn = 0; turn < 20; turn++) await new Promise((r) => setImmediate(r));
}

describe('calls during a re-admission held for its CPU budget', () => {
  it('the gateway seam (servers.ts readmitting): nothing pending while held, pending again while it runs', async () => {
    const catalogs: Published[] = [];
    // Whether calls waited while each admission ran.
    const waited: boolean[] = [];
    const readmission: Readmission = new Readmission({
      admit: async (meter?: SliceMeter) => {
        waited.push(readmission.pending !== undefined);
        meter?.start();
        work(COST_MS);
        meter?.stop();
        return { ok: true, value: { ...NOTHING, listed: catalogs.length + 1 } };
      },
      failed: () => undefined,
      done: (next) => {
        if (next !== GONE) catalogs.push(next);
        return next === GONE ? NOTHING : next;
      },
    });
    readmission.request();
    await turns();
    expect(catalogs).toHaveLength(1);
    readmission.request();
    // Held: what a call to the server's tools awaits is nothing; it goes on with catalog 1.
    expect(readmission.pending).toBeUndefined();
    // The held one runs once paid back, and calls wait for it while it runs.
    await vi.advanceTimersByTimeAsync(10_000);
    expect([catalogs.map((c) => c.listed), waited]).toEqual([
      [1, 2],
      [true, true],
    ]);
    readmission.end(NOTHING);
  });

  it('the single-server session: a call is answered at once with the tools admitted last', async () => {
    const { tools, warned, listings } = harness(10, (n) => [costly('echo', COST_MS), tool(`t${n}`)]);
    tools.readmit();
    await vi.advanceTimersByTimeAsync(10);
    await turns();
    expect([...(tools.ready()?.tools.keys() ?? [])]).toEqual(['echo', 't1']);
    tools.readmit();
    expect(warned.filter(isHeldLine)).toHaveLength(1);
    // What session-calls.ts reads first: the tools now, without an await.
    expect([...(tools.ready()?.tools.keys() ?? [])]).toEqual(['echo', 't1']);
    expect(listings()).toBe(1);
  });
});
