// maxBatchCompileCost: a batch is bounded as a whole. Each tool is charged its compile estimate, cached or not, and
// once the sum passes the limit nothing more is compiled and the batch fails naming the limit, in every mode.
import { describe, expect, it } from 'vitest';
import { admitBatch } from '../../src/catalog/admission.js';
import { estimateCompileCost } from '../../src/schema/compile-cost.js';

const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i);
const schemaOf = (i: number): object => ({
  type: 'object',
  description: `tool ${i}`,
  properties: Object.fromEntries(range(50).map((k) => [`p${k}`, { type: 'string' }])),
});
const batch = (n: number): object[] =>
  range(n).map((i) => ({ name: `t${i}`, description: 'd', inputSchema: schemaOf(i), backend: () => null }));
const each = estimateCompileCost(schemaOf(0)).total;

describe('the sum of a batch’s compile estimates is bounded', () => {
  it.each(['strict', 'quarantine'] as const)('past maxBatchCompileCost the batch fails in %s mode', async (mode) => {
    const r = await admitBatch(batch(10), { mode, limits: { maxBatchCompileCost: each * 4 } });
    expect(r.ok).toBe(false);
    expect(r.ok === false && r.error.class).toBe('execution_failure');
    expect(r.ok === false && r.error.message).toMatch(/batch-level problem; batch: limit maxBatchCompileCost exceeded/);
    expect(r.ok === false && r.error.diagnostics.map((d) => [d.index, d.stage])).toEqual([[-1, 'batch']]);
  });

  it('a batch at the limit is admitted, and again once its validators are cached (same charge)', async () => {
    const options = { limits: { maxBatchCompileCost: each * 10 } };
    for (let round = 0; round < 2; round++) {
      const r = await admitBatch(batch(10), options);
      expect(r.ok && r.value.accepted.length).toBe(10);
    }
    const over = await admitBatch(batch(11), options);
    expect(over.ok).toBe(false);
  });
});
