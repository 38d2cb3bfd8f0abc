import { describe, expect, it } from 'vitest';
import { admitBatch } from '../../src/catalog/admission.js';
import { checkProvider } from '../../src/interop/check-provider.js';
import { PROVIDER_NAMES } from '../../src/interop/providers.js';
import { lintSchema } from '../../src/lint/lint.js';
import { validateSchema } from '../../src/schema/compile.js';
import type { Result } from '../../src/result.js';
import { readOnlySchemaCopy } from '../../src/schema/schema-copy.js';
import { DEFAULT_LIMITS } from '../../src/util/limits.js';

/** `levels` nested `{anyOf: [s, s]}` sharing one object below: small in memory, 2^levels as JSON. */
function dag(levels: number): unknown {
  let s: unknown = { type: 'string' };
  for (let i = 0; i < levels; i++) s = { anyOf: [s, s] };
  return { type: 'object', properties: { a: s } };
}

// Every report-only check, each under the same bounds as validateSchema.
const CHECKS: [string, (schema: unknown, options?: object) => Result<unknown>][] = [
  ['lintSchema', (s, o) => lintSchema(s, o)],
  ...PROVIDER_NAMES.map((p): [string, (schema: unknown, options?: object) => Result<unknown>] => [
    `checkProvider ${p}`,
    (s, o) => checkProvider(s, p, o),
  ]),
];

// Regression: lintSchema and checkProvider copied the schema with an unbounded copy, so a 40-level
// DAG (2^40 nodes as JSON) hung them for minutes while validateSchema refused it at once.
describe('report-only checks copy the schema under the schema limits', () => {
  const cases: { name: string; schema: unknown; options?: object; limit: string }[] = [
    { name: 'a 40-level shared-subschema DAG passes maxSchemaDepth', schema: dag(40), limit: 'maxSchemaDepth' },
    {
      name: 'a 25-level shared-subschema DAG passes maxSchemaBytes before its depth',
      schema: dag(25),
      limit: 'maxSchemaBytes',
    },
    {
      name: 'options.limits lowers a bound',
      schema: dag(2),
      options: { limits: { maxSchemaDepth: 3 } },
      limit: 'maxSchemaDepth',
    },
  ];
  for (const [check, run] of CHECKS) {
    it.each(cases)(`${check}: $name`, ({ schema, options, limit }) => {
      const r = run(schema, options);
      expect(r.ok ? 'accepted' : `${r.error.class} ${r.error.message}`).toMatch(
        new RegExp(`^execution_failure limit ${limit} exceeded`),
      );
      // The same verdict validateSchema gives, so a CLI report and an admission agree.
      const v = validateSchema(schema, options);
      expect(v.ok ? 'accepted' : v.error.class).toBe('execution_failure');
    });
  }

  it.each(CHECKS)('%s: a broken limits option is a validation error, never ignored', (_check, run) => {
    const r = run({ type: 'object' }, { limits: { maxSchemaDepth: 0 } });
    expect(r.ok ? 'accepted' : r.error.class).toBe('validation');
  });

  it.each(CHECKS)('%s: Infinity lifts a bound on purpose', (_check, run) => {
    expect(run(dag(40), { limits: { maxSchemaDepth: Infinity } }).ok).toBe(false); // still too large
    expect(run(dag(2), { limits: { maxSchemaDepth: Infinity } }).ok).toBe(true);
  });
});

// Regression guard: once bounded, the report checks inside admission must use the admission's own
// limits, or a schema admitted under lifted limits would be refused by the provider check and lint.
describe('admission runs the report checks under its own limits', () => {
  let deep: unknown = { type: 'string' };
  for (let i = 0; i < 40; i++) deep = { type: 'object', properties: { o: deep } };
  const tool = {
    name: 'deep',
    description: 'd',
    inputSchema: { type: 'object', properties: { a: deep } },
    backend: () => 1,
  };

  it(
    'a schema deeper than the default depth, admitted with ' +
      'a lifted maxSchemaDepth, is provider-checked and linted',
    async () => {
      const r = await admitBatch([tool], {
        provider: 'gemini',
        providerPolicy: 'quarantine',
        limits: { maxSchemaDepth: 200 },
      });
      expect(r.ok ? r.value.accepted : r.error.message).toEqual(['deep']);
      if (r.ok) expect(r.value.warnings).toEqual({ deep: [] });
    },
  );

  it('under the default limits the same schema is refused by validateSchema itself', async () => {
    const r = await admitBatch([tool], { provider: 'gemini' });
    expect(r.ok ? 'admitted' : r.error.message).toMatch(/limit maxSchemaDepth exceeded/);
    expect(r.ok ? '' : r.error.message).not.toMatch(/provider check failed/);
  });
});

// Admission lints the schema it published; copying it again took 67 ms (and, with its garbage, about 300 ms) of a
// 1 MB schema's admission second (bench/adversarial.ts, a 90,000-member `const`). A copy validateSchema made is read
// as it is under the same limits; anything else, a host's frozen object or other limits, is copied and bounded.
describe('readOnlySchemaCopy', () => {
  const schema = { type: 'object', properties: { a: { const: { k: [1, 2] } } } };
  const compiled = validateSchema(schema);
  if (!compiled.ok) throw new Error('compiles');

  it("reads validateSchema's own copy as it is under the same limits", () => {
    const read = readOnlySchemaCopy(compiled.value.schema, DEFAULT_LIMITS);
    expect(read.ok && read.value === compiled.value.schema).toBe(true);
  });

  it('copies and bounds it under other limits', () => {
    const tight = { ...DEFAULT_LIMITS, maxSchemaBytes: 10 };
    const read = readOnlySchemaCopy(compiled.value.schema, tight);
    expect(read.ok).toBe(false);
    const other = readOnlySchemaCopy(compiled.value.schema, { ...DEFAULT_LIMITS, maxSchemaDepth: 50 });
    expect(other.ok && other.value !== compiled.value.schema).toBe(true);
    expect(other.ok && other.value).toEqual(schema);
  });

  it("copies a host's frozen object, whatever it holds", () => {
    const host = Object.freeze({ type: 'string' });
    const read = readOnlySchemaCopy(host, DEFAULT_LIMITS);
    expect(read.ok && read.value !== host).toBe(true);
  });
});
