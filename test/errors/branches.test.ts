import type { ErrorObject } from 'ajv';
import { describe, expect, it } from 'vitest';
import { selectBranches } from '../../src/errors/branches.js';
import { formatForModel } from '../../src/errors/format.js';
import { validateSchema } from '../../src/index.js';

function lines(schema: object, args: unknown): string[] {
  const c = validateSchema(schema);
  if (!c.ok) throw new Error(`fixture schema refused: ${c.error.message}`);
  const r = c.value.validate(args);
  if (r.ok) throw new Error('fixture arguments unexpectedly valid');
  return formatForModel('t', r.error).split('\n').slice(1);
}

const circle = {
  type: 'object',
  properties: { kind: { const: 'circle' }, r: { type: 'number' } },
  required: ['kind', 'r'],
};
const rect = {
  type: 'object',
  properties: { kind: { const: 'rect' }, w: { type: 'number' }, h: { type: 'number' } },
  required: ['kind', 'w', 'h'],
};
const shapeInline = { type: 'object', properties: { shape: { oneOf: [circle, rect] } } };
const shapeByRef = {
  type: 'object',
  $defs: { circle, rect },
  properties: { shape: { oneOf: [{ $ref: '#/$defs/circle' }, { $ref: '#/$defs/rect' }] } },
};

describe('oneOf/anyOf report the closest branch', () => {
  it.each([
    ['inline branches', shapeInline],
    ['branches given by $ref', shapeByRef],
  ])('a const discriminator picks the branch (%s) even when another has fewer violations', (_label, schema) => {
    // The rect branch has 2 violations (h missing, w wrong), the circle branch 2 as well (kind, r);
    // give rect a third so only the discriminator can explain choosing it.
    expect(lines(schema, { shape: { kind: 'rect', w: 'x', d: 1 } })).toEqual([
      '$.shape: matches 0 of 2 "oneOf" branches; showing why the closest (branch 2) fails',
      '$.shape: missing required property "h"',
      '$.shape.w: expected number, got string',
    ]);
  });

  it('an enum discriminator counts too', () => {
    const schema = {
      type: 'object',
      properties: {
        p: {
          anyOf: [
            {
              type: 'object',
              properties: { op: { enum: ['add', 'sub'] }, n: { type: 'integer' } },
              required: ['op', 'n'],
            },
            { type: 'object', properties: { op: { enum: ['neg'] } }, required: ['op'], additionalProperties: false },
          ],
        },
      },
    };
    expect(lines(schema, { p: { op: 'sub' } })).toEqual([
      '$.p: matches 0 of 2 "anyOf" branches; showing why the closest (branch 1) fails',
      '$.p: missing required property "n"',
    ]);
  });

  it('without a discriminator the branch with the fewest violations wins', () => {
    const schema = {
      type: 'object',
      properties: {
        v: {
          anyOf: [
            { type: 'object', required: ['a', 'b', 'c'] },
            { type: 'object', required: ['a'], properties: { x: { type: 'string' } } },
          ],
        },
      },
    };
    expect(lines(schema, { v: { x: 1 } })).toEqual([
      '$.v: matches 0 of 2 "anyOf" branches; showing why the closest (branch 2) fails',
      '$.v: missing required property "a"',
      '$.v.x: expected string, got integer',
    ]);
  });

  it('on a tie the first branch wins', () => {
    expect(
      lines({ type: 'object', properties: { v: { oneOf: [{ type: 'string' }, { type: 'number' }] } } }, { v: true }),
    ).toEqual([
      '$.v: expected string, got boolean',
      '$.v: matches 0 of 2 "oneOf" branches; showing why the closest (branch 1) fails',
    ]);
  });

  it('a value matching several oneOf branches is one line, no branch errors', () => {
    expect(
      lines(
        { type: 'object', properties: { v: { oneOf: [{ type: 'number' }, { type: 'integer' }, { type: 'string' }] } } },
        { v: 1 },
      ),
    ).toEqual(['$.v: matches at least 2 of 3 "oneOf" branches (1 and 2); exactly one must match']);
  });

  it('nested combinators are reduced inside the chosen branch', () => {
    const schema = {
      type: 'object',
      properties: {
        v: {
          oneOf: [
            {
              type: 'object',
              properties: { kind: { const: 'a' }, x: { anyOf: [{ type: 'string' }, { type: 'boolean' }] } },
              required: ['kind'],
            },
            { type: 'object', properties: { kind: { const: 'b' } }, required: ['kind', 'y'] },
          ],
        },
      },
    };
    expect(lines(schema, { v: { kind: 'a', x: 1 } })).toEqual([
      '$.v: matches 0 of 2 "oneOf" branches; showing why the closest (branch 1) fails',
      '$.v.x: expected string, got integer',
      '$.v.x: matches 0 of 2 "anyOf" branches; showing why the closest (branch 1) fails',
    ]);
  });

  it('never dumps every branch of a wide oneOf', () => {
    const branches = Array.from({ length: 30 }, (_, i) => ({
      type: 'object',
      properties: { kind: { const: `k${i}` }, n: { type: 'integer' } },
      required: ['kind', 'n'],
    }));
    const out = lines({ type: 'object', properties: { v: { oneOf: branches } } }, { v: { kind: 'k17', n: 'x' } });
    expect(out).toEqual([
      '$.v: matches 0 of 30 "oneOf" branches; showing why the closest (branch 18) fails',
      '$.v.n: expected integer, got string',
    ]);
  });

  it('a failed contains does not list every item that missed it', () => {
    expect(
      lines(
        { type: 'object', properties: { a: { contains: { type: 'number' }, minContains: 2 } } },
        { a: ['x', 'y', 1] },
      ),
    ).toEqual(['$.a: must contain at least 2 items matching "contains"']);
  });
});

describe('branch selection stays linear in the errors', () => {
  /** Ajv-shaped errors of a failed `anyOf` of `n` const branches at `at`, then the anyOf error itself. */
  const failedAnyOf = (n: number, at: string, schemaPath: string): ErrorObject[] => [
    ...Array.from({ length: n }, (_, i) => ({
      instancePath: at,
      schemaPath: `${schemaPath}/${i}/const`,
      keyword: 'const',
      params: { allowedValue: i },
      message: 'must be equal to constant',
    })),
    { instancePath: at, schemaPath, keyword: 'anyOf', params: {}, message: 'must match a schema in anyOf' },
  ];

  it('9,000 branches: one pass over the errors, the closest branch shown', () => {
    const schema = {
      type: 'object',
      properties: { a: { anyOf: Array.from({ length: 9000 }, (_, i) => ({ const: i })) } },
    };
    const errors = failedAnyOf(9000, '/a', '#/properties/a/anyOf');
    const work = { lookups: 0 };
    const kept = selectBranches(errors, { schema, data: { a: -1 }, work });
    // Ajv's order: the branch's error, then the anyOf line.
    expect(kept.map((k) => k.message ?? k.error.message)).toEqual([
      'must be equal to constant',
      'matches 0 of 9000 "anyOf" branches; showing why the closest (branch 1) fails',
    ]);
    // A path of 5 segments is looked up at most 6 times per error.
    expect(work.lookups).toBeGreaterThan(0);
    expect(work.lookups).toBeLessThanOrEqual(6 * errors.length);
  });

  it('2,000 failed unions at the same place: each looks back a bounded distance, not over all earlier errors', () => {
    const branches = [{ const: 0 }, { const: 1 }];
    const schema = { type: 'object', allOf: Array.from({ length: 2000 }, () => ({ anyOf: branches })) };
    const errors = Array.from({ length: 2000 }, (_, i) => failedAnyOf(2, '', `#/allOf/${i}/anyOf`)).flat();
    const work = { lookups: 0 };
    const kept = selectBranches(errors, { schema, data: {}, work });
    expect(kept.filter((k) => k.error.keyword === 'anyOf')).toHaveLength(2000);
    expect(work.lookups).toBeLessThanOrEqual(6 * (errors.length + 2000 * 64));
  });
});
