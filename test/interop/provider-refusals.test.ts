// A provider hunt found three refusals the profiles did not report, each a 400 from the provider's API: OpenAI strict
// mode refuses a keyword beside `$ref` (pydantic's described field of a model type), OpenAI (with or without strict)
// and Anthropic refuse composition keywords at the root, and Anthropic refuses a root property key outside
// `^[a-zA-Z0-9_.-]{1,64}$`. `strict: true` was claimed for the first and for a root enum or const, and quarantine for
// 'openai' or 'anthropic' kept tools those providers refuse.
import { describe, expect, it } from 'vitest';
import { checkProvider } from '../../src/interop/check-provider.js';
import type { ProviderName } from '../../src/interop/profile.js';
import { admitBatch } from '../../src/index.js';
import { closed } from '../fixtures/closed-object.js';

const brief = (schema: unknown, provider: ProviderName): string[] => {
  const r = checkProvider(schema, provider);
  if (!r.ok) throw new Error(`checkProvider failed: ${r.error.message}`);
  return r.value.map((f) => `${f.rule} ${f.schemaPath}`).sort();
};

const HERO = closed({ title: { type: 'string' } });

/** Admits one tool for `provider` and says whether it was kept and, for OpenAI, whether strict was claimed. */
async function admitted(inputSchema: object, provider: 'openai' | 'anthropic', policy: 'report' | 'quarantine') {
  const r = await admitBatch([{ name: 't', description: 'd', inputSchema, backend: () => 1 }], {
    mode: 'quarantine',
    provider,
    providerPolicy: policy,
  });
  if (!r.ok) throw new Error(r.error.message);
  const kept = r.value.accepted.includes('t');
  const strict = kept && provider === 'openai' ? r.value.toolsFor('openai')[0]?.function.strict === true : undefined;
  const responses = kept && provider === 'openai' ? r.value.toolsFor('openai-responses')[0]?.strict : undefined;
  return { kept, strict, responses };
}

describe('strict mode refuses a keyword beside $ref', () => {
  // `only`: the row's root breaks other rules too (a root is an object), so only ref-siblings' findings are compared.
  const rows: { name: string; schema: unknown; expect: string[]; only?: true }[] = [
    {
      name: "pydantic's described field of a model type (a lone $ref beside it passes)",
      schema: closed(
        { hero: { $ref: '#/$defs/Hero', description: 'The hero chart' }, side: { $ref: '#/$defs/Hero' } },
        { $defs: { Hero: HERO } },
      ),
      expect: ['ref-siblings /properties/hero/description'],
    },
    {
      name: 'every sibling is named, in items and in a definition too',
      schema: closed(
        { xs: { type: 'array', items: { $ref: '#/$defs/Hero', title: 'X', default: null } } },
        { $defs: { Hero: HERO, Alias: { $ref: '#/$defs/Hero', description: 'd' } } },
      ),
      expect: [
        'ref-siblings /$defs/Alias/description',
        'ref-siblings /properties/xs/items/default',
        'ref-siblings /properties/xs/items/title',
      ],
    },
    // A review's find: a root `$ref` was reported beside `$schema` and `$defs`, which strict mode takes at the root.
    {
      name: 'a root $ref beside $schema and $defs: only its other siblings',
      schema: { $schema: 'https://json-schema.org/draft/2020-12/schema', $ref: '#/$defs/Hero', $defs: { Hero: HERO } },
      expect: [],
      only: true,
    },
  ];
  it.each(rows)('$name', ({ schema, expect: expected, only }) => {
    const found = brief(schema, 'openai-strict');
    expect(only ? found.filter((f) => f.startsWith('ref-siblings')) : found).toEqual(expected);
    // Without strict OpenAI does not check the keywords of subschemas: every report of the error is of strict mode.
    expect(brief(schema, 'openai')).toEqual([]);
  });

  it('strict is not claimed for it in either OpenAI shape; the tool is still published', async () => {
    const schema = closed({ hero: { $ref: '#/$defs/Hero', description: 'The hero chart' } }, { $defs: { Hero: HERO } });
    expect(await admitted(schema, 'openai', 'quarantine')).toEqual({ kept: true, strict: false, responses: false });
  });
});

describe('OpenAI and Anthropic refuse composition keywords at the root', () => {
  const OBJECT = { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } } };
  const AT_ROOT: [string, unknown][] = [
    ['oneOf', [{ required: ['a'] }, { required: ['b'] }]],
    ['anyOf', [{ required: ['a'] }, { required: ['b'] }]],
    ['allOf', [{ required: ['a'] }]],
    ['enum', [{ a: 'x' }]],
    ['const', { a: 'x' }],
    ['not', { required: ['a', 'b'] }],
  ];
  const ANTHROPIC = new Set(['oneOf', 'anyOf', 'allOf']);
  it.each(AT_ROOT)('a root "%s" is refused by openai, and by anthropic for oneOf/anyOf/allOf', (k, v) => {
    const schema = { ...OBJECT, [k]: v };
    expect(brief(schema, 'openai')).toEqual([`root-composition /${k}`]);
    expect(brief(schema, 'openai-strict')).toContain(`root-composition /${k}`);
    expect(brief(schema, 'anthropic')).toEqual(ANTHROPIC.has(k) ? [`root-composition /${k}`] : []);
    // Below the root they are neither provider's concern here.
    expect(brief({ type: 'object', properties: { o: schema } }, 'openai')).toEqual([]);
  });

  it('strict is not claimed for a root enum or const, which strict mode otherwise lists', async () => {
    for (const extra of [{ enum: [{ a: 'x' }] }, { const: { a: 'x' } }]) {
      const schema = closed({ a: { type: 'string' } }, extra);
      expect(brief(schema, 'openai-strict')).toEqual([`root-composition /${Object.keys(extra)[0]}`]);
      expect(await admitted(schema, 'openai', 'report')).toEqual({ kept: true, strict: false, responses: false });
    }
  });

  it("quarantine for 'openai' or 'anthropic' leaves such a tool out", async () => {
    const schema = { ...OBJECT, anyOf: [{ required: ['a'] }, { required: ['b'] }] };
    for (const provider of ['openai', 'anthropic'] as const) {
      expect((await admitted(schema, provider, 'quarantine')).kept).toBe(false);
      expect((await admitted(schema, provider, 'report')).kept).toBe(true);
    }
    expect((await admitted({ ...OBJECT, not: { required: ['a'] } }, 'openai', 'quarantine')).kept).toBe(false);
    expect((await admitted({ ...OBJECT, not: { required: ['a'] } }, 'anthropic', 'quarantine')).kept).toBe(true);
  });
});

describe('Anthropic refuses a root property key outside ^[a-zA-Z0-9_.-]{1,64}$', () => {
  const schema = {
    type: 'object',
    properties: {
      'filter[id]': { type: 'string' },
      'Account Number': { type: 'string' },
      [`k${'e'.repeat(64)}`]: { type: 'string' },
      [`k${'e'.repeat(63)}`]: { type: 'string' },
      'a.b-c_D9': { type: 'string' },
      nested: { type: 'object', properties: { 'not checked[]': { type: 'string' } } },
    },
  };

  it('each such key of the root is reported at its property; 64 characters and . - _ pass', () => {
    expect(brief(schema, 'anthropic')).toEqual([
      'property-keys /properties/Account Number',
      'property-keys /properties/filter[id]',
      `property-keys /properties/k${'e'.repeat(64)}`,
    ]);
    expect(brief(schema, 'openai')).toEqual([]);
  });

  it("quarantine for 'anthropic' leaves such a tool out", async () => {
    expect((await admitted(schema, 'anthropic', 'quarantine')).kept).toBe(false);
    expect((await admitted(schema, 'openai', 'quarantine')).kept).toBe(true);
  });
});

// toolsFor publishes a draft-07 root `$ref` to one definition as that definition (zod-to-json-schema's form), and
// any other inside an `allOf` beside the `type` it states (draft-07 ignores a keyword beside `$ref`): the provider
// reads a root `allOf` there, so the profiles report the `$ref` the author wrote. A review's find: the first form
// was published inside an `allOf` too, and quarantine left such a tool out for OpenAI and Anthropic.
describe('a draft-07 root $ref: inlined where it can be, else refused by openai and anthropic', () => {
  const schema = (args: object) => ({
    $schema: 'http://json-schema.org/draft-07/schema#',
    $ref: '#/definitions/Args',
    definitions: { Args: args },
  });
  const ARGS = { type: 'object', properties: { q: { type: 'string' } } };
  const admit = (inputSchema: object, options: object) =>
    admitBatch([{ name: 't', description: 'd', inputSchema, backend: () => 1 }], {
      mode: 'quarantine',
      dialects: ['2020-12', 'draft-07'],
      ...options,
    });

  it('a $ref to one plain definition is published as it, and kept by both profiles', async () => {
    const published = await admit(schema(ARGS), {});
    expect(published.ok ? published.value.toolsFor('anthropic')[0]?.input_schema : 'refused').toEqual({
      type: 'object',
      $schema: 'http://json-schema.org/draft-07/schema#',
      definitions: { Args: ARGS },
      properties: { q: { type: 'string' } },
    });
    for (const provider of ['openai', 'anthropic'] as const) {
      expect(brief(schema(ARGS), provider)).toEqual([]);
      const r = await admit(schema(ARGS), { provider, providerPolicy: 'quarantine' });
      expect(r.ok ? r.value.accepted : r.error.message).toEqual(['t']);
    }
  });

  it('one whose definition has a title the root has too: inside an allOf, reported at the $ref, left out', async () => {
    const moved = { ...schema({ ...ARGS, title: 'args' }), title: 'root' };
    const published = await admit(moved, {});
    expect(published.ok ? published.value.toolsFor('anthropic')[0]?.input_schema : 'refused').toMatchObject({
      type: 'object',
      allOf: [{ $ref: '#/definitions/Args' }],
    });
    expect(brief(moved, 'openai')).toEqual(['root-composition /$ref']);
    expect(brief(moved, 'anthropic')).toEqual(['root-composition /$ref']);
    for (const provider of ['openai', 'anthropic'] as const) {
      const r = await admit(moved, { provider, providerPolicy: 'quarantine' });
      expect(r.ok ? r.value.accepted : r.error.message).toEqual([]);
    }
  });
});
