/**
 * How fast the number of backtracking paths of an automaton (regex/automaton.ts) grows with the
 * length of the input, by the ambiguity criteria of Weber and Seidl ("On the degree of ambiguity
 * of finite automata", 1991), as applied to backtracking matchers by Weideman, van der Merwe,
 * Berglund and Watson (2016). Every state counts as accepting, because a failing match explores
 * every path on every prefix of the input.
 *  - EDA (exponential): a state p with two different paths from p back to p reading the same
 *    word. Both paths stay in p's strongly connected component (SCC); in the product automaton
 *    (pairs of states reading the same character) (p,p) and some (q,r), q ≠ r, share an SCC, or
 *    an edge inside the SCC can be taken in two ways.
 *  - IDA (polynomial): states p ≠ q and a word v with p →v p, p →v q and q →v q: the input can
 *    stay at p, or move to q at any of the repetitions of v. Found as a path from (p,p,q) to
 *    (p,q,q) in the triple product. A chain of d such pairs, each q reaching the next p, gives
 *    about n^d paths on an input of n characters; the longest chain is taken over the DAG of SCCs.
 * Without EDA, at most one path leads from one state to another of the same SCC on a given word,
 * which is why the chain length alone bounds the growth.
 */

import { meets, meets3, type Atoms } from './alphabet.js';

/** An automaton as a graph: successors with their counts of ways, and the atoms entering a state reads. */
export interface Graph {
  readonly next: readonly (readonly (readonly [number, number])[])[];
  readonly labels: readonly Atoms[];
}

/** What the analysis found; `reach(p)` is the degree of the number of visits to p (−1: unreachable). */
export interface Growth {
  readonly exponential: boolean;
  readonly degree: number;
  readonly cyclic: boolean;
  readonly reach: (p: number) => number;
}

/** A step budget shared by every product construction of one pattern. */
export interface Budget {
  steps: number;
}

function spend(budget: Budget, n = 1): void {
  budget.steps -= n;
  if (budget.steps < 0) throw new Error('too many product states');
}

/** Tarjan's SCCs of the nodes reachable from `roots`; component numbers are in reverse topological order. */
function components(
  size: number,
  succ: (v: number) => readonly number[],
  roots: Iterable<number>,
  budget: Budget,
): { comp: Int32Array; count: number } {
  const index = new Int32Array(size).fill(-1);
  const low = new Int32Array(size);
  const onStack = new Uint8Array(size);
  const comp = new Int32Array(size).fill(-1);
  const stack: number[] = [];
  let counter = 0;
  let count = 0;
  for (const root of roots) {
    if (index[root] !== -1) continue;
    const frames: { v: number; out: readonly number[]; k: number }[] = [];
    const open = (v: number): void => {
      spend(budget);
      index[v] = low[v] = counter++;
      stack.push(v);
      onStack[v] = 1;
      frames.push({ v, out: succ(v), k: 0 });
    };
    open(root);
    while (frames.length > 0) {
      const f = frames[frames.length - 1] as { v: number; out: readonly number[]; k: number };
      if (f.k < f.out.length) {
        const w = f.out[f.k++] as number;
        if (index[w] === -1) open(w);
        else if (onStack[w] === 1) low[f.v] = Math.min(low[f.v] as number, index[w] as number);
        continue;
      }
      frames.pop();
      const parent = frames[frames.length - 1];
      if (parent !== undefined) low[parent.v] = Math.min(low[parent.v] as number, low[f.v] as number);
      if (low[f.v] === index[f.v]) {
        let w: number;
        do {
          w = stack.pop() as number;
          onStack[w] = 0;
          comp[w] = count;
        } while (w !== f.v);
        count++;
      }
    }
  }
  return { comp, count };
}

/** Members of each component. */
function membersOf(comp: Int32Array, count: number): number[][] {
  const members: number[][] = Array.from({ length: count }, () => []);
  comp.forEach((c, v) => {
    if (c >= 0) (members[c] as number[]).push(v);
  });
  return members;
}

/** Whether two different paths lead from a state of `scc` back to it on the same word. */
function twoWaysAround(g: Graph, scc: readonly number[], inside: (v: number) => boolean, budget: Budget): boolean {
  for (const p of scc) for (const [q, ways] of g.next[p] ?? []) if (ways > 1 && inside(q)) return true;
  if (scc.length === 1) return false;
  const m = scc.length;
  const local = new Map(scc.map((v, i) => [v, i]));
  const succIn = scc.map((v) => (g.next[v] ?? []).filter(([q]) => inside(q)).map(([q]) => q));
  const pairSucc = (node: number): number[] => {
    const x = Math.floor(node / m);
    const y = node % m;
    const out: number[] = [];
    for (const x2 of succIn[x] as number[])
      for (const y2 of succIn[y] as number[]) {
        spend(budget);
        if (meets(g.labels[x2] as Atoms, g.labels[y2] as Atoms))
          out.push((local.get(x2) as number) * m + (local.get(y2) as number));
      }
    return out;
  };
  const diagonal = scc.map((_, i) => i * m + i);
  const { comp, count } = components(m * m, pairSucc, diagonal, budget);
  const hasDiagonal = new Uint8Array(count);
  const hasOther = new Uint8Array(count);
  comp.forEach((c, node) => {
    if (c < 0) return;
    if (Math.floor(node / m) === node % m) hasDiagonal[c] = 1;
    else hasOther[c] = 1;
  });
  return hasDiagonal.some((d, c) => d === 1 && hasOther[c] === 1);
}

/**
 * Whether states p ∈ `a`, q ∈ `b` (two cyclic SCCs, `a` reaching `b`) and a word v exist with
 * p →v p, p →v q, q →v q. `between` are the states the middle path may use.
 */
function polynomialPair(
  g: Graph,
  a: readonly number[],
  b: readonly number[],
  between: readonly number[],
  sets: { inA: (v: number) => boolean; inB: (v: number) => boolean },
  budget: Budget,
): boolean {
  // Pairs (x, z), x ∈ a, z ∈ b, moving on common characters; p and q must lie on a cycle of it.
  const nb = b.length;
  const la = new Map(a.map((v, i) => [v, i]));
  const lb = new Map(b.map((v, i) => [v, i]));
  const succA = a.map((v) => (g.next[v] ?? []).filter(([q]) => sets.inA(q)).map(([q]) => q));
  const succB = b.map((v) => (g.next[v] ?? []).filter(([q]) => sets.inB(q)).map(([q]) => q));
  const pairSucc = (node: number): number[] => {
    const out: number[] = [];
    for (const x2 of succA[Math.floor(node / nb)] as number[])
      for (const z2 of succB[node % nb] as number[]) {
        spend(budget);
        if (meets(g.labels[x2] as Atoms, g.labels[z2] as Atoms))
          out.push((la.get(x2) as number) * nb + (lb.get(z2) as number));
      }
    return out;
  };
  const all = Array.from({ length: a.length * nb }, (_, i) => i);
  const { comp, count } = components(a.length * nb, pairSucc, all, budget);
  const ly = new Map(between.map((v, i) => [v, i]));
  const ny = between.length;
  for (const group of membersOf(comp, count)) {
    const first = group[0] as number;
    if (group.length === 1 && !pairSucc(first).includes(first)) continue;
    const lk = new Map(group.map((node, i) => [node, i]));
    const moves = group.map((node) => pairSucc(node).filter((n2) => lk.has(n2)));
    for (const start of group) {
      const p = a[Math.floor(start / nb)] as number;
      const q = b[start % nb] as number;
      const from = (lk.get(start) as number) * ny + (ly.get(p) as number);
      const target = (lk.get(start) as number) * ny + (ly.get(q) as number);
      spend(budget, group.length * ny);
      const seen = new Uint8Array(group.length * ny);
      const queue = [from];
      seen[from] = 1;
      while (queue.length > 0) {
        const node = queue.pop() as number;
        if (node === target) return true;
        const k = Math.floor(node / ny);
        const y = between[node % ny] as number;
        for (const n2 of moves[k] as number[]) {
          const x2 = a[Math.floor(n2 / nb)] as number;
          const z2 = b[n2 % nb] as number;
          for (const [y2] of g.next[y] ?? []) {
            spend(budget);
            const yi = ly.get(y2);
            if (yi === undefined || !meets3(g.labels[x2] as Atoms, g.labels[y2] as Atoms, g.labels[z2] as Atoms))
              continue;
            const n3 = (lk.get(n2) as number) * ny + yi;
            if (seen[n3] === 0) {
              seen[n3] = 1;
              queue.push(n3);
            }
          }
        }
      }
    }
  }
  return false;
}

/** The growth of the number of paths from state 0 of `g`. Throws when `budget` runs out. */
export function growth(g: Graph, budget: Budget): Growth {
  const size = g.next.length;
  const succ = (v: number): number[] => (g.next[v] ?? []).map(([q]) => q);
  const { comp, count } = components(size, succ, [0], budget);
  const members = membersOf(comp, count);
  const cyclic = members.map((m) => m.length > 1 || succ(m[0] as number).includes(m[0] as number));
  // Component DAG (numbers are reverse topological: an edge goes from a higher to a lower number).
  const dag: Set<number>[] = members.map(() => new Set());
  const back: Set<number>[] = members.map(() => new Set());
  for (let v = 0; v < size; v++) {
    const c = comp[v] as number;
    if (c < 0) continue;
    for (const w of succ(v)) {
      const d = comp[w] as number;
      if (d !== c) {
        (dag[c] as Set<number>).add(d);
        (back[d] as Set<number>).add(c);
      }
    }
  }
  for (let c = 0; c < count; c++) {
    if (!cyclic[c]) continue;
    if (twoWaysAround(g, members[c] as number[], (v) => comp[v] === c, budget))
      return { exponential: true, degree: Infinity, cyclic: true, reach: () => Infinity };
  }
  const closure = (from: number, edges: readonly Set<number>[]): Set<number> => {
    const seen = new Set([from]);
    const todo = [from];
    while (todo.length > 0)
      for (const d of edges[todo.pop() as number] as Set<number>) if (!seen.has(d) && seen.add(d)) todo.push(d);
    return seen;
  };
  const chain = new Array<number>(count).fill(0);
  const cycleBefore = [...cyclic];
  for (let c = count - 1; c >= 0; c--) {
    if (cyclic[c]) {
      const below = closure(c, dag);
      for (const d of below) {
        if (d === c || !cyclic[d] || (chain[d] as number) > (chain[c] as number)) continue;
        const above = closure(d, back);
        const between = members.flatMap((m, e) => (below.has(e) && above.has(e) ? m : []));
        const found = polynomialPair(
          g,
          members[c] as number[],
          members[d] as number[],
          between,
          { inA: (v) => comp[v] === c, inB: (v) => comp[v] === d },
          budget,
        );
        if (found) chain[d] = Math.max(chain[d] as number, (chain[c] as number) + 1);
      }
    }
    for (const d of dag[c] as Set<number>) {
      chain[d] = Math.max(chain[d] as number, chain[c] as number);
      cycleBefore[d] ||= cycleBefore[c] as boolean;
    }
  }
  return {
    exponential: false,
    degree: Math.max(0, ...chain),
    cyclic: cyclic.some(Boolean),
    reach: (p) => {
      const c = comp[p];
      return c === undefined || c < 0 ? -1 : (chain[c] as number) + (cycleBefore[c] ? 1 : 0);
    },
  };
}
