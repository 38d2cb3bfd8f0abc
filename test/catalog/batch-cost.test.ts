// maxBatchCompileCost: a batch is bounded as a whole. Each tool is charged its compile estimate, cached or not, and
// once the sum passes the limit nothing more is compiled and the batch fails naming the limit, in every mode.
import { describe, expect, it } from 'vitest';
import { admitBatch } from '../../src/catalog/admission.js';
import { compileCounters, estimatedCost, validateSchema } from '../../src/schema/compile.js';
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

// A tool's estimate is of what its validator is compiled from: its schema and every document the registry or
// loader pulled in. Before, 30 small tools each referencing one loaded document of 300 properties (367,286 each
// linked) were charged their own schemas alone and admitted under a batch limit of 1,000,000, 2.7 s of compiles.
const COMMON = 'https://schemas.example/common.json';
const common = {
  $id: COMMON,
  type: 'object',
  properties: Object.fromEntries(range(40).map((k) => [`p${k}`, { type: 'string', maxLength: k + 1 }])),
};
const dialectOf = { '2020-12': {}, 'draft-07': { $schema: 'http://json-schema.org/draft-07/schema#' } } as const;
const referring = (dialect: keyof typeof dialectOf, n: number): object[] =>
  range(n).map((i) => ({
    name: `r${i}`,
    description: 'd',
    inputSchema: { ...dialectOf[dialect], type: 'object', properties: { [`x${i}`]: { $ref: COMMON } } },
    backend: () => null,
  }));
const inputOf = (tool: object): unknown => (tool as { inputSchema: unknown }).inputSchema;
/** Four tools' own schemas are far within it; two linked with the common document are over it. */
const LINKED_LIMITS = { maxBatchCompileCost: 40_000 };
const sources = {
  registry: { schemaRegistry: { [COMMON]: common } },
  loader: { schemaLoader: async () => structuredClone(common) },
} as const;

describe('the batch charges the documents a schema pulls in', () => {
  it('the fixture: the tools alone are within the limit, the common document twice is not', () => {
    const own = referring('2020-12', 4).map((t) => estimateCompileCost(inputOf(t)).total);
    expect(own.reduce((a, b) => a + b)).toBeLessThan(LINKED_LIMITS.maxBatchCompileCost);
    expect(2 * estimateCompileCost(common).total).toBeGreaterThan(LINKED_LIMITS.maxBatchCompileCost);
  });

  it.each([
    ['2020-12', 'registry'],
    ['2020-12', 'loader'],
    ['draft-07', 'registry'],
    ['draft-07', 'loader'],
  ] as const)('a %s batch referring to a %s document is charged that document per tool', async (dialect, source) => {
    const options = { ...sources[source], dialects: ['draft-07'] as const, limits: LINKED_LIMITS };
    const r = await admitBatch(referring(dialect, 4), options);
    expect(r.ok).toBe(false);
    expect(r.ok === false && r.error.message).toMatch(/batch: limit maxBatchCompileCost exceeded/);
  });

  it.each(['2020-12', 'draft-07'] as const)(
    'a %s schema cached with its documents is charged them again',
    (dialect) => {
      const options = { ...sources.registry, dialects: ['draft-07'] as const, limits: LINKED_LIMITS };
      const schema = inputOf(referring(dialect, 1)[0] as object);
      const cold = validateSchema(schema, options);
      const hits = compileCounters().hits;
      const warm = validateSchema(schema, options);
      expect(compileCounters().hits).toBe(hits + 1);
      if (!cold.ok || !warm.ok) throw new Error('the fixture must compile');
      expect(estimatedCost(cold.value)).toBeGreaterThan(estimateCompileCost(common).total);
      expect(estimatedCost(warm.value)).toBe(estimatedCost(cold.value));
    },
  );

  it('a batch whose validators are all cached is refused as when it was compiled', async () => {
    const options = { ...sources.registry, limits: LINKED_LIMITS };
    const tools = referring('2020-12', 4);
    for (const tool of tools) expect(validateSchema(inputOf(tool), options).ok).toBe(true);
    const hits = compileCounters().hits;
    const r = await admitBatch(tools, options);
    expect(compileCounters().hits).toBeGreaterThan(hits);
    expect(r.ok === false && r.error.message).toMatch(/batch: limit maxBatchCompileCost exceeded/);
  });
});
