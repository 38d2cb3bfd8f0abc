/**
 * Polynomial backtracking. A pattern that regex/guard.ts lets through cannot blow up
 * exponentially, but V8 still backtracks: `a.*b` against n `a`s tries n start positions and, from
 * each, lets `.*` give back up to n characters (about n² steps; 100,000 `a`s took 10-14 s), and
 * every further ambiguous part multiplies by n again (`a.*b.*c` is cubic). This file computes a
 * conservative degree d such that one `test` costs O(n^d) steps on a string of n code units:
 *  - a part that can match a variable number of times (`*`, `+`, `?`, `{m,n}`) scans O(n) once;
 *    when what it matches overlaps what may follow it, every place it could stop is tried, and
 *    the rest of the pattern runs from each of them: the degree of the rest goes up by one;
 *  - an alternation whose alternatives can start with the same character is counted the same
 *    way (each alternative runs the rest);
 *  - a lookaround runs at every position it is reached: inside a repetition its own degree goes
 *    up by one;
 *  - a pattern not anchored with `^` runs from every start position: one more.
 * regex/guard.ts guarantees that inside a repetition no part is ambiguous, so the iterations of a
 * repetition scan disjoint stretches: a repetition as a whole costs O(n), like one `.*`.
 * Estimates only ever err upwards; the runtime bound (regex/bound.ts) relies on that.
 */

import { ALL, info, NONE, overlaps, parseRegex, union, type Node, type Ranges } from './parse.js';

// A code point no character class contains: the "first character" of an assertion (`$`, `\b`,
// a lookaround), so that what precedes an assertion never counts as having nothing after it.
const ASSERTION: Ranges = [[0x110000, 0x110000]];

/** What may start a match of `n`, assertions included (as ASSERTION); ALL for lookarounds. */
function firstOf(n: Node): Ranges {
  switch (n.t) {
    case 'chars':
      return n.set;
    case 'backref':
      return ALL;
    case 'zero':
      return n.body === undefined ? ASSERTION : union(ALL, ASSERTION);
    case 'quant':
      return n.max === 0 ? NONE : firstOf(n.body);
    case 'alt':
      return n.alts.reduce((a, x) => union(a, firstOf(x)), NONE);
    case 'seq': {
      let out = NONE;
      for (const item of n.items) {
        out = union(out, firstOf(item));
        if (info(item).min > 0) break;
      }
      return out;
    }
  }
}

/** What may start a match of `n` or, when `n` can match nothing, of what follows it. */
function startOf(n: Node, follow: Ranges): Ranges {
  return info(n).min > 0 ? firstOf(n) : union(firstOf(n), follow);
}

/** Characters `n` can consume, ALL when it holds a lookaround (which reads beyond its stretch). */
function charsOf(n: Node): Ranges {
  return lookDegree(n) >= 0 ? ALL : info(n).chars;
}

/** The highest degree of a lookaround inside `n`, or -1 when there is none. */
function lookDegree(n: Node): number {
  switch (n.t) {
    case 'zero':
      return n.body === undefined ? -1 : Math.max(alone(n.body), lookDegree(n.body));
    case 'quant':
      return lookDegree(n.body);
    case 'alt':
      return Math.max(-1, ...n.alts.map(lookDegree));
    case 'seq':
      return Math.max(-1, ...n.items.map(lookDegree));
    default:
      return -1;
  }
}

/** A lookaround's body on its own: whatever follows is unknown (its direction may be backwards). */
function alone(body: Node): number {
  return degree(body, union(ALL, ASSERTION), 0);
}

/** Whether some two alternatives (with what follows them, when one can match nothing) overlap. */
function ambiguousAlternation(alts: readonly Node[], follow: Ranges): boolean {
  const starts = alts.map((a) => startOf(a, follow));
  for (let x = 0; x < starts.length; x++)
    for (let y = x + 1; y < starts.length; y++) {
      if (overlaps(starts[x] as Ranges, starts[y] as Ranges)) return true;
    }
  return false;
}

/**
 * Degree of matching `n` and then the rest of the pattern, whose degree is `rest` and which may
 * start with `follow` (NONE: nothing follows, the match succeeds).
 */
function degree(n: Node, follow: Ranges, rest: number): number {
  switch (n.t) {
    case 'chars':
    case 'backref':
      return rest;
    case 'zero':
      return n.body === undefined ? rest : Math.max(alone(n.body), rest);
    case 'alt':
      return Math.max(...n.alts.map((a) => degree(a, follow, rest))) + (ambiguousAlternation(n.alts, follow) ? 1 : 0);
    case 'seq': {
      let d = rest;
      let f = follow;
      for (let k = n.items.length - 1; k >= 0; k--) {
        const item = n.items[k] as Node;
        d = degree(item, f, d);
        f = startOf(item, f);
      }
      return d;
    }
    case 'quant': {
      if (n.max === 0) return rest;
      const variable = n.min !== n.max;
      const ambiguous = variable && overlaps(charsOf(n.body), follow) ? 1 : 0;
      if (n.max === 1) return Math.max(degree(n.body, follow, rest), ambiguous + rest);
      // A repetition: its iterations scan disjoint stretches (regex/guard.ts), O(n) in all; a
      // lookaround inside runs once per iteration, over the rest of the string.
      const body = degree(n.body, startOf(n.body, follow), 0);
      const look = lookDegree(n.body);
      // Nothing follows and nothing is left to fail: the first iteration that matches ends the
      // search, so a failing attempt costs only its required iterations.
      const tail = !variable || (follow.length === 0 && rest === 0) ? body : Math.max(body, 1);
      const own = Math.max(tail > 1 ? tail + 1 : tail, look >= 0 ? look + 1 : 0);
      return Math.max(own, ambiguous + rest);
    }
  }
}

/** Whether every match must start at position 0 (`^` without the m flag, Core §6.4 of ECMA-262). */
function anchored(n: Node): boolean {
  if (n.t === 'zero') return n.start === true;
  if (n.t === 'seq') return n.items[0] !== undefined && anchored(n.items[0]);
  if (n.t === 'alt') return n.alts.every(anchored);
  return false;
}

/**
 * A conservative polynomial degree of one `test` of a `u`-mode pattern (already known to pass
 * regex/guard.ts's exponential check): 1 means linear. Infinity when the pattern cannot be read.
 */
export function regexDegree(source: string): number {
  let tree: Node;
  try {
    tree = parseRegex(source);
  } catch {
    return Infinity;
  }
  return degreeOf(tree);
}

/** regexDegree of a parsed tree. */
export function degreeOf(tree: Node): number {
  return Math.max(1, degree(tree, NONE, 0) + (anchored(tree) ? 0 : 1));
}
