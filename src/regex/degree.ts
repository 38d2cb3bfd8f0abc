/**
 * The cost of one V8 `test` of a `u`-mode pattern on a string of n characters, as a degree d
 * (O(n^d)), from its backtracking paths (regex/automaton.ts) and their growth (regex/ambiguity.ts):
 *  - from one start position, every path on every prefix may be explored: that is O(1) when the
 *    automaton has no cycle, else O(n^(k+1)) for an IDA chain of length k;
 *  - a pattern without a leading `^` is tried from every start position, which is the same
 *    automaton behind a loop on any character. A start that reaches a state from which the rest
 *    can match nothing without any assertion (`\d+` after its first digit) succeeds, so the failing
 *    starts never go through such states: they are left out of that loop model;
 *  - a lookaround costs its body's own degree (a lookbehind read backwards) each time it is
 *    reached, and it is reached at most as often as the states before it;
 *  - exponential paths, a backreference, more than MAX_WIDTH paths on one input (regex/width.ts,
 *    every input up to as many characters as the automaton has states), or a pattern too large
 *    to analyse are refused outright.
 * Every approximation adds paths, never removes one, so the degree errs only upwards.
 */

import { atomsOf } from './alphabet.js';
import { growth, type Budget, type Graph, type Growth } from './ambiguity.js';
import { buildAutomaton } from './automaton.js';
import { NESTED_TOO_DEEP, nestedTooDeep } from './nesting.js';
import { anchoredAtStart, parseRegex, reversed, type Node } from './parse.js';
import { uModeSource } from './u-mode.js';
import { ALL } from './ranges.js';
import { widest } from './width.js';

/** Most paths (per unit of growth) allowed on one input before a pattern is refused. */
export const MAX_WIDTH = 64;
/** Product states and counted inputs one pattern may take to analyse. */
const STEP_BUDGET = 2_000_000; // the heaviest real pattern measured (zod's html5Email) takes 550,000

/** Why a pattern is refused whatever its degree. */
export type RefusalKind = 'exponential' | 'backreference' | 'width' | 'unreadable' | 'too-large';

/** A pattern's degree (1: linear) and worst path count, or why it is refused whatever its degree. */
export type RegexAnalysis =
  | { readonly degree: number; readonly width: number; readonly refused?: undefined }
  | { readonly refused: string; readonly kind: RefusalKind };

const EXPONENTIAL =
  'some text can be matched in two different ways by a repetition, which makes matching take exponential time';

interface Context {
  readonly budget: Budget;
  readonly looks: Map<Node, number>;
  width: number;
}

function hasBackreference(n: Node): boolean {
  switch (n.t) {
    case 'backref':
      return true;
    case 'seq':
      return n.items.some(hasBackreference);
    case 'alt':
      return n.alts.some(hasBackreference);
    case 'quant':
    case 'look':
      return hasBackreference(n.body);
    default:
      return false;
  }
}

function checked(g: Graph, ctx: Context): Growth {
  const found = growth(g, ctx.budget);
  if (found.exponential) throw new Error(EXPONENTIAL);
  return found;
}

/** Degree of matching `tree` from one position (everyStart false) or from every position (true). */
function degreeOf(tree: Node, everyStart: boolean, ctx: Context): number {
  const a = buildAutomaton(tree);
  ctx.budget.steps -= a.sets.length; // many lookarounds each build an automaton
  const { count, labels } = atomsOf(a.sets.map((s, p) => (p === 0 ? ALL : s)));
  const once: Graph = { next: a.edges.map((e) => [...e]), labels };
  const fromOne = checked(once, ctx);
  const deadEnds = a.endWays.map((ends) => ends);
  for (const look of a.lookarounds) for (const [p, ways] of look.from) deadEnds[p] = (deadEnds[p] ?? 0) + ways;
  const input = { graph: once, deadEnds, atoms: count, degree: fromOne.degree };
  ctx.width = Math.max(ctx.width, widest({ ...input, horizon: a.sets.length + 2 }, ctx.budget));

  let degree = fromOne.cyclic ? fromOne.degree + 1 : 0;
  const models = [fromOne];
  if (everyStart && !a.clean[0]) {
    // Failing starts: a loop on any character before the start; success states left out.
    const kept = (q: number): boolean => !a.clean[q];
    const next = a.edges.map((e, p) => (p > 0 && !kept(p) ? [] : [...e].filter(([q]) => kept(q))));
    next[0] = [[0, 1], ...(next[0] ?? [])];
    const everywhere = checked({ next, labels }, ctx);
    degree = Math.max(degree, everywhere.degree + 1);
    models.push(everywhere);
  }
  for (const look of a.lookarounds) {
    const visits = Math.max(-1, ...models.flatMap((m) => [...look.from.keys()].map(m.reach)));
    if (visits < 0) continue;
    let cost = ctx.looks.get(look.body);
    if (cost === undefined) {
      cost = degreeOf(look.behind ? reversed(look.body) : look.body, false, ctx);
      ctx.looks.set(look.body, cost);
    }
    degree = Math.max(degree, visits + cost);
  }
  return degree;
}

function analyse(source: string): RegexAnalysis {
  let tree: Node;
  try {
    tree = parseRegex(uModeSource(source));
  } catch (thrown) {
    if (nestedTooDeep(thrown)) return { refused: NESTED_TOO_DEEP, kind: 'too-large' };
    return { refused: 'a construct the regular-expression guard cannot analyse', kind: 'unreadable' };
  }
  const ctx: Context = { budget: { steps: STEP_BUDGET }, looks: new Map(), width: 1 };
  let degree: number;
  try {
    if (hasBackreference(tree))
      return { refused: 'a backreference can make matching take exponential time', kind: 'backreference' };
    degree = Math.max(1, degreeOf(tree, !anchoredAtStart(tree), ctx));
  } catch (thrown) {
    // Past a budget, or a tree so deep that the stack overflows: fail closed.
    // A RangeError's text is V8's (the stack): toolgate's own words instead, the same on every host.
    const why = thrown instanceof RangeError ? 'too deep' : thrown instanceof Error ? thrown.message : String(thrown);
    if (why === EXPONENTIAL) return { refused: EXPONENTIAL, kind: 'exponential' };
    return { refused: `it is too large for the regular-expression guard to analyse (${why})`, kind: 'too-large' };
  }
  if (ctx.width > MAX_WIDTH)
    return {
      refused:
        `its alternatives and repetitions can match one short input in more than ${MAX_WIDTH} ways, ` +
        'and backtracking tries every one',
      kind: 'width',
    };
  return { degree, width: ctx.width };
}

const memo = new Map<string, RegexAnalysis>();
const MEMO_SIZE = 4_096;

/** The analysis of a `u`-mode pattern that compiles (memoised: patterns are analysed at admission and at compile). */
export function analyseRegex(source: string): RegexAnalysis {
  let found = memo.get(source);
  if (found === undefined) {
    found = analyse(source);
    if (memo.size >= MEMO_SIZE) memo.delete(memo.keys().next().value as string);
    memo.set(source, found);
  }
  return found;
}

/** The degree of one `test` of a `u`-mode pattern (1: linear); Infinity when the pattern is refused outright. */
export function regexDegree(source: string): number {
  const found = analyseRegex(source);
  return found.refused === undefined ? found.degree : Infinity;
}
