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
