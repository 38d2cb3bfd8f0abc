/**
 * The constant in front of the growth degree (regex/ambiguity.ts). A pattern without repetitions
 * can still make V8 backtrack exponentially in the pattern's own size: `(a|a){30}` or
 * `(?:a?){30}a{30}` have one path per choice of alternatives, about 2^30 on a 30-character input,
 * although their degree is 0. This counts, for every input up to `horizon` characters, the paths
 * of the automaton on it (each weighted by its number of ways, plus the dead ends it leads to:
 * the end of the pattern and lookarounds), and reports the largest count divided by
 * (length + 1)^degree. Inputs are enumerated as sets of paths (a subset construction that keeps
 * the counts), so equal sets are expanded once.
 */

import { has } from './alphabet.js';
import type { Budget, Graph } from './ambiguity.js';
import { COUNT_CAP } from './automaton.js';

const add = (a: number, b: number): number => Math.min(COUNT_CAP, a + b);
const mul = (a: number, b: number): number => Math.min(COUNT_CAP, a * b);

type Config = readonly (readonly [number, number])[];

/** Options of widest: dead ends per state, atoms, growth degree, longest input tried. */
export interface WidthInput {
  readonly graph: Graph;
  readonly deadEnds: readonly number[];
  readonly atoms: number;
  readonly degree: number;
  readonly horizon: number;
}

/** The largest number of paths on one input of length k ≤ horizon, over (k + 1)^degree. Throws past `budget`. */
export function widest(input: WidthInput, budget: Budget): number {
  const { graph, deadEnds, atoms, degree, horizon } = input;
  const weigh = (config: Config): number => config.reduce((sum, [p, c]) => add(sum, mul(c, 1 + (deadEnds[p] ?? 0))), 0);
  const start: Config = [[0, 1]];
  let worst = weigh(start);
  const seen = new Set<string>([start.join(';')]);
  let layer: Config[] = [start];
  for (let k = 1; k <= horizon && layer.length > 0; k++) {
    const nextLayer: Config[] = [];
    const scale = (k + 1) ** degree;
    for (const config of layer) {
      // Successors sorted by state, so that each atom's configuration comes out sorted and merged in one pass.
      const candidates: [number, number][] = [];
      for (const [p, c] of config) for (const [q, ways] of graph.next[p] ?? []) candidates.push([q, mul(c, ways)]);
      candidates.sort((x, y) => x[0] - y[0]);
      const tried = new Set<string>();
      for (let a = 0; a < atoms; a++) {
        budget.steps -= candidates.length + 1;
        if (budget.steps < 0) throw new Error('too many inputs to count paths on');
        const next: [number, number][] = [];
        for (const [q, c] of candidates) {
          if (!has(graph.labels[q] as Uint32Array, a)) continue;
          const last = next[next.length - 1];
          if (last !== undefined && last[0] === q) last[1] = add(last[1], c);
          else next.push([q, c]);
        }
        if (next.length === 0) continue;
        const key = next.join(';');
        if (tried.has(key)) continue;
        tried.add(key);
        worst = Math.max(worst, weigh(next) / scale);
        if (!seen.has(key)) {
          seen.add(key);
          nextLayer.push(next);
        }
      }
    }
    layer = nextLayer;
  }
  return worst;
}
