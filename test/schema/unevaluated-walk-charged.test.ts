// The annotation walk of `unevaluatedProperties` / `unevaluatedItems` (src/schema/engine/unevaluated.ts) and the
// subschemas it applies (annotation-run.ts applySubschema) run outside the generated code the step keyword charges.
// A hunt's find: uncharged, `items: { anyOf: [true x 1000], unevaluatedProperties: false }` over 1,000 empty objects
// (3 KB) took 1.1 s and passed; 9,000 branches exhausted the heap. Each subschema applied, each memo entry and each
// evaluated set is now charged against maxValidationSteps before the work. Steps are asserted, never time.
import { describe, expect, it } from 'vitest';
import { validateSchema } from '../../src/index.js';

const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i);
const items = (item: object): object => ({ type: 'object', properties: { a: { items: item } } });
/** `{"a":[…]}` of `n` copies of `item`. */
const many = (item: string, n: number): string => `{"a":[${range(n).map(() => item)}]}`;

/** The class of the outcome and the limit named, at the given limits (default when none). */
function outcome(schema: object, text: string, limits?: object): [string, string | undefined] {
  const compiled = validateSchema(schema, limits && { limits });
  if (!compiled.ok) throw new Error(compiled.error.message);
  const r = compiled.value.validateJSON(text);
  return r.ok ? ['ok', undefined] : [r.error.class, r.error.limit];
}

const WIDE: readonly [string, object, string][] = [
  ['anyOf of 1,000 true branches', items({ anyOf: range(1000).map(() => true), unevaluatedProperties: false }), '{}'],
  ['oneOf of 1,000 true branches', items({ oneOf: range(1000).map(() => true), unevaluatedProperties: false }), '{}'],
  [
    'anyOf of 300 object branches',
    items({ anyOf: range(300).map(() => ({ type: 'object' })), unevaluatedProperties: false }),
    '{}',
  ],
  [
    'anyOf of 150 if/then/else branches',
    items({ anyOf: range(150).map(() => ({ if: true, then: true, else: false })), unevaluatedProperties: false }),
    '{}',
  ],
  [
    'unevaluatedItems beside anyOf of 1,000 true branches',
    items({ anyOf: range(1000).map(() => true), unevaluatedItems: false }),
    '[]',
  ],
];

describe('the unevaluated* annotation walk is charged against maxValidationSteps', () => {
  it.each(WIDE)('%s over 1,000 items stops at maxValidationSteps', (_name, schema, item) => {
    expect(outcome(schema, many(item, 1000))).toEqual(['execution_failure', 'maxValidationSteps']);
  });
});

// The charge must leave ordinary calls their verdicts, with room to spare: a union of five object
// branches under unevaluatedProperties over 1,000 objects stays within half of the default budget.
const BRANCH = (i: number): object => ({
  type: 'object',
  properties: { kind: { const: `k${i}` }, value: { type: 'integer' } },
  required: ['kind'],
});
const ORDINARY: readonly [string, object, string, string][] = [
  [
    'anyOf of five object branches',
    items({ anyOf: range(5).map(BRANCH), unevaluatedProperties: false }),
    '{"kind":"k4","value":1}',
    'ok',
  ],
  [
    'oneOf of five object branches, an unevaluated property',
    items({ oneOf: range(5).map(BRANCH), unevaluatedProperties: false }),
    '{"kind":"k4","value":1,"x":0}',
    'validation',
  ],
  [
    'if/then/else, unevaluatedItems',
    items({ if: { prefixItems: [true] }, then: { prefixItems: [true, true] }, unevaluatedItems: false }),
    '[1,2]',
    'ok',
  ],
];

describe('ordinary unevaluated* calls keep their verdicts under the charge', () => {
  it.each(ORDINARY)('%s over 1,000 items', (_name, schema, item, verdict) => {
    expect(outcome(schema, many(item, 1000), { maxValidationSteps: 750_000 })[0]).toBe(verdict);
  });
});

// A review's find: each `anyOf`/`oneOf` member is compiled again on its own where `unevaluated*` reads its
// annotations (60-155 us each), but 9,000 `true` branches were estimated at 40 units each and admitted; their first
// call took 54 ms.
describe('subschemas compiled again for unevaluated* count in the compile estimate', () => {
  it.each([
    ['anyOf', 'unevaluatedProperties'],
    ['oneOf', 'unevaluatedItems'],
  ])('9,000 true %s members beside %s are refused by maxCompileCost', (k, u) => {
    const compiled = validateSchema(items({ [k]: range(9000).map(() => true), [u]: false }));
    expect(compiled.ok ? 'ok' : `${compiled.error.class} ${compiled.error.limit}`).toBe(
      'execution_failure maxCompileCost',
    );
  });

  it('the same 9,000 without unevaluated* are admitted', () => {
    expect(validateSchema(items({ anyOf: range(9000).map(() => true) })).ok).toBe(true);
  });
});
