// A document's meta-schema decides whether its `format` asserts (Core §8.1.2, Validation §7.2): a custom
// meta-schema listing format-assertion turns it on for the documents that declare that meta-schema, not for
// every document of the call. Before, one such document (the root or one a `$ref` pulled in) made the engine
// assert the `format` of every other document, and refused their unknown formats, so a schema's verdict
// depended on what it referenced.
import { describe, expect, it } from 'vitest';
import { validateSchema, type Result } from '../../src/index.js';

const V = 'https://json-schema.org/draft/2020-12/vocab/';
const VOCABULARIES = ['core', 'applicator', 'unevaluated', 'validation', 'meta-data', 'content', 'format-assertion'];
const schemaRegistry = {
  'http://m/fa': {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $vocabulary: Object.fromEntries(VOCABULARIES.map((v) => [`${V}${v}`, true])),
  },
  'http://x/plain': { type: 'string', format: 'date' },
  'http://x/unknown': { type: 'string', format: 'x-house-code' },
  'http://x/asserting': { $schema: 'http://m/fa', type: 'string', format: 'date' },
};
const verdict = (r: Result<unknown>): string => (r.ok ? 'ok' : `${r.error.class} ${r.error.violations[0]?.path}`);

describe('format assertion from a custom meta-schema stays with its documents', () => {
  it('an asserting root does not assert the format of a standard document it references', () => {
    const c = validateSchema(
      { $schema: 'http://m/fa', type: 'object', properties: { a: { $ref: 'http://x/plain' }, b: { format: 'date' } } },
      { schemaRegistry },
    );
    if (!c.ok) return expect.unreachable(c.error.message);
    expect(verdict(c.value.validate({ a: 'x' }))).toBe('ok');
    expect(verdict(c.value.validate({ b: 'x' }))).toBe('validation $.b');
  });

  it('a referenced asserting document does not assert the root format', () => {
    const c = validateSchema(
      { type: 'object', properties: { a: { $ref: 'http://x/asserting' }, b: { format: 'date' } } },
      { schemaRegistry },
    );
    if (!c.ok) return expect.unreachable(c.error.message);
    expect(verdict(c.value.validate({ b: 'x' }))).toBe('ok');
    expect(verdict(c.value.validate({ a: 'x' }))).toBe('validation $.a');
  });

  it('an unknown format in a standard document is an annotation under an asserting root', () => {
    const c = validateSchema(
      { $schema: 'http://m/fa', type: 'object', properties: { a: { $ref: 'http://x/unknown' } } },
      { schemaRegistry },
    );
    expect(verdict(c)).toBe('ok');
  });

  it('the formatAssertion option still asserts every document', () => {
    const c = validateSchema(
      { $schema: 'http://m/fa', type: 'object', properties: { a: { $ref: 'http://x/plain' } } },
      { schemaRegistry, formatAssertion: true },
    );
    if (!c.ok) return expect.unreachable(c.error.message);
    expect(verdict(c.value.validate({ a: 'x' }))).toBe('validation $.a');
  });
});

// Found by a hunt: an embedded resource declaring standard 2020-12 (Core §8.1.1) under a root naming its own
// meta-schema was compiled with the root's vocabularies: without validation, its type and required were
// ignored ({ x: 'not an integer' } accepted); with format-assertion, its format asserted. It is refused now.
describe('an embedded resource that declares standard 2020-12 under a custom root', () => {
  const registry = {
    ...schemaRegistry,
    'http://m/no-validation': {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $vocabulary: { [`${V}core`]: true, [`${V}applicator`]: true },
    },
  };
  const embedded = (meta: string, keywords: Record<string, unknown>): Record<string, unknown> => ({
    $schema: meta,
    properties: {
      x: { $id: 'https://ex.test/e', $schema: 'https://json-schema.org/draft/2020-12/schema', ...keywords },
    },
  });

  it.each([
    ['a root without validation, its type', embedded('http://m/no-validation', { type: 'integer' })],
    ['a root without validation, its required', embedded('http://m/no-validation', { required: ['a'] })],
    ['an asserting root, its format', embedded('http://m/fa', { format: 'email' })],
  ])('%s: refused, not read in the root vocabularies', (_name, schema) => {
    const c = validateSchema(schema, { schemaRegistry: registry });
    expect(c.ok ? 'ok' : c.error.class).toBe('unsupported_capability');
    if (!c.ok) expect(c.error.message).toContain('under a root that names its own meta-schema');
  });

  it('under a standard root it is read as before', () => {
    const c = validateSchema(embedded('https://json-schema.org/draft/2020-12/schema', { type: 'integer' }));
    if (!c.ok) return expect.unreachable(c.error.message);
    expect(verdict(c.value.validate({ x: 'not an integer' }))).toBe('validation $.x');
    expect(verdict(c.value.validate({ x: 1 }))).toBe('ok');
  });
});

// Found by a hunt: asked to assert formats (or content), a document whose custom meta-schema leaves out the format
// (or content) vocabularies has no such keyword (Core §8.1.2), so `{ d: 'not-a-date' }` passed unchecked. The
// caller asked for an assertion toolgate cannot make there: refused as assertion_unsupported.
describe('an assertion asked for where the document has no such keyword', () => {
  const bare = {
    'http://m/bare': {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $vocabulary: Object.fromEntries(['core', 'applicator', 'validation'].map((v) => [`${V}${v}`, true])),
    },
  };
  const refusal = (r: Result<unknown>): string =>
    r.ok ? 'ok' : `${r.error.class} ${r.error.violations.map((v) => `${v.code} ${v.schemaPath}`).join(', ')}`;
  it.each([
    ['format', { d: { type: 'string', format: 'date' } }, { formatAssertion: true }, 'format'],
    [
      'contentMediaType',
      { d: { contentMediaType: 'application/json' } },
      { contentAssertion: true },
      'contentMediaType',
    ],
    ['contentEncoding', { d: { contentEncoding: 'base64' } }, { contentAssertion: true }, 'contentEncoding'],
  ])('%s under a meta-schema without its vocabulary is refused when asserted', (_, properties, options, key) => {
    const schema = { $schema: 'http://m/bare', type: 'object', properties };
    expect(refusal(validateSchema(schema, { schemaRegistry: bare, ...options }))).toBe(
      `unsupported_capability assertion_unsupported /properties/d/${key}`,
    );
    // Not asked: an annotation, as Core §8.1.2 reads it.
    expect(refusal(validateSchema(schema, { schemaRegistry: bare }))).toBe('ok');
  });
});
