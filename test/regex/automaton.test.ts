// The automaton of regex/automaton.ts must have exactly the backtracking paths of ECMA-262 matching
// (§22.2.2: one branch per alternative, per "one more iteration or stop", and an iteration past the
// minimum that matched nothing fails). A small backtracking matcher written from the spec explores every
// path of a pattern on an input and counts the characters it consumes and the times it reaches the end;
// the automaton, run as a counting subset construction, must give the same two numbers.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildAutomaton } from '../../src/regex/automaton.js';
import { parseRegex, type Node } from '../../src/regex/parse.js';
import { contains } from '../../src/regex/ranges.js';

/** Every path of the spec's backtracking on `s` from position 0: characters read and ends reached. */
function specWork(tree: Node, s: string): { reads: number; ends: number } {
  let reads = 0;
  let ends = 0;
  const match = (n: Node, pos: number, k: (pos: number) => void): void => {
    switch (n.t) {
      case 'chars': {
        const cp = s.codePointAt(pos);
        if (cp !== undefined && contains(n.set, cp)) {
          reads++;
          k(pos + (cp > 0xffff ? 2 : 1));
        }
        return;
      }
      case 'seq': {
        const step = (i: number, p: number): void => {
          if (i === n.items.length) k(p);
          else match(n.items[i] as Node, p, (q) => step(i + 1, q));
        };
        step(0, pos);
        return;
      }
      case 'alt':
        for (const a of n.alts) match(a, pos, k);
        return;
      case 'quant': {
        // RepeatMatcher (§22.2.2.3.1): past the minimum, an iteration that consumed nothing fails.
        const repeat = (min: number, max: number, p: number): void => {
          if (max === 0) {
            k(p);
            return;
          }
          const next = (q: number): void => {
            if (min === 0 && q === p) return;
            repeat(Math.max(0, min - 1), max - 1, q);
          };
          match(n.body, p, next);
          if (min === 0) k(p);
        };
        repeat(n.min, n.max, pos);
        return;
      }
      default:
        k(pos); // assertions and lookarounds pass, as in the automaton
    }
  };
  match(tree, 0, () => ends++);
  return { reads, ends };
}

/** The same two numbers from the automaton: counted paths after each character, and their ends. */
function automatonWork(tree: Node, s: string): { reads: number; ends: number } {
  const a = buildAutomaton(tree);
  let config = new Map([[0, 1]]);
  let reads = 0;
  let ends = a.endWays[0] ?? 0;
  for (const ch of s) {
    const cp = ch.codePointAt(0) as number;
    const next = new Map<number, number>();
    for (const [p, c] of config)
      for (const [q, ways] of a.edges[p] ?? [])
        if (contains(a.sets[q] ?? [], cp)) next.set(q, (next.get(q) ?? 0) + c * ways);
    config = next;
    for (const [q, c] of config) {
      reads += c;
      ends += c * (a.endWays[q] ?? 0);
    }
  }
  return { reads, ends };
}

const CASES = [
  { pattern: '(a*)*', input: 'aaaaa', why: 'continue the inner loop or start another iteration' },
  { pattern: '(a|a)*', input: 'aaaa', why: 'two alternatives per character' },
  { pattern: '(?:a?){3}', input: 'aaa', why: 'iterations below the minimum may be empty' },
  { pattern: '(?:a?)*', input: 'aaa', why: 'past the minimum an empty iteration fails' },
  { pattern: '(?:a?b?)*', input: 'ababab', why: 'a nullable body split across iterations' },
  { pattern: '(?:|a)*b', input: 'aab', why: 'an empty alternative inside a loop' },
  { pattern: '(?:a{0,2}){2,3}', input: 'aaaaa', why: 'nested counted repetitions' },
  { pattern: '(a+)+b', input: 'aaaa', why: 'the classic nested plus' },
  { pattern: '(?:(?:a?)+)?c', input: 'aac', why: 'optional around plus around optional' },
  { pattern: 'x{2,4}', input: 'xxxxx', why: 'unrolled bounds' },
  { pattern: '(?:ab|a)(?:bc|c)', input: 'abc', why: 'fixed-length alternatives' },
  { pattern: '(?:^|,)a*$', input: 'aa', why: 'assertions taken as passing' },
  { pattern: '[\\u{1F600}-\\u{1F64F}]+', input: '\u{1F600}\u{1F601}', why: 'astral characters are one step' },
];

describe('the automaton has exactly the backtracking paths of the spec', () => {
  it.each(CASES)('$pattern on "$input" ($why)', ({ pattern, input }) => {
    const tree = parseRegex(pattern);
    const spec = specWork(tree, input);
    expect(spec.reads).toBeGreaterThan(0);
    expect(automatonWork(tree, input)).toEqual(spec);
  });

  it('on random patterns and inputs', () => {
    const atom = fc.constantFrom('a', 'b', '[ab]', '.', '');
    const pattern = fc.letrec<{ p: string }>((tie) => ({
      p: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        atom,
        fc.tuple(tie('p'), tie('p')).map(([x, y]) => `${x}${y}`),
        fc.tuple(tie('p'), tie('p')).map(([x, y]) => `(?:${x}|${y})`),
        fc
          .tuple(tie('p'), fc.constantFrom('*', '+', '?', '{2}', '{0,2}', '{1,3}', '{2,}'))
          .map(([x, q]) => `(?:${x})${q}`),
      ),
    })).p;
    fc.assert(
      fc.property(pattern, fc.stringMatching(/^[ab]{0,6}$/), (p, input) => {
        const tree = parseRegex(p);
        expect(automatonWork(tree, input)).toEqual(specWork(tree, input));
      }),
      { numRuns: 300, seed: 13 },
    );
  });
});
