// A server's re-admissions are paced by the CPU time they take (readmission.ts, readmit-budget.ts), on a fake clock:
// the timers, performance.now() and the process's CPU time are fakes, an admission's work both moved on while its
// meter runs (readmit-session-fixture.ts). A hunt's find: only their count was paced (three a second), so a server
// announcing a change every 250 ms, each listing a new heavy catalog, kept the gateway admitting for good and its
// honest servers' calls went from 2-4 ms to 119 ms.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NOTHING } from '../../src/proxy/published.js';
import { READMIT_CPU_BURST_MS, READMIT_CPU_SHARE } from '../../src/proxy/readmit-budget.js';
import { GONE, Readmission } from '../../src/proxy/readmission.js';
import type { SliceMeter } from '../../src/util/time-slice.js';
import { fakeClocks, restoreClocks, work } from './readmit-session-fixture.js';

/** The CPU time each admission takes, in ms (one that is near the compile bound in every tool). */
const COST_MS = 500;
/** How long the server announces a change every 250 ms. */
const CHURN_MS = 20_000;

/** An admission's own work of `ms` on the thread, counted on its meter. */
function own(meter: SliceMeter, ms: number): void {
  meter.start();
  work(ms);
  meter.stop();
}

beforeEach(fakeClocks);
afterEach(restoreClocks);

describe('re-admissions paced by their CPU time', () => {
  it('a server announcing a costly change every 250 ms gets its share of one core, its last one admitted', async () => {
    const started: number[] = [];
    const held: number[] = [];
    const readmission = new Readmission({
      admit: async (meter) => {
        started.push(performance.now());
        own(meter, COST_MS);
        return { ok: true, value: NOTHING };
      },
      failed: () => undefined,
      done: (next) => (next === GONE ? NOTHING : next),
      held: (ms) => held.push(ms),
    });
    const begin = performance.now();
    for (let t = 0; t < CHURN_MS; t += 250) {
      readmission.request();
      await vi.advanceTimersByTimeAsync(250);
    }
    const during = started.length;
    const last = performance.now();
    readmission.request();
    await vi.advanceTimersByTimeAsync(60_000);
    // The budget: the burst, and the share of the time since; one more may start while it is not yet owed.
    const share = 1 + (READMIT_CPU_BURST_MS + READMIT_CPU_SHARE * (last - begin)) / COST_MS;
    expect(during).toBeLessThanOrEqual(Math.floor(share));
    expect(during).toBeGreaterThanOrEqual(Math.floor(share) - 1);
    // Said once, however often held.
    expect(held).toHaveLength(1);
    // The change held is admitted later: the last listing wins.
    expect(started.at(-1)).toBeGreaterThanOrEqual(last);
    readmission.end(NOTHING);
  });

  it('a server whose re-admissions cost little is paced by their count alone (three a second)', async () => {
    let admissions = 0;
    const readmission = new Readmission({
      admit: async (meter) => {
        admissions++;
        own(meter, 1);
        return { ok: true, value: NOTHING };
      },
      failed: () => undefined,
      done: (next) => (next === GONE ? NOTHING : next),
      held: () => expect.fail('held for a budget it never spent'),
    });
    for (let t = 0; t < 10_000; t += 250) {
      readmission.request();
      await vi.advanceTimersByTimeAsync(250);
    }
    expect(admissions).toBeGreaterThanOrEqual(30);
    readmission.end(NOTHING);
  });
});
