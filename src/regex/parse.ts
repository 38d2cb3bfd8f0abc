/**
 * A reader of ECMA-262 `u`-mode regular-expression syntax (Validation §6.3.3 makes `pattern` and
 * `patternProperties` ECMA-262 regular expressions) into a small tree of character sets,
 * sequences, alternations, zero-width parts and quantifiers, for the static analyses of
 * regex/guard.ts (exponential backtracking) and regex/degree.ts (polynomial backtracking).
 * Classes it cannot enumerate (`.`, `\p{…}`) count as every character: both analyses only need
 * supersets to stay conservative.
 */

/** Sorted, disjoint code point ranges. */
export type Ranges = readonly (readonly [number, number])[];
/** The syntax tree; `zero` is a zero-width part (`start` marks `^`, `body` a lookaround). */
export type Node =
  | { t: 'chars'; set: Ranges }
  | { t: 'seq'; items: Node[] }
  | { t: 'alt'; alts: Node[] }
  | { t: 'zero'; body?: Node; start?: true }
  | { t: 'quant'; body: Node; min: number; max: number }
  | { t: 'backref' };

const MAX = 0x10ffff;
/** Every code point. */
export const ALL: Ranges = [[0, MAX]];
/** No code point. */
export const NONE: Ranges = [];

function norm(r: (readonly [number, number])[]): Ranges {
  const s = [...r].sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [lo, hi] of s) {
    const last = out[out.length - 1];
    if (last !== undefined && lo <= last[1] + 1) last[1] = Math.max(last[1], hi);
    else out.push([lo, hi]);
  }
  return out;
}
/** Union of two range sets. */
export const union = (a: Ranges, b: Ranges): Ranges => norm([...a, ...b]);
/** Whether two range sets share a code point. */
export const overlaps = (a: Ranges, b: Ranges): boolean =>
  a.some(([l1, h1]) => b.some(([l2, h2]) => l1 <= h2 && l2 <= h1));
function complement(a: Ranges): Ranges {
  const out: [number, number][] = [];
  let next = 0;
  for (const [lo, hi] of norm([...a])) {
    if (lo > next) out.push([next, lo - 1]);
    next = hi + 1;
  }
  if (next <= MAX) out.push([next, MAX]);
  return out;
}

const DIGIT: Ranges = [[0x30, 0x39]];
const WORD: Ranges = norm([
  [0x30, 0x39],
  [0x41, 0x5a],
  [0x5f, 0x5f],
  [0x61, 0x7a],
]);
// ECMA-262 WhiteSpace and LineTerminator code points.
const SPACE: Ranges = norm([
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
const CLASS_ESCAPES: Record<string, Ranges> = {
  d: DIGIT,
  D: complement(DIGIT),
  w: WORD,
  W: complement(WORD),
  s: SPACE,
  S: complement(SPACE),
};
const CONTROL: Record<string, number> = { n: 10, r: 13, t: 9, f: 12, v: 11 };

/**
 * A small recursive-descent reader of `u`-mode syntax; the pattern already compiled, so it is valid. Throws on what it
 * cannot read.
 */
export function parseRegex(src: string): Node {
  let i = 0;
  const single = (c: number): Ranges => [[c, c]];
  const hex = (n: number): number => {
    const v = parseInt(src.slice(i, i + n), 16);
    i += n;
    return v;
  };
  // One escaped character or class after a backslash; `inClass` changes `\b` and `\-`.
  const readEscape = (inClass: boolean): Ranges | 'assert' | 'backref' => {
    const c = src[i++] ?? '';
    if (c in CLASS_ESCAPES) return CLASS_ESCAPES[c] as Ranges;
    if (c === 'p' || c === 'P') {
      i = src.indexOf('}', i) + 1;
      return ALL;
    }
    if (c === 'b') return inClass ? single(8) : 'assert';
    if (c === 'B') return 'assert';
    if (c === 'k') {
      i = src.indexOf('>', i) + 1;
      return 'backref';
    }
    if (c >= '1' && c <= '9') {
      while (/[0-9]/.test(src[i] ?? '')) i++;
      return 'backref';
    }
    if (c === '0') return single(0);
    if (c in CONTROL) return single(CONTROL[c] as number);
    if (c === 'c') return single(src.charCodeAt(i++) % 32);
    if (c === 'x') return single(hex(2));
    if (c === 'u') {
      if (src[i] === '{') {
        const end = src.indexOf('}', i);
        const v = parseInt(src.slice(i + 1, end), 16);
        i = end + 1;
        return single(v);
      }
      const v = hex(4);
      if (v >= 0xd800 && v <= 0xdbff && src.startsWith('\\u', i) && /^[dD][c-fC-F]/.test(src.slice(i + 2, i + 4))) {
        i += 2;
        const lo = hex(4);
        return single((v - 0xd800) * 0x400 + (lo - 0xdc00) + 0x10000);
      }
      return single(v);
    }
    const cp = src.codePointAt(i - 1) as number;
    if (cp > 0xffff) i++;
    return single(cp);
  };
  const escapeAfterBackslash = (): Ranges | 'assert' | 'backref' => {
    i++;
    return readEscape(true);
  };
  const literal = (): number => {
    const cp = src.codePointAt(i) as number;
    i += cp > 0xffff ? 2 : 1;
    return cp;
  };
  const klass = (): Ranges => {
    const negated = src[i] === '^';
    if (negated) i++;
    let set: Ranges = NONE;
    while (i < src.length && src[i] !== ']') {
      const lo = src[i] === '\\' ? escapeAfterBackslash() : single(literal());
      if (
        typeof lo !== 'string' &&
        lo.length === 1 &&
        lo[0]?.[0] === lo[0]?.[1] &&
        src[i] === '-' &&
        src[i + 1] !== ']' &&
        i + 1 < src.length
      ) {
        i++;
        const hi = src[i] === '\\' ? escapeAfterBackslash() : single(literal());
        const a = lo[0]?.[0] ?? 0;
        const b = typeof hi === 'string' ? MAX : (hi[0]?.[1] ?? MAX);
        set = union(set, [[a, b]]);
      } else if (typeof lo !== 'string') set = union(set, lo);
      else set = ALL;
    }
    i++;
    return negated ? complement(set) : set;
  };
  const atom = (): Node => {
    const c = src[i];
    if (c === '^') {
      i++;
      return { t: 'zero', start: true };
    }
    if (c === '$') {
      i++;
      return { t: 'zero' };
    }
    if (c === '.') {
      i++;
      return { t: 'chars', set: ALL };
    }
    if (c === '[') {
      i++;
      return { t: 'chars', set: klass() };
    }
    if (c === '\\') {
      i++;
      const e = readEscape(false);
      return e === 'assert' ? { t: 'zero' } : e === 'backref' ? { t: 'backref' } : { t: 'chars', set: e };
    }
    if (c === '(') {
      i++;
      let look = false;
      if (src.startsWith('?:', i)) i += 2;
      else if (src.startsWith('?=', i) || src.startsWith('?!', i)) {
        i += 2;
        look = true;
      } else if (src.startsWith('?<=', i) || src.startsWith('?<!', i)) {
        i += 3;
        look = true;
      } else if (src.startsWith('?<', i)) i = src.indexOf('>', i) + 1;
      const body = alternation();
      i++; // ')'
      return look ? { t: 'zero', body } : body;
    }
    return { t: 'chars', set: single(literal()) };
  };
  const quantified = (): Node => {
    const body = atom();
    let min = -1;
    let max = -1;
    const c = src[i];
    if (c === '*') {
      min = 0;
      max = Infinity;
      i++;
    } else if (c === '+') {
      min = 1;
      max = Infinity;
      i++;
    } else if (c === '?') {
      min = 0;
      max = 1;
      i++;
    } else if (c === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(src.slice(i));
      if (m) {
        min = Number(m[1]);
        max = m[2] === undefined ? min : m[3] === '' ? Infinity : Number(m[3]);
        i += m[0].length;
      }
    }
    if (min < 0) return body;
    if (src[i] === '?') i++; // lazy: the same set of paths is explored on failure
    return { t: 'quant', body, min, max };
  };
  const sequence = (): Node => {
    const items: Node[] = [];
    while (i < src.length && src[i] !== '|' && src[i] !== ')') items.push(quantified());
    return { t: 'seq', items };
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
  if (i < src.length) throw new Error('unbalanced parenthesis');
  return root;
}

/** What a subtree can match: its possible first characters, all its characters, its length bounds. */
export interface Info {
  readonly first: Ranges;
  readonly chars: Ranges;
  readonly min: number;
  readonly max: number;
}

/** Info of a subtree (zero-width parts contribute nothing). */
export function info(n: Node): Info {
  switch (n.t) {
    case 'chars':
      return { first: n.set, chars: n.set, min: 1, max: 1 };
    case 'zero':
      return { first: NONE, chars: NONE, min: 0, max: 0 };
    case 'backref':
      return { first: ALL, chars: ALL, min: 0, max: Infinity };
    case 'quant': {
      const b = info(n.body);
      return {
        first: n.max > 0 ? b.first : NONE,
        chars: b.chars,
        min: b.min * n.min,
        max: b.max === 0 || n.max === 0 ? 0 : b.max * n.max,
      };
    }
    case 'alt': {
      const all = n.alts.map(info);
      return {
        first: all.reduce((a, x) => union(a, x.first), NONE),
        chars: all.reduce((a, x) => union(a, x.chars), NONE),
        min: Math.min(...all.map((x) => x.min)),
        max: Math.max(...all.map((x) => x.max)),
      };
    }
    case 'seq': {
      let first = NONE;
      let open = true;
      let chars = NONE;
      let min = 0;
      let max = 0;
      for (const item of n.items) {
        const x = info(item);
        if (open) first = union(first, x.first);
        if (x.min > 0) open = false;
        chars = union(chars, x.chars);
        min += x.min;
        max += x.max;
      }
      return { first, chars, min, max };
    }
  }
}
