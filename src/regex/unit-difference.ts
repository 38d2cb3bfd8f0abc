// Whether a pattern rewritten from Annex B (u-mode.ts) reads text alike with and without the `u` flag: a set that
// can match a surrogate or an astral code point reads an emoji as two characters without it, one with it.
import { type Automaton, buildAutomaton } from './automaton.js';
import type { Node } from './parse.js';
import type { Ranges } from './ranges.js';

const SURROGATE_LOW = 0xd800;

/** Whether a set holds nothing at or past the first surrogate (the same in both modes). */
const narrow = (set: Ranges): boolean => set.every(([, hi]) => hi < SURROGATE_LOW);
/** Whether sorted, disjoint ranges hold every code point from `from` to `to`. */
function covers(set: Ranges, from: number, to: number): boolean {
  let next = from;
  for (const [lo, hi] of set) if (lo <= next && hi >= next) next = hi + 1;
  return next > to;
}
/** Whether a set holds every surrogate and every astral code point (`.`, `\\S`, `[^…]`). */
const wide = (set: Ranges): boolean => covers(set, SURROGATE_LOW, 0xdfff) && covers(set, 0x10000, 0x10ffff);

const WIDE_RUN =
  '`.`, a negated class, `\\S`, `\\W` or `\\D` reads an emoji as two characters (one with it), outside a run ' +
  'such as `.*` or `[^@]+` that no other such set can continue';
const ASTRAL = 'a character past U+D7FF is read as UTF-16 units (as a code point with it)';

/** Whether a counted repetition (`.?`, `.{2,}`, `(.a){3}`) holds a set that is not narrow: it counts units. */
function countedWide(n: Node): boolean {
  switch (n.t) {
    case 'chars':
      return false;
    case 'seq':
      return n.items.some(countedWide);
    case 'alt':
      return n.alts.some(countedWide);
    case 'quant':
      return ((n.min > 1 || n.max !== Infinity) && holdsWide(n.body)) || countedWide(n.body);
    default:
      return false;
  }
}

function holdsWide(n: Node): boolean {
  if (n.t === 'chars') return !narrow(n.set);
  if (n.t === 'seq') return n.items.some(holdsWide);
  if (n.t === 'alt') return n.alts.some(holdsWide);
  return n.t === 'quant' && holdsWide(n.body);
}

/** Wide sets a pattern valid only without the `u` flag may hold: each is a state of the automaton checked. */
const MAX_WIDE = 64;

function wideCount(n: Node): number {
  if (n.t === 'chars') return narrow(n.set) ? 0 : 1;
  if (n.t === 'seq') return n.items.reduce((k, x) => k + wideCount(x), 0);
  if (n.t === 'alt') return n.alts.reduce((k, x) => k + wideCount(x), 0);
  return n.t === 'quant' ? wideCount(n.body) : 0;
}

const ONE_NARROW: Node = { t: 'chars', set: [[0x61, 0x61]] };
const MAYBE_NARROW: Node = { t: 'quant', body: ONE_NARROW, min: 0, max: 1 };

function nullable(n: Node): boolean {
  if (n.t === 'chars') return false;
  if (n.t === 'seq') return n.items.every(nullable);
  if (n.t === 'alt') return n.alts.some(nullable);
  return n.t !== 'quant' || n.min === 0 || nullable(n.body);
}

/**
 * The tree with every part that holds no wide set read as one narrow character (or an optional one when it
 * can match nothing): which wide sets can follow one another is unchanged, and the automaton stays as small
 * as the count of wide sets, whatever the length of the text between them.
 */
function reduced(n: Node): Node {
  if (n.t === 'backref') throw new Error('a backreference'); // it repeats what a wide set matched
  if (!holdsWide(n)) return nullable(n) ? MAYBE_NARROW : ONE_NARROW;
  if (n.t === 'seq') return { t: 'seq', items: n.items.map(reduced) };
  if (n.t === 'alt') return { t: 'alt', alts: n.alts.map(reduced) };
  if (n.t === 'quant') return { ...n, body: reduced(n.body) };
  return n;
}

const sameKeys = (a: ReadonlySet<number>, b: ReadonlySet<number>): boolean =>
  a.size === b.size && [...a].every((k) => b.has(k));

/** Whether q is the loop of `x x*` after p (the shape of `x+`): same set, same ways on, and a loop of its own. */
function loopCopy(a: Automaton, p: number, q: number): boolean {
  const sp = a.sets[p] ?? [];
  const sq = a.sets[q] ?? [];
  if (sp.length !== sq.length || sp.some(([lo, hi], k) => sq[k]?.[0] !== lo || sq[k]?.[1] !== hi)) return false;
  const on = (x: number): Set<number> => new Set([...(a.edges[x]?.keys() ?? [])].filter((y) => y !== q));
  return a.edges[q]?.has(q) === true && sameKeys(on(p), on(q)) && (a.endWays[p] ?? 0) > 0 === (a.endWays[q] ?? 0) > 0;
}

/**
 * Why the `u`-mode reading of a rewritten tree could match otherwise than the pattern without the flag, or
 * undefined. Without it `.` reads one UTF-16 unit, so an emoji is two characters. A set that holds no
 * surrogate and no astral code point reads the same in both modes. One that holds them all (`.`, `[^@]`) reads
 * the same where it only ever matches a whole run, `x*` or `x+` (in the position automaton: a state that loops
 * on itself, or the first copy of `x x*`), bounded by narrow sets: such a run is cut at code point boundaries
 * in both modes and may hold any count of them. Anything else (`.`, `.{2}`, `.+.+`, a lone emoji) counts.
 */
export function unitDifference(tree: Node): string | undefined {
  if (!holdsWide(tree)) return undefined; // the common case: no automaton to build
  if (countedWide(tree)) return WIDE_RUN;
  if (wideCount(tree) > MAX_WIDE)
    return `more than ${MAX_WIDE} \`.\`, negated classes or \`\\S\`-like sets are too many to check`;
  const a = buildAutomaton(reduced(tree));
  for (let p = 1; p < a.sets.length; p++) {
    const set = a.sets[p] ?? [];
    if (narrow(set)) continue;
    if (!wide(set)) return ASTRAL;
    const loops = a.edges[p]?.has(p) === true;
    let partner: number | undefined;
    for (const q of a.edges[p]?.keys() ?? []) {
      if (q === p || narrow(a.sets[q] ?? [])) continue;
      if (loops || partner !== undefined || !loopCopy(a, p, q)) return WIDE_RUN;
      partner = q;
    }
    if (!loops && partner === undefined) return WIDE_RUN;
  }
  return undefined;
}
