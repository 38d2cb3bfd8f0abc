// sortKeysInPlace (the engine's copy of every schema, in canonical key order) must leave objects fast: deleting a
// key other than the last one turned each into a V8 dictionary, and 5,000 admitted schemas held 5 MB more of a
// proxy's RSS (153.9 MB before, 148.8 MB after, against a 150 MB promise; bench/proxy-catalog-start.ts).
import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { sortKeysInPlace } from '../../src/util/canonical-json.js';

setFlagsFromString('--allow-natives-syntax');
const hasFastProperties = new Function('o', 'return %HasFastProperties(o)') as (o: object) => boolean;

describe('sortKeysInPlace', () => {
  it('sorts keys in place and keeps each object fast', () => {
    const inner = JSON.parse('{"z":1,"m":{"b":2,"a":1},"a":[{"y":1,"x":2}]}') as Record<string, unknown>;
    const schema: Record<string, unknown> = { type: 'object', properties: inner, required: ['a'] };
    schema['additionalProperties'] = false;
    sortKeysInPlace(schema);
    expect(JSON.stringify(schema)).toBe(
      '{"additionalProperties":false,"properties":{"a":[{"x":2,"y":1}],"m":{"a":1,"b":2},"z":1},' +
        '"required":["a"],"type":"object"}',
    );
    expect(schema['properties']).toBe(inner);
    for (const o of [schema, inner, inner['m'] as object, (inner['a'] as object[])[0] as object])
      expect(hasFastProperties(o)).toBe(true);
  });

  it('keeps a member named __proto__ a member', () => {
    const o = JSON.parse('{"b":1,"__proto__":{"x":1}}') as Record<string, unknown>;
    sortKeysInPlace(o);
    expect(Object.keys(o)).toEqual(['__proto__', 'b']);
    expect(Object.getPrototypeOf(o)).toBe(Object.prototype);
    expect(hasFastProperties(o)).toBe(true);
  });
});
