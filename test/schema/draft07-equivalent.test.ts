// sameInDraft07: which Draft 2020-12 schemas a draft-07 reader understands exactly as written. Each
// `differs` row names why draft-07 would read the schema otherwise (or not at all).
import { describe, expect, it } from 'vitest';
import { sameInDraft07 } from '../../src/schema/draft07-equivalent.js';

const same: [string, object][] = [
  ['plain object', { type: 'object', properties: { a: { type: 'string', minLength: 1 } }, required: ['a'] }],
  ['composition and conditionals', { anyOf: [{ type: 'string' }, { not: { type: 'null' } }], if: {}, then: {} }],
  ['schema-form items, contains, numeric exclusive bounds', { items: { exclusiveMinimum: 0 }, contains: {} }],
  ['a local $ref into $defs beside annotations', { $defs: { s: { type: 'string' } }, $ref: '#/$defs/s', title: 't' }],
  ['boolean subschemas', { properties: { a: true, b: false } }],
  ['the root $schema (dropped on conversion)', { $schema: 'https://json-schema.org/draft/2020-12/schema' }],
  ['an unknown keyword (an annotation in both)', { 'x-ui': { widget: 'slider' } }],
];

const differs: [string, object][] = [
  ['prefixItems (draft-07: array-form items)', { properties: { a: { prefixItems: [{}], items: false } } }],
  ['dependentRequired (draft-07: dependencies)', { dependentRequired: { a: ['b'] } }],
  ['unevaluatedProperties (unknown to draft-07)', { unevaluatedProperties: false }],
  ['minContains (unknown to draft-07)', { contains: {}, minContains: 2 }],
  ['$dynamicRef', { $dynamicRef: '#meta' }],
  ['$anchor', { $defs: { a: { $anchor: 'a' } } }],
  ['$id (draft-07 reads a fragment $id as an anchor)', { $id: 'https://example.com/s' }],
  ['a $ref with an assertion beside it (draft-07 ignores it)', { $defs: { s: {} }, $ref: '#/$defs/s', type: 'object' }],
  ['a $ref that is not a local pointer', { $ref: 'https://example.com/other' }],
  ['a nested $schema', { properties: { a: { $schema: 'https://json-schema.org/draft/2020-12/schema' } } }],
];

describe('sameInDraft07', () => {
  it.each(same)('means the same in draft-07: %s', (_why, schema) => {
    expect(sameInDraft07(schema)).toBe(true);
  });
  it.each(differs)('does not: %s', (_why, schema) => {
    expect(sameInDraft07(schema)).toBe(false);
  });
});
