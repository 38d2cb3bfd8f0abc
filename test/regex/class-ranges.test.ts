// A class's members were joined one union at a time, each copying and sorting the whole class (n² log n): a
// `pattern` class of 10,000 code points took 4.4 s of one admission, 20,000 took 15.7 s to analyse (a review's
// find). The class is now normalized once, whatever its size.
import { describe, expect, it, vi } from 'vitest';

// Both counted: a union normalizes inside ranges.ts, where this mock does not reach.
const seen = vi.hoisted(() => ({ normalized: 0 }));
vi.mock('../../src/regex/ranges.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/regex/ranges.js')>();
  return {
    ...real,
    normalize: (r: Parameters<typeof real.normalize>[0]) => {
      seen.normalized++;
      return real.normalize(r);
    },
    union: (a: Parameters<typeof real.union>[0], b: Parameters<typeof real.union>[1]) => {
      seen.normalized++;
      return real.union(a, b);
    },
  };
});

const { parseRegex } = await import('../../src/regex/parse.js');

describe('a character class is normalized once', () => {
  it('20,000 members: one normalize, the ranges a class of them means', () => {
    let members = '';
    for (let i = 0; i < 20_000; i++) members += String.fromCodePoint(0x100 + 2 * i);
    seen.normalized = 0;
    const node = parseRegex(`[${members}a-cb-e]`);
    expect(seen.normalized).toBeLessThanOrEqual(2);
    const text = JSON.stringify(node);
    // Members two apart stay separate ranges; a-c and b-e join into one.
    expect(text).toContain('[97,101]');
    expect(text).toContain('[256,256],[258,258]');
  });
});
