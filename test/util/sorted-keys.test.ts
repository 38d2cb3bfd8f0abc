// sortedKeys (src/util/code-unit-order.ts) puts up to 16 keys in order by insertion and leaves more to
// Array.prototype.sort: either way the order must be Array.prototype.sort's (UTF-16 code units), which canonicalJson
// (the compile cache's key) and the engine's copy of a schema (schema-copy.ts) are written in.
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../src/util/canonical-json.js';
import { sortedKeys } from '../../src/util/code-unit-order.js';

/** A deterministic generator (mulberry32), so a failing case is the same on every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An object with `keys` as own members, in that order (integer-like keys come first, as in any object). */
function objectOf(keys: readonly string[]): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  for (const k of keys) Object.defineProperty(o, k, { value: 1, enumerable: true, writable: true, configurable: true });
  return o;
}

const PIECES = ['a', 'b', 'B', 'type', 'z', '9', '10', '01', '', '~', '\u00e9', '\uffff', '\ud83d\ude00', '$ref'];

describe('sortedKeys', () => {
  it.each<[string, string[]]>([
    ['no key', []],
    ['one key', ['type']],
    ['keys in order already', ['a', 'b', 'c']],
    ['keys in reverse', ['type', 'minLength', 'maxLength']],
    ['integer-like keys, which objects list first in numeric order', ['b', '10', '9', '2']],
    ['a surrogate pair beside U+FFFF (code units, not code points)', ['\uffff', '\ud83d\ude00', 'a']],
    ['`__proto__` as an own member', ['type', '__proto__', 'enum']],
    ['16 keys, the most put in order by insertion', Array.from({ length: 16 }, (_, i) => `k${15 - i}`)],
    ['17 keys, left to Array.prototype.sort', Array.from({ length: 17 }, (_, i) => `k${16 - i}`)],
  ])('%s: the order of Array.prototype.sort', (_why, keys) => {
    const o = objectOf(keys);
    expect(sortedKeys(o)).toEqual(Object.keys(o).sort());
  });

  it('agrees with Array.prototype.sort on 2,000 random key sets of 0 to 20 keys', () => {
    const next = random(36);
    for (let n = 0; n < 2000; n++) {
      const count = Math.floor(next() * 21);
      const keys = new Set<string>();
      while (keys.size < count) {
        const a = PIECES[Math.floor(next() * PIECES.length)] as string;
        const b = PIECES[Math.floor(next() * PIECES.length)] as string;
        keys.add(next() < 0.1 ? '__proto__' : next() < 0.5 ? a : `${a}${b}`);
      }
      const o = objectOf([...keys]);
      expect(sortedKeys(o)).toEqual(Object.keys(o).sort());
    }
  });

  it('leaves canonicalJson as it was: members in code unit order at every level', () => {
    const value = objectOf(['z', '10', '9', '\uffff', '\ud83d\ude00']);
    value['z'] = { type: 'string', maxLength: 3, minLength: 1 };
    expect(canonicalJson(value)).toBe(
      '{"10":1,"9":1,"z":{"maxLength":3,"minLength":1,"type":"string"},"😀":1,"\uffff":1}',
    );
  });
});
