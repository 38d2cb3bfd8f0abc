// A review's find: the newer-syntax check took every `(?i` and every repeated group name for ECMAScript 2025, so
// forms ECMAScript 2025 refuses too (PCRE's inline `(?i)`, common in schemas written for other languages; one name
// on two groups that both take part in a match) turned from an invalid schema (`pattern_invalid`) into
// `unsupported_capability`, saying a newer Node would compile them: none does.
import { describe, expect, it } from 'vitest';
import { validateSchema } from '../../src/index.js';
import { checkPattern } from '../../src/regex/guard.js';
import { newerSyntax } from '../../src/regex/newer-syntax.js';

const INVALID_EVERYWHERE = [
  '(?i)abc',
  '^[a-z]+(?i)$',
  '(?-:a)',
  '(?ii:a)',
  '(?i-i:a)',
  '(?x:a)',
  '(?<a>x)(?<a>y)',
  '(?<=(?<a>x))(?<a>y)',
  '(?:(?<a>x)|y)(?<a>z)',
  '(?<a>(?<a>x)|y)',
] as const;

const NEWER = ['(?:(?<a>x)|(?<a>y))z', '((?<a>x)|y)|(?<a>z)', '(?<a>x)|(?:(?<b>y)|(?<a>z))', '(?s-i:.)'] as const;

describe('a pattern every Node refuses is an invalid schema, not newer syntax', () => {
  it.each(INVALID_EVERYWHERE)('%j is invalid', (pattern) => {
    expect(newerSyntax(pattern)).toBeUndefined();
    expect(checkPattern(pattern)).toEqual({ invalid: expect.any(String) });
    const r = validateSchema({ type: 'object', properties: { q: { type: 'string', pattern } } });
    expect(r.ok ? undefined : [r.error.class, r.error.violations[0]?.code]).toEqual(['validation', 'pattern_invalid']);
  });

  it.each(NEWER)('%j, valid ECMAScript 2025, is still newer syntax', (pattern) => {
    expect(newerSyntax(pattern)).toBeDefined();
  });

  it('many groups of one name, each in its own alternative, are read in bounded time', () => {
    const pattern = Array.from({ length: 5_000 }, () => '(?<a>x)').join('|');
    const start = performance.now();
    expect(newerSyntax(pattern)).toContain('capture-group name');
    expect(performance.now() - start).toBeLessThan(1_000);
  });
});
