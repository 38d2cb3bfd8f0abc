// A hunt's finds in oneof-overlap: a working discriminator the holder requires was reported (the witness `{}` was
// tried against the two branches only), and a oneOf of more than 16 branches or a branch that does not compile
// on its own was passed over in silence; a skip must say so (src/lint/budget.ts).
import { describe, expect, it } from 'vitest';
import { lintSchema } from '../../src/lint/lint.js';

const findings = (schema: object): string[] => {
  const r = lintSchema(schema);
  if (!r.ok) throw new Error(r.error.message);
  return r.value.filter((w) => w.rule !== 'accepts-anything').map((w) => `${w.rule} ${w.schemaPath}`);
};
const defs = { A: { type: 'object', properties: { a: { type: 'string' } } }, B: { type: 'object' } };
const branches = (n: number): object[] =>
  Array.from({ length: n }, (_, i) => ({ type: 'object', required: [`p${i}`] }));

describe('oneof-overlap speaks only with a witness the whole schema lets through, and never skips in silence', () => {
  it.each([
    {
      name: 'a discriminator the holder requires is no overlap',
      schema: {
        type: 'object',
        properties: { mode: { enum: ['x', 'y'] } },
        required: ['mode'],
        oneOf: [{ properties: { mode: { const: 'x' } } }, { properties: { mode: { const: 'y' } } }],
      },
      expect: [],
    },
    {
      name: 'a discriminator with a branch of its own required names is no overlap',
      schema: {
        type: 'object',
        required: ['kind'],
        properties: { kind: { type: 'string' } },
        oneOf: [
          { properties: { kind: { const: 'a' }, x: { type: 'string' } }, required: ['x'] },
          { properties: { kind: { const: 'b' }, y: { type: 'string' } } },
        ],
      },
      expect: [],
    },
    {
      name: 'branches alike on the required name still overlap',
      schema: {
        type: 'object',
        required: ['kind'],
        properties: { kind: { type: 'string' } },
        oneOf: [{ properties: { kind: { type: 'string' } } }, { properties: { kind: { minLength: 0 } } }],
      },
      expect: ['oneof-overlap /oneOf/1'],
    },
    { name: '16 branches are compared', schema: { oneOf: branches(16) }, expect: [] },
    { name: '17 branches are a skip', schema: { oneOf: branches(17) }, expect: ['lint-skipped /oneOf'] },
    {
      name: "a reference through the root's $id resolves",
      schema: {
        $id: 'https://ex.com/s.json',
        $defs: defs,
        oneOf: [{ $ref: 'https://ex.com/s.json#/$defs/A' }, { $ref: 's.json#/$defs/B' }],
      },
      expect: ['oneof-overlap /oneOf/1'],
    },
    {
      name: 'a branch that does not compile on its own is a skip',
      schema: { properties: { x: { type: 'object' } }, oneOf: [{ $ref: '#/properties/x' }, { type: 'object' }] },
      expect: ['lint-skipped /oneOf/0'],
    },
  ])('$name', ({ schema, expect: expected }) => {
    expect(findings(schema)).toEqual(expected);
  });
});
