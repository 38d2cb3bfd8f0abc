// The `dialects` option (src/schema/front-ends.ts, legacy-front-end.ts): opt-in, exact, never a rewrite.
import { describe, expect, it } from 'vitest';
import { validate, validateSchema } from '../../src/schema/compile.js';
import type { SchemaOptions } from '../../src/schema/options.js';
import { loadCorpus, SKIP_CORPUS, SKIP_NOTE } from '../fixtures/tool-corpus.js';

const D7 = 'http://json-schema.org/draft-07/schema#';
const D2019 = 'https://json-schema.org/draft/2019-09/schema';
const BOTH: SchemaOptions = { dialects: ['2020-12', '2019-09', 'draft-07'] };

const refusal = (schema: unknown, options?: SchemaOptions): { class: string; message: string } | undefined => {
  const r = validateSchema(schema, options);
  return r.ok ? undefined : { class: r.error.class, message: r.error.message };
};

describe('dialects option: not enabled', () => {
  it.each([
    { name: 'draft-07', schema: { $schema: D7, type: 'object' } },
    {
      name: 'draft-07 over https without fragment',
      schema: { $schema: 'https://json-schema.org/draft-07/schema', type: 'object' },
    },
    { name: '2019-09', schema: { $schema: D2019, type: 'object' } },
  ])('$name stays unsupported_capability with a hint naming the option', ({ schema }) => {
    const r = refusal(schema);
    expect(r?.class).toBe('unsupported_capability');
    expect(r?.message).toMatch(/dialects: \['2020-12', '(draft-07|2019-09)'\]/);
  });
  it('enabling draft-07 does not enable 2019-09', () => {
    expect(refusal({ $schema: D2019, type: 'object' }, { dialects: ['2020-12', 'draft-07'] })?.class).toBe(
      'unsupported_capability',
    );
  });
});

// Each row: a construct whose meaning differs between dialects, with data that tells them apart.
const SEMANTICS: { name: string; schema: Record<string, unknown>; data: unknown; valid: boolean }[] = [
  {
    name: 'draft-07 array-form items with additionalItems',
    schema: { $schema: D7, type: 'object', properties: { t: { items: [{ type: 'string' }], additionalItems: false } } },
    data: { t: ['a', 'b'] },
    valid: false,
  },
  {
    name: 'draft-07 dependencies (array form) asserts',
    schema: { $schema: D7, type: 'object', dependencies: { a: ['b'] } },
    data: { a: 1 },
    valid: false,
  },
  {
    name: 'draft-07 dependencies (schema form) asserts',
    schema: { $schema: D7, type: 'object', dependencies: { a: { required: ['c'] } } },
    data: { a: 1, c: 2 },
    valid: true,
  },
  {
    name: 'draft-07 definitions reached by $ref',
    schema: {
      $schema: D7,
      type: 'object',
      definitions: { s: { type: 'string' } },
      properties: { a: { $ref: '#/definitions/s' } },
    },
    data: { a: 1 },
    valid: false,
  },
  {
    name: '2019-09 dependentRequired asserts',
    schema: { $schema: D2019, type: 'object', dependentRequired: { a: ['b'] } },
    data: { a: 1 },
    valid: false,
  },
  {
    name: '2019-09 unevaluatedProperties asserts',
    schema: { $schema: D2019, type: 'object', properties: { a: {} }, unevaluatedProperties: false },
    data: { a: 1, b: 2 },
    valid: false,
  },
  {
    name: '2019-09 array-form items',
    schema: { $schema: D2019, type: 'object', properties: { t: { items: [{ type: 'integer' }] } } },
    data: { t: ['x'] },
    valid: false,
  },
];

describe('dialects option: enabled dialects keep their own semantics', () => {
  it.each(SEMANTICS)('$name', ({ schema, data, valid }) => {
    expect(validate(schema, data, BOTH).ok).toBe(valid);
  });
  it('a schema without $schema is 2020-12 even when older dialects are enabled', () => {
    // Under draft-07 array-form items would apply; under 2020-12 it is a malformed schema.
    const r = validateSchema({ type: 'object', properties: { t: { items: [{ type: 'string' }] } } }, BOTH);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.class).toBe('validation');
  });
  it('returns the same arguments reference and never rewrites or mutates the schema', () => {
    const schema = {
      $schema: D7,
      type: 'object',
      properties: { t: { items: [{ type: 'string' }], additionalItems: false } },
      dependencies: { a: ['t'] },
    };
    const before = JSON.stringify(schema);
    const compiled = validateSchema(schema, BOTH);
    expect(compiled.ok).toBe(true);
    if (!compiled.ok) return;
    expect(JSON.stringify(compiled.value.schema)).toBe(before);
    expect(JSON.stringify(schema)).toBe(before);
    const args = { t: ['x'] };
    const r = compiled.value.validate(args);
    expect(r.ok && r.value).toBe(args);
  });
  it("checks the dialect's own meta-schema: invalid draft-07 is a validation error", () => {
    expect(refusal({ $schema: D7, type: 'object', properties: { a: { type: 'strin' } } }, BOTH)?.class).toBe(
      'validation',
    );
  });
  it('refuses newer keywords a draft-07 schema would silently ignore, naming the draft-07 one', () => {
    const r = refusal({ $schema: D7, type: 'object', dependentRequired: { a: ['b'] } }, BOTH);
    expect(r?.class).toBe('unsupported_capability');
    expect(r?.message).toMatch(/"dependencies"/);
  });
  it('refuses "dependencies" in 2019-09, where it is no longer a keyword', () => {
    expect(refusal({ $schema: D2019, type: 'object', dependencies: { a: ['b'] } }, BOTH)?.class).toBe(
      'unsupported_capability',
    );
  });
  it('refuses draft-07 keywords beside $ref that the engine would apply and draft-07 ignores', () => {
    expect(
      refusal(
        {
          $schema: D7,
          type: 'object',
          definitions: { s: { type: 'array' } },
          properties: { a: { $ref: '#/definitions/s', maxItems: 1 } },
        },
        BOTH,
      )?.class,
    ).toBe('unsupported_capability');
  });
  it('allows annotations beside a draft-07 $ref', () => {
    expect(
      validateSchema(
        {
          $schema: D7,
          type: 'object',
          definitions: { s: { type: 'string' } },
          properties: { a: { $ref: '#/definitions/s', description: 'd' } },
        },
        BOTH,
      ).ok,
    ).toBe(true);
  });
  it('resolves registry documents of the same dialect and refuses other dialects', () => {
    const schema = { $schema: D7, type: 'object', properties: { a: { $ref: 'https://e.x/s.json' } } };
    const same = validate(schema, { a: 1 }, { ...BOTH, schemaRegistry: { 'https://e.x/s.json': { type: 'string' } } });
    expect(same.ok).toBe(false);
    if (!same.ok) expect(same.error.class).toBe('validation');
    const other = refusal(schema, {
      ...BOTH,
      schemaRegistry: {
        'https://e.x/s.json': { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'string' },
      },
    });
    expect(other?.class).toBe('unsupported_capability');
    expect(refusal(schema, BOTH)?.class).toBe('validation');
  });
  it('refuses formats it cannot assert and content assertion, never ignores them', () => {
    expect(
      refusal(
        { $schema: D7, type: 'object', properties: { h: { format: 'x-not-a-format' } } },
        { ...BOTH, formatAssertion: true },
      )?.class,
    ).toBe('unsupported_capability');
    expect(
      refusal(
        { $schema: D7, type: 'object', properties: { h: { contentMediaType: 'application/json' } } },
        { ...BOTH, contentAssertion: true },
      )?.class,
    ).toBe('unsupported_capability');
  });
});

describe.skipIf(SKIP_CORPUS)(`dialects option on the real corpus${SKIP_NOTE}`, () => {
  it('admits every draft-07 corpus tool with dialects [2020-12, draft-07] and none without', () => {
    const corpus = loadCorpus();
    const draft07 = corpus.filter(
      (t) =>
        typeof t.inputSchema === 'object' &&
        t.inputSchema !== null &&
        typeof (t.inputSchema as { $schema?: unknown }).$schema === 'string' &&
        (t.inputSchema as { $schema: string }).$schema.includes('draft-07'),
    );
    expect(draft07.length).toBe(49);
    for (const t of draft07) {
      expect(validateSchema(t.inputSchema).ok, t.id).toBe(false);
      const r = validateSchema(t.inputSchema, { dialects: ['2020-12', 'draft-07'] });
      expect(r.ok ? 'ok' : r.error.message, t.id).toBe('ok');
    }
  });
});
