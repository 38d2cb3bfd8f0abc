// One catalog's admissions again (src/proxy/readmission.ts), the seam the single-server session and each server of
// a gateway share: what waits for the tools gets one admission's outcome, a change during one runs it once more,
// the pace's fourth waits for its turn, and a server gone or a session ended answers what waits at once.
import { describe, expect, it } from 'vitest';
import { NOTHING, type Published } from '../../src/proxy/published.js';
import { GONE, Readmission } from '../../src/proxy/readmission.js';

const catalog = (n: number): Published => ({ ...NOTHING, listed: n });

/** A Readmission whose admissions each wait for `release()` and give the next catalog; what it did, in order. */
function harness(gone = false) {
  const log: string[] = [];
  const releases: (() => void)[] = [];
  let n = 0;
  const r = new Readmission({
    admit: () =>
      new Promise((resolve) => {
        n++;
        const mine = n;
        releases.push(() => resolve(gone ? GONE : { ok: true, value: catalog(mine) }));
      }),
    failed: (m) => log.push(`failed ${m}`),
    done: (next) => {
      log.push(next === GONE ? 'done gone' : `done ${next.listed}`);
      return next === GONE ? NOTHING : next;
    },
  });
  const release = async (): Promise<void> => {
    releases.shift()?.();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { r, log, release, started: () => n };
}

describe('Readmission', () => {
  it('nothing pending until a change; what waits gets the outcome', async () => {
    const { r, log, release } = harness();
    expect(r.pending).toBeUndefined();
    r.request();
    const waited = r.pending;
    expect(waited).toBeDefined();
    await release();
    expect((await waited)?.listed).toBe(1);
    expect(r.pending).toBeUndefined();
    expect(log).toEqual(['done 1']);
  });

  it('changes during one run it once more, and what waits gets the last outcome', async () => {
    const { r, log, release, started } = harness();
    r.request();
    const waited = r.pending;
    r.request();
    r.request();
    await release();
    expect(started()).toBe(2);
    await release();
    expect((await waited)?.listed).toBe(2);
    expect(log).toEqual(['done 2']);
  });

  it('past the pace, what waits gets the outcome of the turn', async () => {
    const { r, release, started } = harness();
    for (let i = 1; i <= 3; i++) {
      r.request();
      await release();
    }
    r.request();
    expect(started()).toBe(3);
    const waited = r.pending;
    expect(waited).toBeDefined();
    r.interrupt(catalog(9));
    expect((await waited)?.listed).toBe(9);
    expect(r.pending).toBeUndefined();
  });

  it('a server gone during one: what waits gets what its owner publishes now', async () => {
    const { r, log, release } = harness(true);
    r.request();
    const waited = r.pending;
    await release();
    expect(await waited).toBe(NOTHING);
    expect(log).toEqual(['done gone']);
  });

  it('ended: what waits is answered, the run in flight publishes nothing, later changes start none', async () => {
    const { r, log, release, started } = harness();
    r.request();
    const waited = r.pending;
    r.end(catalog(7));
    expect((await waited)?.listed).toBe(7);
    await release();
    r.request();
    expect([log, started(), r.pending]).toEqual([[], 1, undefined]);
  });
});
