// Linking documents into one pointer-only document (src/schema/link.ts): dynamic scope, embedded
// resources, meta-schema references. Each case is one the raw engine gets wrong or crashes on.
import { describe, expect, it } from 'vitest';
import { validateSchema } from '../../src/index.js';
import { linkDocuments, needsLinking } from '../../src/schema/link-documents.js';

const verdict = (schema: object, args: unknown, options = {}): boolean | string => {
  const compiled = validateSchema(schema, options);
  if (!compiled.ok) return `compile ${compiled.error.class}: ${compiled.error.message}`;
  return compiled.value.validate(args).ok;
};

describe('linking', () => {
  it('leaves plain documents with local pointer refs unlinked', () => {
    expect(
      needsLinking([
        { uri: 'toolgate:/a', schema: { type: 'object', $defs: { a: {} }, properties: { x: { $ref: '#/$defs/a' } } } },
      ]),
    ).toBe(false);
    expect(needsLinking([{ uri: 'toolgate:/a', schema: { properties: { x: { $dynamicRef: '#a' } } } }])).toBe(true);
  });

  it('emits only local references and no identifiers', () => {
    const linked = linkDocuments([
      {
        uri: 'https://example.com/root',
        schema: {
          $id: 'https://example.com/root',
          properties: { x: { $ref: 'other' } },
          $defs: { o: { $id: 'other', $anchor: 'a', type: 'string' } },
        },
      },
    ]);
    const text = JSON.stringify(linked);
    expect(text).not.toContain('$id');
    expect(text).not.toContain('$anchor');
    expect(text).not.toContain('example.com');
  });

  const tree = {
    $id: 'https://example.com/strict-tree',
    $dynamicAnchor: 'node',
    $ref: 'tree',
    unevaluatedProperties: false,
    $defs: {
      tree: {
        $id: 'tree',
        $dynamicAnchor: 'node',
        type: 'object',
        properties: { data: true, children: { type: 'array', items: { $dynamicRef: '#node' } } },
      },
    },
  };
  it.each([
    [
      'dynamic scope selects the outermost anchor: a misspelled nested property fails',
      { children: [{ daat: 1 }] },
      false,
    ],
    ['dynamic scope: a well-formed tree passes', { data: 1, children: [{ data: 2, children: [] }] }, true],
  ])('$dynamicRef: %s', (_name, args, expected) => {
    expect(verdict(tree, args)).toBe(expected);
  });

  it('does not overflow on $ref into an embedded resource whose own $ref is a local pointer', () => {
    const schema = {
      $id: 'http://example.com/schema-relative-uri-defs1.json',
      properties: {
        foo: {
          $id: 'schema-relative-uri-defs2.json',
          $defs: { inner: { properties: { bar: { type: 'string' } } } },
          $ref: '#/$defs/inner',
        },
      },
      $ref: 'schema-relative-uri-defs2.json',
    };
    expect(verdict(schema, { foo: { bar: 'a' }, bar: 'a' })).toBe(true);
    expect(verdict(schema, { foo: { bar: 1 }, bar: 'a' })).toBe(false);
  });

  it('links the 2020-12 meta-schema when referenced, so it validates schemas given as arguments', () => {
    const schema = { type: 'object', properties: { s: { $ref: 'https://json-schema.org/draft/2020-12/schema' } } };
    expect(verdict(schema, { s: { minLength: 1 } })).toBe(true);
    expect(verdict(schema, { s: { minLength: -1 } })).toBe(false);
  });
});
