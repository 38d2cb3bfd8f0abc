// Every `$schema` spelling that selects an older dialect (LEGACY_DIALECT_URIS, with and without the empty
// fragment) gives a verdict on that dialect's engine. The https spelling of draft-07's meta-schema URI named
// nothing Ajv knew, so its meta-schema check threw: execution_failure kind internal where a verdict was due.
import { describe, expect, it } from 'vitest';
import { validateSchema } from '../../src/schema/compile.js';
import { LEGACY_DIALECT_URIS } from '../../src/schema/legacy-keywords.js';

const ROWS = Object.entries(LEGACY_DIALECT_URIS).flatMap(([uri, dialect]) =>
  ['', '#'].map((fragment) => ({ uri: `${uri}${fragment}`, dialect })),
);

const failure = (r: ReturnType<typeof validateSchema>) =>
  r.ok ? undefined : { class: r.error.class, kind: r.error.kind, message: r.error.message };

describe('each legacy dialect URI compiles on its own engine', () => {
  it.each(ROWS)('$uri ($dialect)', ({ uri, dialect }) => {
    const options = { dialects: ['2020-12', dialect] } as const;
    // Array-form `items` with `additionalItems` means a tuple in both older dialects (2020-12: `prefixItems`).
    const schema = {
      $schema: uri,
      type: 'object',
      properties: {
        a: { $schema: uri, type: 'string' },
        t: { items: [{ type: 'string' }], additionalItems: false },
      },
    };
    const before = structuredClone(schema);
    const compiled = validateSchema(schema, options);
    expect(failure(compiled)).toBeUndefined();
    if (!compiled.ok) return;
    expect(schema).toEqual(before);
    expect(compiled.value.validate({ a: 'x', t: ['y'] }).ok).toBe(true);
    expect(compiled.value.validate({ a: 1 }).ok).toBe(false);
    expect(compiled.value.validate({ t: ['y', 'z'] }).ok).toBe(false);
  });

  it.each(ROWS)('$uri ($dialect): a document its meta-schema refuses is a validation verdict', ({ uri, dialect }) => {
    const schema = { $schema: uri, type: 'object', properties: { a: { type: 'text' } } };
    const r = validateSchema(schema, { dialects: ['2020-12', dialect] });
    expect(failure(r)).toMatchObject({ class: 'validation', kind: undefined });
  });

  it.each(ROWS)('$uri ($dialect): a referenced document declaring it is admitted', ({ uri, dialect }) => {
    const r = validateSchema(
      { $schema: uri, type: 'object', properties: { a: { $ref: 'https://example.com/s.json' } } },
      {
        dialects: ['2020-12', dialect],
        schemaRegistry: { 'https://example.com/s.json': { $schema: uri, type: 'string' } },
      },
    );
    expect(failure(r)).toBeUndefined();
    if (r.ok) expect([r.value.validate({ a: 'x' }).ok, r.value.validate({ a: 1 }).ok]).toEqual([true, false]);
  });
});
