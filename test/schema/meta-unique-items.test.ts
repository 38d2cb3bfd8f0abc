// The meta-schemas ask `uniqueItems` of a `type` array whose items Ajv cannot type (a `$ref`), where Ajv's own
// keyword compares every pair: a `type` of 50,000 unknown names took 8.4 s of one admission
// (bench/adversarial-admission.ts). Every meta-schema check now asks toolgate's linear firstDuplicate, whose
// report names the first repeat (Ajv's pairwise loop named the last), in every dialect alike.
import { describe, expect, it } from 'vitest';
import { validateSchema } from '../../src/schema/compile.js';

const V = 'https://json-schema.org/draft/2020-12/vocab/';
const customMeta = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $vocabulary: Object.fromEntries(['core', 'applicator', 'validation'].map((v) => [`${V}${v}`, true])),
};
const TWICE = ['string', 'number', 'string', 'number'];
const FIRST_REPEAT = 'must NOT have duplicate items (items ## 0 and 2 are identical)';

describe('meta-schema uniqueItems: linear, the first repeat named, in every meta-schema check', () => {
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

  it('a type of 20,000 unknown names: every name reported, the verdict unchanged', () => {
    const names = Array.from({ length: 20_000 }, (_, i) => `t${i}`);
    const r = validateSchema({ properties: { a: { type: names } } });
    expect(r.ok ? 'ok' : [r.error.class, r.error.violations.length]).toEqual(['validation', 20_000]);
    expect(r.ok ? '' : r.error.message).toMatch(/^invalid schema: schema at \/properties\/a\/type\/0: "t0" is not/);
  });
});
