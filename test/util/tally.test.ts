// A count's waits settle when it comes back to zero, not before, and at once when it is zero already.
import { describe, expect, it } from 'vitest';
import { Tally } from '../../src/util/tally.js';

/** Whether `p` has settled, after the microtasks queued so far ran. */
async function settled(p: Promise<void>): Promise<boolean> {
  let done = false;
  void p.then(() => {
    done = true;
  });
  await new Promise((resolve) => setImmediate(resolve));
  return done;
}

describe('Tally', () => {
  it('settles a wait at once at zero', async () => {
    expect(await settled(new Tally().whenZero())).toBe(true);
  });

  it('settles every wait when the count comes back to zero, none before', async () => {
    const tally = new Tally();
    tally.up();
    tally.up();
    const [a, b] = [tally.whenZero(), tally.whenZero()];
    tally.down();
    expect(tally.size).toBe(1);
    expect(await settled(a)).toBe(false);
    tally.down();
    expect([await settled(a), await settled(b)]).toEqual([true, true]);
  });

  it('does not settle a later wait with an earlier zero', async () => {
    const tally = new Tally();
    tally.up();
    tally.down();
    tally.up();
    expect(await settled(tally.whenZero())).toBe(false);
  });
});
