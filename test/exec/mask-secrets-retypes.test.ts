// `Masker.retypes`: whether masking a parsed value's JSON text would turn one of its numbers into a string, by the
// same rule `json` masks numbers with (the proxy withholds a tool for which it is true: src/proxy/unpublishable.ts).
import { describe, expect, it } from 'vitest';
import { createMasker } from '../../src/exec/mask-secrets.js';

describe('Masker.retypes', () => {
  const masker = createMasker(['12345678', 'sk-secret-value'], 8, 'whole-values');
  it.each([
    ['the secret as a number', { default: 12345678 }, true],
    ['spelled otherwise, the same double', JSON.parse('{"maximum":1.2345678e7}'), true],
    ['a number holding its digits', [-123456789.5], true],
    ['deep in an array', { a: [{ b: [0, 12345678] }] }, true],
    ['the secret as a string (masked as a string)', { default: '12345678' }, false],
    ['other numbers', { a: 87654321, b: 1234567, c: null, d: true }, false],
  ])('%s: %s', (_what, value, expected) => {
    expect(masker.retypes(value)).toBe(expected);
  });

  it('is false with no secret long enough, and walks a deep value without overflowing', () => {
    expect(createMasker(['1234567'], 8).retypes({ n: 1234567 })).toBe(false);
    let deep: unknown = 12345678;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(masker.retypes(deep)).toBe(true);
  });
});
