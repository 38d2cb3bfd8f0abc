// A re-admission is charged its own work on the thread (readmission.ts, time-slice.ts SliceMeter), on a fake clock.
// A review's find: it was charged the process's CPU time from before its listing to after its admission, so another
// server's log flood, or the client's calls to other servers, held an honest server's 1 ms re-admissions for seconds.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  busyElsewhere,
  costly,
  fakeClocks,
  harness,
  isHeldLine,
  restoreClocks,
  tool,
} from './readmit-session-fixture.js';

/** How long each listing takes on the wire. */
const WIRE_MS = 2000;

beforeEach(fakeClocks);
afterEach(restoreClocks);

/** Lets the admission under way run its slices (each a real setImmediate turn): until it ended, or 100 turns. */
async function admitted(ready: () => unknown): Promise<void> {
  for (let turn = 0; turn < 100 && ready() === undefined; turn++) await new Promise((r) => setImmediate(r));
}

describe("what a re-admission is charged: its own work, not its listing's wire nor the process's other work", () => {
  it('listings 2 s on the wire while the process is 90% busy elsewhere are never held', async () => {
    const { tools, warned, listings } = harness(WIRE_MS, (n) => [tool('echo'), tool(`t${n}`)]);
    const stop = busyElsewhere(90);
    for (let n = 1; n <= 5; n++) {
      tools.readmit();
      await vi.advanceTimersByTimeAsync(WIRE_MS);
      await admitted(tools.ready);
    }
    stop();
    expect(warned.filter(isHeldLine)).toEqual([]);
    expect(listings()).toBe(5);
    expect([...(tools.ready()?.tools.keys() ?? [])]).toEqual(['echo', 't5']);
  });

  it('its own work still counts: 1.5 s of it holds the next for what is owed (3.3 s), not for its wire', async () => {
    const { tools, warned } = harness(WIRE_MS, (n) => [costly('echo', 1500), tool(`t${n}`)]);
    tools.readmit();
    await vi.advanceTimersByTimeAsync(WIRE_MS);
    await admitted(tools.ready);
    tools.readmit();
    expect(warned.filter(isHeldLine)).toHaveLength(1);
    expect(warned.find(isHeldLine)).toContain('(the next in 3.3 s)');
  });
});
