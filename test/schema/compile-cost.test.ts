// maxCompileCost: the engine compile is estimated before it runs, and a schema past the limit is refused as
// execution_failure naming it. Each hostile class here once ran for seconds (25 s for the allOf of 9,000
// uniqueItems) and was then admitted or refused as "recursed without end"; these tests assert the refusal
// and what the estimate counts, never a time.
import { describe, expect, it } from 'vitest';
import { admitBatch } from '../../src/catalog/admission.js';
import { validateSchema } from '../../src/index.js';
import { estimateCompileCost } from '../../src/schema/compile-cost.js';
import { DEFAULT_LIMITS } from '../../src/util/limits.js';
import { loadCorpus, SKIP_CORPUS, SKIP_NOTE } from '../fixtures/tool-corpus.js';

const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i);
const under = (a: object): object => ({ type: 'object', properties: { a } });
const LEGACY = { dialects: ['2020-12', '2019-09', 'draft-07'] } as const;
const definition = {
  type: 'object',
  properties: Object.fromEntries(range(20).map((i) => [`x${i}`, { type: 'string', minLength: 1 }])),
};

/** Hostile classes, each within every other default limit. */
const HOSTILE: { name: string; schema: object; options?: object }[] = [
  {
    name: 'allOf of 9,000 uniqueItems (189 KB)',
    schema: under({ allOf: range(9_000).map(() => ({ uniqueItems: true })) }),
  },
  { name: 'allOf of 3,000 multipleOf', schema: under({ allOf: range(3_000).map((i) => ({ multipleOf: i + 1 })) }) },
  { name: 'allOf of 9,000 minimum', schema: under({ allOf: range(9_000).map((i) => ({ minimum: i })) }) },
  {
    name: '900 references to one definition, each compiled in place',
    schema: {
      type: 'object',
      $defs: { d: definition },
      properties: Object.fromEntries(range(900).map((i) => [`p${i}`, { $ref: '#/$defs/d' }])),
    },
  },
  {
    name: 'the same through an $anchor',
    schema: {
      type: 'object',
      $defs: { d: { $anchor: 'dd', ...definition } },
      properties: Object.fromEntries(range(900).map((i) => [`p${i}`, { $ref: '#dd' }])),
    },
  },
  { name: '1,000 distinct patterns', schema: under({ allOf: range(1_000).map((i) => ({ pattern: `^a${i}b` })) }) },
  {
    name: 'draft-07: allOf of 9,000 uniqueItems',
    schema: {
      $schema: 'http://json-schema.org/draft-07/schema#',
      ...under({ allOf: range(9_000).map(() => ({ uniqueItems: true })) }),
    },
    options: LEGACY,
  },
];

describe('a schema whose compile would pass maxCompileCost is refused before the engine runs', () => {
  it.each(HOSTILE)('$name', ({ schema, options }) => {
    const r = validateSchema(schema, options);
    expect(r.ok).toBe(false);
    expect(r.ok === false && r.error.class).toBe('execution_failure');
    expect(r.ok === false && r.error.message).toMatch(
      /^limit maxCompileCost exceeded: limit 400000, seen an estimated/,
    );
    expect(r.ok === false && r.error.violations[0]?.keyword).toBe('maxCompileCost');
  });

  it('the limit is a limit like any other: raised, the same schema compiles', () => {
    const schema = under({ allOf: range(300).map(() => ({ uniqueItems: true })) });
    expect(validateSchema(schema, { limits: { maxCompileCost: 10_000 } }).ok).toBe(false);
    expect(validateSchema(schema).ok).toBe(true);
  });

  it('in an admitted batch the refusal fails the batch: it is not a capability quarantine may leave out', async () => {
    const tool = (name: string, inputSchema: object) => ({ name, description: 'd', inputSchema, backend: () => null });
    const r = await admitBatch([tool('ok', { type: 'object' }), tool('big', HOSTILE[0]!.schema)], {
      mode: 'quarantine',
    });
    expect(r.ok).toBe(false);
    expect(r.ok === false && r.error.class).toBe('execution_failure');
    expect(r.ok === false && r.error.diagnostics.map((d) => d.name)).toEqual(['big']);
  });
});

describe('what the estimate counts', () => {
  it('a $ref Ajv inlines counts its target once per reference; one it calls counts it once', () => {
    const refs = (n: number, target: object): object => ({
      type: 'object',
      $defs: { d: target },
      properties: Object.fromEntries(range(n).map((i) => [`p${i}`, { $ref: '#/$defs/d' }])),
    });
    expect(estimateCompileCost(refs(100, definition)).nodes).toBe(1 + 100 + 21 + 100 * 21);
    // A target holding a reference is compiled as a function of its own, once.
    const calling = { ...definition, properties: { ...definition.properties, self: { $ref: '#/$defs/d' } } };
    expect(estimateCompileCost(refs(100, calling)).nodes).toBe(1 + 100 + 22);
  });

  it.each([
    { name: 'an absolute URI', ref: 'https://x.test/item' },
    { name: 'a URI relative to the enclosing $id', ref: 'item' },
    { name: 'an anchor inside an embedded resource', ref: 'item#a' },
  ])('a reference through $id is resolved as the engine resolves it: $name', ({ ref }) => {
    const inner = ref.endsWith('#a') ? { $defs: { e: { $anchor: 'a', ...definition } } } : definition;
    const schema = {
      $id: 'https://x.test/root',
      type: 'object',
      $defs: { d: { $id: 'item', ...inner } },
      properties: Object.fromEntries(range(100).map((i) => [`p${i}`, { $ref: ref }])),
    };
    // 100 inline copies of the 21-object definition, whatever the reference's form.
    expect(estimateCompileCost(schema).nodes).toBeGreaterThan(100 * 21);
  });

  it('scope values (own-function keywords, distinct patterns and formats) are counted for the quadratic term', () => {
    const c = estimateCompileCost(
      under({
        allOf: [{ uniqueItems: true }, { multipleOf: 2 }, { pattern: 'a' }, { pattern: 'a' }, { format: 'email' }],
      }),
    );
    expect(c.scopeValues).toBe(4);
  });
});

describe('older dialects: a definition reached only from their own positions is compiled, not dead', () => {
  const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';
  const DRAFT_2019 = 'https://json-schema.org/draft/2019-09/schema';
  /** A 300-property definition that references itself (so it is compiled once, as a function of its own). */
  const self = (holder: string): object => ({
    type: 'object',
    properties: {
      ...Object.fromEntries(range(300).map((i) => [`x${i}`, { type: 'string' }])),
      again: { $ref: `#/${holder}/d` },
    },
  });
  const rooted = (dialect: string, holder: string, at: object): object => ({
    $schema: dialect,
    [holder]: { d: self(holder) },
    ...at,
  });
  const ref = (holder: string): object => ({ $ref: `#/${holder}/d` });
  it.each([
    { name: 'draft-07 array items', dialect: DRAFT_07, holder: 'definitions', at: (r: object) => ({ items: [r] }) },
    {
      name: 'draft-07 additionalItems',
      dialect: DRAFT_07,
      holder: 'definitions',
      at: (r: object) => ({ items: [], additionalItems: r }),
    },
    {
      name: 'draft-07 dependencies',
      dialect: DRAFT_07,
      holder: 'definitions',
      at: (r: object) => ({ dependencies: { a: r } }),
    },
    { name: '2019-09 array items', dialect: DRAFT_2019, holder: '$defs', at: (r: object) => ({ items: [r] }) },
    {
      name: '2019-09 additionalItems',
      dialect: DRAFT_2019,
      holder: '$defs',
      at: (r: object) => ({ items: [true], additionalItems: r }),
    },
  ])('$name counts as much as the same reference from properties', ({ dialect, holder, at }) => {
    const fromProperties = estimateCompileCost(rooted(dialect, holder, { properties: { a: ref(holder) } }));
    const fromThere = estimateCompileCost(rooted(dialect, holder, at(ref(holder))));
    expect(fromThere.nodes).toBe(fromProperties.nodes);
    expect(fromThere.total).toBeGreaterThan(0.95 * fromProperties.total);
  });

  it('2019-09: a recursive tree reached through a relative $id reference is compiled', () => {
    const tree = {
      $id: 'tree',
      $recursiveAnchor: true,
      type: 'object',
      properties: {
        ...Object.fromEntries(range(300).map((i) => [`x${i}`, { type: 'string' }])),
        kids: { type: 'array', items: { $recursiveRef: '#' } },
      },
    };
    const schema = { $schema: DRAFT_2019, $id: 'https://x.test/root', $defs: { d: tree }, items: [{ $ref: 'tree' }] };
    expect(estimateCompileCost(schema).nodes).toBeGreaterThan(300);
  });

  it('a draft-07 schema whose only use of a large definition is array items is refused (once admitted at 2 s)', () => {
    const big = {
      type: 'object',
      properties: {
        ...Object.fromEntries(range(4_000).map((i) => [`p${i}`, { type: 'string' }])),
        again: { $ref: '#/definitions/d' },
      },
    };
    const r = validateSchema(
      { $schema: DRAFT_07, definitions: { d: big }, items: [{ $ref: '#/definitions/d' }] },
      LEGACY,
    );
    expect(r.ok === false && r.error.violations[0]?.keyword).toBe('maxCompileCost');
  });
});

describe('the legacy engines: documents from the registry and loader are estimated too, and summed', () => {
  const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';
  /** 1,000 uniqueItems: about 950,000 units by itself, past the default. */
  const heavy = { allOf: range(1_000).map(() => ({ uniqueItems: true })) };
  /** 500 uniqueItems: about 390,000 units, under the default alone, past it twice. */
  const half = { allOf: range(500).map(() => ({ uniqueItems: true })) };
  const root = (...uris: string[]): object => ({
    $schema: DRAFT_07,
    type: 'object',
    properties: Object.fromEntries(uris.map((u, i) => [`p${i}`, { $ref: u }])),
  });

  it.each([
    {
      name: 'one heavy document from schemaRegistry',
      registry: { 'https://x.test/h': heavy },
      uris: ['https://x.test/h'],
    },
    {
      name: 'two documents each under the limit, past it together',
      registry: { 'https://x.test/a': half, 'https://x.test/b': { ...half, minProperties: 0 } },
      uris: ['https://x.test/a', 'https://x.test/b'],
    },
  ])('$name', ({ registry, uris }) => {
    expect(validateSchema(root(...uris.slice(0, 1)), { ...LEGACY, schemaRegistry: { [uris[0]!]: half } }).ok).toBe(
      true,
    );
    const r = validateSchema(root(...uris), { ...LEGACY, schemaRegistry: registry });
    expect(r.ok === false && r.error.violations[0]?.keyword).toBe('maxCompileCost');
  });

  it('a document from schemaLoader', () => {
    const r = validateSchema(root('https://x.test/h'), { ...LEGACY, schemaLoader: () => heavy });
    expect(r.ok === false && r.error.violations[0]?.keyword).toBe('maxCompileCost');
  });
});

describe('maxSubschemas is checked before maxCompileCost: the cheaper count, and the more specific message', () => {
  const many = under({ allOf: range(10_001).map(() => ({})) });
  it.each([
    { name: '2020-12', schema: many },
    { name: 'draft-07', schema: { $schema: 'http://json-schema.org/draft-07/schema#', ...many }, options: LEGACY },
  ])('$name', ({ schema, options }) => {
    const r = validateSchema(schema, options);
    expect(r.ok === false && r.error.violations[0]?.keyword).toBe('maxSubschemas');
  });
});

describe('a long array does not overflow the stack while estimating', () => {
  const long = range(200_000).map(() => 0);
  it.each([
    { name: 'enum data of a referenced definition', at: { enum: long } },
    { name: 'an unknown keyword of a referenced definition', at: { 'x-data': long } },
  ])('$name', ({ at }) => {
    const schema = { $defs: { d: at }, properties: { a: { $ref: '#/$defs/d' } } };
    expect(() => estimateCompileCost(schema)).not.toThrow();
    // Before, the estimate's throw escaped as `execution_failure: validateSchema failed: Maximum call stack…`.
    const r = validateSchema(schema);
    expect(r.ok ? '' : r.error.message).not.toMatch(/validateSchema failed|Maximum call stack/);
  });
});

describe.skipIf(SKIP_CORPUS)('every corpus tool estimates far below the default', () => {
  it(`the largest estimate leaves at least a 5x margin (${SKIP_NOTE})`, () => {
    const largest = Math.max(...loadCorpus().map((t) => estimateCompileCost(t.inputSchema).total));
    expect(largest * 5).toBeLessThan(DEFAULT_LIMITS.maxCompileCost);
  });
});
