// The proxy charges each re-admission its own work against a CPU budget (src/proxy/readmit-budget.ts): one owing
// waits until it is paid back, and nothing waits for it. guardClient's re-admissions were paced by count only, so
// costly catalogs announced without end kept it admitting 3 times a second for good (a hunt's find). A meter that
// reports 5 s of work per re-admission stands for such a catalog: no time is measured here.
import { describe, expect, it } from 'vitest';
import { readmissions } from '../../src/adapters/mcp-client-readmit.js';
import type { SliceMeter } from '../../src/util/time-slice.js';

const COSTLY: () => SliceMeter = () => ({ spentMs: 5000, start: () => undefined, stop: () => undefined });
const turns = async (n: number): Promise<void> => {
  for (let i = 0; i < n; i++) await new Promise((r) => setImmediate(r));
};

describe('guardClient re-admissions and the CPU budget', () => {
  it('holds the re-admission after one past the budget, and no call waits for it', async () => {
    let admitted = 0;
    const a = readmissions(async () => ++admitted, COSTLY);
    expect(await a.now()).toBe(1);
    a.changed();
    await turns(5);
    expect(admitted).toBe(2);
    a.changed();
    a.changed();
    await turns(5);
    expect(admitted).toBe(2);
    expect(await a.latest()).toBe(2);
  });
});
