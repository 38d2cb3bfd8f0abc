// Lint is bounded like admission: oneof-overlap compiles each branch with only the definitions it reaches, and
// its compiles are charged by estimate against maxCompileCost per schema; past it the rule is skipped, and the
// skip is a `lint-skipped` warning of its own, in lintSchema, bundle.warnings and `check` alike.
import { describe, expect, it } from 'vitest';
import { admitBatch } from '../../src/catalog/admission.js';
import { lintSchema } from '../../src/lint/lint.js';
import { definitionsFor } from '../../src/lint/branch-definitions.js';
import type { LintWarning } from '../../src/lint/warning.js';

const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i);
const lint = (schema: unknown, limits?: object): readonly LintWarning[] => {
  const r = lintSchema(schema, limits === undefined ? undefined : { limits });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};
const big = { type: 'object', properties: Object.fromEntries(range(100).map((i) => [`q${i}`, { type: 'string' }])) };
/** oneOfs whose 16 branches each reach a 100-property definition: about 2 s of compiles per oneOf before. */
const heavy = (unions: number): object => ({
  type: 'object',
  $defs: { big },
  properties: Object.fromEntries(
    range(unions).map((k) => [
      `p${k}`,
      { oneOf: range(16).map((i) => ({ allOf: [{ $ref: '#/$defs/big' }, { required: [`q${i}`] }] })) },
    ]),
  ),
});

describe('a lint rule that would pass its budget is skipped, with a warning that says so', () => {
  it('lintSchema reports lint-skipped at each oneOf it did not check', () => {
    const skipped = lint(heavy(3)).filter((w) => w.rule === 'lint-skipped');
    expect(skipped.map((w) => w.schemaPath)).toEqual([
      '/properties/p0/oneOf',
      '/properties/p1/oneOf',
      '/properties/p2/oneOf',
    ]);
    expect(skipped[0]?.message).toMatch(
      /^lint rule oneof-overlap was skipped here: .* \(maxCompileCost 400000, 0 spent/,
    );
  });

  it('the budget is the schema limits option: raised, the rule runs and finds nothing to skip', () => {
    expect(lint(heavy(1), { maxCompileCost: 100_000_000 }).some((w) => w.rule === 'lint-skipped')).toBe(false);
  });

  it('bundle.warnings carries the skip too, for a tool admission accepts', async () => {
    // 409 schema objects admit; the branches compiled one by one cost more than the whole schema.
    const unions = {
      type: 'object',
      properties: Object.fromEntries(
        range(24).map((k) => [`p${k}`, { oneOf: range(16).map((i) => ({ type: 'string', minLength: i + k })) }]),
      ),
    };
    const r = await admitBatch([{ name: 't', description: 'd', inputSchema: unions, backend: () => null }]);
    expect(r.ok).toBe(true);
    const rules = new Set(r.ok ? r.value.warnings['t']?.map((w) => w.rule) : []);
    expect([...rules]).toContain('lint-skipped');
  });

  it('an overlap is still found through a definition', () => {
    const schema = {
      type: 'object',
      $defs: { s: { type: 'string' }, unused: { type: 'object', properties: { u: { type: 'integer' } } } },
      properties: { a: { oneOf: [{ $ref: '#/$defs/s' }, { type: 'string', maxLength: 5 }] } },
    };
    expect(lint(schema).map((w) => w.rule)).toEqual(['oneof-overlap']);
  });
});

describe('definitionsFor: a branch keeps only the definitions it reaches', () => {
  const root = {
    $defs: { a: { $ref: '#/$defs/b' }, b: { type: 'string' }, c: { type: 'integer' } },
    definitions: { d: { type: 'null' } },
  };

  it.each([
    { name: 'transitively', branch: { $ref: '#/$defs/a' }, keeps: { $defs: { a: root.$defs.a, b: root.$defs.b } } },
    {
      name: 'from both holders',
      branch: { anyOf: [{ $ref: '#/$defs/c' }, { $ref: '#/definitions/d' }] },
      keeps: {
        $defs: { c: root.$defs.c },
        definitions: root.definitions,
      },
    },
    { name: 'none without references', branch: { type: 'string' }, keeps: {} },
    { name: 'every one behind an anchor or another document', branch: { $ref: '#x' }, keeps: root },
  ])('$name', ({ branch, keeps }) => {
    expect(definitionsFor(branch, root)).toEqual(keeps);
  });
});

describe('a long array in a schema does not overflow the stack (no spread of one argument per element)', () => {
  const long = range(200_000).map(() => 0);
  it.each([
    { name: 'in enum data', branch: { enum: long, $ref: '#/$defs/c' } },
    { name: 'in an unknown keyword', branch: { 'x-data': long, $ref: '#/$defs/c' } },
  ])('$name', ({ branch }) => {
    const root = { $defs: { c: { type: 'integer' } } };
    expect(definitionsFor(branch, root)).toEqual({ $defs: root.$defs });
  });

  it('a $ref key inside enum data is data, not a reference', () => {
    const root = { $defs: { c: { type: 'integer' } } };
    expect(definitionsFor({ enum: [{ $ref: '#/$defs/c' }] }, root)).toEqual({});
  });
});

// Two rules that compile nothing cost past the admission promise on hostile schemas (a hunt): duplicate-branch wrote
// every branch out as canonical JSON at every level it was nested in (30 levels around a 90,000-member const: 3 s),
// required-but-closed analysed and compiled each pattern again for every required name (40,000 names, 100
// patterns: 5 s). Each now does its work once, and what is left past the budget is skipped with a warning.
describe('rules that compile nothing are bounded too', () => {
  it('duplicate-branch still finds a duplicate, and compares branches alike in shape within the budget', () => {
    expect(lint({ anyOf: [{ type: 'string' }, { type: 'string' }] }).map((w) => w.rule)).toEqual(['duplicate-branch']);
    const data = (n: number, last: number): unknown => ({ const: [...range(n), last] });
    // Alike in shape (a `const` of as many members), told apart only by their whole text.
    const alike = lint({ anyOf: [data(300_000, 1), data(300_000, 2)] }, { maxSchemaBytes: 100_000_000 });
    expect(alike.map((w) => [w.rule, w.schemaPath])).toEqual([['lint-skipped', '/anyOf/1']]);
    expect(alike[0]?.message).toMatch(/^lint rule duplicate-branch was skipped here/);
    expect(lint({ anyOf: [data(100, 1), data(100, 1)] }).map((w) => w.rule)).toEqual(['duplicate-branch']);
  });

  it('duplicate-branch finds the one repeat among many branches alike in shape', () => {
    const branches = [...range(2_000).map((i) => ({ const: [i] })), { const: [7] }];
    expect(lint({ anyOf: branches }).map((w) => [w.rule, w.message])).toEqual([
      ['duplicate-branch', '"anyOf" branch 2000 is the same as branch 7'],
    ]);
  });

  it('required-but-closed tries every name against every pattern within the budget', () => {
    const schema = (names: number): object => ({
      type: 'object',
      additionalProperties: false,
      patternProperties: Object.fromEntries(range(100).map((i) => [`^p${i}x$`, {}])),
      required: range(names).map((i) => `n${i}`),
    });
    expect(lint(schema(10)).filter((w) => w.rule === 'required-but-closed')).toHaveLength(10);
    const over = lint(schema(5_000));
    expect(over.map((w) => [w.rule, w.schemaPath])).toEqual([['lint-skipped', '/required']]);
  });
});
