// schemaPath of violations raised inside linked schemas (src/schema/link-source.ts): another
// document, an embedded resource, a `$dynamicRef` target and unevaluated* subschemas. A violation
// must name the location the author wrote, never linking's internal `$defs/toolgate-link-N`.
import { describe, expect, it } from 'vitest';
import { validate } from '../../src/index.js';

const other = { $defs: { pos: { type: 'integer', minimum: 1 } } };
const list = {
  $id: 'https://example.com/list',
  type: 'array',
  items: { $dynamicRef: '#item' },
  $defs: { item: { $dynamicAnchor: 'item' } },
};
const registry = { 'https://example.com/other': other, 'https://example.com/list': list };

const cases: { name: string; schema: object; args: unknown; expected: [string, string, string][] }[] = [
  {
    name: 'a $ref into another document names that document and pointer',
    schema: { type: 'object', properties: { a: { $ref: 'https://example.com/other#/$defs/pos' } } },
    args: { a: 0 },
    expected: [['$.a', 'minimum', 'https://example.com/other#/$defs/pos/minimum']],
  },
  {
    name: 'an embedded resource reached by its $id is a root-document pointer',
    schema: {
      $id: 'https://example.com/root',
      type: 'object',
      properties: { a: { $ref: 'item' } },
      $defs: { x: { $id: 'item', type: 'string', minLength: 3 } },
    },
    args: { a: 'x' },
    expected: [['$.a', 'minLength', '/$defs/x/minLength']],
  },
  {
    name: 'a $dynamicRef in another document resolved to the root document names the root location',
    schema: {
      $id: 'https://example.com/root',
      type: 'object',
      properties: { xs: { $ref: 'list' } },
      $defs: { s: { $dynamicAnchor: 'item', type: 'string' } },
    },
    args: { xs: [1] },
    expected: [['$.xs[0]', 'type', '/$defs/s/type']],
  },
  {
    name: 'a $dynamicRef to the recursive root stays at the root',
    schema: {
      $id: 'https://example.com/tree',
      $dynamicAnchor: 'node',
      type: 'object',
      properties: { kids: { type: 'array', items: { $dynamicRef: '#node' } }, v: { type: 'integer' } },
    },
    args: { kids: [{ v: 'x' }] },
    expected: [['$.kids[0].v', 'type', '/properties/v/type']],
  },
  {
    name: 'unevaluatedProperties with a subschema points at the keyword',
    schema: {
      type: 'object',
      properties: { a: { type: 'object', properties: { b: true }, unevaluatedProperties: { type: 'string' } } },
    },
    args: { a: { c: 1 } },
    expected: [['$.a.c', 'unevaluatedProperties', '/properties/a/unevaluatedProperties']],
  },
  {
    name: 'unevaluatedProperties beside a $ref to an embedded resource',
    schema: {
      type: 'object',
      properties: { a: { $ref: '#/$defs/t', unevaluatedProperties: false } },
      $defs: { t: { $id: 'https://example.com/t', properties: { b: { minimum: 3 } } } },
    },
    args: { a: { b: 1, c: 2 } },
    expected: [
      ['$.a', 'unevaluatedProperties', '/properties/a/unevaluatedProperties'],
      ['$.a.b', 'minimum', '/$defs/t/properties/b/minimum'],
    ],
  },
  {
    name: 'unevaluatedItems false in another document',
    schema: { type: 'object', properties: { a: { $ref: 'https://example.com/other#/$defs/tuple' } } },
    args: { a: [1, 2] },
    expected: [['$.a', 'unevaluatedItems', 'https://example.com/other#/$defs/tuple/unevaluatedItems']],
  },
];

describe('schemaPath of violations in linked schemas', () => {
  const reg = {
    ...registry,
    'https://example.com/other': { $defs: { ...other.$defs, tuple: { prefixItems: [true], unevaluatedItems: false } } },
  };
  it.each(cases)('$name', ({ schema, args, expected }) => {
    const result = validate(schema, args, { schemaRegistry: reg });
    expect(result.ok).toBe(false);
    const got = result.ok ? [] : result.error.violations.map((v) => [v.path, v.keyword, v.schemaPath]);
    expect(got).toEqual(expected);
    for (const [, , schemaPath] of got) expect(schemaPath).not.toContain('toolgate-link');
  });
});
