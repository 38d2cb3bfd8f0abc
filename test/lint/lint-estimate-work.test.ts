// A hunt's find: once the lint budget had refused a oneOf, every later oneOf was still estimated (its documents
// stringified whole) before being refused again: 499 oneOfs reaching one 612 KB definition, 1.2 s of lint
// uncharged. Now what an estimate reads is paid for, and one the budget cannot pay for is not made.
import { describe, expect, it, vi } from 'vitest';

const estimates = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../src/schema/compile-cost.js', async (original) => {
  const actual = await original<typeof import('../../src/schema/compile-cost.js')>();
  return {
    ...actual,
    estimateCompileCost: (...args: Parameters<typeof actual.estimateCompileCost>) => {
      estimates.count++;
      return actual.estimateCompileCost(...args);
    },
  };
});
const { lintSchema } = await import('../../src/lint/lint.js');

/** `unions` unused definitions, each a oneOf of two references to one definition `big`. */
const unionsOf = (unions: number, big: object): object => {
  const defs = Object.fromEntries(
    Array.from({ length: unions }, (_, i) => [`u${i}`, { oneOf: [{ $ref: '#/$defs/big' }, { $ref: '#/$defs/big' }] }]),
  );
  return { type: 'object', properties: { a: { type: 'string' } }, $defs: { ...defs, big } };
};
const skips = (schema: object): number => {
  const r = lintSchema(schema);
  if (!r.ok) throw new Error(r.error.message);
  return r.value.filter((w) => w.rule === 'lint-skipped').length;
};

describe('oneof-overlap estimates no more than its budget pays for', () => {
  it('a definition too large for the budget is never estimated, and every oneOf reports its skip', () => {
    const big = { enum: Array.from({ length: 17_500 }, (_, i) => `${'v'.repeat(30)}${i}`) };
    estimates.count = 0;
    expect(skips(unionsOf(100, big))).toBe(100);
    expect(estimates.count).toBe(0);
  });

  it('estimates the budget refuses are charged, so they stop well before the last oneOf', () => {
    // Small text, many schema objects: each oneOf's estimate passes the budget, its text does not.
    const big = { allOf: Array.from({ length: 400 }, (_, i) => ({ type: 'string', minLength: i })) };
    estimates.count = 0;
    expect(skips(unionsOf(400, big))).toBe(400);
    expect(estimates.count).toBeGreaterThan(0);
    expect(estimates.count).toBeLessThan(400);
  });
});
