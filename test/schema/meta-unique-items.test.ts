// The meta-schemas ask `uniqueItems` of a `type` array whose items Ajv cannot type (a `$ref`), where Ajv's own
// keyword compares every pair: a `type` of 50,000 unknown names took 8.4 s of one admission
// (bench/adversarial-admission.ts). Every meta-schema check now asks toolgate's linear firstDuplicate, whose
// report names the first repeat (Ajv's pairwise loop named the last), in every dialect alike.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import standalone from 'ajv/dist/standalone/index.js';
import { GENERATED_PATH } from '../../scripts/generate-meta-validator.js';
import { validateSchema } from '../../src/schema/compile.js';
import { META_ENGINE_OPTIONS, newMetaEngine } from '../../src/schema/engine/meta-engine.js';
import { META_SCHEMA_FILES } from '../../src/keywords/keyword-lists.js';

const DIALECT = 'https://json-schema.org/draft/2020-12/schema';

const V = 'https://json-schema.org/draft/2020-12/vocab/';
const customMeta = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $vocabulary: Object.fromEntries(['core', 'applicator', 'validation'].map((v) => [`${V}${v}`, true])),
};
const TWICE = ['string', 'number', 'string', 'number'];
const FIRST_REPEAT = 'must NOT have duplicate items (items ## 0 and 2 are identical)';

describe('meta-schema uniqueItems: linear, and the same pair named in every dialect', () => {
  // What each check runs, as Ajv writes it out: a pairwise loop calls Ajv's deep equality (runtime/equal).
  it('no 2020-12 meta-schema check compares items pairwise (the generated one and every vocabulary)', () => {
    const code = (ajv: Ajv2020, uri: string): string => standalone.default(ajv, ajv.getSchema(uri)!);
    const uris = Object.keys(META_SCHEMA_FILES);
    expect(uris).toContain(DIALECT);
    for (const uri of uris) {
      const own = code(newMetaEngine({ code: { source: true } }), uri);
      expect([uri, own.includes('runtime/equal')]).toEqual([uri, false]);
    }
    expect(readFileSync(GENERATED_PATH, 'utf8')).not.toContain('runtime/equal');
    // Ajv's own keyword does, for `type` (its items are a $ref): the check above can fail.
    const stock = new Ajv2020({ ...META_ENGINE_OPTIONS, code: { source: true } });
    expect(code(stock, DIALECT)).toContain('runtime/equal');
  });

  it.each([
    { check: 'the generated 2020-12 check', head: {}, options: {} },
    {
      check: "a custom meta-schema's vocabulary check",
      head: { $schema: 'urn:meta' },
      options: { schemaRegistry: { 'urn:meta': customMeta } },
    },
    {
      check: "draft-07's check",
      head: { $schema: 'http://json-schema.org/draft-07/schema#' },
      options: { dialects: ['2020-12', 'draft-07'] },
    },
    {
      check: "2019-09's check",
      head: { $schema: 'https://json-schema.org/draft/2019-09/schema' },
      options: { dialects: ['2020-12', '2019-09'] },
    },
  ])('$check', ({ head, options }) => {
    for (const [where, schema] of [
      ['/properties/a/type', { ...head, properties: { a: { type: TWICE } } }],
      ['/required', { ...head, required: ['a', 'b', 'a', 'b'] }],
    ] as const) {
      const r = validateSchema(schema, options as never);
      expect(r.ok ? 'ok' : r.error.message).toBe(
        `invalid schema: schema at ${where}: ${JSON.stringify(
          where === '/required' ? ['a', 'b', 'a', 'b'] : TWICE,
        )} ${FIRST_REPEAT}`,
      );
    }
  });

  it('a type of 20,000 unknown names: every name reported', () => {
    const names = Array.from({ length: 20_000 }, (_, i) => `t${i}`);
    const r = validateSchema({ properties: { a: { type: names } } });
    expect(r.ok ? 'ok' : [r.error.class, r.error.violations.length]).toEqual(['validation', 20_000]);
    expect(r.ok ? '' : r.error.message).toMatch(/^invalid schema: schema at \/properties\/a\/type\/0: "t0" is not/);
  });

  // Host code may admit a schema while an argument validation runs (a getter of the argument object): the meta
  // check's firstDuplicate then charged that validation's steps and numbered items in its table (a review's find).
  it("a meta-schema check inside a validation spends none of that validation's steps", () => {
    const outer = validateSchema({ properties: { a: { type: 'array' } } }, { limits: { maxValidationSteps: 20_000 } });
    if (!outer.ok) throw new Error(outer.error.message);
    const names = Array.from({ length: 50_000 }, (_, i) => `t${i}`);
    let inner = '';
    const args = {};
    Object.defineProperty(args, 'a', {
      enumerable: true,
      get() {
        const r = validateSchema({ properties: { b: { type: names } } });
        inner = r.ok ? 'ok' : r.error.class;
        return [];
      },
    });
    const r = outer.value.validate(args);
    expect([inner, r.ok ? 'ok' : r.error.message]).toEqual(['validation', 'ok']);
  });
});
