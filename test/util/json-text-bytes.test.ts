// jsonStringBytes and jsonScalarBytes count what JSON.stringify writes, exactly, in UTF-8: maxResultBytes charges
// a result by them as it is serialised (util/host-error.ts), so a miscount refuses a fitting result or lets an
// oversized one be written out far past the bound.
import { describe, expect, it } from 'vitest';
import { jsonScalarBytes, jsonStringBytes, unboxed } from '../../src/util/json-text-bytes.js';

const written = (v: unknown): number => Buffer.byteLength(JSON.stringify(v), 'utf8');

describe('json-text-bytes', () => {
  it.each([
    ['plain ASCII', 'hello'],
    ['quotes and backslashes', '"\\"\\'],
    ['short escapes', '\b\t\n\f\r'],
    ['other controls', '\u0000\u0001\u001f\u007f'],
    ['two- and three-byte characters', 'é中ß€'],
    ['a surrogate pair', '😀'],
    ['lone surrogates', '\ud800a\udc00\ud83d'],
    ['empty', ''],
  ])('counts a string as written: %s', (_why, s) => {
    expect(jsonStringBytes(s)).toBe(written(s));
  });

  it.each([[0], [-0], [1e21], [-Math.PI / 1e300], [0.1], [Number.NaN], [Infinity], [true], [false], [null]])(
    'counts the scalar %s as written',
    (v) => {
      expect(jsonScalarBytes(v)).toBe(written(v));
    },
  );

  it('charges a container and a boxed primitive 1, never more than written', () => {
    expect([jsonScalarBytes([]), jsonScalarBytes({}), jsonScalarBytes(Object(5))]).toEqual([1, 1, 1]);
  });

  it.each([
    ['a String object', new String('é"\u0001')],
    ['a Number object', Object(-Math.PI / 1e300)],
    ['a non-finite Number object', Object(Number.NaN)],
    ['a Boolean object', new Boolean(false)],
    ['a String whose toString is its own', Object.assign(new String('short'), { toString: () => 'much longer' })],
  ])('unboxes as JSON.stringify does: %s', (_why, v) => {
    const primitive = unboxed(v);
    expect(typeof primitive).not.toBe('object');
    expect(JSON.stringify(primitive)).toBe(JSON.stringify(v));
  });

  it('leaves what is not a String, Number or Boolean object as it is', () => {
    for (const v of [{}, [], Object(1n), Object(Symbol('s')), new Date(0)]) expect(unboxed(v)).toBe(v);
  });

  it('stops counting once over stopAbove, with a count still no more than written and over the bound', () => {
    const s = '\u0001'.repeat(100_000);
    const counted = jsonStringBytes(s, 10);
    expect(counted).toBeGreaterThan(10);
    expect(counted).toBeLessThan(written(s));
    expect(jsonStringBytes(s)).toBe(written(s));
  });
});
