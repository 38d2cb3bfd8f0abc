// The table of Draft 2020-12 keywords and what the model reads when one fails. keyword-table.test.ts
// checks every row against toolgate and renders the docs/api.md table from it, so that table cannot go stale.
import type { SchemaOptions } from '../../src/index.js';

/** One keyword, a tool schema exercising it, arguments that break it, and the lines the model reads. */
export interface KeywordRow {
  readonly keyword: string;
  /** Merged into `{ type: 'object', ... }`. */
  readonly schema: Record<string, unknown>;
  readonly args: unknown;
  readonly options?: SchemaOptions;
  readonly reads: readonly string[];
}

const p = (a: unknown): Record<string, unknown> => ({ properties: { a } });

export const KEYWORD_ROWS: readonly KeywordRow[] = [
  { keyword: 'type', schema: p({ type: 'string' }), args: { a: 1 }, reads: ['$.a: expected string, got integer'] },
  {
    keyword: 'type (list)',
    schema: p({ type: ['string', 'null'] }),
    args: { a: 1.5 },
    reads: ['$.a: expected string or null, got number'],
  },
  { keyword: 'enum', schema: p({ enum: ['c', 'f'] }), args: { a: 'k' }, reads: ['$.a: "k" is not one of ["c","f"]'] },
  { keyword: 'const', schema: p({ const: 'x' }), args: { a: 'y' }, reads: ['$.a: expected "x", got "y"'] },
  {
    keyword: 'multipleOf',
    schema: p({ multipleOf: 0.5 }),
    args: { a: 0.3 },
    reads: ['$.a: 0.3 must be a multiple of 0.5'],
  },
  { keyword: 'maximum', schema: p({ maximum: 7 }), args: { a: 8 }, reads: ['$.a: 8 must be <= 7'] },
  { keyword: 'exclusiveMaximum', schema: p({ exclusiveMaximum: 7 }), args: { a: 7 }, reads: ['$.a: 7 must be < 7'] },
  { keyword: 'minimum', schema: p({ minimum: 1 }), args: { a: 0 }, reads: ['$.a: 0 must be >= 1'] },
  { keyword: 'exclusiveMinimum', schema: p({ exclusiveMinimum: 1 }), args: { a: 1 }, reads: ['$.a: 1 must be > 1'] },
  {
    keyword: 'maxLength',
    schema: p({ maxLength: 2 }),
    args: { a: 'abc' },
    reads: ['$.a: must be at most 2 characters long'],
  },
  {
    keyword: 'minLength',
    schema: p({ minLength: 1 }),
    args: { a: '' },
    reads: ['$.a: must be at least 1 character long'],
  },
  {
    keyword: 'pattern',
    schema: p({ pattern: '^[a-z]+$' }),
    args: { a: 'A' },
    reads: ['$.a: "A" does not match pattern "^[a-z]+$"'],
  },
  { keyword: 'maxItems', schema: p({ maxItems: 1 }), args: { a: [1, 2] }, reads: ['$.a: must have at most 1 item'] },
  { keyword: 'minItems', schema: p({ minItems: 2 }), args: { a: [] }, reads: ['$.a: must have at least 2 items'] },
  {
    keyword: 'uniqueItems',
    schema: p({ uniqueItems: true }),
    args: { a: [1, 1] },
    reads: ['$.a: items 0 and 1 are equal; items must be unique'],
  },
  {
    keyword: 'contains',
    schema: p({ contains: { type: 'number' } }),
    args: { a: ['x'] },
    reads: ['$.a: must contain at least 1 item matching "contains"'],
  },
  {
    keyword: 'minContains',
    schema: p({ contains: { type: 'number' }, minContains: 2 }),
    args: { a: ['x', 1] },
    reads: ['$.a: must contain at least 2 items matching "contains"'],
  },
  {
    keyword: 'maxContains',
    schema: p({ contains: { type: 'number' }, maxContains: 1 }),
    args: { a: [1, 2] },
    reads: ['$.a: must contain from 1 to 1 item matching "contains"'],
  },
  {
    keyword: 'maxProperties',
    schema: { maxProperties: 1 },
    args: { a: 1, b: 2 },
    reads: ['$: must have at most 1 property'],
  },
  { keyword: 'minProperties', schema: { minProperties: 1 }, args: {}, reads: ['$: must have at least 1 property'] },
  { keyword: 'required', schema: { required: ['a'] }, args: {}, reads: ['$: missing required property "a"'] },
  {
    keyword: 'dependentRequired',
    schema: { dependentRequired: { a: ['b'] } },
    args: { a: 1 },
    reads: ['$: property "a" requires property "b"'],
  },
  {
    keyword: 'dependentSchemas',
    schema: { dependentSchemas: { a: { required: ['b'] } } },
    args: { a: 1 },
    reads: ['$: missing required property "b"'],
  },
  { keyword: 'properties', schema: p(false), args: { a: 1 }, reads: ['$.a: no value is allowed here'] },
  {
    keyword: 'patternProperties',
    schema: { patternProperties: { '^x': { type: 'string' } } },
    args: { x1: 1 },
    reads: ['$.x1: expected string, got integer'],
  },
  {
    keyword: 'additionalProperties',
    schema: { properties: { a: {} }, additionalProperties: false },
    args: { b: 1 },
    reads: ['$: unexpected property "b"'],
  },
  {
    keyword: 'propertyNames',
    schema: { propertyNames: { pattern: '^[a-z]+$' } },
    args: { B: 1 },
    reads: ['$: property name "B" is invalid: "B" does not match pattern "^[a-z]+$"'],
  },
  {
    keyword: 'prefixItems',
    schema: p({ prefixItems: [{ type: 'string' }] }),
    args: { a: [1] },
    reads: ['$.a[0]: expected string, got integer'],
  },
  {
    keyword: 'items',
    schema: p({ items: { type: 'string' } }),
    args: { a: ['x', 1] },
    reads: ['$.a[1]: expected string, got integer'],
  },
  {
    keyword: 'items (false)',
    schema: p({ prefixItems: [{}], items: false }),
    args: { a: [1, 2] },
    reads: ['$.a: must have at most 1 item'],
  },
  {
    keyword: 'unevaluatedItems',
    schema: p({ prefixItems: [{}], unevaluatedItems: false }),
    args: { a: [1, 2] },
    reads: ['$.a: has items that no other keyword evaluates; "unevaluatedItems" allows none'],
  },
  {
    keyword: 'unevaluatedProperties',
    schema: { properties: { a: {} }, unevaluatedProperties: false },
    args: { b: 1 },
    reads: ['$: unexpected property "b"'],
  },
  {
    keyword: 'allOf',
    schema: { allOf: [{ required: ['a'] }, { required: ['b'] }] },
    args: {},
    reads: ['$: missing required property "a"', '$: missing required property "b"'],
  },
  {
    keyword: 'anyOf',
    schema: p({ anyOf: [{ type: 'string' }, { type: 'number' }] }),
    args: { a: true },
    reads: [
      '$.a: expected string, got boolean',
      '$.a: matches 0 of 2 "anyOf" branches; showing why the closest (branch 1) fails',
    ],
  },
  {
    keyword: 'oneOf (none)',
    schema: p({ oneOf: [{ type: 'string' }, { type: 'number' }] }),
    args: { a: true },
    reads: [
      '$.a: expected string, got boolean',
      '$.a: matches 0 of 2 "oneOf" branches; showing why the closest (branch 1) fails',
    ],
  },
  {
    keyword: 'oneOf (several)',
    schema: p({ oneOf: [{ type: 'number' }, { type: 'integer' }] }),
    args: { a: 1 },
    reads: ['$.a: matches at least 2 of 2 "oneOf" branches (1 and 2); exactly one must match'],
  },
  {
    keyword: 'not',
    schema: p({ not: { type: 'string' } }),
    args: { a: 'x' },
    reads: ['$.a: must not match the schema in "not"'],
  },
  {
    keyword: 'if / then',
    schema: { if: { required: ['a'] }, then: { required: ['b'] } },
    args: { a: 1 },
    reads: ['$: missing required property "b"', '$: must match the "then" schema'],
  },
  {
    keyword: 'if / else',
    schema: { if: { required: ['a'] }, else: { required: ['b'] } },
    args: {},
    reads: ['$: missing required property "b"', '$: must match the "else" schema'],
  },
  {
    keyword: '$ref',
    schema: { $defs: { s: { type: 'string' } }, properties: { a: { $ref: '#/$defs/s' } } },
    args: { a: 1 },
    reads: ['$.a: expected string, got integer'],
  },
  {
    keyword: 'false (schema)',
    schema: { properties: { a: { items: false } } },
    args: { a: [1] },
    reads: ['$.a[0]: no value is allowed here'],
  },
  {
    keyword: 'format',
    schema: p({ format: 'date' }),
    args: { a: '2020-13-45' },
    options: { formatAssertion: true },
    reads: ['$.a: "2020-13-45" is not a valid date'],
  },
  {
    keyword: 'contentEncoding',
    schema: p({ contentEncoding: 'base64' }),
    args: { a: '%%%' },
    options: { contentAssertion: true },
    reads: ['$.a: "%%%" is not valid base64 content'],
  },
  {
    keyword: 'contentMediaType',
    schema: p({ contentMediaType: 'application/json' }),
    args: { a: '{x' },
    options: { contentAssertion: true },
    reads: ['$.a: "{x" is not a valid application/json document'],
  },
  {
    keyword: 'contentSchema',
    schema: p({ contentMediaType: 'application/json', contentSchema: { type: 'number' } }),
    args: { a: '"x"' },
    options: { contentAssertion: true },
    reads: ['$.a: "\\"x\\"" is not a valid application/json document matching "contentSchema"'],
  },
];
