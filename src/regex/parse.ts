/**
 * The one reader of regular-expression source in toolgate. Validation §6.3.3 makes `pattern` and
 * `patternProperties` ECMA-262 regular expressions; toolgate compiles them with the `u` flag, so
 * this reads `u`-mode syntax (ECMA-262 §22.2.1) into a small tree for the backtracking analysis
 * (regex/automaton.ts, regex/degree.ts) and for exec/pattern-lead.ts. A character set is exact
 * where it can be and otherwise a superset (`\p{…}` counts as every character), never a subset:
 * every analysis built on it stays conservative. Anything it does not know (a group syntax newer
 * than it, such as `(?i:…)`) makes it throw, and callers then refuse; newer-syntax.ts looks for
 * those forms alone, before V8 is asked, so that every Node version gives one verdict.
 */

import { MAX_GROUP_NESTING, NESTED_TOO_DEEP } from './nesting.js';
import { ALL, complement, normalize, single, type Ranges } from './ranges.js';

/** The syntax tree. `assert` is a zero-width test without a body, `look` a lookaround. */
export type Node =
  | { readonly t: 'chars'; readonly set: Ranges }
  | { readonly t: 'seq'; readonly items: readonly Node[] }
  | { readonly t: 'alt'; readonly alts: readonly Node[] }
  | { readonly t: 'quant'; readonly body: Node; readonly min: number; readonly max: number }
  | { readonly t: 'assert'; readonly kind: 'start' | 'end' | 'boundary' }
  | { readonly t: 'look'; readonly body: Node; readonly behind: boolean; readonly negative: boolean }
  | { readonly t: 'backref' };

const DIGIT: Ranges = [[0x30, 0x39]];
const WORD: Ranges = normalize([
  [0x30, 0x39],
  [0x41, 0x5a],
  [0x5f, 0x5f],
  [0x61, 0x7a],
]);
// ECMA-262 WhiteSpace and LineTerminator code points (§12.2, §12.3).
const SPACE: Ranges = normalize([
  [9, 13],
  [0x20, 0x20],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
]);
// `.` without the s flag: everything but the line terminators.
const DOT: Ranges = complement(
  normalize([
    [10, 10],
    [13, 13],
    [0x2028, 0x2029],
  ]),
);
const CLASS_ESCAPES: Readonly<Record<string, Ranges>> = {
  d: DIGIT,
  D: complement(DIGIT),
  w: WORD,
  W: complement(WORD),
  s: SPACE,
  S: complement(SPACE),
};
// A counted quantifier, read in place (sticky): slicing the rest of the pattern per quantifier is quadratic.
const BRACES = /\{(\d+)(,(\d*))?\}/y;
const CONTROL: Readonly<Record<string, number>> = { n: 10, r: 13, t: 9, f: 12, v: 11 };

/** One escape: a set (`exact` false when it is a superset) or a zero-width or back reference. */
type Escape = { readonly set: Ranges; readonly exact: boolean } | 'boundary' | 'backref';

/**
 * Reads a `u`-mode pattern that already compiled (callers check with `new RegExp(src, 'u')`).
 * Throws on what it cannot read, and NESTED_TOO_DEEP past MAX_GROUP_NESTING levels of groups.
 */
export function parseRegex(src: string): Node {
  let i = 0;
  let depth = 0;
  const fail = (why: string): never => {
    throw new Error(`${why} at ${i}`);
  };
  const hex = (n: number): number => {
    const text = src.slice(i, i + n);
    if (!/^[0-9a-fA-F]+$/.test(text) || text.length !== n) fail('bad hex escape');
    i += n;
    return parseInt(text, 16);
  };
  const exactly = (set: Ranges): Escape => ({ set, exact: true });
  // After a backslash; `inClass` changes `\b` (backspace) and `\-`.
  const readEscape = (inClass: boolean): Escape => {
    const c = src[i++] ?? fail('trailing backslash');
    const cls = CLASS_ESCAPES[c];
    if (cls !== undefined) return exactly(cls);
    if (c === 'p' || c === 'P') {
      if (src[i] !== '{') fail('bad property escape');
      i = src.indexOf('}', i) + 1;
      if (i === 0) fail('bad property escape');
      return { set: ALL, exact: false };
    }
    if (c === 'b') return inClass ? exactly(single(8)) : 'boundary';
    if (c === 'B') return inClass ? fail('\\B in a class') : 'boundary';
    if (c === 'k') {
      i = src.indexOf('>', i) + 1;
      if (i === 0) fail('bad group name');
      return 'backref';
    }
    if (c >= '1' && c <= '9') {
      while (/[0-9]/.test(src[i] ?? '')) i++;
      return 'backref';
    }
    if (c === '0') return exactly(single(0));
    const control = CONTROL[c];
    if (control !== undefined) return exactly(single(control));
    if (c === 'c') return exactly(single((src.codePointAt(i++) ?? fail('bad control escape')) % 32));
    if (c === 'x') return exactly(single(hex(2)));
    if (c === 'u') {
      if (src[i] === '{') {
        const end = src.indexOf('}', i);
        if (end < 0) fail('bad unicode escape');
        i++;
        const v = hex(end - i);
        i = end + 1;
        return exactly(single(v));
      }
      const v = hex(4);
      if (v >= 0xd800 && v <= 0xdbff && src.startsWith('\\u', i) && /^[dD][c-fC-F]/.test(src.slice(i + 2, i + 4))) {
        i += 2;
        const lo = hex(4);
        return exactly(single((v - 0xd800) * 0x400 + (lo - 0xdc00) + 0x10000));
      }
      return exactly(single(v));
    }
    // IdentityEscape[+U]: a syntax character, `/`, or (in a class) `-`.
    if (!'^$\\.*+?()[]{}|/'.includes(c) && !(inClass && c === '-')) fail('unknown escape');
    return exactly(single(c.codePointAt(0) as number));
  };
  const literal = (): number => {
    const cp = src.codePointAt(i) ?? fail('unexpected end');
    i += cp > 0xffff ? 2 : 1;
    return cp;
  };
  const classMember = (): Escape => {
    if (src[i] !== '\\') return exactly(single(literal()));
    i++;
    return readEscape(true);
  };
  const klass = (): Ranges => {
    const negated = src[i] === '^';
    if (negated) i++;
    // Normalized once at the end: a union per member copied and sorted the whole class each time (n² log n: a class
    // of 10,000 code points took 4.4 s of one admission).
    const parts: (readonly [number, number])[] = [];
    let exact = true;
    while (src[i] !== ']') {
      if (i >= src.length) fail('unterminated class');
      const lo = classMember();
      if (typeof lo === 'string') fail('assertion in a class');
      const low = lo as { set: Ranges; exact: boolean };
      const point = low.exact && low.set.length === 1 && low.set[0]?.[0] === low.set[0]?.[1];
      if (point && src[i] === '-' && src[i + 1] !== ']' && i + 1 < src.length) {
        i++;
        const hi = classMember();
        if (typeof hi === 'string' || hi.set.length !== 1) fail('bad class range');
        const range = hi as { set: Ranges };
        parts.push([low.set[0]?.[0] ?? 0, range.set[0]?.[1] ?? 0]);
      } else {
        for (const r of low.set) parts.push(r);
        exact &&= low.exact;
      }
    }
    i++;
    const set = normalize(parts);
    // The complement of a superset is not a superset of the complement: an inexact negated class is everything.
    if (negated) return exact ? complement(set) : ALL;
    return set;
  };
  const group = (): Node => {
    // Bounded before the recursion goes deeper: the stack left must not decide a verdict (nesting.ts).
    if (++depth > MAX_GROUP_NESTING) throw new Error(NESTED_TOO_DEEP);
    let look: { behind: boolean; negative: boolean } | undefined;
    if (src[i] === '?') {
      const head = src.slice(i, i + 3);
      if (head.startsWith('?:')) i += 2;
      else if (head.startsWith('?=') || head.startsWith('?!')) {
        look = { behind: false, negative: head[1] === '!' };
        i += 2;
      } else if (head === '?<=' || head === '?<!') {
        look = { behind: true, negative: head[2] === '!' };
        i += 3;
      } else if (head.startsWith('?<')) {
        i = src.indexOf('>', i) + 1;
        if (i === 0) fail('bad group name');
      } else fail('unknown group syntax');
    }
    const body = alternation();
    if (src[i] !== ')') fail('unbalanced parenthesis');
    i++;
    depth--;
    return look === undefined ? body : { t: 'look', body, ...look };
  };
  const atom = (): Node => {
    const c = src[i++];
    if (c === '^') return { t: 'assert', kind: 'start' };
    if (c === '$') return { t: 'assert', kind: 'end' };
    if (c === '.') return { t: 'chars', set: DOT };
    if (c === '[') return { t: 'chars', set: klass() };
    if (c === '(') return group();
    if (c === '\\') {
      const e = readEscape(false);
      if (e === 'boundary') return { t: 'assert', kind: 'boundary' };
      if (e === 'backref') return { t: 'backref' };
      return { t: 'chars', set: e.set };
    }
    if (c === undefined || '*+?{}])|'.includes(c)) fail('unexpected character');
    i--;
    return { t: 'chars', set: single(literal()) };
  };
  const quantified = (): Node => {
    const body = atom();
    const c = src[i];
    let min: number;
    let max: number;
    if (c === '*' || c === '+' || c === '?') {
      [min, max] = c === '*' ? [0, Infinity] : c === '+' ? [1, Infinity] : [0, 1];
      i++;
    } else if (c === '{') {
      BRACES.lastIndex = i;
      const m = BRACES.exec(src) ?? fail('bad quantifier');
      min = Number(m[1]);
      max = m[2] === undefined ? min : m[3] === '' ? Infinity : Number(m[3]);
      i += m[0].length;
    } else return body;
    if (body.t === 'assert' || body.t === 'look') fail('quantified assertion');
    if (src[i] === '?') i++; // lazy: the same paths, explored in another order
    return { t: 'quant', body, min, max };
  };
  const sequence = (): Node => {
    const items: Node[] = [];
    while (i < src.length && src[i] !== '|' && src[i] !== ')') items.push(quantified());
    return items.length === 1 ? (items[0] as Node) : { t: 'seq', items };
  };
  function alternation(): Node {
    const alts = [sequence()];
    while (src[i] === '|') {
      i++;
      alts.push(sequence());
    }
    return alts.length === 1 ? (alts[0] as Node) : { t: 'alt', alts };
  }
  const root = alternation();
  if (i < src.length) fail('unbalanced parenthesis');
  return root;
}

/**
 * The tree read right to left, as V8 matches a lookbehind body (ECMA-262 §22.2.2.4 direction −1).
 * Lookarounds inside keep their own direction, so they are left as they are.
 */
export function reversed(n: Node): Node {
  switch (n.t) {
    case 'seq':
      return { t: 'seq', items: n.items.map(reversed).reverse() };
    case 'alt':
      return { t: 'alt', alts: n.alts.map(reversed) };
    case 'quant':
      return { ...n, body: reversed(n.body) };
    default:
      return n;
  }
}

/** Whether every match must start at position 0: each alternative begins with `^` (no m flag). */
export function anchoredAtStart(n: Node): boolean {
  if (n.t === 'assert') return n.kind === 'start';
  if (n.t === 'seq') return n.items[0] !== undefined && anchoredAtStart(n.items[0]);
  if (n.t === 'alt') return n.alts.every(anchoredAtStart);
  return false;
}
