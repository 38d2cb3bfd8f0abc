// InferArgs is never narrower than what validation admits (docs/api.md): a hunt found `patternProperties` left out of
// the index signature, so `{ tag_a: "hello" }` was typed a number under `additionalProperties: { type: "number" }`
// and a `.toFixed()` on it compiled. Each case is a schema and an arguments object validation admits: the types are
// checked by `tsc --noEmit` (`admitted` takes only an InferArgs value; expectTypeOf fails to compile on a mismatch),
// the admission at run time.
import { describe, expect, expectTypeOf, it } from 'vitest';
import { validate, type InferArgs, type SchemaOptions } from '../../src/index.js';

/** A case: the value compiles as InferArgs of the schema (the check that matters), and validation admits it. */
function admitted<const S>(schema: S, value: InferArgs<S>, options?: SchemaOptions) {
  return { schema, value, options };
}

const tagsOrNumbers = {
  type: 'object',
  patternProperties: { '^tag_': { type: 'string' } },
  additionalProperties: { type: 'number' },
} as const;
const withProperty = {
  type: 'object',
  properties: { n: { type: 'integer' } },
  patternProperties: { '^tag_': { type: 'string' } },
  additionalProperties: { type: 'boolean' },
} as const;
const onlyTags = {
  type: 'object',
  properties: { n: { type: 'integer' } },
  patternProperties: { '^tag_': { type: 'string' } },
  additionalProperties: false,
} as const;
const tagsRefused = { type: 'object', patternProperties: { '^tag_': false }, additionalProperties: false } as const;
const namedNumbers = {
  type: 'object',
  propertyNames: { pattern: '^[a-z]+$' },
  additionalProperties: { type: 'number' },
} as const;
const dependent = {
  type: 'object',
  properties: { a: { type: 'string' } },
  additionalProperties: { type: 'number' },
  dependentSchemas: { a: { required: ['b'], properties: { b: { type: 'integer' } } } },
} as const;
const draft07 = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object',
  properties: { a: { type: 'string' } },
  dependencies: { a: ['b'], c: { properties: { d: { type: 'boolean' } } } },
} as const;
const unevaluated = {
  type: 'object',
  properties: { a: { type: 'string' } },
  allOf: [{ properties: { b: { type: 'integer' } } }],
  unevaluatedProperties: { type: 'boolean' },
} as const;
const unevaluatedItems = {
  type: 'object',
  properties: { list: { type: 'array', prefixItems: [{ type: 'string' }], unevaluatedItems: { type: 'number' } } },
} as const;
const conditional = {
  type: 'object',
  properties: { kind: { enum: ['a', 'b'] } },
  additionalProperties: { type: 'number' },
  if: { properties: { kind: { const: 'a' } } },
  then: { required: ['x'], properties: { x: { type: 'integer' } } },
  else: { properties: { y: { type: 'integer', minimum: 1 } } },
} as const;

const CASES = {
  'patternProperties beside an additionalProperties schema': admitted(tagsOrNumbers, { tag_a: 'hello', n: 1 }),
  'patternProperties, properties and additionalProperties': admitted(withProperty, { n: 1, tag_a: 'x', other: true }),
  'patternProperties beside additionalProperties: false': admitted(onlyTags, { n: 2, tag_b: 'y' }),
  'a pattern that admits nothing, additionalProperties: false': admitted(tagsRefused, {}),
  propertyNames: admitted(namedNumbers, { abc: 1 }),
  dependentSchemas: admitted(dependent, { a: 'x', b: 2 }),
  'draft-07 dependencies': admitted(draft07, { a: 'x', b: null, c: 1, d: true }, { dialects: ['draft-07'] }),
  unevaluatedProperties: admitted(unevaluated, { a: 'x', b: 1, c: true }),
  unevaluatedItems: admitted(unevaluatedItems, { list: ['x', 1, 2] }),
  'if / then / else': admitted(conditional, { kind: 'a', x: 1 }),
};

describe('InferArgs is never narrower than validation', () => {
  it.each(Object.entries(CASES))('%s: validation admits the value its type was checked with', (_, c) => {
    expect(validate(c.schema, c.value, c.options).ok).toBe(true);
  });

  it('a member a pattern matches may hold a pattern schema type: the index signature says so', () => {
    expectTypeOf<InferArgs<typeof tagsOrNumbers>>().toEqualTypeOf<{ [key: string]: string | number }>();
    expectTypeOf<InferArgs<typeof withProperty>>().toEqualTypeOf<{
      [key: string]: string | number | boolean;
      n?: number;
    }>();
    expectTypeOf<InferArgs<typeof onlyTags>>().toEqualTypeOf<{ [key: string]: string | number; n?: number }>();
    // A pattern that admits nothing adds no index signature: no member at all.
    expectTypeOf<keyof InferArgs<typeof tagsRefused>>().toEqualTypeOf<never>();
    // What the hunt's user wrote: `tag_a` read as a number, `.toFixed()` on a string at run time.
    expectTypeOf<InferArgs<typeof tagsOrNumbers>['tag_a']>().toEqualTypeOf<string | number>();
  });

  it('keywords that only add conditions leave the type as without them (wider, never narrower)', () => {
    expectTypeOf<InferArgs<typeof namedNumbers>>().toEqualTypeOf<{ [key: string]: number }>();
    expectTypeOf<InferArgs<typeof dependent>>().toEqualTypeOf<{ [key: string]: string | number; a?: string }>();
    expectTypeOf<InferArgs<typeof draft07>>().toEqualTypeOf<{ [key: string]: unknown; a?: string }>();
    expectTypeOf<InferArgs<typeof unevaluatedItems>>().toEqualTypeOf<{ [key: string]: unknown; list?: unknown[] }>();
    expectTypeOf<InferArgs<typeof conditional>>().toEqualTypeOf<{
      [key: string]: number | 'a' | 'b';
      kind?: 'a' | 'b';
    }>();
    expectTypeOf<{ a: 'x'; b: 1; c: true }>().toExtend<InferArgs<typeof unevaluated>>();
  });
});
