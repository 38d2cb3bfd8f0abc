// What a program reads of a violation: its code and params, one row per code family. The message stays as it
// was (the model's text does not change); these fields are new beside it.
import { describe, expect, it } from 'vitest';
import { validateSchema, type SchemaOptions } from '../../src/index.js';
import { MAX_PARAM_TEXT, MAX_PARAM_VALUES } from '../../src/errors/codes.js';

interface Row {
  readonly name: string;
  readonly schema: Record<string, unknown>;
  readonly args: unknown;
  readonly options?: SchemaOptions;
  /** The first violation's code and params. */
  readonly code: string;
  readonly params: Record<string, unknown>;
}

const p = (a: unknown): Record<string, unknown> => ({ properties: { a } });
const many = Array.from({ length: MAX_PARAM_VALUES + 5 }, (_, i) => `v${i}`);
const long = 'x'.repeat(MAX_PARAM_TEXT + 50);

const ROWS: readonly Row[] = [
  {
    name: 'type',
    schema: p({ type: 'string' }),
    args: { a: 1 },
    code: 'type_mismatch',
    params: { expected: ['string'] },
  },
  {
    name: 'type list',
    schema: p({ type: ['string', 'null'] }),
    args: { a: 1 },
    code: 'type_mismatch',
    params: { expected: ['string', 'null'] },
  },
  { name: 'root not an object', schema: {}, args: [], code: 'type_mismatch', params: { expected: ['object'] } },
  { name: 'required', schema: { required: ['a'] }, args: {}, code: 'required_missing', params: { property: 'a' } },
  {
    name: 'dependentRequired',
    schema: { dependentRequired: { a: ['b'] } },
    args: { a: 1 },
    code: 'dependent_required_missing',
    params: { property: 'a', missing: 'b' },
  },
  {
    name: 'additionalProperties',
    schema: { additionalProperties: false },
    args: { b: 1 },
    code: 'unexpected_property',
    params: { property: 'b' },
  },
  {
    name: 'enum, clipped',
    schema: p({ enum: [...many, { long }] }),
    args: { a: 'k' },
    code: 'not_in_enum',
    params: { allowed: many.slice(0, MAX_PARAM_VALUES).map((v) => JSON.stringify(v)), more: 6 },
  },
  {
    name: 'const, clipped',
    schema: p({ const: long }),
    args: { a: 'k' },
    code: 'const_mismatch',
    params: { expected: `${JSON.stringify(long).slice(0, MAX_PARAM_TEXT - 1)}…` },
  },
  {
    name: 'minimum',
    schema: p({ minimum: 1 }),
    args: { a: 0 },
    code: 'below_minimum',
    params: { limit: 1, exclusive: false },
  },
  {
    name: 'exclusiveMaximum',
    schema: p({ exclusiveMaximum: 7 }),
    args: { a: 7 },
    code: 'above_maximum',
    params: { limit: 7, exclusive: true },
  },
  {
    name: 'multipleOf',
    schema: p({ multipleOf: 0.5 }),
    args: { a: 0.3 },
    code: 'not_multiple_of',
    params: { multipleOf: 0.5 },
  },
  { name: 'maxLength', schema: p({ maxLength: 2 }), args: { a: 'abc' }, code: 'string_too_long', params: { limit: 2 } },
  {
    name: 'pattern',
    schema: p({ pattern: '^a$' }),
    args: { a: 'b' },
    code: 'pattern_mismatch',
    params: { pattern: '^a$' },
  },
  {
    name: 'format',
    schema: p({ format: 'date' }),
    args: { a: 'x' },
    options: { formatAssertion: true },
    code: 'format_mismatch',
    params: { format: 'date' },
  },
  { name: 'minItems', schema: p({ minItems: 2 }), args: { a: [] }, code: 'too_few_items', params: { limit: 2 } },
  {
    name: 'items false',
    schema: p({ prefixItems: [{}], items: false }),
    args: { a: [1, 2] },
    code: 'too_many_items',
    params: { limit: 1 },
  },
  {
    name: 'unevaluatedItems',
    schema: p({ prefixItems: [{}], unevaluatedItems: false }),
    args: { a: [1, 2] },
    code: 'unexpected_items',
    params: {},
  },
  {
    name: 'uniqueItems',
    schema: p({ uniqueItems: true }),
    args: { a: [1, 1] },
    code: 'duplicate_items',
    params: { first: 0, second: 1 },
  },
  {
    name: 'maxProperties',
    schema: { maxProperties: 0 },
    args: { a: 1 },
    code: 'too_many_properties',
    params: { limit: 0 },
  },
  {
    name: 'maxContains',
    schema: p({ contains: { type: 'number' }, maxContains: 1 }),
    args: { a: [1, 2] },
    code: 'contains_count',
    params: { min: 1, max: 1 },
  },
  { name: 'not', schema: p({ not: {} }), args: { a: 1 }, code: 'matches_not', params: {} },
  {
    name: 'oneOf several',
    schema: p({ oneOf: [{ type: 'number' }, { type: 'integer' }] }),
    args: { a: 1 },
    code: 'several_branches_matched',
    params: { keyword: 'oneOf', passing: [0, 1] },
  },
  {
    name: 'if/then',
    schema: { if: { required: ['a'] }, then: { required: ['b'] } },
    args: { a: 1 },
    code: 'if_branch_failed',
    params: { branch: 'then' },
  },
  { name: 'false schema', schema: p(false), args: { a: 1 }, code: 'false_schema', params: {} },
  {
    name: 'propertyNames, the name clipped',
    schema: { propertyNames: { maxLength: 3 } },
    args: { [long]: 1 },
    code: 'invalid_property_name',
    params: { property: `${long.slice(0, MAX_PARAM_TEXT - 1)}…` },
  },
];

describe('a violation says what it is about in code and params', () => {
  it.each(ROWS.map((r) => [r.name, r] as const))('%s', (_name, row) => {
    const c = validateSchema({ type: 'object', ...row.schema }, row.options);
    expect(c.ok).toBe(true);
    if (!c.ok) return;
    const r = c.value.validate(row.args);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const v = r.error.violations.find((x) => x.code === row.code);
    expect(v, JSON.stringify(r.error.violations)).toBeDefined();
    expect(v?.params).toEqual(row.params);
  });

  it('a text that is not JSON says where it broke', () => {
    const c = validateSchema({ type: 'object' });
    const r = c.ok ? c.value.validateJSON('{"a":\n}') : undefined;
    expect(r?.ok === false && r.error.violations[0]).toMatchObject({
      code: 'invalid_json',
      params: { offset: 6, line: 2 },
    });
  });

  it('a schema refusal carries a code of its own, beside its keyword', () => {
    const refusals: [Record<string, unknown>, SchemaOptions, string][] = [
      [{ type: 'object', properties: { a: { type: 'strin' } } }, {}, 'schema_invalid'],
      [{ type: 'object', foo: 1 }, { unknownKeywords: 'reject' }, 'unknown_keyword'],
      [{ type: 'object', additionalItems: {} }, {}, 'keyword_not_in_dialect'],
      [{ type: 'object', properties: { a: { $ref: '#/nope' } } }, {}, 'reference_unresolved'],
      [{ type: 'object', properties: { a: { pattern: '(' } } }, {}, 'pattern_invalid'],
      [{ type: 'object', $schema: 'http://json-schema.org/draft-04/schema#' }, {}, 'dialect_unsupported'],
      [{ type: 'string' }, {}, 'schema_invalid'],
    ];
    for (const [schema, options, code] of refusals) {
      const c = validateSchema(schema, options);
      expect(c.ok).toBe(false);
      if (!c.ok) expect(c.error.violations.map((v) => v.code)).toContain(code);
    }
  });
});
