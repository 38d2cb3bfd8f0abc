// Boolean subschemas count in both cost models (src/schema/held-subschemas.ts): the step budget of a call
// (src/schema/engine/step-budget.ts) and the compile estimate of admission (compile-cost.ts, deferral.ts).
// A hunt's find:
// `true`/`false` had no step keyword and no compile cost, so calls ran up to 72 times the 50 ms rule at default
// limits, 9,990 `false` branches admitted in 1.5 s and 193 MB, and a lazy schema of 7,000 of them took 1.1 s on
// its first call of 7 bytes. Asserted on the verdict class and the limit named, never on times.
import { describe, expect, it } from 'vitest';
import { validateSchema, type Result, type SchemaOptions } from '../../src/index.js';
import { compileCounters } from '../../src/schema/compile.js';
import { clearCache } from '../../src/schema/compile-cache.js';

const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i);
const booleans = (n: number, b: boolean): boolean[] => range(n).map(() => b);
const named = (n: number, b: boolean): Record<string, boolean> => Object.fromEntries(range(n).map((i) => [`p${i}`, b]));
const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';
const LEGACY: SchemaOptions = { dialects: ['2020-12', 'draft-07'] };
/** The root of a tool whose `a` holds `a`, in draft-07 when asked. */
const tool = (a: unknown, draft07 = false): unknown => ({
  ...(draft07 ? { $schema: DRAFT_07 } : {}),
  type: 'object',
  properties: { a },
});
const items = (n: number, item: string): string => `{"a":[${range(n).map(() => item)}]}`;
const outcome = (r: Result<unknown>): string =>
  r.ok ? 'ok' : r.error.class === 'execution_failure' ? `execution_failure ${r.error.limit ?? ''}` : r.error.class;

// 1,400 booleans: under maxCompileCost. Each of 1,000 items then costs 1,400 checks: 30-40 ms in all before, over
// about 3 steps an item; at 9,000 booleans and 10,000 items 2.3-3.6 s.
const N = 1_400;
const CALLS: readonly { keyword: string; schema: unknown; item: string; options?: SchemaOptions }[] = [
  { keyword: 'dependentSchemas', schema: tool({ items: { dependentSchemas: named(N, false) } }), item: '{}' },
  {
    keyword: 'draft-07 dependencies',
    schema: tool({ items: { dependencies: named(N, false) } }, true),
    item: '{}',
    options: LEGACY,
  },
  { keyword: 'prefixItems', schema: tool({ items: { prefixItems: booleans(N, false) } }), item: '[]' },
  {
    keyword: 'draft-07 items array',
    schema: tool({ items: { items: booleans(N, false) } }, true),
    item: '[]',
    options: LEGACY,
  },
  {
    keyword: 'anyOf of false (in a oneOf beside true)',
    schema: tool({ items: { oneOf: [{ anyOf: booleans(N, false) }, true] } }),
    item: '1',
  },
  {
    keyword: 'oneOf of true (under not)',
    schema: tool({ items: { not: { oneOf: booleans(N, true) } } }),
    item: '1',
  },
  { keyword: 'allOf of false (under not)', schema: tool({ items: { not: { allOf: booleans(N, false) } } }), item: '1' },
  { keyword: 'properties of false', schema: tool({ items: { properties: named(N, false) } }), item: '{}' },
];

describe('a call over many boolean subschemas stops at maxValidationSteps', () => {
  it.each(CALLS)('$keyword: 1,400 booleans over 1,000 items', ({ schema, item, options }) => {
    const c = validateSchema(schema, options);
    expect(c.ok ? 'admitted' : c.error.message).toBe('admitted');
    if (!c.ok) return;
    expect(outcome(c.value.validateJSON(items(1_000, item)))).toBe('execution_failure maxValidationSteps');
    // One item is far within the budget: the verdict of a small call is unchanged.
    expect(outcome(c.value.validateJSON(items(1, item)))).not.toMatch(/^execution_failure/);
  });
});

// 2,000 booleans: each about 0.2 ms of admission, 400 ms in all, past maxCompileCost's 400,000 units.
const M = 2_000;
const ADMISSIONS: readonly { keyword: string; schema: unknown; options?: SchemaOptions }[] = [
  { keyword: 'oneOf', schema: tool({ oneOf: booleans(M, false) }) },
  { keyword: 'anyOf', schema: tool({ anyOf: booleans(M, false) }) },
  { keyword: 'allOf', schema: tool({ allOf: booleans(M, false) }) },
  { keyword: 'prefixItems', schema: tool({ prefixItems: booleans(M, false) }) },
  { keyword: 'dependentSchemas', schema: tool({ dependentSchemas: named(M, false) }) },
  { keyword: 'properties', schema: tool({ properties: named(M, false) }) },
  { keyword: 'draft-07 dependencies', schema: tool({ dependencies: named(M, false) }, true), options: LEGACY },
  { keyword: 'draft-07 items array', schema: tool({ items: booleans(M, false) }, true), options: LEGACY },
];

describe('a schema of many boolean subschemas is refused at admission by maxCompileCost', () => {
  it.each(ADMISSIONS)('$keyword of 2,000 false', ({ schema, options }) => {
    expect(outcome(validateSchema(schema, options))).toBe('execution_failure maxCompileCost');
  });

  it('the same under compile: lazy (7,000 false took 1.1 s on a first call of 7 bytes)', () => {
    expect(outcome(validateSchema(tool({ oneOf: booleans(7_000, false) }), { compile: 'lazy' }))).toBe(
      'execution_failure maxCompileCost',
    );
  });

  it('a lazy schema of 200 false branches is compiled at admission, not on its first call', () => {
    clearCache();
    const before = compileCounters().compiles;
    const c = validateSchema(tool({ oneOf: booleans(200, false) }), { compile: 'lazy' });
    expect(c.ok).toBe(true);
    expect(compileCounters().compiles - before).toBeGreaterThan(0);
  });
});

// A `true` member is charged as an empty `{}` (a review's find: charged 3 steps and 250 units as a `false`, 80 `true`
// properties over 5,000 objects were refused where `{}` passed, and about 1,600 were refused at admission though
// Ajv compiles no code for one).
const TRUES: readonly { keyword: string; schema: (member: unknown) => unknown; item: string }[] = [
  {
    keyword: 'properties',
    schema: (m) => tool({ items: { type: 'object', properties: named(80, m as boolean) } }),
    item: '{}',
  },
  {
    keyword: 'prefixItems',
    schema: (m) => tool({ items: { type: 'array', prefixItems: range(80).map(() => m) } }),
    item: '[]',
  },
  {
    keyword: 'dependentSchemas',
    schema: (m) => tool({ items: { type: 'object', dependentSchemas: named(80, m as boolean) } }),
    item: '{}',
  },
];

describe('true members cost what an empty {} does', () => {
  it.each(TRUES)('$keyword of 80 true over 5,000 items passes as {} does', ({ schema, item }) => {
    const verdicts = [true, {}].map((m) => {
      const c = validateSchema(schema(m));
      return c.ok ? outcome(c.value.validateJSON(items(5_000, item))) : c.error.message;
    });
    expect(verdicts).toEqual(['ok', 'ok']);
  });

  it.each(['properties', 'anyOf', 'allOf', 'oneOf', 'prefixItems'])('%s of 3,000 true is admitted', (keyword) => {
    const members = keyword === 'properties' ? named(3_000, true) : booleans(3_000, true);
    expect(outcome(validateSchema(tool({ [keyword]: members })))).toBe('ok');
  });
});
