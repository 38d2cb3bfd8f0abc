// `not` and `if` subschemas run in all-errors mode (src/schema/engine/not-if.ts). Ajv's first-error mode
// called a missing property "" present and skipped `contains` after a short `prefixItems`.
import { describe, expect, it } from 'vitest';
import { validate, type SchemaOptions } from '../../src/index.js';

const B = { type: 'boolean' };

/** An inner schema, instances and whether each is valid against it (by the spec, not by an engine). */
const INNER: { name: string; schema: object; cases: [unknown, boolean][] }[] = [
  {
    name: 'required [""]',
    schema: { required: [''] },
    cases: [
      [{}, false],
      [{ a: 1 }, false],
      [{ '': 1 }, true],
    ],
  },
  {
    name: 'required ["a", ""]',
    schema: { required: ['a', ''] },
    cases: [
      [{ a: 1 }, false],
      [{ a: 1, '': 0 }, true],
    ],
  },
  {
    name: 'required [""] beside properties and propertyNames',
    schema: { properties: { a: B }, propertyNames: { maxLength: 3 }, required: [''] },
    cases: [
      [{}, false],
      [{ '': null }, true],
    ],
  },
  {
    name: 'dependentRequired naming ""',
    schema: { dependentRequired: { a: [''] } },
    cases: [
      [{ a: 1 }, false],
      [{ a: 1, '': 2 }, true],
      [{}, true],
    ],
  },
  {
    name: 'dependentSchemas requiring ""',
    schema: { dependentSchemas: { a: { required: [''] } } },
    cases: [
      [{ a: 1 }, false],
      [{ a: 1, '': 2 }, true],
    ],
  },
  {
    name: 'contains after a longer prefixItems',
    schema: { prefixItems: [B], contains: {} },
    cases: [
      [[], false],
      [[true], true],
    ],
  },
  {
    name: 'contains after two prefixItems',
    schema: { prefixItems: [B, B], contains: B },
    cases: [
      [[true], true],
      [[], false],
    ],
  },
  {
    name: 'minContains 2 after prefixItems',
    schema: { prefixItems: [B], contains: {}, minContains: 2 },
    cases: [
      [[], false],
      [[true], false],
      [[true, 1], true],
    ],
  },
  {
    name: 'maxContains 0 after prefixItems',
    schema: { prefixItems: [B], contains: {}, maxContains: 0 },
    cases: [
      [[], false],
      [[true], false],
    ],
  },
  {
    name: 'minContains after items',
    schema: { items: B, contains: B, minContains: 1 },
    cases: [
      [[], false],
      [[true], true],
    ],
  },
];

/** How each wrapper places the inner schema `s`, and what the wrapper's verdict is given the inner one. */
const WRAPPERS: { name: string; wrap: (s: object) => object; verdict: (v: boolean) => boolean }[] = [
  { name: 'bare', wrap: (s) => s, verdict: (v) => v },
  { name: 'not', wrap: (s) => ({ not: s }), verdict: (v) => !v },
  { name: 'if/then/else', wrap: (s) => ({ if: s, then: true, else: false }), verdict: (v) => v },
  { name: 'if/then only', wrap: (s) => ({ if: s, then: false }), verdict: (v) => !v },
  { name: 'if/else only', wrap: (s) => ({ if: s, else: false }), verdict: (v) => v },
  { name: 'anyOf', wrap: (s) => ({ anyOf: [false, s] }), verdict: (v) => v },
  { name: 'oneOf', wrap: (s) => ({ oneOf: [s, false] }), verdict: (v) => v },
  { name: 'not not', wrap: (s) => ({ not: { not: s } }), verdict: (v) => v },
  { name: 'if inside not', wrap: (s) => ({ not: { if: s, then: false, else: true } }), verdict: (v) => v },
  { name: 'not inside if', wrap: (s) => ({ if: { not: s }, then: false, else: true }), verdict: (v) => v },
  { name: 'allOf inside not', wrap: (s) => ({ not: { allOf: [true, s] } }), verdict: (v) => !v },
  { name: 'anyOf inside not', wrap: (s) => ({ not: { anyOf: [s] } }), verdict: (v) => !v },
  { name: 'not inside oneOf', wrap: (s) => ({ oneOf: [{ not: s }, true] }), verdict: (v) => v },
  {
    name: 'not through $ref',
    wrap: (s) => ({ $defs: { inner: s }, not: { $ref: '#/properties/x/$defs/inner' } }),
    verdict: (v) => !v,
  },
];

const table = INNER.flatMap((inner) =>
  WRAPPERS.flatMap((w) =>
    inner.cases.map(([data, valid]) => ({
      name: `${inner.name} under ${w.name} with ${JSON.stringify(data)}`,
      schema: w.wrap(inner.schema),
      data,
      expected: w.verdict(valid),
    })),
  ),
);

describe('keywords inside not and if give the verdicts they give anywhere else', () => {
  it.each(table)('$name', ({ schema, data, expected }) => {
    // The root must be an object (tool schemas): the case sits at property "x".
    const r = validate({ type: 'object', properties: { x: schema } }, { x: data });
    expect(r.ok ? 'valid' : r.error.class).toBe(expected ? 'valid' : 'validation');
  });

  it('the issue cases', () => {
    const ifCase = { type: 'object', if: { required: [''] }, then: true, else: false };
    expect(validate(ifCase, {}).ok).toBe(false);
    expect(validate({ type: 'object', not: { required: [''] } }, {}).ok).toBe(true);
    const contains = {
      type: 'object',
      properties: { b: { if: { prefixItems: [B], contains: {} }, then: true, else: false } },
    };
    expect(validate(contains, { b: [] }).ok).toBe(false);
    expect(validate(contains, { b: [true] }).ok).toBe(true);
  });

  it('error keyword and params of a failed if and not are unchanged', () => {
    const r = validate(
      { type: 'object', properties: { a: { if: B, then: false }, b: { not: {} } } },
      { a: true, b: 1 },
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.violations.map((v) => `${v.path} ${v.keyword}`)).toEqual(
      expect.arrayContaining(['$.a if', '$.b not']),
    );
  });

  const legacy: SchemaOptions = { dialects: ['draft-07', '2019-09'] };
  it.each([
    { name: 'draft-07 dependencies naming ""', draft: 'http://json-schema.org/draft-07/schema#' },
    { name: '2019-09 dependentRequired naming ""', draft: 'https://json-schema.org/draft/2019-09/schema' },
  ])('older dialect engines too: $name under not', ({ draft }) => {
    const dep = draft.includes('draft-07') ? { dependencies: { a: [''] } } : { dependentRequired: { a: [''] } };
    const schema = { $schema: draft, type: 'object', not: dep };
    expect(validate(schema, { a: 1 }, legacy).ok).toBe(true);
    expect(validate(schema, { a: 1, '': 1 }, legacy).ok).toBe(false);
    expect(validate({ $schema: draft, type: 'object', not: { required: [''] } }, {}, legacy).ok).toBe(true);
  });
});
