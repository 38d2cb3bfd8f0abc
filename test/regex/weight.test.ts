// The weight of a quadratic pattern (src/regex/weight.ts): what regex/bound.ts charges per squared
// character of a string tested against it. The weights are upper bounds of measured times
// (bench/regex-worst.ts measures them and real-patterns.json keeps the result); here the rule is a table.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { patternWeight } from '../../src/regex/weight.js';

/** `count` separate code points past U+00FF (U+0200, U+0202, …): `count` ranges. */
const ranges = (count: number): string =>
  Array.from({ length: count }, (_, i) => `\\u${(0x200 + 2 * i).toString(16).padStart(4, '0')}`).join('');

const WEIGHTS = [
  { pattern: 'a.*b', weight: 12, why: 'literal 2 + a run of `.` (8: it reaches past U+00FF) + literal 2' },
  { pattern: '.*cd$', weight: 16, why: "zod's endsWith: the run 8, two literals 2 each, the assertion 4" },
  { pattern: '\\d+x', weight: 10, why: 'an open run counts its minimum plus one iteration: 2 × 4, then 2' },
  { pattern: '(a|ab)*c', weight: 14, why: 'characters inside a repetition cost 4 each, the literal after it 2' },
  { pattern: 'a*a{50}b', weight: 206, why: 'a counted repetition costs its body 50 times' },
  { pattern: '.*(?=a{50})x', weight: 214, why: 'a lookaround costs its body plus 4' },
  { pattern: '\\p{L}+x', weight: 58, why: 'with a property escape a class past U+00FF costs 28 (a range tree)' },
  { pattern: `[${ranges(16)}]+x`, weight: 18, why: 'a class with 16 ranges past U+00FF costs 8' },
  {
    pattern: `[${ranges(17)}]+x`,
    weight: 58,
    why: 'a class with more than 16 ranges past U+00FF costs 28',
  },
  { pattern: '[\\u4e00-\\u9fff]+x', weight: 18, why: 'a class with one range past U+00FF costs 8' },
  { pattern: '中.*文', weight: 12, why: 'a literal past U+00FF outside a repetition costs 2 like any literal' },
];

describe('pattern weights (regex/weight.ts)', () => {
  it.each(WEIGHTS)('$pattern weighs $weight ($why)', ({ pattern, weight }) => {
    expect(patternWeight(pattern)).toBe(weight);
  });

  it('a pattern the reader cannot parse weighs Infinity (such a pattern never reaches a call)', () => {
    expect(patternWeight('(?<n>a)\\k<n>x(')).toBe(Number.POSITIVE_INFINITY);
  });
});

interface Row {
  readonly name: string;
  readonly verdict: string;
  readonly worst?: { readonly weight?: number; readonly plainMsAllowed?: number; readonly chargedMsAllowed?: number };
}

// Measured data (bench/regex-worst.ts --write): at the longest string one call may test, the slowest
// attack must take less than its charge, or a call could run past maxPatternWork's 30 ms.
describe('the charge covers the measured worst of every bounded pattern (real-patterns.json)', () => {
  const rows = JSON.parse(readFileSync(new URL('./real-patterns.json', import.meta.url), 'utf8')) as Row[];
  const bounded = rows.filter((r) => r.verdict === 'bounded');
  it('every bounded pattern has a measured and a charged time', () => {
    expect(bounded.length).toBeGreaterThan(10);
    expect(bounded.filter((r) => r.worst?.plainMsAllowed === undefined).map((r) => r.name)).toEqual([]);
  });
  it.each(bounded)('$name', (row) => {
    expect(row.worst?.plainMsAllowed).toBeLessThan(row.worst?.chargedMsAllowed ?? 0);
  });
});
