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
