/**
 * Sets of code points as sorted, disjoint, inclusive ranges: the character classes of the
 * regular-expression reader (regex/parse.ts) and automaton (regex/automaton.ts).
 */

/** Sorted, disjoint code point ranges. */
export type Ranges = readonly (readonly [number, number])[];

/** The highest code point. */
export const MAX_CODE_POINT = 0x10ffff;
/** Every code point. */
export const ALL: Ranges = [[0, MAX_CODE_POINT]];
/** No code point. */
export const NONE: Ranges = [];

/** Sorts and merges ranges that touch or overlap. */
export function normalize(r: readonly (readonly [number, number])[]): Ranges {
  const sorted = [...r].sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [lo, hi] of sorted) {
    const last = out[out.length - 1];
    if (last !== undefined && lo <= last[1] + 1) last[1] = Math.max(last[1], hi);
    else out.push([lo, hi]);
  }
  return out;
}

/** One code point. */
export const single = (c: number): Ranges => [[c, c]];

/** Union of two range sets. */
export const union = (a: Ranges, b: Ranges): Ranges => normalize([...a, ...b]);

/** Whether a range set holds the code point. */
export const contains = (a: Ranges, c: number): boolean => a.some(([lo, hi]) => lo <= c && c <= hi);

/** Every code point not in `a`. */
export function complement(a: Ranges): Ranges {
  const out: [number, number][] = [];
  let next = 0;
  for (const [lo, hi] of normalize(a)) {
    if (lo > next) out.push([next, lo - 1]);
    next = hi + 1;
  }
  if (next <= MAX_CODE_POINT) out.push([next, MAX_CODE_POINT]);
  return out;
}
