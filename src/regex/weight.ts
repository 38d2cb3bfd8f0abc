/**
 * What one test of a quadratic pattern (regex/degree.ts, degree 2) costs, as nanoseconds per
 * squared character of the string tested: the pattern's weight. regex/bound.ts charges each test
 * length² × weight before it runs, so a call's pattern work is known before it is done.
 *
 * A backtracking matcher tries, at each of about n² (start, stop) pairs, the part of the pattern
 * that follows; what one try costs grows with the pattern's unrolled size, and what one character
 * costs depends on its kind. Measured upper bounds on a shared 2-core machine (Node 20, V8's
 * irregexp; bench/regex-worst.ts prints the measured and charged cost of every bounded pattern):
 *  - a literal character outside any repetition: 2 ns (V8 compares runs of text cheaply);
 *  - a class, an assertion, or any character inside a repetition (each iteration pushes
 *    backtracking state): 4 ns;
 *  - a class that reaches past U+00FF: 8 ns, or 28 ns with more than 16 ranges there (`\p{L}`: V8
 *    tests a two-byte string against a tree of ranges). The representation of a string (one or two
 *    bytes a character) cannot be seen from JavaScript, so every string is charged as two-byte;
 *  - a counted repetition costs its body as many times as its maximum (`a{50}` is 50 iterations of
 *    a loop), an open one its minimum plus one, a lookaround its body plus one class.
 * The sum errs upwards: `a.*b` weighs 12 and takes 1-5 ns per squared character, `a*a{50}b`
 * weighs 206 and takes up to 155.
 */

import { anchoredAtStart, parseRegex, type Node } from './parse.js';
import { uModeSource } from './u-mode.js';
import type { Ranges } from './ranges.js';

const LITERAL_NS = 2;
const UNIT_NS = 4;
const WIDE_NS = 8;
const WIDE_TREE_NS = 28;
/** Ranges past U+00FF above which V8 tests a class as a tree of comparisons (measured: 32 ranges cost twice 16). */
const WIDE_RANGES = 16;

function classNs(set: Ranges, properties: boolean): number {
  let wide = 0;
  for (const [, hi] of set) if (hi > 0xff) wide++;
  if (wide === 0) return UNIT_NS;
  // The reader takes a property escape as every character (regex/parse.ts): its ranges are unknown.
  return wide > WIDE_RANGES || properties ? WIDE_TREE_NS : WIDE_NS;
}

function weightOf(n: Node, repeated: boolean, properties: boolean): number {
  switch (n.t) {
    case 'chars': {
      const only = n.set.length === 1 && n.set[0]?.[0] === n.set[0]?.[1];
      const single = only && n.set[0]![0] <= 0xff ? UNIT_NS : classNs(n.set, properties);
      return only && !repeated ? Math.min(LITERAL_NS, single) : single;
    }
    case 'seq':
      return n.items.reduce((sum, x) => sum + weightOf(x, repeated, properties), 0);
    case 'alt':
      return n.alts.reduce((sum, x) => sum + weightOf(x, repeated, properties), 0);
    case 'quant': {
      const times = Number.isFinite(n.max) ? Math.max(1, n.max) : n.min + 1;
      return weightOf(n.body, repeated || n.max > 1, properties) * times;
    }
    case 'look':
      return weightOf(n.body, repeated, properties) + UNIT_NS;
    default:
      return UNIT_NS;
  }
}

const cache = new Map<string, number>();

/**
 * Nanoseconds per squared character of one test of `source` (`u` flag), at least 1; a pattern the
 * reader cannot parse gets Infinity (such a pattern is refused when the schema is checked).
 */
export function patternWeight(source: string): number {
  let w = cache.get(source);
  if (w === undefined) {
    try {
      const read = uModeSource(source);
      w = Math.max(1, Math.ceil(weightOf(parseRegex(read), false, /\\[pP]\{/.test(read))));
    } catch {
      w = Number.POSITIVE_INFINITY;
    }
    if (cache.size >= 1_000) cache.delete(cache.keys().next().value as string);
    cache.set(source, w);
  }
  return w;
}

const linearCache = new Map<string, number>();

/** The weight of the lookarounds a repetition without a maximum may run again at every character. */
function loopedLooks(n: Node, looped: boolean, properties: boolean): number {
  switch (n.t) {
    case 'seq':
      return n.items.reduce((sum, x) => sum + loopedLooks(x, looped, properties), 0);
    case 'alt':
      return n.alts.reduce((sum, x) => sum + loopedLooks(x, looped, properties), 0);
    case 'quant':
      return loopedLooks(n.body, looped || n.max === Infinity, properties);
    case 'look':
      return looped ? weightOf(n, true, properties) : loopedLooks(n.body, false, properties);
    default:
      return 0;
  }
}

/**
 * Nanoseconds per character one test of a linear pattern (degree 1) may take: 4 times (the measured worst,
 * `[a-z]{100}!` 1.4 µs a character, weight 402) what may start again at every character. Without a leading `^`
 * that is the whole pattern (`\w{500}\d`: 100 ms on 64 KB); with one, the lookarounds in an open repetition
 * (`^(?:a(?![a-z]{300}!))*$`: 98 ms), since the rest reads each character a bounded number of times.
 */
export function linearWeight(source: string): number {
  let w = linearCache.get(source);
  if (w === undefined) {
    try {
      const read = uModeSource(source);
      const tree = parseRegex(read);
      const properties = /\\[pP]\{/.test(read);
      w = 4 * (anchoredAtStart(tree) ? loopedLooks(tree, false, properties) : patternWeight(source));
    } catch {
      w = Number.POSITIVE_INFINITY;
    }
    if (linearCache.size >= 1_000) linearCache.delete(linearCache.keys().next().value as string);
    linearCache.set(source, w);
  }
  return w;
}
