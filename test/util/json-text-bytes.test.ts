// jsonStringBytes and jsonScalarBytes count what JSON.stringify writes, exactly, in UTF-8: maxResultBytes charges
// a result by them as it is serialised (util/host-error.ts), so a miscount refuses a fitting result or lets an
// oversized one be written out far past the bound.
import { describe, expect, it } from 'vitest';
import { jsonScalarBytes, jsonStringBytes } from '../../src/util/json-text-bytes.js';

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

  it('stops counting once over stopAbove, with a count still no more than written and over the bound', () => {
    const s = '\u0001'.repeat(100_000);
    const counted = jsonStringBytes(s, 10);
    expect(counted).toBeGreaterThan(10);
    expect(counted).toBeLessThan(written(s));
    expect(jsonStringBytes(s)).toBe(written(s));
  });
});
