// The compiled-schema cache: one least-recently-used cache for every dialect, one entry per schema,
// sized by configureCache, emptied by clearCache; admission counts its hits per tool for every dialect.
import { afterEach, describe, expect, it } from 'vitest';
import { admitBatch, clearCache, configureCache, DEFAULT_CACHE_SIZE, validateSchema } from '../../src/index.js';
import { compileCounters, estimatedCost } from '../../src/schema/compile.js';
import { DEFAULT_CACHE_BYTES, entryBytes } from '../../src/schema/compile-cache.js';

afterEach(() => {
  expect(configureCache({ size: DEFAULT_CACHE_SIZE, maxBytes: DEFAULT_CACHE_BYTES })).toEqual({
    ok: true,
    value: { size: DEFAULT_CACHE_SIZE, maxBytes: DEFAULT_CACHE_BYTES },
  });
});

let serial = 0;
/** A schema no other test compiles. */
const fresh = (extra: object = {}): object => ({
  type: 'object',
  properties: { [`cache_${serial++}`]: { type: 'integer' } },
  ...extra,
});
const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';
const DRAFT_2019 = 'https://json-schema.org/draft/2019-09/schema';
const LEGACY = { dialects: ['2020-12', '2019-09', 'draft-07'] } as const;

/** Engine compiles and cache hits that `run` causes. */
function counted(run: () => void): { compiles: number; hits: number } {
  const before = compileCounters();
  run();
  const after = compileCounters();
  return { compiles: after.compiles - before.compiles, hits: after.hits - before.hits };
}

describe('one entry per schema, least recently used evicted first', () => {
  it('a schema adds one entry, whatever its dialect', () => {
    for (const extra of [{}, { $schema: DRAFT_07 }, { $schema: DRAFT_2019 }]) {
      const before = compileCounters().size;
      expect(validateSchema(fresh(extra), LEGACY).ok).toBe(true);
      expect(compileCounters().size - before).toBe(1);
    }
  });

  it('a hit makes a schema the most recently used: it survives the eviction that takes an older one', () => {
    clearCache();
    expect(configureCache({ size: 3 }).ok).toBe(true);
    const [a, b, c, d] = [fresh(), fresh(), fresh(), fresh()];
    expect(
      counted(() => {
        for (const s of [a, b, c]) validateSchema(s);
      }),
    ).toEqual({ compiles: 3, hits: 0 });
    expect(counted(() => validateSchema(a))).toEqual({ compiles: 0, hits: 1 });
    expect(counted(() => validateSchema(d))).toEqual({ compiles: 1, hits: 0 });
    // b was the least recently used, so d took its place.
    expect(
      counted(() => {
        for (const s of [a, c, d]) validateSchema(s);
      }),
    ).toEqual({ compiles: 0, hits: 3 });
    expect(counted(() => validateSchema(b))).toEqual({ compiles: 1, hits: 0 });
  });

  // Regression: two keys per schema in a first-in-first-out map of 2,000 kept only about 1,000 schemas.
  it('a catalog as large as the cache is re-admitted without a compile, for every dialect', async () => {
    clearCache();
    expect(configureCache({ size: 30 }).ok).toBe(true);
    const tools = Array.from({ length: 30 }, (_, i) => ({
      name: `t${i}`,
      description: 'd',
      inputSchema: fresh(i % 3 === 0 ? {} : { $schema: i % 3 === 1 ? DRAFT_07 : DRAFT_2019 }),
      backend: () => null,
    }));
    const cold = await admitBatch(tools, LEGACY);
    const warm = await admitBatch(tools, LEGACY);
    expect(cold.ok && cold.value.stats).toMatchObject({ tools: 30, compiled: 30, reused: 0 });
    expect(warm.ok && warm.value.stats).toMatchObject({ tools: 30, compiled: 0, reused: 30 });
  });

  it('clearCache empties it: the next admission compiles again, and schemas handed out keep working', () => {
    const schema = fresh({ required: ['x'] });
    const first = validateSchema(schema);
    expect(counted(() => validateSchema(schema))).toEqual({ compiles: 0, hits: 1 });
    clearCache();
    expect(compileCounters().size).toBe(0);
    expect(counted(() => validateSchema(schema))).toEqual({ compiles: 1, hits: 0 });
    expect(first.ok && first.value.validate({}).ok).toBe(false);
    expect(first.ok && first.value.validate({ x: 1 }).ok).toBe(true);
  });

  it('size 0 turns the cache off; a smaller size evicts at once', () => {
    const schema = fresh();
    validateSchema(schema);
    expect(configureCache({ size: 0 }).ok).toBe(true);
    expect(compileCounters().size).toBe(0);
    expect(
      counted(() => {
        for (const s of [schema, schema]) validateSchema(s);
      }),
    ).toEqual({ compiles: 2, hits: 0 });
  });

  it('a schema that needed the registry is cached by every document it used', () => {
    const uri = 'https://example.test/cache-registry';
    const root = fresh({ properties: { r: { $ref: uri } } });
    const with1 = { schemaRegistry: { [uri]: { type: 'string' } } };
    const with2 = { schemaRegistry: { [uri]: { type: 'integer' } } };
    expect(counted(() => validateSchema(root, with1))).toEqual({ compiles: 1, hits: 0 });
    expect(counted(() => validateSchema(root, with1))).toEqual({ compiles: 0, hits: 1 });
    // Another registry document under the same URI is another schema: compiled, never the first one's validator.
    let other: ReturnType<typeof validateSchema> | undefined;
    expect(counted(() => (other = validateSchema(root, with2)))).toEqual({ compiles: 1, hits: 0 });
    expect(other?.ok && other.value.validate({ r: 5 }).ok).toBe(true);
  });

  it('a disabled dialect is refused even when the same schema was compiled with it enabled', () => {
    const schema = fresh({ $schema: DRAFT_07 });
    expect(validateSchema(schema, LEGACY).ok).toBe(true);
    const r = validateSchema(schema);
    expect(r.ok === false && r.error.class).toBe('unsupported_capability');
  });
});

describe('the cache is bounded in estimated bytes as well as entries', () => {
  const enumOf = (n: number): object => ({
    type: 'object',
    description: `cache_${serial++}`,
    properties: { e: { enum: Array.from({ length: n }, (_, i) => `v${i}`) } },
  });

  it('entryBytes grows with the schema text and its objects', () => {
    expect(entryBytes('{}')).toBeLessThan(entryBytes(`{${'x'.repeat(1000)}}`));
    expect(entryBytes('{"a":1}')).toBeLessThan(entryBytes('{"a":{"b":{}}}'));
  });

  // A hunt's find: Ajv compiles a `$ref` target again where each reference stands, so 1.6 KB of text held 1.1 MB
  // while the key's text said 87 KB, and the 256 MiB bound could hold some 3 GB. Charged by compile cost too now.
  it('an entry whose $ref targets Ajv copies in is charged what its copies hold', () => {
    clearCache();
    const props = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`p${i}`, { type: 'string', maxLength: i }]));
    const refs = Object.fromEntries(Array.from({ length: 29 }, (_, r) => [`r${r}`, { $ref: '#/$defs/d' }]));
    const schema = {
      type: 'object',
      description: `cache_${serial++}`,
      properties: refs,
      $defs: { d: { properties: props } },
    };
    const before = compileCounters().bytes;
    const c = validateSchema(schema);
    if (!c.ok) return expect.unreachable(c.error.message);
    const charged = compileCounters().bytes - before;
    expect(charged).toBeGreaterThanOrEqual(4 * (estimatedCost(c.value) ?? 0));
    // Measured: 1.1 MB held (BENCHMARKS.md); the key's text alone said under 100 KB.
    expect(charged).toBeGreaterThan(1_000_000);
    expect(entryBytes(JSON.stringify(schema))).toBeLessThan(100_000);
  });

  it('a total past maxBytes evicts the least recently used, however few entries there are', () => {
    clearCache();
    expect(configureCache({ maxBytes: 1_000_000 }).ok).toBe(true);
    const schemas = [enumOf(10_000), enumOf(10_000), enumOf(10_000)];
    for (const s of schemas) expect(validateSchema(s).ok).toBe(true);
    const after = compileCounters();
    // Each entry is estimated at about 400 KB: two fit, never three.
    expect(after.bytes).toBeLessThanOrEqual(1_000_000);
    expect(after.size).toBeGreaterThan(0);
    expect(after.size).toBeLessThan(3);
    expect(counted(() => validateSchema(schemas[2]))).toEqual({ compiles: 0, hits: 1 });
    expect(counted(() => validateSchema(schemas[0]))).toEqual({ compiles: 1, hits: 0 });
  });

  it('an entry larger than maxBytes is not kept; clearCache returns the count to zero', () => {
    clearCache();
    expect(configureCache({ maxBytes: 10_000 }).ok).toBe(true);
    expect(validateSchema(enumOf(5_000)).ok).toBe(true);
    expect(compileCounters()).toMatchObject({ size: 0, bytes: 0 });
    expect(configureCache({ maxBytes: DEFAULT_CACHE_BYTES }).ok).toBe(true);
    expect(validateSchema(fresh()).ok).toBe(true);
    expect(compileCounters().bytes).toBeGreaterThan(0);
    clearCache();
    expect(compileCounters().bytes).toBe(0);
  });

  it('maxBytes must be a whole number from 0 to 2^53-1', () => {
    const r = configureCache({ maxBytes: -5 });
    expect(r.ok === false && r.error.message).toMatch(/maxBytes must be a whole number from 0 to 9007199254740991/);
  });
});

describe('configureCache reads its options as plain data and refuses a size it cannot use', () => {
  it.each([
    { name: 'negative', options: { size: -1 }, message: /size must be a whole number from 0 to 2147483647, got -1/ },
    { name: 'fraction', options: { size: 1.5 }, message: /got 1\.5/ },
    { name: 'NaN', options: { size: Number.NaN }, message: /got NaN/ },
    { name: 'Infinity', options: { size: Infinity }, message: /got Infinity/ },
    { name: 'a string', options: { size: '10' }, message: /got "10"/ },
    {
      name: 'a getter (never run)',
      options: Object.defineProperty({}, 'size', {
        enumerable: true,
        get: () => {
          throw new Error('ran');
        },
      }),
      message: /"size" is not a plain data property/,
    },
  ])('$name', ({ options, message }) => {
    const before = configureCache({}).ok;
    const r = configureCache(options as never);
    expect(before).toBe(true);
    expect(r.ok === false && r.error.class).toBe('validation');
    expect(r.ok === false && r.error.message).toMatch(message);
    expect(configureCache({})).toEqual({
      ok: true,
      value: { size: DEFAULT_CACHE_SIZE, maxBytes: DEFAULT_CACHE_BYTES },
    });
  });
});
