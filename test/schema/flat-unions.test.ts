// Wide `anyOf`/`oneOf` generate flat code (src/schema/engine/flat-unions.ts). Ajv nested one block per
// branch once evaluated-location tracking was off, and V8 could not run 2,000 nested blocks: such
// schemas were refused at admission as "the engine recursed without end", though nothing recursed.
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { validateSchema, type SchemaOptions } from '../../src/index.js';
import { installFlatUnions } from '../../src/schema/engine/flat-unions.js';

const consts = (n: number): { const: number }[] => Array.from({ length: n }, (_, i) => ({ const: i }));
const tagged = (n: number): object[] =>
  Array.from({ length: n }, (_, i) => ({ type: 'object', properties: { k: { const: i } }, required: ['k'] }));
const tool = (a: object, $schema?: string): object => ({
  ...($schema === undefined ? {} : { $schema }),
  type: 'object',
  properties: { a },
});

// Every failed branch leaves an error, charged once inside a union (step-budget.ts); the branches of a
// function this large are charged more (V8 runs it unoptimised). These tests raise the budget anyway.
// Compiling 3,000 branches passes maxCompileCost (about 1.5 s of admission), so they raise that too.
const limits = { maxValidationSteps: 20_000_000, maxCompileCost: Infinity };
const DIALECTS: { name: string; $schema?: string; options: SchemaOptions }[] = [
  { name: '2020-12', options: { limits } },
  { name: 'draft-07', $schema: 'http://json-schema.org/draft-07/schema#', options: { dialects: ['draft-07'], limits } },
  {
    name: '2019-09',
    $schema: 'https://json-schema.org/draft/2019-09/schema',
    options: { dialects: ['2019-09'], limits },
  },
];

describe.each(DIALECTS)('wide unions are admitted and decide exactly ($name)', ({ $schema, options }) => {
  it('anyOf of 3,000 const branches: first, last and no branch', () => {
    const compiled = validateSchema(tool({ anyOf: consts(3_000) }, $schema), options);
    expect(compiled.ok).toBe(true);
    if (!compiled.ok) return;
    expect(compiled.value.validate({ a: 0 }).ok).toBe(true);
    expect(compiled.value.validate({ a: 2_999 }).ok).toBe(true);
    const miss = compiled.value.validate({ a: 3_000 });
    expect(miss.ok ? 'passed' : miss.error.class).toBe('validation');
  });

  it('oneOf of 3,000 tagged branches: exactly one, none, and two passing', () => {
    const branches = [...tagged(3_000), { type: 'object', properties: { k: { const: 7 } } }];
    const compiled = validateSchema(tool({ oneOf: branches }, $schema), options);
    expect(compiled.ok).toBe(true);
    if (!compiled.ok) return;
    expect(compiled.value.validate({ a: { k: 2_999 } }).ok).toBe(true);
    const none = compiled.value.validate({ a: { k: -1 } });
    expect(none.ok ? 'passed' : none.error.class).toBe('validation');
    // Branch 7 and the last branch both hold: oneOf fails.
    const two = compiled.value.validate({ a: { k: 7 } });
    expect(two.ok ? 'passed' : two.error.message).toMatch(/oneOf|more than one/);
  });
});

it('under the default step budget, 3,000 failed branches get their verdict; a tenth of it stops them', () => {
  const compiled = validateSchema(tool({ anyOf: consts(3_000) }), { limits: { maxCompileCost: Infinity } });
  expect(compiled.ok).toBe(true);
  if (!compiled.ok) return;
  expect(compiled.value.validate({ a: 0 }).ok).toBe(true);
  const miss = compiled.value.validate({ a: -1 });
  expect(miss.ok ? 'passed' : miss.error.class).toBe('validation');
  const tight = validateSchema(tool({ anyOf: consts(3_000) }), {
    limits: { maxValidationSteps: 150_000, maxCompileCost: Infinity },
  });
  const stopped = tight.ok ? tight.value.validate({ a: -1 }) : tight;
  expect(stopped.ok ? 'passed' : `${stopped.error.class} ${stopped.error.message}`).toMatch(
    /^execution_failure limit maxValidationSteps exceeded/,
  );
});

// Ajv's own keywords on an engine configured as toolgate's (all errors, no evaluated tracking), against the same
// engine with the flat keywords: same verdict, same errors in the same order (params.passing included), and the
// same branches run (a counting keyword in every branch).
describe('flat unions give exactly what Ajv gives', () => {
  const engine = (flat: boolean): { ajv: Ajv2020; runs: { n: number } } => {
    const runs = { n: 0 };
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    ajv.opts.unevaluated = false;
    if (flat) installFlatUnions(ajv);
    ajv.addKeyword({
      keyword: 'x-count',
      schemaType: 'boolean',
      validate: () => {
        runs.n++;
        return true;
      },
    });
    return { ajv, runs };
  };
  const S = { type: 'string', 'x-count': true };
  const I = { type: 'integer', 'x-count': true };
  const M3 = { minimum: 3, 'x-count': true };
  const OBJ = { type: 'object', required: ['k'], 'x-count': true };
  const CASES: { schema: object; values: unknown[] }[] = [
    { schema: { anyOf: [S, I, M3] }, values: ['a', 1, 5, 2.5, null, {}] },
    { schema: { oneOf: [S, I, M3] }, values: ['a', 1, 5, 2.5, null, 4.5] },
    { schema: { oneOf: [I, M3, true, S] }, values: ['a', 1, 5, null] },
    { schema: { oneOf: [false, I, false] }, values: [1, 'a'] },
    { schema: { anyOf: [false, I, false] }, values: [1, 'a'] },
    { schema: { allOf: [I], anyOf: [S, M3], oneOf: [OBJ, I] }, values: [1, 5, 'a', { k: 1 }] },
    { schema: { anyOf: [{ oneOf: [S, I] }, { anyOf: [M3, OBJ] }], not: S }, values: [1, 'a', { k: 2 }, 2.5, 7.5] },
    { schema: { items: { oneOf: [I, M3] }, 'x-count': true }, values: [[1, 2, 4, 3.5, 'x'], 'x'] },
  ];
  it.each(CASES)('$schema', ({ schema, values }) => {
    const stock = engine(false);
    const flat = engine(true);
    const a = stock.ajv.compile(schema);
    const b = flat.ajv.compile(schema);
    for (const value of values) {
      const expected = { valid: a(value), errors: a.errors ?? null, runs: stock.runs.n };
      const got = { valid: b(value), errors: b.errors ?? null, runs: flat.runs.n };
      expect(got).toEqual(expected);
    }
  });

  it('2019-09: a oneOf of 2,000 branches is admitted and decides', () => {
    const compiled = validateSchema(tool({ oneOf: tagged(2_000) }, 'https://json-schema.org/draft/2019-09/schema'), {
      dialects: ['2019-09'],
      limits,
    });
    expect(compiled.ok ? 'ok' : compiled.error.message).toBe('ok');
    if (!compiled.ok) return;
    expect(compiled.value.validate({ a: { k: 1_999 } }).ok).toBe(true);
    expect(compiled.value.validate({ a: { k: 2_000 } }).ok).toBe(false);
  });
});

describe('flat unions keep the short circuit and the verdict of small unions', () => {
  it.each([
    { schema: { anyOf: [{ type: 'string' }, { minimum: 3 }] }, value: 5, valid: true },
    { schema: { anyOf: [{ type: 'string' }, { minimum: 3 }] }, value: 1, valid: false },
    { schema: { anyOf: [{ type: 'string' }, true] }, value: 1, valid: true },
    { schema: { oneOf: [{ type: 'integer' }, { minimum: 3 }] }, value: 5, valid: false },
    { schema: { oneOf: [{ type: 'integer' }, { minimum: 3 }] }, value: 2, valid: true },
    { schema: { oneOf: [{ type: 'integer' }, { minimum: 3 }] }, value: 3.5, valid: true },
    { schema: { oneOf: [true, true, { type: 'string' }] }, value: 1, valid: false },
    { schema: { oneOf: [false, true] }, value: 1, valid: true },
  ])('$schema with $value: $valid', ({ schema, value, valid }) => {
    const compiled = validateSchema(tool(schema));
    expect(compiled.ok).toBe(true);
    if (compiled.ok) expect(compiled.value.validate({ a: value }).ok).toBe(valid);
  });
});
