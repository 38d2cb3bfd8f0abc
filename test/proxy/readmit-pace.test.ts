// The pace of a server's re-admissions (src/proxy/readmit-pace.ts): a few start at once, the next waits for the
// window to end, and a new window starts the count again.
import { describe, expect, it } from 'vitest';
import { READMIT_WINDOW_MS, READMITS_IN_A_WINDOW, ReadmitPace } from '../../src/proxy/readmit-pace.js';

describe('ReadmitPace', () => {
  it.each([
    ['three at once, the fourth waits for the window', [0, 1, 2, 3], [0, 0, 0, 997]],
    ['spread over two windows', [0, 400, 900, 1000, 1001], [0, 0, 0, 0, 0]],
    ['a wait asked again is shorter', [0, 0, 0, 10, 600], [0, 0, 0, 990, 400]],
  ])('%s', (_, times, waits) => {
    const pace = new ReadmitPace();
    expect(times.map((t) => pace.next(1_000_000 + t))).toEqual(waits);
  });

  it('the window and its count are what the docs say', () => {
    expect([READMITS_IN_A_WINDOW, READMIT_WINDOW_MS]).toEqual([3, 1000]);
  });
});
