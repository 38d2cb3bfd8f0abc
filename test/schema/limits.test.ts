import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, type Limits } from '../../src/util/limits.js';
import { validateSchema } from '../../src/schema/compile.js';
import { loadCorpus, SKIP_CORPUS, SKIP_NOTE } from '../fixtures/tool-corpus.js';

const OBJ = { type: 'object' } as const;

function nested(depth: number, leaf: unknown = 0): unknown {
  let v: unknown = leaf;
  for (let i = 0; i < depth; i++) v = [v];
  return v;
}

function compiled(schema: unknown = OBJ, limits?: Partial<Limits>) {
  const c = validateSchema(schema, limits === undefined ? {} : { limits });
  if (!c.ok) throw new Error(`schema refused: ${c.error.message}`);
  return c.value;
}

describe('schema limits: execution_failure naming the limit, its value and what was seen', () => {
  const many = (n: number): Record<string, unknown> =>
    Object.fromEntries(Array.from({ length: n }, (_, i) => [`p${i}`, { type: 'string' }]));
  const rows: { name: keyof Limits; schema: unknown; limits: Partial<Limits>; seen: string; options?: object }[] = [
    {
      name: 'maxSchemaBytes',
      schema: { type: 'object', description: 'x'.repeat(2000) },
      limits: { maxSchemaBytes: 1000 },
      seen: 'seen at least 2',
    },
    {
      name: 'maxSchemaDepth',
      schema: { type: 'object', enum: [nested(10)] },
      limits: { maxSchemaDepth: 8 },
      seen: 'seen at least 9',
    },
    {
      name: 'maxSubschemas',
      schema: { type: 'object', properties: many(20) },
      limits: { maxSubschemas: 10 },
      seen: 'seen at least 11',
    },
    {
      name: 'maxSchemaPointerLength',
      schema: { type: 'object', properties: { [`a${'b'.repeat(40)}`]: { properties: { c: { type: 'string' } } } } },
      limits: { maxSchemaPointerLength: 50 },
      seen: 'seen 53 in the schema at /properties/abbbb',
    },
    {
      name: 'maxSchemaUriLength',
      schema: { type: 'object', $defs: { d: { $anchor: `a${'b'.repeat(40)}` } } },
      limits: { maxSchemaUriLength: 40 },
      seen: 'seen 41 characters in the schema at /$defs/d/$anchor',
    },
    {
      name: 'maxReferences',
      schema: {
        type: 'object',
        $defs: { s: { type: 'string' } },
        properties: Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`r${i}`, { $ref: '#/$defs/s' }])),
      },
      limits: { maxReferences: 4 },
      seen: 'seen at least 5',
    },
  ];
  it.each(rows)('$name', ({ name, schema, limits, seen }) => {
    const r = validateSchema(schema, { limits });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.class).toBe('execution_failure');
    expect(r.error.message).toContain(`limit ${name} exceeded: limit ${limits[name]}`);
    expect(r.error.message).toContain(seen);
    // the same schema passes under the defaults
    expect(validateSchema(schema).ok).toBe(true);
  });

  it('maxDocuments counts documents pulled from registry and loader', () => {
    const schemaRegistry = { 'urn:a': { $ref: 'urn:b' }, 'urn:b': { $ref: 'urn:c' } };
    const schemaLoader = (uri: string) => (uri === 'urn:c' ? { type: 'string' } : undefined);
    const schema = { type: 'object', properties: { x: { $ref: 'urn:a' } } };
    expect(validateSchema(schema, { schemaRegistry, schemaLoader }).ok).toBe(true);
    const r = validateSchema(schema, { schemaRegistry, schemaLoader, limits: { maxDocuments: 2 } });
    expect(r.ok ? 'ok' : r.error.message).toMatch(/^limit maxDocuments exceeded: limit 2, seen 3 documents/);
  });

  it('a registry document is copied under the schema bounds before anything else', () => {
    const schemaRegistry = { 'urn:deep': { enum: [nested(100_000)] } };
    const r = validateSchema({ type: 'object', properties: { x: { $ref: 'urn:deep' } } }, { schemaRegistry });
    expect(r.ok ? 'ok' : `${r.error.class} ${r.error.message}`).toMatch(
      new RegExp(
        '^execution_failure limit maxSchemaDepth exceeded: limit 64, seen at least 65 ' +
          'in registry document .?urn:deep.? at /enum/0/0',
      ),
    );
  });

  it('a 100,000-deep schema and a 50 MB schema are refused by the walk, not by a stack overflow', () => {
    const deep = validateSchema({ type: 'object', default: nested(100_000) });
    expect(deep.ok ? 'ok' : deep.error.message).toMatch(/^limit maxSchemaDepth exceeded/);
    const big = validateSchema({ type: 'object', description: 'x'.repeat(50 * 1024 * 1024) });
    expect(big.ok ? 'ok' : big.error.message).toMatch(
      /^limit maxSchemaBytes exceeded: limit 1048576, seen at least 52428\d\d/,
    );
  });

  it.each([
    { maxArrayItems: 0 },
    { maxArrayItems: -1 },
    { maxArrayItems: 1.5 },
    { maxArrayItems: Number.NaN },
    { maxArraysItems: 5 },
    { maxArrayItems: '5' },
  ])('invalid limits option %j is a validation error, never ignored', (limits) => {
    const r = validateSchema(OBJ, { limits } as never);
    expect(r.ok ? 'ok' : r.error.class).toBe('validation');
  });

  // A key is part of the pointer to every location below it: admission's work on locations grew with it (a
  // 400,000-character key above 300 anyOf branches took 225 s to refuse; meta-errors.ts, compile-cost-graph.ts).
  it('maxSchemaPointerLength refuses a long key at the copy, in registry documents too, cut in its message', () => {
    const key = 'k'.repeat(400_000);
    const schema = {
      type: 'object',
      properties: { [key]: { anyOf: Array.from({ length: 300 }, () => ({ type: 1 })) } },
    };
    const r = validateSchema(schema);
    expect(r.ok ? 'ok' : [r.error.class, r.error.message.length < 400]).toEqual(['execution_failure', true]);
    expect(r.ok ? '' : r.error.message).toMatch(/^limit maxSchemaPointerLength exceeded: limit 2048, seen 400012 /);
    const doc = { $id: 'https://example.test/long', properties: { [key]: { type: 'string' } } };
    const linked = validateSchema({ $ref: 'https://example.test/long' }, { schemaRegistry: { [doc.$id]: doc } });
    expect(linked.ok ? 'ok' : linked.error.message).toMatch(/limit maxSchemaPointerLength exceeded/);
    // The items of an array of leaves are walked without a frame each: their indices count too.
    const ten = validateSchema(
      { enum: Array.from({ length: 10 }, (_, i) => i) },
      { limits: { maxSchemaPointerLength: 7 } },
    );
    expect(ten.ok).toBe(true);
    const eleven = validateSchema(
      { enum: Array.from({ length: 11 }, (_, i) => i) },
      { limits: { maxSchemaPointerLength: 7 } },
    );
    expect(eleven.ok ? 'ok' : eleven.error.message).toBe(
      'limit maxSchemaPointerLength exceeded: limit 7, seen 8 in the schema at /enum/10',
    );
    // At the bound: admitted (its longest pointer, "/properties/<key>/type", 2,048 characters), one past: refused.
    const at = { type: 'object', properties: { ['k'.repeat(2_031)]: { type: 'string' } } };
    expect(validateSchema(at).ok).toBe(true);
    const over = validateSchema({ type: 'object', properties: { ['k'.repeat(2_032)]: { type: 'string' } } });
    expect(over.ok ? 'ok' : over.error.message).toMatch(
      /^limit maxSchemaPointerLength exceeded: limit 2048, seen 2049 /,
    );
  });

  // Resolving and indexing key maps by URIs and anchors, and V8 hashes a string past 16,383 characters by its
  // length alone: a 400,000-character $id over 400 $anchors took 8.6 s to admit, 800 of them longer still.
  it.each([
    { keyword: '$id', at: '/$id', schema: (u: string) => ({ $id: `https://e.test/${u}`, type: 'object' }) },
    { keyword: '$ref', at: '/properties/a/$ref', schema: (u: string) => ({ properties: { a: { $ref: `#/${u}` } } }) },
    { keyword: '$anchor', at: '/$defs/d/$anchor', schema: (u: string) => ({ $defs: { d: { $anchor: u } } }) },
    {
      keyword: '$dynamicAnchor',
      at: '/$defs/d/$dynamicAnchor',
      schema: (u: string) => ({ $defs: { d: { $dynamicAnchor: u } } }),
    },
    { keyword: '$dynamicRef', at: '/items/$dynamicRef', schema: (u: string) => ({ items: { $dynamicRef: `#${u}` } }) },
    { keyword: '$schema', at: '/$schema', schema: (u: string) => ({ $schema: `https://e.test/${u}` }) },
  ])('maxSchemaUriLength bounds $keyword before the schema is indexed', ({ at, schema }) => {
    const r = validateSchema(schema('u'.repeat(400_000)));
    expect(r.ok ? 'ok' : `${r.error.class} ${r.error.message}`).toMatch(
      new RegExp(
        '^execution_failure limit maxSchemaUriLength exceeded: limit 2048, seen 4000\\d\\d characters ' +
          `in the schema at ${at.replaceAll('$', '\\$')}$`,
      ),
    );
  });

  it('maxSchemaUriLength: at the bound admitted, in registry documents and older dialects too', () => {
    const anchor = (n: number) => ({ type: 'object', $defs: { d: { $anchor: `a${'b'.repeat(n - 1)}` } } });
    expect(validateSchema(anchor(2_048)).ok).toBe(true);
    expect(validateSchema(anchor(2_049)).ok ? 'ok' : 'refused').toBe('refused');
    const doc = { $defs: { d: { $anchor: 'x'.repeat(5_000) } }, type: 'string' };
    const linked = validateSchema({ $ref: 'urn:doc' }, { schemaRegistry: { 'urn:doc': doc } });
    expect(linked.ok ? 'ok' : linked.error.message).toBe(
      'limit maxSchemaUriLength exceeded: limit 2048, seen 5000 characters in document urn:doc at /$defs/d/$anchor',
    );
    const legacy = validateSchema(
      { $schema: 'http://json-schema.org/draft-07/schema#', definitions: { d: { $id: `#${'y'.repeat(3_000)}` } } },
      { dialects: ['2020-12', 'draft-07'] },
    );
    expect(legacy.ok ? 'ok' : legacy.error.message).toBe(
      'limit maxSchemaUriLength exceeded: limit 2048, seen 3001 characters in the schema at /definitions/d/$id',
    );
    const legacyDoc = validateSchema(
      { $schema: 'http://json-schema.org/draft-07/schema#', $ref: 'urn:doc7' },
      { dialects: ['2020-12', 'draft-07'], schemaRegistry: { 'urn:doc7': { $id: `urn:${'z'.repeat(3_000)}` } } },
    );
    expect(legacyDoc.ok ? 'ok' : legacyDoc.error.message).toMatch(
      /^limit maxSchemaUriLength exceeded: limit 2048, seen 3004 characters in document urn:doc7 at \/\$id$/,
    );
  });

  it('Infinity lifts a bound on purpose', () => {
    expect(compiled(OBJ, { maxArrayItems: Infinity }).validate({ a: new Array(20_000).fill(1) }).ok).toBe(true);
  });
});

describe('argument limits', () => {
  const rows: { name: keyof Limits; limit: number; args: unknown; seen: string; path: string }[] = [
    { name: 'maxArgumentDepth', limit: 4, args: { a: nested(4) }, seen: 'at least 5', path: '$.a[0][0][0]' },
    {
      name: 'maxArgumentValues',
      limit: 10,
      args: { a: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] },
      seen: 'at least 11',
      path: '$.a[8]',
    },
    { name: 'maxStringLength', limit: 5, args: { a: 'abcdef' }, seen: '6', path: '$.a' },
    { name: 'maxStringLength', limit: 5, args: { abcdef: 1 }, seen: '6', path: '$.abcdef' },
    { name: 'maxObjectProperties', limit: 3, args: { a: 1, b: 2, c: 3, d: 4 }, seen: '4', path: '$' },
    { name: 'maxArrayItems', limit: 3, args: { a: [1, 2, 3, 4] }, seen: '4', path: '$.a' },
  ];
  it.each(rows)('$name at $path', ({ name, limit, args, seen, path }) => {
    const c = compiled(OBJ, { [name]: limit });
    const r = c.validate(args);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.class).toBe('execution_failure');
    expect(r.error.message).toMatch(new RegExp(`^limit ${name} exceeded: limit ${limit}, seen ${seen}`));
    expect(r.error.violations[0]?.path).toBe(path);
    expect(compiled(OBJ).validate(args).ok).toBe(true);
    // validateJSON applies the same limits to the parsed value
    expect(c.validateJSON(JSON.stringify(args)).ok).toBe(false);
  });

  it('maxArgumentBytes refuses a 50 MB text without parsing it', () => {
    const text = `{"a":"${'x'.repeat(50 * 1024 * 1024)}`; // unterminated: a parse would say so
    const r = compiled().validateJSON(text);
    expect(r.ok ? 'ok' : r.error.message).toBe(
      `limit maxArgumentBytes exceeded: limit 4194304, seen ${text.length} characters of JSON text (not parsed)`,
    );
  });

  it('a 100,000-deep array (value or text) is refused without recursion', () => {
    const c = compiled();
    const v = c.validate({ a: nested(100_000) });
    expect(v.ok ? 'ok' : v.error.message).toMatch(
      /^limit maxArgumentDepth exceeded: limit 64, seen at least 65 at \$\.a/,
    );
    const t = c.validateJSON(`{"a":${'['.repeat(100_000)}${']'.repeat(100_000)}}`);
    expect(t.ok ? 'ok' : t.error.message).toMatch(
      /^limit maxArgumentDepth exceeded: limit 64, seen at least 65 levels at offset/,
    );
  });

  it('a sparse array of length 2^32-1 is refused by maxArrayItems before its items are visited', () => {
    const r = compiled().validate({ a: new Array(2 ** 32 - 1) });
    expect(r.ok ? 'ok' : r.error.message).toBe('limit maxArrayItems exceeded: limit 10000, seen 4294967295 at $.a');
  });
});

describe('defaults admit the real corpus with a wide margin', () => {
  it.skipIf(SKIP_CORPUS)(
    'every tool in ../shared/tool-schemas compiles with size and ' +
      `count limits 100 times tighter and depth at the corpus maximum${SKIP_NOTE}`,
    () => {
      const tools = loadCorpus();
      const tight: Partial<Limits> = {
        maxSchemaBytes: DEFAULT_LIMITS.maxSchemaBytes / 100,
        maxSubschemas: DEFAULT_LIMITS.maxSubschemas / 100,
        maxReferences: DEFAULT_LIMITS.maxReferences / 100,
        maxSchemaDepth: 10,
        // The corpus's longest pointer is 122 characters (of an inputSchema: 109).
        maxSchemaPointerLength: 128,
      };
      const refused = tools.filter((t) => {
        const r = validateSchema(t.inputSchema, { limits: tight });
        return !r.ok && r.error.class === 'execution_failure';
      });
      expect(refused.map((t) => t.id)).toEqual([]);
      expect(tools.length).toBe(200);
    },
  );
});
