// A schema that breaks the meta-schema reads as one sentence per mistake, naming the bad value and what is
// allowed: never Ajv's branch-by-branch "must be equal to one of the allowed values" / "must be array" /
// "must match a schema in anyOf", and never the same complaint once per vocabulary meta-schema.
import { describe, expect, it } from 'vitest';
import { validateSchema } from '../../src/index.js';

const TYPES = 'expected one of array, boolean, integer, null, number, object, string';
const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';

/** The violations' messages of a refused schema (empty when it is accepted). */
function messages(schema: unknown, dialects?: ('2020-12' | 'draft-07' | '2019-09')[]): string[] {
  const r = validateSchema(schema, dialects === undefined ? {} : { dialects });
  return r.ok ? [] : r.error.violations.map((v) => `${v.schemaPath} ${v.message}`);
}

const nested = (sub: unknown): unknown => ({ type: 'object', properties: { a: sub } });

describe('meta-schema errors, summarised', () => {
  it.each([
    [
      'a nested type typo',
      nested({ type: 'strng' }),
      [`/properties/a/type schema at /properties/a/type: "strng" is not a JSON Schema type; ${TYPES}`],
    ],
    [
      'a typo inside a type list',
      nested({ type: ['string', 'strng'] }),
      [`/properties/a/type/1 schema at /properties/a/type/1: "strng" is not a JSON Schema type; ${TYPES}`],
    ],
    [
      'a type that is a number',
      nested({ type: 5 }),
      [`/properties/a/type schema at /properties/a/type: 5 is not a JSON Schema type; ${TYPES}`],
    ],
    [
      'an empty type list',
      nested({ type: [] }),
      ['/properties/a/type schema at /properties/a/type: [] must NOT have fewer than 1 items'],
    ],
    [
      // Once, not once per vocabulary meta-schema that says it.
      'a subschema that is not a schema',
      nested({ items: 5 }),
      ['/properties/a/items schema at /properties/a/items: 5 is an integer; expected an object or a boolean'],
    ],
    [
      'required as a string',
      { type: 'object', required: 'a' },
      ['/required schema at /required: "a" is a string; expected an array'],
    ],
    [
      'a negative minLength',
      nested({ minLength: -1 }),
      ['/properties/a/minLength schema at /properties/a/minLength: -1 must be >= 0'],
    ],
    [
      'two mistakes',
      { type: 'object', properties: { a: { type: 'strng' }, b: { enum: 'x' } } },
      [
        `/properties/a/type schema at /properties/a/type: "strng" is not a JSON Schema type; ${TYPES}`,
        '/properties/b/enum schema at /properties/b/enum: "x" is a string; expected an array',
      ],
    ],
  ])('%s', (_why, schema, expected) => {
    expect(messages(schema)).toEqual(expected);
  });

  it('reads the same for a draft-07 schema, checked against its own meta-schema', () => {
    expect(messages({ $schema: DRAFT_07, ...(nested({ type: 'strng' }) as object) }, ['2020-12', 'draft-07'])).toEqual([
      `/properties/a/type schema at /properties/a/type: "strng" is not a JSON Schema type; ${TYPES}`,
    ]);
    // draft-07's `items` is a schema or an array of schemas: both branches are named, once.
    expect(messages({ $schema: DRAFT_07, ...(nested({ items: 5 }) as object) }, ['2020-12', 'draft-07'])).toEqual([
      '/properties/a/items schema at /properties/a/items: 5 is an integer; expected an object, a boolean or an array',
    ]);
  });

  it('leads the error message with the first mistake, like the root rule does', () => {
    const r = validateSchema(nested({ type: 'strng' }));
    expect(r.ok ? 'accepted' : r.error.message).toBe(
      `invalid schema: schema at /properties/a/type: "strng" is not a JSON Schema type; ${TYPES}`,
    );
    const root = validateSchema({ type: 'strng' });
    expect(root.ok ? 'accepted' : root.error.message).toBe(
      'a tool schema (inputSchema, outputSchema) must have root type "object", got strng',
    );
  });
});
