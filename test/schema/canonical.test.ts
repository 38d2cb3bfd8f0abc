import { describe, expect, it } from 'vitest';
import { canonicalJson, sortedKeyJson } from '../../src/util/canonical-json.js';
import { equalityKey, firstDuplicate } from '../../src/schema/engine/unique-items.js';

// Regression for the one sorted-key walker behind the schema cache key and uniqueItems: the two keep
// their own number printing (canonicalJson keeps -0 apart, equalityKey merges it, Validation §4.2.2).
describe('canonicalJson and equalityKey share one walker and differ only at numbers', () => {
  it.each([
    [
      'key order',
      { b: 1, a: [2, { d: null, c: 'x' }] },
      '{"a":[2,{"c":"x","d":null}],"b":1}',
      '{"a":[2,{"c":"x","d":null}],"b":1}',
    ],
    [
      'keys sorted by UTF-16 code units',
      { '\u{1F600}': 1, '\uFF01': 2, Z: 3, a: 4 },
      '{"Z":3,"a":4,"\u{1F600}":1,"\uFF01":2}',
      '{"Z":3,"a":4,"\u{1F600}":1,"\uFF01":2}',
    ],
    ['negative zero', { a: -0, b: [0, -0] }, '{"a":-0,"b":[0,-0]}', '{"a":0,"b":[0,0]}'],
    ['1.0 is 1', [1.0, 1e21, 0.5], '[1,1e+21,0.5]', '[1,1e+21,0.5]'],
    ['escapes in keys and strings', { 'a"b': 'c\nd' }, '{"a\\"b":"c\\nd"}', '{"a\\"b":"c\\nd"}'],
    [
      'empty containers and scalars',
      [[], {}, true, false, null, ''],
      '[[],{},true,false,null,""]',
      '[[],{},true,false,null,""]',
    ],
  ])('%s', (_why, value, canonical, equality) => {
    expect(canonicalJson(value)).toBe(canonical);
    expect(equalityKey(value)).toBe(equality);
  });

  it("a value shaped like the walker's own markers is data, not structure", () => {
    expect(sortedKeyJson([{ text: '}' }, '}', ','], (v) => JSON.stringify(v))).toBe('[{"text":"}"},"}",","]');
  });

  it('is iterative: 100,000 levels of nesting do not overflow the stack', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(canonicalJson(deep)).toHaveLength(200_001);
  });

  it('uniqueItems sees -0 and 0, and reordered objects, as duplicates', () => {
    expect(firstDuplicate([1, 0, -0])).toEqual({ i: 2, j: 1 });
    expect(
      firstDuplicate([
        { a: 1, b: 2 },
        { b: 2, a: 1 },
      ]),
    ).toEqual({ i: 1, j: 0 });
    expect(firstDuplicate([{ a: 1 }, { a: '1' }])).toBeUndefined();
  });
});
