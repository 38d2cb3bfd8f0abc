// The CPU budget of a server's re-admissions (src/proxy/readmit-budget.ts): each is charged the CPU time it took,
// the budget refills at a share of one core up to a burst, and the next waits while it is owed.
import { describe, expect, it } from 'vitest';
import { READMIT_CPU_BURST_MS, READMIT_CPU_SHARE, ReadmitBudget } from '../../src/proxy/readmit-budget.js';

/** One step: charge `cpuMs` at `at`, or (cpuMs undefined) ask the wait at `at`. */
type Step = readonly [at: number, cpuMs: number | undefined];

describe('ReadmitBudget', () => {
  it.each([
    [
      'one after a quiet spell starts, whatever it costs',
      [
        [0, undefined],
        [0, 5000],
        [1, undefined],
      ],
      [0, 26666],
    ],
    [
      'within the burst, none waits',
      [
        [0, 400],
        [0, undefined],
        [0, 500],
        [0, undefined],
      ],
      [0, 0],
    ],
    [
      'past it, the next waits until it is paid back',
      [
        [0, 1100],
        [0, undefined],
        [667, undefined],
      ],
      [667, 0],
    ],
    [
      'a wait asked later is shorter',
      [
        [0, 1300],
        [1000, undefined],
      ],
      [1000],
    ],
    [
      'a long quiet spell refills to the burst only',
      [
        [0, 0],
        [1e6, 1500],
        [1e6, undefined],
      ],
      [3334],
    ],
  ] as [string, Step[], number[]][])('%s', (_, steps, waits) => {
    const budget = new ReadmitBudget();
    const asked: number[] = [];
    for (const [at, cpuMs] of steps)
      if (cpuMs === undefined) asked.push(budget.wait(1_000_000 + at));
      else budget.charge(cpuMs, 1_000_000 + at);
    expect(asked).toEqual(waits);
  });

  it('the share and the burst are what the docs say', () => {
    expect([READMIT_CPU_SHARE, READMIT_CPU_BURST_MS]).toEqual([0.15, 1000]);
  });
});
