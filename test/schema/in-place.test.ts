// A document that uses unevaluated* runs toolgate's anyOf / oneOf / if / contains (src/schema/engine/in-place.ts)
// instead of Ajv's. They must report exactly what Ajv's do: the same schema gives the same result,
// violations and messages included, with and without an `unevaluatedProperties: true` that asserts
// nothing but switches the document to toolgate's keywords.
import { describe, expect, it } from 'vitest';
import { validateSchema } from '../../src/index.js';

const run = (schema: object, args: unknown): unknown => {
  const compiled = validateSchema(schema);
  if (!compiled.ok) throw new Error(`schema refused: ${compiled.error.message}`);
  return compiled.value.validate(args);
};

const kind = (kind: string, extra: object = {}): object => ({
  properties: { kind: { const: kind }, ...extra },
  required: ['kind'],
});

const CASES: readonly [string, object, unknown][] = [
  [
    'anyOf: no branch matches, the discriminated one is shown',
    { anyOf: [kind('a', { n: { type: 'number' } }), kind('b')] },
    { kind: 'a', n: 'x' },
  ],
  ['anyOf: one branch matches', { anyOf: [kind('a'), kind('b')] }, { kind: 'b' }],
  ['oneOf: no branch matches', { oneOf: [kind('a'), kind('b')] }, { kind: 'c' }],
  ['oneOf: two branches match', { oneOf: [{ required: ['kind'] }, kind('a'), { type: 'object' }] }, { kind: 'a' }],
  ['if/then: then fails', { if: kind('a'), then: { required: ['n'] } }, { kind: 'a' }],
  ['if/else: else fails', { if: kind('a'), else: { required: ['n'] } }, { kind: 'b' }],
  ['if without then/else asserts nothing', { if: kind('a') }, { kind: 'b' }],
  ['contains: no item matches', { properties: { l: { contains: { type: 'string' } } } }, { l: [1, 2] }],
  [
    'contains: fewer matches than minContains',
    { properties: { l: { contains: { type: 'string' }, minContains: 2 } } },
    { l: ['a', 1] },
  ],
  [
    'contains: more matches than maxContains',
    { properties: { l: { contains: { type: 'string' }, maxContains: 1 } } },
    { l: ['a', 'b', 1] },
  ],
  [
    'contains: minContains above maxContains',
    { properties: { l: { contains: true, minContains: 3, maxContains: 2 } } },
    { l: [1, 2, 3] },
  ],
  ['contains: minContains 0 accepts any array', { properties: { l: { contains: false, minContains: 0 } } }, { l: [1] }],
  ['contains under not', { properties: { l: { not: { contains: { type: 'string' } } } } }, { l: ['a'] }],
  [
    'propertyNames with anyOf',
    { propertyNames: { anyOf: [{ maxLength: 1 }, { pattern: '^x' }] } },
    { a: 1, bb: 2, xy: 3 },
  ],
  [
    'anyOf nested in a property of an anyOf branch',
    { anyOf: [{ properties: { p: { anyOf: [{ type: 'string' }, { type: 'number' }] } }, required: ['p'] }, kind('z')] },
    { p: null },
  ],
];

describe("toolgate's in-place applicators report what Ajv's do", () => {
  it.each(CASES)('%s', (_name, body, args) => {
    const plain = { type: 'object', ...body };
    const tracked = { ...plain, unevaluatedProperties: true };
    expect(run(tracked, args)).toEqual(run(plain, args));
  });
});
