import { describe, expect, it } from 'vitest';
import { checkProvider, providerProfile } from '../../src/interop/check-provider.js';
import { PROVIDER_NAMES } from '../../src/interop/providers.js';
import type { ProviderFinding, ProviderName } from '../../src/interop/profile.js';
import { admitBatch, defineTool, Registry } from '../../src/index.js';
import { corpusTool, SKIP_CORPUS, SKIP_NOTE } from '../fixtures/tool-corpus.js';
import { closed } from '../fixtures/closed-object.js';

const findings = (schema: unknown, provider: ProviderName): readonly ProviderFinding[] => {
  const r = checkProvider(schema, provider);
  if (!r.ok) throw new Error(`checkProvider failed: ${r.error.message}`);
  return r.value;
};
const brief = (schema: unknown, provider: ProviderName): string[] =>
  findings(schema, provider).map((f) => `${f.rule} ${f.schemaPath}`);

const STRICT_OK = {
  type: 'object',
  properties: { city: { type: 'string' }, unit: { type: ['string', 'null'], enum: ['C', 'F', null] } },
  required: ['city', 'unit'],
  additionalProperties: false,
};

// One row per rule: a schema and exactly the findings it must raise for that provider.
const RULES: { name: string; provider: ProviderName; schema: unknown; expect: string[] }[] = [
  { name: 'strict: a conforming schema has no findings', provider: 'openai-strict', schema: STRICT_OK, expect: [] },
  {
    name: 'strict: optional property and open object',
    provider: 'openai-strict',
    schema: { type: 'object', properties: { a: { type: 'string' } } },
    expect: ['additional-properties-false ', 'all-required /properties/a'],
  },
  {
    name: 'strict: nested object must be closed too',
    provider: 'openai-strict',
    schema: {
      ...STRICT_OK,
      properties: { ...STRICT_OK.properties, o: { type: 'object', properties: {}, additionalProperties: true } },
      required: ['city', 'unit', 'o'],
    },
    expect: ['additional-properties-false /properties/o'],
  },
  {
    name: 'strict: composition keywords are unsupported',
    provider: 'openai-strict',
    schema: { ...STRICT_OK, allOf: [true], if: true, then: true },
    expect: [
      'root-composition /allOf',
      'unsupported-keyword /allOf',
      'unsupported-keyword /if',
      'unsupported-keyword /then',
    ],
  },
  {
    name: 'strict: root anyOf (a root without type is published with it: toolsFor states it)',
    provider: 'openai-strict',
    schema: { anyOf: [STRICT_OK] },
    expect: ['additional-properties-false ', 'root-composition /anyOf'],
  },
  {
    name: 'strict: unlisted keyword and format',
    provider: 'openai-strict',
    schema: {
      ...STRICT_OK,
      properties: { city: { type: 'string', minLength: 1, format: 'uri' }, unit: { type: 'null' } },
    },
    expect: ['unlisted-format /properties/city/format', 'unlisted-keyword /properties/city/minLength'],
  },
  {
    name: 'strict: more than 10 levels of object nesting',
    provider: 'openai-strict',
    schema: nest(11),
    expect: [`nesting-depth ${'/properties/o'.repeat(10)}`],
  },
  { name: 'strict: 10 levels are allowed', provider: 'openai-strict', schema: nest(10), expect: [] },
  {
    name: 'strict: more than 1000 enum values',
    provider: 'openai-strict',
    schema: {
      ...STRICT_OK,
      properties: {
        city: { type: 'string', enum: Array.from({ length: 1001 }, (_, i) => `c${i}`) },
        unit: { type: 'null' },
      },
    },
    expect: ['size-limits '],
  },
  // toolsFor publishes `type: "object"` where the root leaves it out: the provider never sees the root without it
  // (quarantine left such a tool out for a rejection that could not happen).
  {
    name: 'openai: root without type, as toolsFor states it',
    provider: 'openai',
    schema: { properties: {} },
    expect: [],
  },
  {
    name: 'openai: a root of another type',
    provider: 'openai',
    schema: { type: 'dict' },
    expect: ['root-object /type'],
  },
  {
    name: 'strict: a subschema without type, items {} and a boolean schema are refused (observed)',
    provider: 'openai-strict',
    schema: {
      type: 'object',
      properties: {
        a: {},
        b: { type: 'array', items: {} },
        c: true,
        d: { anyOf: [{ type: 'string' }, { type: 'null' }] },
      },
      required: ['a', 'b', 'c', 'd'],
      additionalProperties: false,
    },
    expect: ['typeless-schema /properties/a', 'typeless-schema /properties/b/items', 'typeless-schema /properties/c'],
  },
  {
    name: 'openai: array without items',
    provider: 'openai',
    schema: { type: 'object', properties: { xs: { type: 'array' }, ys: { type: ['array', 'null'], items: {} } } },
    expect: ['array-items /properties/xs'],
  },
  {
    name: 'anthropic: root type must be "object"',
    provider: 'anthropic',
    schema: { type: 'dict', properties: {} },
    expect: ['draft-2020-12-meta-schema /type', 'root-object /type'],
  },
  {
    name: 'anthropic: draft-07 tuple items break the 2020-12 meta-schema',
    provider: 'anthropic',
    schema: { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', properties: { t: { items: [{}] } } },
    expect: ['draft-2020-12-meta-schema /properties/t/items'],
  },
  {
    name: 'gemini: fields outside the OpenAPI subset',
    provider: 'gemini',
    schema: {
      $schema: 'x',
      type: 'object',
      properties: { a: { $ref: '#/$defs/a' }, b: { const: 1 } },
      $defs: { a: { type: 'string' } },
      additionalProperties: false,
    },
    expect: [
      'unknown-field /$defs',
      'unknown-field /$schema',
      'unknown-field /additionalProperties',
      'unknown-field /properties/a/$ref',
      'unknown-field /properties/b/const',
    ],
  },
  {
    name: 'gemini: type list, non-string enum, boolean schema',
    provider: 'gemini',
    schema: {
      type: 'object',
      properties: { a: { type: ['string', 'null'] }, b: { type: 'integer', enum: [1, 2] }, c: true },
    },
    expect: [
      'type-list /properties/a/type',
      'enum-strings /properties/b/enum',
      'enum-type /properties/b/enum',
      'boolean-schema /properties/c',
    ],
  },
  {
    name: 'gemini: a boolean anyOf branch, a string format other than enum and date-time, an enum without type',
    provider: 'gemini',
    schema: {
      type: 'object',
      properties: {
        a: { anyOf: [true, { type: 'string' }] },
        u: { type: 'string', format: 'uri' },
        d: { type: 'string', format: 'date-time' },
        e: { enum: ['x', 'y'] },
      },
    },
    expect: [
      'boolean-schema /properties/a/anyOf/0',
      'enum-type /properties/e/enum',
      'string-format /properties/u/format',
    ],
  },
  {
    name: 'gemini: the subset itself passes',
    provider: 'gemini',
    schema: {
      type: 'object',
      properties: {
        a: { type: 'string', nullable: true, format: 'date-time', description: 'd' },
        b: { type: 'array', items: { type: 'string', enum: ['x'] }, minItems: 1 },
        c: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
      },
      required: ['a'],
      propertyOrdering: ['a', 'b'],
    },
    expect: [],
  },
];

// A hunt found `strict: true` claimed outside OpenAI's strict subset (the request fails with 400): an array without
// items, a required name no property declares, keywords the supported-schemas list does not name, and $ref targets
// and an items form it does not list. Strict is claimed only inside the list (src/interop/openai-strict.ts).
/** Keywords and annotations the list does not name, each beside a `type` strict mode takes. */
const UNNAMED: [string, unknown][] = [
  ['x-anything', 1],
  ['nullable', true],
  ['examples', ['a']],
  ['readOnly', true],
  ['deprecated', true],
  ['$comment', 'why'],
  ['$id', 'https://example.com/nested'],
  ['$schema', 'https://json-schema.org/draft/2020-12/schema'],
  ['contentEncoding', 'base64'],
  ['contentMediaType', 'application/json'],
  ['contentSchema', { type: 'string' }],
  ['minLength', 1],
];

const STRICT_SUBSET: { name: string; schema: unknown; expect: string[] }[] = [
  {
    name: 'an array without items is refused in strict mode too (observed)',
    schema: closed({ paths: { type: 'array' } }),
    expect: ['array-items /properties/paths'],
  },
  {
    name: 'a required name that properties does not declare is refused (observed)',
    schema: { ...closed({ a: { type: 'string' } }), required: ['a', 'b'] },
    expect: ['required-undeclared /required/1'],
  },
  {
    name: 'required without properties names nothing declared',
    schema: closed({ o: { type: 'object', required: ['x'], additionalProperties: false } }),
    expect: ['required-undeclared /properties/o/required/0'],
  },
  ...UNNAMED.map(([k, v]) => ({
    name: `"${k}" below the root is not in the list: unlisted`,
    schema: closed({ a: { type: 'string', [k]: v } }),
    expect: [`unlisted-keyword /properties/a/${k}`],
  })),
  {
    name: 'a root $id is not in the list either, nor $anchor',
    schema: closed({ b: { $ref: '#s' } }, { $id: 'https://example.com/t', $defs: { t: { $anchor: 's' } } }),
    expect: [
      'typeless-schema /$defs/t',
      'unlisted-form /properties/b/$ref',
      'unlisted-keyword /$defs/t/$anchor',
      'unlisted-keyword /$id',
    ],
  },
  // OpenAI's own SDK sends these with `strict: true` (the tests of openai-node's zod helper): a review found them
  // losing `strict` when the profile took only the documented list.
  {
    name: "what OpenAI's SDK sends strict: default, root definitions and #/definitions/<name>, a %-encoded name",
    schema: closed(
      { a: { $ref: '#/definitions/s' }, b: { type: 'string', default: 'c' }, c: { $ref: '#/$defs/a%20b' } },
      { definitions: { s: { type: 'string' } }, $defs: { 'a b': { type: 'string' } } },
    ),
    expect: [],
  },
  {
    name: 'a $ref to a remote URI, into a definition, or to a missing definition is unlisted',
    schema: closed(
      {
        a: { $ref: 'https://example.com/s.json' },
        b: { $ref: '#/$defs/o/properties/x' },
        c: { $ref: '#/$defs/missing' },
      },
      { $defs: { o: closed({ x: { type: 'string' } }) } },
    ),
    expect: [
      'unlisted-form /properties/a/$ref',
      'unlisted-form /properties/b/$ref',
      'unlisted-form /properties/c/$ref',
    ],
  },
  {
    name: "draft-07's array-form items is unlisted",
    schema: closed({ t: { type: 'array', items: [{ type: 'string' }, { type: 'integer' }] } }),
    expect: ['unlisted-form /properties/t/items'],
  },
  // What the list names passes, and so keeps `strict`.
  {
    name: 'the documented subset passes: $defs, # recursion, anyOf, bounds, formats, title, description',
    schema: closed(
      {
        name: { type: 'string', pattern: '^[a-z]+$', format: 'email', title: 'Name', description: 'd' },
        n: { type: 'number', minimum: 0, exclusiveMaximum: 10, multipleOf: 0.5 },
        i: { type: 'integer', maximum: 9, exclusiveMinimum: -1 },
        tags: { type: 'array', items: { type: 'string', enum: ['a', 'b'] }, minItems: 1, maxItems: 3 },
        kind: { type: 'string', const: 'k' },
        node: { $ref: '#/$defs/node' },
        odd: { $ref: '#/$defs/a~1b' },
        self: { anyOf: [{ $ref: '#' }, { type: 'null' }] },
        unit: { type: ['string', 'null'], enum: ['C', 'F', null] },
      },
      {
        title: 'T',
        description: 'Root',
        $defs: {
          node: closed({ children: { type: 'array', items: { $ref: '#/$defs/node' } } }),
          'a/b': { type: 'boolean' },
        },
      },
    ),
    expect: [],
  },
  {
    name: 'a root $schema passes (what the OpenAI SDK itself sends with strict)',
    schema: closed({ a: { type: 'string' } }, { $schema: 'http://json-schema.org/draft-07/schema#' }),
    expect: [],
  },
];

describe('the openai-strict profile keeps to the documented subset', () => {
  it.each(STRICT_SUBSET)('$name', ({ schema, expect: expected }) => {
    expect(brief(schema, 'openai-strict').sort()).toEqual([...expected].sort());
  });
});

/** An object schema whose objects nest `levels` deep, conforming to strict mode otherwise. */
function nest(levels: number): unknown {
  let s: Record<string, unknown> = { type: 'object', properties: {}, required: [], additionalProperties: false };
  for (let i = 1; i < levels; i++)
    s = { type: 'object', properties: { o: s }, required: ['o'], additionalProperties: false };
  return s;
}

describe('checkProvider rules', () => {
  it.each(RULES)('$name', ({ schema, provider, expect: expected }) => {
    expect(brief(schema, provider).sort()).toEqual([...expected].sort());
  });
});

// What a provider hunt found: toolsFor claimed `strict: true` for `items: {}` (OpenAI answers 400), and quarantine
// left out a tool for a root without `type` that toolsFor publishes with it.
describe('the profiles agree with what toolsFor publishes', () => {
  const strictOf = (inputSchema: object): unknown => {
    const r = new Registry();
    r.register(defineTool({ name: 't', execute: () => 1, inputSchema }));
    return (r.toolsFor('openai')[0] as { function: { strict?: unknown } }).function.strict;
  };

  it('strict is claimed for a typed schema, not for one with items {} or a typeless property', () => {
    expect(strictOf(closed({ a: { type: 'string' } }))).toBe(true);
    expect(strictOf(closed({ b: { type: 'array', items: {} } }))).not.toBe(true);
    expect(strictOf(closed({ a: {} }))).not.toBe(true);
    // A root without type is published as an object: it needs additionalProperties false like any other (a review
    // found `{}` claimed strict once the root-type rule stopped reporting it).
    expect(strictOf({})).not.toBe(true);
    expect(brief({}, 'openai-strict')).toEqual(['additional-properties-false ']);
    expect(strictOf({ type: 'object', properties: {}, required: [], additionalProperties: false })).toBe(true);
  });

  // The hunt's repro, through admission and both OpenAI shapes: strict is claimed exactly for the subset rows.
  const admitted: { name: string; inputSchema: object; strict: boolean; options?: object }[] = [
    { name: 'array without items', inputSchema: closed({ paths: { type: 'array' } }), strict: false },
    {
      name: 'required names b, undeclared',
      inputSchema: { ...closed({ a: { type: 'string' } }), required: ['a', 'b'] },
      strict: false,
    },
    { name: 'default', inputSchema: closed({ a: { type: 'string', default: 'x' } }), strict: true },
    { name: 'x-anything', inputSchema: closed({ a: { type: 'string', 'x-anything': 1 } }), strict: false },
    {
      name: '$ref to a remote URI',
      inputSchema: closed({ a: { $ref: 'https://example.com/s.json' } }),
      strict: false,
      options: { schemaRegistry: { 'https://example.com/s.json': { type: 'string' } } },
    },
    {
      name: '$ref to an anchor',
      inputSchema: closed({ a: { $ref: '#s' } }, { $defs: { s: { $anchor: 's', type: 'string' } } }),
      strict: false,
    },
    {
      name: '$ref to a $defs entry and # recursion',
      inputSchema: closed(
        { a: { $ref: '#/$defs/s' }, b: { anyOf: [{ $ref: '#' }, { type: 'null' }] } },
        { $defs: { s: { type: 'string', description: 'd' } }, title: 'T' },
      ),
      strict: true,
    },
  ];
  it.each(admitted)('admitBatch: strict $strict for $name', async ({ inputSchema, strict, options }) => {
    const r = await admitBatch([{ name: 'list', description: 'd', inputSchema, backend: () => 1 }], {
      provider: 'openai',
      ...options,
    });
    expect(r.ok ? r.value.accepted : r.error.message).toEqual(['list']);
    if (!r.ok) return;
    expect(r.value.toolsFor('openai')[0]?.function.strict === true).toBe(strict);
    expect(r.value.toolsFor('openai-responses')[0]?.strict).toBe(strict);
  });

  it('quarantine for a provider keeps a tool whose root leaves type out, published with type stated', async () => {
    const tools = [{ name: 'notype', inputSchema: { properties: { q: { type: 'string' } } }, backend: () => 1 }];
    for (const provider of ['openai', 'anthropic'] as const) {
      const r = await admitBatch(tools, { mode: 'quarantine', provider, providerPolicy: 'quarantine' });
      expect(r.ok ? r.value.accepted : r.error.message).toEqual(['notype']);
      if (!r.ok) continue;
      const published = JSON.stringify(r.value.toolsFor(provider)[0]);
      expect(published).toContain('"type":"object"');
    }
  });
});

describe('checkProvider contract', () => {
  it('every finding names its provider, effect, basis and an https source', () => {
    for (const p of PROVIDER_NAMES) {
      for (const f of findings({ properties: { a: { type: ['array'], const: 1 } }, allOf: [true] }, p)) {
        expect(f.provider).toBe(p);
        expect(['rejects', 'ignores', 'unlisted']).toContain(f.effect);
        expect(['documented', 'observed']).toContain(f.basis);
        expect(f.source).toMatch(/^https:\/\//);
      }
    }
  });
  it('every profile is dated and every rule cites an https source', () => {
    for (const p of PROVIDER_NAMES) {
      const profile = providerProfile(p);
      expect(profile?.dated).toBe('2026-11-29');
      for (const r of profile?.rules ?? []) expect(r.source).toMatch(/^https:\/\//);
    }
  });
  it('refuses an unknown provider as a validation error, without throwing', () => {
    const r = checkProvider({ type: 'object' }, 'mistral' as ProviderName);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.class).toBe('validation');
  });
  it('refuses a schema that is not JSON, without throwing', () => {
    const r = checkProvider({ type: 'object', properties: { a: { enum: [1n] } } }, 'gemini');
    expect(r.ok).toBe(false);
  });
  it('never changes the schema, and the same schema gives the same findings', () => {
    const schema = { type: 'object', properties: { a: { type: 'string' } } };
    const before = JSON.stringify(schema);
    const first = findings(schema, 'openai-strict');
    expect(JSON.stringify(schema)).toBe(before);
    expect(findings(schema, 'openai-strict')).toEqual(first);
  });
});

// Real tools of ../shared/tool-schemas, with what each provider would do with them.
const CORPUS: { tool: string; provider: ProviderName; rule: string; at: string }[] = [
  { tool: 'mcp-filesystem/read_text_file', provider: 'gemini', rule: 'unknown-field', at: '/$schema' },
  { tool: 'notion-mcp-server/API-post-page', provider: 'gemini', rule: 'unknown-field', at: '/$defs' },
  { tool: 'gorilla-bfcl/adjustClimateControl', provider: 'anthropic', rule: 'root-object', at: '/type' },
  { tool: 'gorilla-bfcl/adjustClimateControl', provider: 'openai', rule: 'root-object', at: '/type' },
  { tool: 'anthropic-cookbook/calculator', provider: 'openai-strict', rule: 'additional-properties-false', at: '' },
];

describe.skipIf(SKIP_CORPUS)(`checkProvider on real corpus schemas${SKIP_NOTE}`, () => {
  it.each(CORPUS)('$provider on $tool: $rule at "$at"', ({ tool, provider, rule, at }) => {
    const t = corpusTool(tool);
    expect(
      findings(t.inputSchema, provider)
        .filter((f) => f.rule === rule)
        .map((f) => f.schemaPath),
    ).toContain(at);
  });
});

// Regression: providerProfile looked the name up with hasOwnProperty on whatever it was given, so a
// Proxy or a revoked Proxy threw out of a public function, and checkProvider JSON-stringified a
// provider that is not a string into its message, running its getters and toJSON.
describe('a provider that is not a string is refused without running its code', () => {
  const ran: string[] = [];
  const trap = (): never => {
    ran.push('trap');
    throw new Error('trap ran');
  };
  const revoked = Proxy.revocable({}, {});
  revoked.revoke();
  const cases: [string, unknown][] = [
    [
      'a throwing Proxy',
      new Proxy({}, { get: trap, has: trap, ownKeys: trap, getOwnPropertyDescriptor: trap, getPrototypeOf: trap }),
    ],
    ['a revoked Proxy', revoked.proxy],
    ['an object without a prototype', Object.assign(Object.create(null) as object, { gemini: 1 })],
    [
      'an object with toJSON',
      {
        toJSON: () => {
          ran.push('toJSON');
          return 'gemini';
        },
      },
    ],
    [
      'a getter-laden object',
      Object.defineProperty({}, 'x', {
        enumerable: true,
        get: () => {
          ran.push('getter');
          return 1;
        },
      }),
    ],
    ['a String object', new String('gemini')],
    ['a symbol', Symbol('gemini')],
  ];
  it.each(cases)('%s', (_why, provider) => {
    expect(providerProfile(provider as ProviderName)).toBeUndefined();
    const r = checkProvider({ type: 'object' }, provider as ProviderName);
    expect(r.ok ? 'accepted' : `${r.error.class} ${r.error.message}`).toMatch(
      /^validation unknown provider (an object|a symbol); known: /,
    );
    expect(ran).toEqual([]);
  });

  it('a string that is not a provider is quoted, inherited names included', () => {
    for (const name of ['mistral', 'constructor', '__proto__']) {
      expect(providerProfile(name as ProviderName)).toBeUndefined();
      const r = checkProvider({ type: 'object' }, name as ProviderName);
      expect(r.ok ? 'accepted' : r.error.message).toBe(
        `unknown provider "${name}"; known: ${PROVIDER_NAMES.join(', ')}`,
      );
    }
  });
});
