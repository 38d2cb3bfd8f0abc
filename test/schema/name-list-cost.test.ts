// Lists of property names (`dependentRequired`, the array form of draft-07 `dependencies`) count in both cost models
// (src/schema/held-subschemas.ts heldNameLists): the step budget of a call (src/schema/engine/step-budget.ts, the
// interpreted function's multiplier too) and the compile estimate of admission (compile-cost.ts, deferral.ts).
// A review's find: draft-07 lists were charged a step each and no compile cost, `dependentRequired` 2 units a list;
// Ajv unrolls every list into the validator, so 8,000 ran calls at 70-100 ms, 15,000 admitted in 1.9 s and 250 MB,
// and a lazy map of 2,500 took 219 ms on a first call of 8 bytes. Asserted on the verdict class and the limit named,
// never on times.
import { describe, expect, it } from 'vitest';
import { validateSchema, type Result, type SchemaOptions } from '../../src/index.js';
import { compileCounters } from '../../src/schema/compile.js';
import { clearCache } from '../../src/schema/compile-cache.js';

const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i);
/** A map of `lists` lists of `names` names each. */
const lists = (n: number, names = 1): Record<string, string[]> =>
  Object.fromEntries(range(n).map((i) => [`p${i}`, range(names).map((j) => `q${j}`)]));
const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';
const LEGACY: SchemaOptions = { dialects: ['2020-12', 'draft-07'] };
const KEYWORDS = [
  { keyword: 'dependentRequired', draft07: false },
  { keyword: 'draft-07 dependencies', draft07: true },
];
/** The root of a tool whose `a` holds `map` under the keyword's name, in draft-07 for `dependencies`. */
const tool = (draft07: boolean, map: unknown, inItems = false): unknown => {
  const holder = { [draft07 ? 'dependencies' : 'dependentRequired']: map };
  return {
    ...(draft07 ? { $schema: DRAFT_07 } : {}),
    type: 'object',
    properties: { a: inItems ? { items: holder } : holder },
  };
};
const outcome = (r: Result<unknown>): string =>
  r.ok ? 'ok' : r.error.class === 'execution_failure' ? `execution_failure ${r.error.limit ?? ''}` : r.error.class;

describe('a call over many lists of names stops at maxValidationSteps', () => {
  // 1,400 lists: under maxCompileCost. 500 items then cost about 1,400 tests each in an interpreted function.
  it.each(KEYWORDS)('$keyword: 1,400 lists over 500 empty objects', ({ draft07 }) => {
    const c = validateSchema(tool(draft07, lists(1_400), true), LEGACY);
    expect(c.ok ? 'admitted' : c.error.message).toBe('admitted');
    if (!c.ok) return;
    const call = (n: number): string => `{"a":[${range(n).map(() => '{}')}]}`;
    expect(outcome(c.value.validateJSON(call(500)))).toBe('execution_failure maxValidationSteps');
    expect(outcome(c.value.validateJSON(call(1)))).toBe('ok');
  });
});

const ADMISSIONS = KEYWORDS.flatMap(({ keyword, draft07 }) => [
  { what: `${keyword}: 2,000 lists of one name`, draft07, map: lists(2_000) },
  { what: `${keyword}: 600 lists of five names`, draft07, map: lists(600, 5) },
  { what: `${keyword}: one list of 2,000 names`, draft07, map: lists(1, 2_000) },
]);

describe('a schema of many listed names is refused at admission by maxCompileCost', () => {
  it.each(ADMISSIONS)('$what', ({ draft07, map }) => {
    expect(outcome(validateSchema(tool(draft07, map), LEGACY))).toBe('execution_failure maxCompileCost');
  });

  it('a lazy dependentRequired of 200 lists is compiled at admission, not on its first call', () => {
    clearCache();
    const before = compileCounters().compiles;
    const c = validateSchema(tool(false, lists(200)), { compile: 'lazy' });
    expect(c.ok).toBe(true);
    expect(compileCounters().compiles - before).toBeGreaterThan(0);
  });

  it.each(KEYWORDS)('$keyword of 20 lists of two names is admitted', ({ draft07 }) => {
    expect(outcome(validateSchema(tool(draft07, lists(20, 2)), LEGACY))).toBe('ok');
  });
});
