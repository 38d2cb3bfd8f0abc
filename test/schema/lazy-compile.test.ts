// compile: 'lazy' decides every verdict at admission exactly as 'eager' does (src/schema/deferral.ts): the same
// success or the same refusal (class, message, violations) for every schema, and the same answer to every call
// once the deferred validator is compiled. Run over the real tool corpus, the official suite (every dialect) and
// hostile schemas built to the limits and to the engine's refusals. The compile cache is emptied before each
// side, so each compiles on its own.
import { describe, expect, it } from 'vitest';
import type { Result } from '../../src/result.js';
import { compileCounters, compileSchema } from '../../src/schema/compile.js';
import { clearCache } from '../../src/schema/compile-cache.js';
import type { SchemaOptions } from '../../src/schema/options.js';
import { corpusOrSkip, loadCorpus, SKIP_NOTE } from '../fixtures/tool-corpus.js';
import { LEGACY_RUNS, legacyCases } from '../suite/legacy-runs.js';
import { RUNS } from '../suite/runs.js';
import { loadCases, remoteRegistry, type SuiteCase } from '../suite/suite.js';

/** What a result says, as plain data: a success, or the whole error but its cause. */
const verdict = (r: Result<unknown>): unknown =>
  r.ok
    ? 'ok'
    : {
        class: r.error.class,
        message: r.error.message,
        violations: r.error.violations,
        kind: r.error.kind,
        limit: r.error.limit,
      };

interface Sides {
  readonly eager: unknown;
  readonly lazy: unknown;
  /** The lazy side admitted the schema without compiling it. */
  readonly deferred: boolean;
}

/** One schema under both modes: its admission verdict, then its answer to each value. */
function bothModes(schema: unknown, options: SchemaOptions, values: readonly unknown[], toolRoot: boolean): Sides {
  const side = (compile: 'eager' | 'lazy'): { said: unknown; compiles: number } => {
    clearCache();
    const before = compileCounters().compiles;
    const admitted = compileSchema(schema, { ...options, compile }, { toolRoot });
    const compiles = compileCounters().compiles - before;
    const calls = admitted.ok ? values.map((v) => verdict(admitted.value.validate(v))) : [];
    return { said: { admission: verdict(admitted), calls }, compiles };
  };
  const lazy = side('lazy');
  const eager = side('eager');
  const admitted = (lazy.said as { admission: unknown }).admission === 'ok';
  return { eager: eager.said, lazy: lazy.said, deferred: admitted && lazy.compiles === 0 };
}

/** Each group of suite cases once: its schema and every test's data. */
function groups(cases: readonly SuiteCase[]): { id: string; schema: unknown; data: unknown[] }[] {
  const byGroup = new Map<string, { id: string; schema: unknown; data: unknown[] }>();
  for (const c of cases) {
    const id = `${c.file} › ${c.group}`;
    const g = byGroup.get(id) ?? { id, schema: c.schema, data: [] };
    g.data.push(c.data);
    byGroup.set(id, g);
  }
  return [...byGroup.values()];
}

const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i);
const nest = (depth: number): unknown => {
  let s: unknown = { type: 'string' };
  for (let i = 0; i < depth; i++) s = { type: 'object', properties: { x: s } };
  return s;
};
const protoProperties = (): Record<string, unknown> => {
  const properties: Record<string, unknown> = { a: { type: 'string' } };
  Object.defineProperty(properties, '__proto__', { value: { type: 'number' }, enumerable: true, writable: true });
  return { type: 'object', properties };
};

/** Hostile schemas: at and past each limit, and what the gates or the engine refuse. */
const HOSTILE: readonly { name: string; schema: unknown; options?: SchemaOptions; values?: unknown[] }[] = [
  { name: 'nested to the depth limit', schema: { type: 'object', properties: { x: nest(30) } } },
  { name: 'nested past the depth limit', schema: { type: 'object', properties: { x: nest(70) } } },
  {
    name: 'nested deeper with maxSchemaDepth lifted (compiled at admission)',
    schema: { type: 'object', properties: { x: nest(200) } },
    options: { limits: { maxSchemaDepth: 1000 } },
  },
  {
    name: 'anyOf of 2,000 branches',
    schema: { type: 'object', properties: { a: { anyOf: range(2000).map((i) => ({ const: i })) } } },
    values: [{ a: 5 }, { a: -1 }],
  },
  {
    name: 'enum of 20,000 values (past the deferrable cost)',
    schema: { type: 'object', properties: { a: { enum: range(20_000) } } },
    values: [{ a: 5 }, { a: -1 }],
  },
  {
    name: 'allOf of 450 multipleOf',
    schema: { type: 'object', properties: { a: { allOf: range(450).map((i) => ({ multipleOf: i + 1 })) } } },
  },
  {
    name: 'over maxCompileCost',
    schema: { type: 'object', properties: { a: { allOf: range(3000).map((i) => ({ multipleOf: i + 1 })) } } },
  },
  {
    name: 'in-place DAG of $refs',
    schema: {
      type: 'object',
      properties: { x: { $ref: '#/$defs/L0' } },
      $defs: Object.fromEntries([
        ...range(30).map((i) => [`L${i}`, { allOf: [{ $ref: `#/$defs/L${i + 1}` }, { $ref: `#/$defs/L${i + 1}` }] }]),
        ['L30', { type: 'integer' }],
      ]),
    },
  },
  { name: 'quadratic pattern', schema: { type: 'object', properties: { a: { pattern: '^(a|a)*$' } } } },
  { name: 'cubic pattern', schema: { type: 'object', properties: { a: { pattern: '^a*a*a*b$' } } } },
  { name: 'invalid pattern', schema: { type: 'object', properties: { a: { pattern: '(' } } } },
  { name: 'enum: [] rewritten', schema: { type: 'object', properties: { a: { enum: [] } } }, values: [{ a: 1 }, {}] },
  { name: '__proto__ in properties', schema: protoProperties(), values: [JSON.parse('{"__proto__": "s"}'), {}] },
  {
    name: 'nullable (acted on by Ajv)',
    schema: { type: 'object', properties: { a: { type: 'string', nullable: true } } },
  },
  { name: '$async', schema: { type: 'object', $async: true } },
  // Raw Ajv throws at compile on these two; toolgate makes `nullable` inert before the engine sees it.
  {
    name: 'nullable: false beside type null',
    schema: { type: 'object', properties: { a: { type: 'null', nullable: false } } },
  },
  { name: 'nullable without type', schema: { type: 'object', properties: { a: { nullable: true } } } },
  {
    name: 'recursive $ref',
    schema: {
      type: 'object',
      properties: { t: { $ref: '#/$defs/t' } },
      $defs: { t: { type: 'array', items: { $ref: '#/$defs/t' } } },
    },
    values: [{ t: [[[]]] }, { t: [1] }],
  },
  {
    name: '$dynamicRef',
    schema: {
      $id: 'https://example.com/tree',
      $dynamicAnchor: 'node',
      type: 'object',
      properties: { kids: { type: 'array', items: { $dynamicRef: '#node' } } },
    },
  },
  { name: 'unresolved $ref', schema: { type: 'object', properties: { a: { $ref: '#/$defs/none' } } } },
  { name: 'relative $id', schema: { $id: 'dir/root', type: 'object', properties: { a: { $ref: 'other' } } } },
  {
    name: 'unevaluatedProperties',
    schema: { type: 'object', properties: { a: true }, unevaluatedProperties: false },
    values: [{ a: 1 }, { b: 1 }],
  },
  {
    name: 'unknown format asserted',
    schema: { type: 'object', properties: { a: { type: 'string', format: 'no-such-format' } } },
    options: { formatAssertion: true },
  },
  {
    name: 'formats asserted',
    schema: { type: 'object', properties: { a: { format: 'date-time' }, b: { format: 'regex' } } },
    options: { formatAssertion: true },
    values: [{ a: '2020-01-01T00:00:00Z', b: '^a' }, { a: 'x' }, { b: '(' }],
  },
  {
    name: 'content asserted',
    schema: { type: 'object', properties: { a: { contentMediaType: 'application/json', contentEncoding: 'base64' } } },
    options: { contentAssertion: true },
    values: [{ a: 'e30=' }, { a: '!!' }],
  },
  { name: 'unknown keyword rejected', schema: { type: 'object', 'x-ui': 1 }, options: { unknownKeywords: 'reject' } },
  { name: 'a 2019-09 keyword', schema: { type: 'object', $recursiveRef: '#' } },
  { name: 'a disabled dialect', schema: { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object' } },
  {
    name: 'draft-07 on its own engine',
    schema: {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: { a: { type: 'string' } },
    },
    options: { dialects: ['2020-12', 'draft-07'] },
    values: [{ a: 's' }, { a: 1 }],
  },
  {
    name: 'a custom meta-schema leaving validation out',
    schema: { $schema: 'https://example.com/meta', type: 'object', properties: { a: { minimum: 'x' } } },
    options: {
      schemaRegistry: {
        'https://example.com/meta': {
          $schema: 'https://json-schema.org/draft/2020-12/schema',
          $id: 'https://example.com/meta',
          $vocabulary: {
            'https://json-schema.org/draft/2020-12/vocab/core': true,
            'https://json-schema.org/draft/2020-12/vocab/applicator': true,
          },
        },
      },
    },
  },
  { name: 'not an object root', schema: { type: 'string' } },
  { name: 'a boolean root', schema: true },
  {
    name: 'a property named after an inherited member',
    schema: { type: 'object', required: ['toString'] },
    values: [{}, { toString: 1 }],
  },
];

describe('compile: lazy gives the same verdicts as eager', () => {
  it.each(HOSTILE.map((h) => [h.name, h] as const))('hostile: %s', (_name, h) => {
    const values = h.values ?? [{}, { a: 1 }, { a: 'x' }];
    const sides = bothModes(h.schema, h.options ?? {}, values, true);
    expect(sides.lazy).toEqual(sides.eager);
  });

  it('the hostile schemas deferred: only small ones without references, none refused', () => {
    const deferred = HOSTILE.filter((h) => bothModes(h.schema, h.options ?? {}, [], true).deferred).map((h) => h.name);
    // Past the deferrable cost, deeper than the default limits, with references or identifiers, or refused:
    // decided at admission, compiled there.
    expect(deferred).toEqual([
      'nested to the depth limit',
      'enum: [] rewritten',
      '__proto__ in properties',
      'nullable (acted on by Ajv)',
      '$async',
      'nullable: false beside type null',
      'nullable without type',
      'formats asserted',
      'content asserted',
      'a custom meta-schema leaving validation out',
      'a property named after an inherited member',
    ]);
  });

  it(`the real tool corpus${SKIP_NOTE}`, (ctx) => {
    corpusOrSkip(ctx);
    let deferred = 0;
    const corpus = loadCorpus();
    for (const tool of corpus) {
      const sides = bothModes(tool.inputSchema, {}, [{}, { a: 1 }], true);
      expect(sides.lazy, tool.id).toEqual(sides.eager);
      if (sides.deferred) deferred++;
    }
    // Most real tools have no references and are small: their compile waits for their first call.
    expect(deferred).toBeGreaterThan(corpus.length / 2);
  });

  const runs = [
    ...RUNS.map((r) => ({ name: r.name, cases: () => loadCases(r.dir, r.files), options: r.options })),
    ...LEGACY_RUNS.map((r) => ({ name: r.name, cases: () => legacyCases(r), options: r.options })),
  ];
  it.each(runs.map((r) => [r.name, r] as const))('the official suite: %s', (_name, run) => {
    const options = { ...run.options, schemaRegistry: remoteRegistry() };
    let deferred = 0;
    const all = groups(run.cases());
    for (const g of all) {
      const sides = bothModes(g.schema, options, g.data, false);
      expect(sides.lazy, g.id).toEqual(sides.eager);
      if (sides.deferred) deferred++;
    }
    if (!run.name.startsWith('draft7') && !run.name.startsWith('2019-09')) expect(deferred).toBeGreaterThan(0);
  });
});
