// A verdict depends on the schema and the instance only, never on earlier calls. Ajv's 2019-09 engine kept the
// evaluated properties of a recursive `$ref` on the shared validator: `{"c": {"x": null}}` was invalid on a
// fresh validator and valid after one call with `{"c": null}` (2019-09 `unevaluated*` is refused since). Each
// schema below runs its instances in order and in reverse on one validator (and on a second validateSchema
// of the same schema, which the cache shares), and every result must equal the result of a fresh compile.
import { describe, expect, it } from 'vitest';
import { clearCache } from '../../src/schema/compile-cache.js';
import { compileSchema } from '../../src/schema/compile.js';
import type { SchemaOptions } from '../../src/schema/options.js';

const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';
const DRAFT_2019 = 'https://json-schema.org/draft/2019-09/schema';
const OPTIONS: SchemaOptions = { dialects: ['2020-12', '2019-09', 'draft-07'] };

interface HistoryCase {
  readonly name: string;
  readonly schema: unknown;
  readonly instances: readonly unknown[];
  readonly options?: SchemaOptions;
  /** The verdict of each instance where the spec fixes it (true: valid), beyond agreeing with a fresh compile. */
  readonly valid?: readonly boolean[];
}

const S = { type: 'string' };
const CASES: readonly HistoryCase[] = [
  {
    name: '2020-12: unevaluatedProperties over anyOf with a $ref to the root',
    schema: { properties: { c: { unevaluatedProperties: false, anyOf: [{ $ref: '#' }, { properties: { x: S } }] } } },
    instances: [{ c: { x: null } }, { c: null }, { c: { x: 's' } }, { c: { c: null, x: 1 } }, { c: { y: 1 } }],
  },
  {
    name: '2020-12: unevaluatedItems through a $ref to the root',
    schema: { prefixItems: [true], items: { $ref: '#' }, unevaluatedItems: false, anyOf: [{ type: 'array' }, true] },
    instances: [[], [[1]], [1, [2, [3]]], [[], 1], 1, [[[[]]]]],
  },
  {
    name: '2020-12: unevaluatedProperties with $dynamicRef recursion',
    schema: {
      $id: 'https://example.com/tree',
      $dynamicAnchor: 'node',
      properties: { kids: { items: { $dynamicRef: '#node' } }, v: S },
      unevaluatedProperties: false,
    },
    instances: [{ kids: [{ v: 'a' }, { w: 1 }] }, { kids: [{ v: 'a' }] }, { w: 1 }, { kids: [{ kids: [{ x: 1 }] }] }],
  },
  {
    name: '2020-12: if/then/else and oneOf annotations feeding unevaluatedProperties',
    schema: {
      if: { properties: { k: { const: 1 } }, required: ['k'] },
      then: { properties: { a: S } },
      else: { properties: { b: S } },
      oneOf: [
        { properties: { c: true }, required: ['c'] },
        { properties: { d: true }, required: ['d'] },
      ],
      unevaluatedProperties: false,
    },
    instances: [
      { k: 1, a: 's', c: 1 },
      { k: 2, a: 's', c: 1 },
      { k: 2, b: 's', d: 1 },
      { k: 1, b: 's', c: 1 },
    ],
  },
  {
    name: '2020-12: contains per element, with minContains and maxContains',
    schema: { items: { contains: { type: 'number' }, minContains: 1, maxContains: 2 } },
    instances: [
      [[1], []],
      [[1, 2, 3], [1]],
      [[], [1]],
      [[1], [1, 2]],
    ],
    // Core §10.3.1.3, Validation §6.4.4-5: every element is judged on its own.
    valid: [false, false, false, true],
  },
  {
    name: '2020-12: a call stopped by the step budget inside a recursive $ref, then small ones',
    schema: {
      $defs: {
        t: {
          anyOf: [
            { type: 'string', minLength: 3 },
            { type: 'number' },
            { type: 'array', items: { $ref: '#/$defs/t' } },
          ],
        },
      },
      items: { $ref: '#/$defs/t' },
    },
    instances: [Array.from({ length: 400 }, () => 'abcd'), ['abc'], ['ab'], [1]],
    options: { limits: { maxValidationSteps: 2_000 } },
  },
  {
    name: '2020-12: a call past the error cap inside a recursive $ref, then small ones',
    schema: {
      $defs: { o: { type: 'object', additionalProperties: { anyOf: [{ type: 'number' }, { $ref: '#/$defs/o' }] } } },
      $ref: '#/$defs/o',
      not: { required: ['z'] },
    },
    instances: [
      { a: Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`k${i}`, 's'])) },
      { a: { b: 1 } },
      { z: 1 },
      { a: { b: 's' } },
    ],
  },
  {
    name: 'draft-07: contains and anyOf through a $ref to the root',
    schema: {
      $schema: DRAFT_07,
      properties: { c: { anyOf: [{ $ref: '#' }, { items: { contains: { type: 'number' } } }] } },
    },
    instances: [{ c: [[1], []] }, { c: null }, { c: { c: [[1], []] } }, { c: [[1]] }, { c: { c: 1 } }],
    // The `$ref` to the root accepts every non-object (it has only `properties`).
    valid: [true, true, true, true, true],
  },
  {
    name: 'draft-07: additionalProperties and items recursion',
    schema: {
      $schema: DRAFT_07,
      definitions: { t: { type: ['array', 'object'], items: { $ref: '#/definitions/t' }, additionalProperties: S } },
      properties: { t: { $ref: '#/definitions/t' } },
    },
    instances: [{ t: [{ a: 's' }, [{ b: 1 }]] }, { t: [] }, { t: [[[]], { a: 's' }] }, { t: { a: 1 } }],
  },
  {
    name: '2019-09: contains with minContains through a $ref to the root',
    schema: {
      $schema: DRAFT_2019,
      properties: { c: { anyOf: [{ $ref: '#' }, { items: { contains: { type: 'number' }, minContains: 2 } }] } },
    },
    instances: [{ c: [[1, 2], [1]] }, { c: null }, { c: [[1, 2]] }, { c: { c: [[1], [1, 2]] } }],
    valid: [true, true, true, true],
  },
  perElementContains('2020-12', undefined, '$defs'),
  perElementContains('2019-09', DRAFT_2019, '$defs'),
  perElementContains('draft-07', DRAFT_07, 'definitions'),
];

/**
 * `contains` applied per element (`items`, `additionalProperties`, a `$ref`'d definition): an empty array
 * fails even after an element that passed (Core §10.3.1.3; Ajv's own loop kept the flag).
 */
function perElementContains(dialect: string, $schema: string | undefined, defs: string): HistoryCase {
  const N = { contains: { type: 'number' } };
  return {
    name: `${dialect}: contains per element through items, additionalProperties and a $ref'd definition`,
    schema: {
      ...($schema === undefined ? {} : { $schema }),
      [defs]: { c: N },
      properties: { a: { items: N }, b: { additionalProperties: N }, d: { items: { $ref: `#/${defs}/c` } } },
    },
    instances: [
      { a: [[1], []] },
      { a: [[1], [1]] },
      { a: [[], [1]] },
      { b: { x: [1], y: [] } },
      { b: { x: [1], y: ['s', 2] } },
      { d: [[1], []] },
      { d: [[1], ['s']] },
      { d: [[1]] },
    ],
    valid: [false, true, false, false, true, false, false, true],
  };
}

type Outcome = string;
const outcome = (r: ReturnType<ReturnType<typeof compileOk>['validate']>): Outcome =>
  r.ok ? 'valid' : JSON.stringify(r.error);

function compileOk(schema: unknown, options: SchemaOptions = {}) {
  const compiled = compileSchema(schema, { ...OPTIONS, ...options }, { toolRoot: false });
  if (!compiled.ok) throw new Error(compiled.error.message);
  return compiled.value;
}

/** The result of each instance on a validator that has seen nothing else. */
function freshOutcomes(c: HistoryCase): Outcome[] {
  return c.instances.map((instance) => {
    clearCache();
    return outcome(compileOk(c.schema, c.options).validate(instance));
  });
}

describe('a verdict depends on the schema and the instance only, never on earlier calls', () => {
  for (const c of CASES) {
    it(c.name, () => {
      const fresh = freshOutcomes(c);
      if (c.valid !== undefined) expect(fresh.map((o) => o === 'valid')).toEqual(c.valid);
      clearCache();
      const first = compileOk(c.schema, c.options);
      const second = compileOk(c.schema, c.options);
      const order = c.instances.map((_, i) => i);
      for (const sequence of [order, [...order].reverse(), order]) {
        for (const i of sequence) {
          expect(outcome(first.validate(c.instances[i])), `instance ${i} after others`).toBe(fresh[i]);
          expect(outcome(second.validate(c.instances[i])), `instance ${i}, second validateSchema`).toBe(fresh[i]);
        }
      }
    });
  }

  it("2019-09: the issue's priming schema is refused, not answered by history", () => {
    const compiled = compileSchema(
      {
        $schema: DRAFT_2019,
        properties: { c: { unevaluatedProperties: false, anyOf: [{ $ref: '#' }, { properties: { x: S } }] } },
      },
      OPTIONS,
      { toolRoot: false },
    );
    expect(compiled.ok ? 'admitted' : compiled.error.class).toBe('unsupported_capability');
  });

  it('the comparison can fail: different instances give different outcomes', () => {
    const c = CASES[0]!;
    const fresh = freshOutcomes(c);
    expect(fresh[0]).not.toBe(fresh[1]);
    expect(fresh[1]).toBe('valid');
  });
});
