// A custom meta-schema's vocabularies decide which keywords the meta-schema check applies to
// (src/schema/engine/ajv-2020.ts metaValidate); older dialects enabled by option are named when refused below the root.
import { describe, expect, it } from 'vitest';
import { validateSchema, type Result } from '../../src/index.js';

const summary = (r: Result<unknown>): string => (r.ok ? 'ok' : `${r.error.class}: ${r.error.message}`);
const V = 'https://json-schema.org/draft/2020-12/vocab/';
const metaWith = (vocabularies: string[]): object => ({
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $vocabulary: Object.fromEntries(vocabularies.map((v) => [`${V}${v}`, true])),
});
const ALL = ['core', 'applicator', 'unevaluated', 'validation', 'meta-data', 'format-annotation', 'content'];

describe('custom meta-schemas: a keyword of a vocabulary left out may hold any value', () => {
  it.each([
    { vocabularies: ['core', 'validation'], schema: { allOf: 1 }, expect: 'ok' },
    { vocabularies: ['core', 'validation'], schema: { properties: { a: { minimum: 'x' } } }, expect: 'ok' },
    {
      vocabularies: ['core', 'validation'],
      schema: { minimum: 'x' },
      expect: 'validation: .*at /minimum: "x" is a string; expected a number',
    },
    {
      vocabularies: ['core', 'applicator'],
      schema: { minimum: 'x', properties: { a: { maxLength: -1 } } },
      expect: 'ok',
    },
    {
      vocabularies: ['core', 'applicator'],
      schema: { allOf: 1 },
      expect: 'validation: .*at /allOf: 1 is an integer; expected an array',
    },
    {
      vocabularies: ['core', 'applicator', 'validation'],
      schema: { properties: { a: { minimum: 'x' } } },
      expect: 'validation: .*at /properties/a/minimum: "x" is a string; expected a number',
    },
    { vocabularies: ['core', 'applicator'], schema: { unevaluatedProperties: 1 }, expect: 'ok' },
    {
      vocabularies: ['core'],
      schema: { $ref: 1 },
      expect: 'validation: .*at /\\$ref: 1 is an integer; expected a string',
    },
    { vocabularies: ALL, schema: { allOf: 1 }, expect: 'validation: .*at /allOf: 1 is an integer; expected an array' },
  ])('$vocabularies with $schema: $expect', ({ vocabularies, schema, expect: expected }) => {
    const r = validateSchema(
      { $schema: 'urn:meta', type: 'object', ...schema },
      { schemaRegistry: { 'urn:meta': metaWith(vocabularies) } },
    );
    expect(summary(r)).toMatch(new RegExp(`^${expected}`));
  });

  it('the issue case: without the applicator vocabulary, allOf: 1 is an annotation and nothing checks it', () => {
    const c = validateSchema(
      { $schema: 'urn:meta', type: 'object', allOf: 1 },
      { schemaRegistry: { 'urn:meta': metaWith(['core', 'validation']) } },
    );
    expect(summary(c)).toBe('ok');
    if (c.ok) expect(summary(c.value.validate({}))).toBe('ok');
  });
});

describe('an older dialect below the root is refused in words that match the options', () => {
  const embedded = {
    type: 'object',
    properties: { a: { $id: 'urn:x', $schema: 'https://json-schema.org/draft/2019-09/schema' } },
  };
  it('enabled by dialects: says it applies to the root only', () => {
    expect(summary(validateSchema(embedded, { dialects: ['2020-12', '2019-09'] }))).toMatch(
      new RegExp(
        '^unsupported_capability: .*\\(2019-09\\) below the root: ' +
          'option dialects enables 2019-09 for the root document of a call only',
      ),
    );
  });
  it('a referenced document, enabled by dialects: the same', () => {
    const r = validateSchema(
      { type: 'object', properties: { a: { $ref: 'urn:y' } } },
      {
        dialects: ['2019-09'],
        schemaRegistry: { 'urn:y': { $schema: 'https://json-schema.org/draft/2019-09/schema', type: 'string' } },
      },
    );
    expect(summary(r)).toMatch(
      /^unsupported_capability: .*\(2019-09\) below the root: option dialects enables 2019-09/,
    );
  });
  it('not enabled: only 2020-12 is supported', () => {
    expect(summary(validateSchema(embedded))).toMatch(
      /^unsupported_capability: .*\(2019-09\): only https:\/\/json-schema.org\/draft\/2020-12\/schema is supported$/,
    );
  });
});
