// A `properties` entry named "__proto__" reaches Ajv as an anchored patternProperties entry (schema/rewrite.ts),
// and the entry itself was removed: a `$ref` to `#/properties/__proto__` then pointed at nothing, which Ajv read as
// an empty schema, so `{"b": 2}` passed a `b` that must be a string (found by review). The entry now stays.
import { describe, expect, it } from 'vitest';
import { validate } from '../../src/index.js';

const SCHEMA = JSON.parse(
  '{"type":"object","properties":{"__proto__":{"type":"string"},"b":{"$ref":"#/properties/__proto__"}}}',
);

describe('a $ref to a property named __proto__', () => {
  it.each([
    ['{"b":2}', false],
    ['{"b":"x"}', true],
    ['{"__proto__":5}', false],
    ['{"__proto__":"x","b":"y"}', true],
    ['{}', true],
  ])('%s: %s', (args, valid) => {
    expect(validate(SCHEMA, JSON.parse(args)).ok).toBe(valid);
  });

  it('leaves the caller schema as it was', () => {
    const text = JSON.stringify(SCHEMA);
    validate(SCHEMA, { b: 'x' });
    expect(JSON.stringify(SCHEMA)).toBe(text);
  });
});

// Ajv drops a `patternProperties` entry whose key (a regular expression) is the string "__proto__", as it drops
// a `properties` one: `{"x__proto__y": "s"}` passed `"type": "integer"` in every dialect (a hunt's find; Core
// §10.3.2.2 requires each matching name to validate). 2020-12 enforces it under an equivalent spelling; draft-07
// and 2019-09, whose engines toolgate does not rewrite, refuse it as they refuse such a `properties` entry.
describe('a patternProperties entry named __proto__', () => {
  const schema = (dialect: string, entry: string, extra = '') =>
    JSON.parse(`{"$schema":"${dialect}","type":"object","patternProperties":{"__proto__":${entry}}${extra}}`);
  const D2020 = 'https://json-schema.org/draft/2020-12/schema';
  it.each([
    ['{"type":"integer"}', '', '{"x__proto__y":"not an integer"}', false],
    ['{"type":"integer"}', '', '{"__proto__":"s"}', false],
    ['{"type":"integer"}', '', '{"a__proto__":3,"b":"free"}', true],
    ['false', '', '{"my__proto__key":1}', false],
    ['true', ',"additionalProperties":false', '{"x__proto__y":1}', true],
    ['true', ',"additionalProperties":false', '{"other":1}', false],
    ['{"minimum":5}', ',"properties":{"__proto__":{"type":"integer"}}', '{"__proto__":1}', false],
    ['{"minimum":5}', ',"properties":{"__proto__":{"type":"integer"}}', '{"__proto__":7}', true],
  ])('2020-12: %s%s against %s is %s', (entry, extra, args, valid) => {
    const r = validate(schema(D2020, entry, extra), JSON.parse(args));
    expect(r.ok || r.error.class).toBe(valid ? true : 'validation');
  });

  it.each([['http://json-schema.org/draft-07/schema#'], ['https://json-schema.org/draft/2019-09/schema']])(
    '%s: refused as not enforceable',
    (dialect) => {
      const r = validate(
        schema(dialect, '{"type":"integer"}'),
        { x__proto__y: 's' },
        {
          dialects: ['2020-12', '2019-09', 'draft-07'],
        },
      );
      expect(r.ok || r.error.class).toBe('unsupported_capability');
    },
  );
});

// The rewrite puts one subschema under two keys (`__proto__`, which Ajv drops, kept for a `$ref`, and its
// spelling Ajv reads): nested, every walk after it doubled at each level, so 290 bytes held admission without end
// (n = 6: over 60 s; a review's find, the `properties` form as old as its rewrite). One inside three others is
// refused as not enforceable within bounds; up to three levels are still enforced.
describe('__proto__ entries nested in one another', () => {
  const nested = (keyword: string, n: number): object => {
    let s = '{"type":"integer"}';
    for (let i = 0; i < n; i++) s = `{"${keyword}":{"__proto__":${s}}}`;
    return JSON.parse(s) as object;
  };
  it.each([['properties'], ['patternProperties']])(
    '%s, 20 deep: refused at once',
    (keyword) => {
      const r = validate(nested(keyword, 20), {});
      expect(r.ok || r.error.class).toBe('unsupported_capability');
      expect(r.ok || r.error.message).toMatch(/__proto__/);
    },
    5_000,
  );

  it.each([['properties'], ['patternProperties']])('%s, one to three levels: enforced', (keyword) => {
    expect(validate(nested(keyword, 1), JSON.parse('{"__proto__":"s"}')).ok).toBe(false);
    const three = JSON.parse('{"__proto__":{"__proto__":{"__proto__":"s"}}}');
    const r = validate(nested(keyword, 3), three);
    expect(r.ok || r.error.class).toBe('validation');
    expect(validate(nested(keyword, 3), JSON.parse('{"__proto__":{"__proto__":{"__proto__":7}}}')).ok).toBe(true);
    expect(validate(nested(keyword, 4), {}).ok || 'refused').toBe('refused');
  });
});
