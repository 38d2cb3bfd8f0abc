/**
 * The characters of one automaton split into atoms: the coarsest partition of the code points in
 * which every character set of the automaton is a union of atoms. Two sets share a character
 * exactly when their atom bitsets share a bit, so the product constructions of regex/ambiguity.ts
 * and the path counting of regex/width.ts work on small integers instead of ranges.
 */

import { MAX_CODE_POINT, type Ranges } from './ranges.js';

/** A set of atoms, one bit each. */
export type Atoms = Uint32Array;

/** The atom bitset of every set, in order, and how many atoms there are. */
export function atomsOf(sets: readonly Ranges[]): { readonly count: number; readonly labels: readonly Atoms[] } {
  const cuts = new Set<number>([0, MAX_CODE_POINT + 1]);
  for (const set of sets)
    for (const [lo, hi] of set) {
      cuts.add(lo);
      cuts.add(hi + 1);
    }
  const starts = [...cuts].sort((a, b) => a - b);
  starts.pop(); // the end of the last atom
  const pieceAt = (c: number): number => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] as number) <= c) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  // Pieces between cuts that lie in the same sets are one atom (`\S` alone is ten pieces).
  const signature: string[] = starts.map(() => '');
  const distinct = new Map(sets.map((set) => [JSON.stringify(set), set]));
  [...distinct.values()].forEach((set, s) => {
    for (const [lo, hi] of set) for (let k = pieceAt(lo), end = pieceAt(hi); k <= end; k++) signature[k] += `${s},`;
  });
  const atomOf = new Map<string, number>();
  const atoms = signature.map((sig) => {
    const known = atomOf.get(sig);
    if (known !== undefined) return known;
    atomOf.set(sig, atomOf.size);
    return atomOf.size - 1;
  });
  const count = atomOf.size;
  const words = Math.ceil(count / 32);
  const labels = sets.map((set) => {
    const bits = new Uint32Array(words);
    for (const [lo, hi] of set)
      for (let k = pieceAt(lo), end = pieceAt(hi); k <= end; k++) {
        const a = atoms[k] as number;
        bits[a >> 5] = (bits[a >> 5] as number) | (1 << (a & 31));
      }
    return bits;
  });
  return { count, labels };
}

/** Whether two atom sets share an atom. */
export function meets(a: Atoms, b: Atoms): boolean {
  for (let w = 0; w < a.length; w++) if (((a[w] as number) & (b[w] as number)) !== 0) return true;
  return false;
}

/** Whether three atom sets share an atom. */
export function meets3(a: Atoms, b: Atoms, c: Atoms): boolean {
  for (let w = 0; w < a.length; w++) if (((a[w] as number) & (b[w] as number) & (c[w] as number)) !== 0) return true;
  return false;
}

/** Whether the atom set holds atom `a`. */
export const has = (set: Atoms, a: number): boolean => (((set[a >> 5] as number) >>> (a & 31)) & 1) === 1;
