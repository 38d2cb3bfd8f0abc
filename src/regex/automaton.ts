/**
 * The backtracking paths of a parsed pattern as a position (Glushkov) automaton: one state per
 * character set of the pattern, entered by reading one character of that set. V8 explores one
 * branch per way of getting from one character to the next (an alternative, "one more
 * iteration" or "stop here"), so an edge carries how many such ways there are: `(a*)*` has two
 * edges from its `a` to itself (continue the inner loop, or end the iteration and start another),
 * which is what makes it exponential, while `a*` has one. Each count follows ECMA-262 §22.2.2.3.1
 * RepeatMatcher: an iteration past the minimum that matched nothing fails, so loops never spin
 * on the empty string. Counted repetitions are unrolled (`x{2,4}` = `x x (x (x)?)?`); one too large
 * to unroll whose body cannot match empty is read as `x{1,}` or `x*`, which has every path of it
 * and more (one whose body can match empty is refused). Assertions and lookarounds are taken as always
 * passing (more paths, never fewer); each lookaround records from which states it is reached, for its own
 * cost (regex/degree.ts).
 */

import type { Node } from './parse.js';
import type { Ranges } from './ranges.js';

/** Counts are exact up to this and saturate there (2^40: exact in a double, far past every limit). */
export const COUNT_CAP = 2 ** 40;
const add = (a: number, b: number): number => Math.min(COUNT_CAP, a + b);
const mul = (a: number, b: number): number => Math.min(COUNT_CAP, a * b);

/** States the whole automaton may have; past this the pattern is refused as too large to analyse. */
export const MAX_STATES = 4_000;
/** Edges (counting repeats) the automaton may take; past this the pattern is refused as too large. */
export const MAX_EDGES = 200_000;
/** Unrolled states one counted repetition may take before it is read as an open loop. */
const MAX_UNROLLED = 512;

/** A lookaround of the pattern: its body and the states (0: the start) it is reached from, with counts. */
export interface Lookaround {
  readonly body: Node;
  readonly behind: boolean;
  readonly from: ReadonlyMap<number, number>;
}

/**
 * State 0 is the start; state p > 0 is entered by reading one character of `sets[p]`.
 * `edges[p]` maps a successor to the number of ways to get there; `endWays[p]` counts the ways from
 * p to the end of the pattern; `clean[p]` says one of them passes no assertion (reaching p then
 * means the match succeeds).
 */
export interface Automaton {
  readonly sets: readonly Ranges[];
  readonly edges: readonly ReadonlyMap<number, number>[];
  readonly endWays: readonly number[];
  readonly clean: readonly boolean[];
  readonly lookarounds: readonly Lookaround[];
}

interface Frag {
  readonly empty: number; // ways to match the empty string
  readonly cleanEmpty: boolean; // one of them passes no assertion
  readonly first: ReadonlyMap<number, number>;
  readonly last: ReadonlyMap<number, number>;
  readonly cleanLast: ReadonlySet<number>;
  readonly looks: ReadonlyMap<number, number>; // lookarounds reached before any character
}

const EPSILON: Frag = {
  empty: 1,
  cleanEmpty: true,
  first: new Map(),
  last: new Map(),
  cleanLast: new Set(),
  looks: new Map(),
};

/** The sum of count maps, each scaled; a lone unscaled map is returned as it is (maps are never changed). */
function sum(parts: readonly (readonly [ReadonlyMap<number, number>, number])[]): ReadonlyMap<number, number> {
  const live = parts.filter(([m, scale]) => scale > 0 && m.size > 0);
  if (live.length === 0) return EPSILON.first;
  if (live.length === 1 && live[0]?.[1] === 1) return live[0][0];
  const out = new Map<number, number>();
  for (const [m, scale] of live) for (const [k, v] of m) out.set(k, add(out.get(k) ?? 0, mul(v, scale)));
  return out;
}

/** The union of sets; a lone set is returned as it is. */
function unite(parts: readonly ReadonlySet<number>[]): ReadonlySet<number> {
  const live = parts.filter((s) => s.size > 0);
  if (live.length <= 1) return live[0] ?? EPSILON.cleanLast;
  return new Set(live.flatMap((s) => [...s]));
}

/** Whether `n` can match the empty string (assertions assumed to pass). */
function nullable(n: Node): boolean {
  switch (n.t) {
    case 'chars':
      return false;
    case 'seq':
      return n.items.every(nullable);
    case 'alt':
      return n.alts.some(nullable);
    case 'quant':
      return n.min === 0 || nullable(n.body);
    default:
      return true;
  }
}

/** How a repetition is built: unrolled exactly, or read as an open loop with `min` copies first. */
function plan(n: Node & { t: 'quant' }, weight: (n: Node) => number): { min: number; max: number } {
  const copies = n.max === Infinity ? n.min + 1 : n.max;
  if (copies * weight(n.body) <= MAX_UNROLLED) return n;
  if (nullable(n.body)) throw new Error('a large counted repetition of something that can match nothing');
  return { min: Math.min(n.min, 1), max: Infinity };
}

/** Builds the automaton of a tree without backreferences; throws when it would pass MAX_STATES or MAX_EDGES. */
export function buildAutomaton(root: Node): Automaton {
  const sets: Ranges[] = [[]];
  const edges: Map<number, number>[] = [new Map()];
  const lookarounds: { body: Node; behind: boolean; from: Map<number, number> }[] = [];
  const weights = new Map<Node, number>();
  const weight = (n: Node): number => {
    let w = weights.get(n);
    if (w !== undefined) return w;
    if (n.t === 'chars') w = 1;
    else if (n.t === 'seq') w = n.items.reduce((s, x) => s + weight(x), 0);
    else if (n.t === 'alt') w = n.alts.reduce((s, x) => s + weight(x), 0);
    else if (n.t === 'quant') {
      const p = plan(n, weight);
      w = (p.max === Infinity ? p.min + 1 : p.max) * weight(n.body);
    } else w = 0;
    weights.set(n, w);
    return w;
  };
  if (weight(root) >= MAX_STATES) throw new Error(`more than ${MAX_STATES} states`);

  let linked = 0;
  const link = (from: ReadonlyMap<number, number>, to: Frag): void => {
    linked += from.size * (to.first.size + to.looks.size);
    if (linked > MAX_EDGES) throw new Error(`more than ${MAX_EDGES} edges`);
    for (const [p, a] of from) {
      const out = edges[p] as Map<number, number>;
      for (const [q, b] of to.first) out.set(q, add(out.get(q) ?? 0, mul(a, b)));
      for (const [l, b] of to.looks) {
        const at = (lookarounds[l] as { from: Map<number, number> }).from;
        at.set(p, add(at.get(p) ?? 0, mul(a, b)));
      }
    }
  };
  const seq = (a: Frag, b: Frag): Frag => {
    link(a.last, b);
    return {
      empty: mul(a.empty, b.empty),
      cleanEmpty: a.cleanEmpty && b.cleanEmpty,
      first: sum([
        [a.first, 1],
        [b.first, a.empty],
      ]),
      looks: sum([
        [a.looks, 1],
        [b.looks, a.empty],
      ]),
      last: sum([
        [b.last, 1],
        [a.last, b.empty],
      ]),
      cleanLast: b.cleanEmpty ? unite([b.cleanLast, a.cleanLast]) : b.cleanLast,
    };
  };
  const alt = (fs: readonly Frag[]): Frag => ({
    empty: fs.reduce((n, f) => add(n, f.empty), 0),
    cleanEmpty: fs.some((f) => f.cleanEmpty),
    first: sum(fs.map((f) => [f.first, 1])),
    looks: sum(fs.map((f) => [f.looks, 1])),
    last: sum(fs.map((f) => [f.last, 1])),
    cleanLast: unite(fs.map((f) => f.cleanLast)),
  });
  // An iteration past the minimum: the ways that match nothing fail (RepeatMatcher).
  const nonEmpty = (f: Frag): Frag => ({ ...f, empty: 0, cleanEmpty: false });
  const star = (f: Frag): Frag => {
    link(f.last, f);
    return { ...f, empty: 1, cleanEmpty: true };
  };

  const build = (n: Node): Frag => {
    switch (n.t) {
      case 'chars': {
        if (n.set.length === 0) return { ...EPSILON, empty: 0, cleanEmpty: false };
        const p = sets.length;
        sets.push(n.set);
        edges.push(new Map());
        return {
          ...EPSILON,
          empty: 0,
          cleanEmpty: false,
          first: new Map([[p, 1]]),
          last: new Map([[p, 1]]),
          cleanLast: new Set([p]),
        };
      }
      case 'assert':
        return { ...EPSILON, cleanEmpty: false };
      case 'look':
        lookarounds.push({ body: n.body, behind: n.behind, from: new Map() });
        return { ...EPSILON, cleanEmpty: false, looks: new Map([[lookarounds.length - 1, 1]]) };
      case 'backref':
        throw new Error('a backreference');
      case 'seq':
        return n.items.reduce((f, x) => seq(f, build(x)), EPSILON);
      case 'alt':
        return alt(n.alts.map(build));
      case 'quant': {
        const { min, max } = plan(n, weight);
        let f = EPSILON;
        for (let k = 0; k < min; k++) f = seq(f, build(n.body));
        if (max === Infinity) return seq(f, star(nonEmpty(build(n.body))));
        // `(x (x (…)?)?)?`: a chain of copies that cannot be empty, any of which may end it (one way each).
        const chain: Frag[] = [];
        for (let k = min; k < max; k++) chain.push(nonEmpty(build(n.body)));
        const head = chain[0];
        if (head === undefined) return f;
        for (let k = 1; k < chain.length; k++) link((chain[k - 1] as Frag).last, chain[k] as Frag);
        return seq(f, {
          empty: 1,
          cleanEmpty: true,
          first: head.first,
          looks: head.looks,
          last: sum(chain.map((x) => [x.last, 1])),
          cleanLast: unite(chain.map((x) => x.cleanLast)),
        });
      }
    }
  };

  const whole = build(root);
  link(new Map([[0, 1]]), whole);
  const endWays = sets.map((_, p) => (p === 0 ? whole.empty : (whole.last.get(p) ?? 0)));
  const clean = sets.map((_, p) => (p === 0 ? whole.cleanEmpty : whole.cleanLast.has(p)));
  return { sets, edges, endWays, clean, lookarounds };
}
