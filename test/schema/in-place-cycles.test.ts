// In-place cycles and in-place expansion are decided at admission (src/schema/in-place-cycles.ts).
import { describe, expect, it } from 'vitest';
import { validateSchema, type Result } from '../../src/index.js';

const summary = (r: Result<unknown>): string => (r.ok ? 'ok' : `${r.error.class}: ${r.error.message}`);
const at = (x: unknown, $defs: Record<string, unknown>): unknown => ({ type: 'object', $defs, properties: { x } });

describe('a cycle that consumes no instance is refused at admission', () => {
  it.each([
    { name: 'direct $ref', schema: at({ $ref: '#/$defs/a' }, { a: { $ref: '#/$defs/a' } }) },
    {
      name: 'anchors through allOf (alice -> bob -> alice)',
      schema: at(
        { $ref: '#alice' },
        { a: { $anchor: 'alice', allOf: [{ $ref: '#bob' }] }, b: { $anchor: 'bob', allOf: [{ $ref: '#alice' }] } },
      ),
    },
    { name: 'allOf', schema: at({ $ref: '#/$defs/a' }, { a: { allOf: [{ $ref: '#/$defs/a' }] } }) },
    { name: 'anyOf', schema: at({ $ref: '#/$defs/a' }, { a: { anyOf: [{ type: 'string' }, { $ref: '#/$defs/a' }] } }) },
    { name: 'oneOf', schema: at({ $ref: '#/$defs/a' }, { a: { oneOf: [{ $ref: '#/$defs/a' }, true] } }) },
    { name: 'not', schema: at({ $ref: '#/$defs/a' }, { a: { not: { $ref: '#/$defs/a' } } }) },
    { name: 'if', schema: at({ $ref: '#/$defs/a' }, { a: { if: { $ref: '#/$defs/a' }, then: true } }) },
    { name: 'then', schema: at({ $ref: '#/$defs/a' }, { a: { if: true, then: { $ref: '#/$defs/a' } } }) },
    { name: 'else', schema: at({ $ref: '#/$defs/a' }, { a: { if: false, else: { $ref: '#/$defs/a' } } }) },
    {
      name: 'dependentSchemas',
      schema: at({ $ref: '#/$defs/a' }, { a: { dependentSchemas: { k: { $ref: '#/$defs/a' } } } }),
    },
    {
      name: '$dynamicRef',
      schema: at({ $ref: '#/$defs/a' }, { a: { $dynamicAnchor: 'n', allOf: [{ $dynamicRef: '#n' }] } }),
    },
    {
      name: 'three steps through the root',
      schema: { type: 'object', allOf: [{ $ref: '#/$defs/a' }], $defs: { a: { anyOf: [{ $ref: '#' }] } } },
    },
    {
      name: 'a registry document',
      schema: at({ $ref: 'urn:loop' }, {}),
      options: { schemaRegistry: { 'urn:loop': { allOf: [{ $ref: 'urn:loop' }] } } },
    },
  ])('$name: unsupported_capability naming the cycle', ({ schema, options }) => {
    const r = validateSchema(schema, options);
    expect(summary(r)).toMatch(/^unsupported_capability: schema cannot be enforced exactly: in-place cycle .* -> /);
  });

  it('the issue case names both anchors in the author locations', () => {
    const r = validateSchema(
      at(
        { $ref: '#alice' },
        { a: { $anchor: 'alice', allOf: [{ $ref: '#bob' }] }, b: { $anchor: 'bob', allOf: [{ $ref: '#alice' }] } },
      ),
    );
    expect(summary(r)).toContain('/$defs/a -> /$defs/a/allOf/0 -> /$defs/b -> /$defs/b/allOf/0 -> /$defs/a');
  });
});

describe('a cycle through a keyword that moves to a child location is admitted', () => {
  const self = { $ref: '#/$defs/n' };
  it.each([
    { name: 'properties', n: { properties: { next: self } }, data: { next: { next: {} } } },
    { name: 'items', n: { items: self }, data: [[[]]] },
    { name: 'prefixItems', n: { prefixItems: [self] }, data: [[[]]] },
    { name: 'additionalProperties', n: { additionalProperties: self }, data: { a: { b: {} } } },
    { name: 'patternProperties', n: { patternProperties: { '^a': self } }, data: { a: { a: {} } } },
    { name: 'contains', n: { contains: { anyOf: [self, { type: 'integer' }] } }, data: [[1]] },
    { name: 'propertyNames', n: { propertyNames: { anyOf: [{ type: 'string' }, self] } }, data: { a: 1 } },
    { name: 'unevaluatedProperties', n: { unevaluatedProperties: self }, data: { a: { b: {} } } },
    {
      name: 'allOf around a property',
      n: { allOf: [{ properties: { x: self } }, { required: [] }] },
      data: { x: { x: {} } },
    },
  ])('$name', ({ n, data }) => {
    const c = validateSchema(at(self, { n }));
    expect(summary(c)).toBe('ok');
    if (c.ok) expect(summary(c.value.validate({ x: data }))).toBe('ok');
  });

  it('an unreferenced cyclic definition is never evaluated, so it is admitted', () => {
    expect(summary(validateSchema({ type: 'object', $defs: { a: { allOf: [{ $ref: '#/$defs/a' }] } } }))).toBe('ok');
  });
});

describe('maxInPlaceSubschemas bounds the in-place expansion (repeats counted)', () => {
  /** L0 … Lk, each applying the next one twice in place: 2^k applications, linear schema size. */
  const dag = (k: number): unknown => {
    const $defs: Record<string, unknown> = { [`L${k}`]: { type: 'integer' } };
    for (let i = 0; i < k; i++)
      $defs[`L${i}`] = { allOf: [{ $ref: `#/$defs/L${i + 1}` }, { $ref: `#/$defs/L${i + 1}` }] };
    return at({ $ref: '#/$defs/L0' }, $defs);
  };
  it('40 levels (2^40 applications per value) are refused, naming the limit', () => {
    expect(summary(validateSchema(dag(40)))).toMatch(
      new RegExp(
        '^execution_failure: limit maxInPlaceSubschemas exceeded: limit 10000, seen more than 10000 ' +
          'subschemas applied at one instance location by /\\$defs/L\\d+',
      ),
    );
  });
  it('counted exactly: L(k) = 1 + 2 × (1 + L(k+1)), the leaf 1', () => {
    // k = 3: L3 = 1, L2 = 5, L1 = 13, L0 = 29; the property x adds 1 + L0 = 30.
    expect(summary(validateSchema(dag(3), { limits: { maxInPlaceSubschemas: 30 } }))).toBe('ok');
    expect(summary(validateSchema(dag(3), { limits: { maxInPlaceSubschemas: 29 } }))).toMatch(
      /limit maxInPlaceSubschemas exceeded: limit 29, seen more than 29 .* by \/properties\/x/,
    );
  });
  it('12 levels stay within the default and answer', () => {
    const c = validateSchema(dag(11));
    expect(summary(c)).toBe('ok');
    if (c.ok) expect(summary(c.value.validate({ x: 1 }))).toBe('ok');
  });
});

// draft-07 and 2019-09 schemas reach Ajv's older engines unlinked (src/schema/legacy-in-place.ts).
// Before, a cycle there failed every call that reached it with a stack overflow (warm-up caught only
// those reached with `null`), and nothing bounded the in-place expansion.
describe('older dialects: the same cycle refusal and maxInPlaceSubschemas', () => {
  const DIALECTS = { dialects: ['2020-12', 'draft-07', '2019-09'] } as const;
  const d7 = (x: unknown, definitions: Record<string, unknown>, extra: object = {}): object => ({
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    properties: { x },
    definitions,
    ...extra,
  });
  const d19 = (x: unknown, $defs: Record<string, unknown>, extra: object = {}): object => ({
    $schema: 'https://json-schema.org/draft/2019-09/schema',
    type: 'object',
    properties: { x },
    $defs,
    ...extra,
  });
  const CYCLE =
    /^unsupported_capability: schema cannot be enforced exactly: in-place cycle that consumes no instance: /;

  it.each([
    {
      name: 'draft-07 allOf',
      schema: d7({ $ref: '#/definitions/a' }, { a: { allOf: [{ $ref: '#/definitions/a' }] } }),
      cycle: '/definitions/a -> /definitions/a/allOf/0 -> /definitions/a (closed at /definitions/a/allOf/0/$ref)',
    },
    {
      name: 'draft-07 then, which a null never reaches',
      schema: d7({ $ref: '#/definitions/a' }, { a: { if: { type: 'object' }, then: { $ref: '#/definitions/a' } } }),
      cycle: '/definitions/a -> /definitions/a/then -> /definitions/a',
    },
    {
      name: 'draft-07 dependencies (schema form) back to the root',
      schema: {
        $schema: 'http://json-schema.org/draft-07/schema#',
        type: 'object',
        dependencies: { k: { $ref: '#' } },
      },
      cycle: '/ -> /dependencies/k -> / (closed at /dependencies/k/$ref)',
    },
    {
      name: 'draft-07 plain-name $id anchors',
      schema: d7(
        { $ref: '#alice' },
        { a: { $id: '#alice', anyOf: [{ $ref: '#bob' }] }, b: { $id: '#bob', oneOf: [{ $ref: '#alice' }] } },
      ),
      cycle: '/definitions/a -> /definitions/a/anyOf/0 -> /definitions/b -> /definitions/b/oneOf/0 -> /definitions/a',
    },
    {
      name: '2019-09 dependentSchemas',
      schema: d19({ $ref: '#/$defs/a' }, { a: { dependentSchemas: { k: { $ref: '#/$defs/a' } } } }),
      cycle: '/$defs/a -> /$defs/a/dependentSchemas/k -> /$defs/a',
    },
    {
      name: '2019-09 $anchor and not',
      schema: d19({ $ref: '#n' }, { a: { $anchor: 'n', not: { $ref: '#n' } } }),
      cycle: '/$defs/a -> /$defs/a/not -> /$defs/a',
    },
    {
      name: 'draft-07 across a registry document',
      schema: d7({ $ref: 'https://example.com/other' }, {}),
      options: {
        schemaRegistry: {
          'https://example.com/other': {
            allOf: [{ $ref: 'https://example.com/other#/definitions/b' }],
            definitions: { b: { $ref: 'https://example.com/other' } },
          },
        },
      },
      cycle:
        'https://example.com/other# -> https://example.com/other#/allOf/0 -> ' +
        'https://example.com/other#/definitions/b -> https://example.com/other#',
    },
  ])('$name: refused at admission naming the cycle', ({ schema, options, cycle }) => {
    const r = validateSchema(schema, { ...DIALECTS, ...options });
    expect(summary(r)).toMatch(CYCLE);
    expect(summary(r)).toContain(cycle);
  });

  it.each([
    {
      name: 'draft-07 through properties',
      schema: d7({ $ref: '#/definitions/n' }, { n: { properties: { next: { $ref: '#/definitions/n' } } } }),
    },
    {
      name: 'draft-07 unreferenced cyclic definition',
      schema: d7({ type: 'integer' }, { a: { allOf: [{ $ref: '#/definitions/a' }] } }),
    },
    { name: '2019-09 through items', schema: d19({ $ref: '#/$defs/n' }, { n: { items: { $ref: '#/$defs/n' } } }) },
    { name: 'draft-07 dependencies (array form)', schema: d7({}, {}, { dependencies: { k: ['j'] } }) },
  ])('$name: admitted', ({ schema }) => {
    expect(summary(validateSchema(schema, DIALECTS))).toBe('ok');
  });

  it('maxInPlaceSubschemas: 40 levels of allOf of two $refs are refused in draft-07 too', () => {
    const definitions: Record<string, unknown> = { L40: { type: 'integer' } };
    for (let i = 0; i < 40; i++)
      definitions[`L${i}`] = { allOf: [{ $ref: `#/definitions/L${i + 1}` }, { $ref: `#/definitions/L${i + 1}` }] };
    expect(summary(validateSchema(d7({ $ref: '#/definitions/L0' }, definitions), DIALECTS))).toMatch(
      /^execution_failure: limit maxInPlaceSubschemas exceeded: limit 10000, seen more than 10000 .*\/L\d+/,
    );
    const small = d7({ $ref: '#/definitions/L37' }, definitions);
    expect(summary(validateSchema(small, { ...DIALECTS, limits: { maxInPlaceSubschemas: 30 } }))).toBe('ok');
    expect(summary(validateSchema(small, { ...DIALECTS, limits: { maxInPlaceSubschemas: 29 } }))).toMatch(
      /limit maxInPlaceSubschemas exceeded: limit 29, seen more than 29 .* by \/properties\/x/,
    );
  });
});

describe('a long subschema array does not overflow the stack while the applied schemas are gathered', () => {
  it('allOf of 150,000 true (750 KB; booleans are not counted by maxSubschemas)', () => {
    // Before, reachable() spread the array into push(): RangeError, refused as "recursed without end". Booleans count
    // in maxCompileCost now (a hunt's find), which would refuse this first: lifted, to reach the gathering.
    const schema = { allOf: Array.from({ length: 150_000 }, () => true) };
    const r = validateSchema(schema, { limits: { maxCompileCost: Number.POSITIVE_INFINITY } });
    expect(summary(r)).toMatch(/^execution_failure: limit maxInPlaceSubschemas exceeded/);
  });
});
