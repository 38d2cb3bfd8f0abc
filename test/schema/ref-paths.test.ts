// Schema paths of errors raised inside `$ref` targets that Ajv compiles into functions of their own
// (src/schema/engine/ref-paths.ts): recursive definitions and definitions that hold references. Ajv wrote
// them relative to the target (`/anyOf/0/required`), so violations named the wrong place and branch
// selection, which looks the `anyOf` up in the document, reported every branch.
import { describe, expect, it } from 'vitest';
import { formatForModel, validateSchema, type SchemaOptions } from '../../src/index.js';

const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';
const DRAFT_2019 = 'https://json-schema.org/draft/2019-09/schema';
const LEGACY: SchemaOptions = { dialects: ['2020-12', 'draft-07', '2019-09'] };

/** A recursive definition with an `anyOf`, under `defs` (`$defs` or `definitions`). */
const recursive = (defs: string, extra: object = {}): object => ({
  ...extra,
  type: 'object',
  properties: { n: { $ref: `#/${defs}/N` } },
  [defs]: {
    N: {
      anyOf: [
        { type: 'object', required: ['a'], properties: { kids: { items: { $ref: `#/${defs}/N` } } } },
        { type: 'object', required: ['b'] },
      ],
    },
  },
});

const ARGS = { n: { a: 1, kids: [{ a: 1, c: 1 }, { c: 1 }] } };

function run(schema: object, args: unknown, options?: SchemaOptions): { paths: string[]; text: string } {
  const compiled = validateSchema(schema, options);
  if (!compiled.ok) throw new Error(compiled.error.message);
  const r = compiled.value.validate(args);
  if (r.ok) throw new Error('expected a failure');
  return { paths: r.error.violations.map((v) => `${v.path} ${v.schemaPath}`), text: formatForModel('t', r.error) };
}

describe('errors inside separately compiled $ref targets name the document location', () => {
  it.each([
    { dialect: '2020-12', schema: recursive('$defs'), defs: '$defs' },
    { dialect: 'draft-07', schema: recursive('definitions', { $schema: DRAFT_07 }), defs: 'definitions' },
    { dialect: '2019-09', schema: recursive('$defs', { $schema: DRAFT_2019 }), defs: '$defs' },
    {
      dialect: '2020-12 with unevaluatedProperties (annotation engine)',
      schema: recursive('$defs', { unevaluatedProperties: false }),
      defs: '$defs',
    },
  ])('$dialect: a recursive definition', ({ schema, defs }) => {
    const { paths, text } = run(schema, ARGS, LEGACY);
    // Branch selection finds each `anyOf` in the document: only the closest branch is explained
    // (before: `/anyOf`, `/anyOf/1/required` at $.n and all three errors at $.n.kids[1]).
    expect(paths).toEqual([`$.n /${defs}/N/anyOf`, `$.n.kids[1] /${defs}/N/anyOf/0/required`]);
    expect(text).toContain('$.n: matches 0 of 2 "anyOf" branches; showing why the closest (branch 1) fails');
  });

  it('a definition that holds a reference (not inlined) names its own location', () => {
    const schema = {
      type: 'object',
      properties: { x: { $ref: '#/$defs/A' } },
      $defs: { A: { anyOf: [{ $ref: '#/$defs/B' }, { type: 'string' }] }, B: { type: 'integer', minimum: 5 } },
    };
    const { paths } = run(schema, { x: 1 });
    expect(paths).toEqual(['$.x /$defs/B/minimum', '$.x /$defs/A/anyOf']);
  });

  it('targets inlined by Ajv keep their paths (no reference of their own)', () => {
    const schema = { type: 'object', properties: { x: { $ref: '#/$defs/B' } }, $defs: { B: { minimum: 5 } } };
    expect(run(schema, { x: 1 }).paths).toEqual(['$.x /$defs/B/minimum']);
  });
});
