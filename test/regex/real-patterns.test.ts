// The verdict table of real patterns (test/regex/real-patterns.json): every pattern zod 4 emits, the
// tool-schema corpus's, the installed MCP servers', the issue's examples, and reference patterns that must
// stay refused. Each row's verdict and degree are asserted here; its worst time on adversarial input is
// measured data, written by bench/regex-worst.ts and not asserted. The cost check counts work instead: the
// backtracking paths on adversarial inputs of n and 2n characters, counted on the pattern's automaton, may
// grow at most as the degree says.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildAutomaton, type Automaton } from '../../src/regex/automaton.js';
import { anchoredAtStart, parseRegex } from '../../src/regex/parse.js';
import { contains } from '../../src/regex/ranges.js';
import { uModeSource } from '../../src/regex/u-mode.js';
import { attacksOn } from '../fixtures/regex-attacks.js';
import { corpusPatterns, mcpPatterns, verdictOf, zodPatterns, type Verdict } from '../fixtures/regex-sources.js';

interface Row {
  readonly group: string;
  readonly name: string;
  readonly pattern: string;
  readonly verdict: Verdict;
  readonly degree?: number;
  readonly worst?: { readonly ms: number; readonly length: number };
  readonly why?: string;
}

const ROWS = JSON.parse(readFileSync(new URL('./real-patterns.json', import.meta.url), 'utf8')) as Row[];
const REAL = new Set(['zod', 'corpus', 'mcp', 'issue']);
// Real patterns that are no ECMA-262 pattern in either mode: a malformed schema, not a refusal. zod's
// rfc5322Email (a lone `]`, valid only without the u flag) runs as its u-mode spelling (regex/u-mode.ts).
const NOT_U_MODE: string[] = [];

const rowsOf = (group: string): Row[] => ROWS.filter((r) => r.group === group);
const sorted = (xs: Iterable<string>): string[] => [...xs].sort();

describe('verdicts of real and reference patterns', () => {
  it.each(ROWS)('$group $name: $verdict', (row) => {
    expect(verdictOf(row.pattern)).toEqual(
      row.degree === undefined ? { verdict: row.verdict } : { verdict: row.verdict, degree: row.degree },
    );
  });

  it('no real pattern is refused (zod 4, corpus, MCP servers, the issue)', () => {
    const real = ROWS.filter((r) => REAL.has(r.group));
    expect(real.length).toBeGreaterThan(60);
    expect(real.filter((r) => r.verdict.startsWith('refused')).map((r) => r.name)).toEqual([]);
    expect(real.filter((r) => r.verdict === 'invalid').map((r) => r.name)).toEqual(NOT_U_MODE);
  });

  it('every exponential reference stays refused as exponential', () => {
    expect(rowsOf('exponential').length).toBeGreaterThan(10);
    for (const r of rowsOf('exponential')) expect(r.verdict, r.name).toBe('refused-exponential');
  });

  it('every pattern that may run has a measured worst time', () => {
    const running = ROWS.filter((r) => r.verdict === 'accepted' || r.verdict === 'bounded');
    expect(running.filter((r) => r.worst === undefined).map((r) => r.name)).toEqual([]);
  });
});

describe('the table lists every real pattern there is (run bench/regex-worst.ts --write when this fails)', () => {
  it('zod 4', () => {
    expect(sorted(rowsOf('zod').map((r) => r.pattern))).toEqual(sorted(zodPatterns().map((s) => s.pattern)));
  });

  const corpus = corpusPatterns();
  it.skipIf(corpus === undefined)('the tool-schema corpus (skipped when ../shared is absent outside CI)', () => {
    expect(sorted(rowsOf('corpus').map((r) => r.pattern))).toEqual(sorted((corpus ?? []).map((s) => s.pattern)));
  });

  it('the installed MCP servers (a real tools/list of each)', async () => {
    const found = await mcpPatterns();
    expect(sorted(rowsOf('mcp').map((r) => r.pattern))).toEqual(sorted(found.map((s) => s.pattern)));
  });
});

/**
 * Backtracking paths V8 may explore on `input`, counted on the automaton (assertions pass): from
 * position 0, plus, without a leading `^`, from every later start that has not yet succeeded
 * (states from which the rest can match nothing end that start's search, regex/degree.ts).
 */
function pathWork(a: Automaton, everyStart: boolean, input: string): number {
  const run = (loop: boolean): number => {
    const skip = (q: number): boolean => loop && a.clean[q] === true;
    let config = new Map<number, number>([[0, 1]]);
    let work = 1;
    for (const ch of input) {
      const cp = ch.codePointAt(0) as number;
      const next = new Map<number, number>(loop ? [[0, 1]] : []);
      for (const [p, c] of config)
        for (const [q, ways] of a.edges[p] ?? [])
          if (!skip(q) && contains(a.sets[q] ?? [], cp)) next.set(q, (next.get(q) ?? 0) + c * ways);
      config = next;
      for (const [q, c] of config) work += c * (1 + (a.endWays[q] ?? 0));
    }
    return work;
  };
  return run(false) + (everyStart && a.clean[0] !== true ? run(true) : 0);
}

describe('counted work grows no faster than the degree says', () => {
  // Lookaround costs are not counted here (their bodies run as separate searches): rows with one are left out.
  const counted = ROWS.filter((r) => r.degree !== undefined && !/\(\?[=!<]/.test(r.pattern));

  it.each(counted)('$group $name (degree $degree)', ({ pattern: written, degree }) => {
    const pattern = uModeSource(written); // what runs: a pattern valid only without the u flag is respelled
    const tree = parseRegex(pattern);
    const a = buildAutomaton(tree);
    const everyStart = !anchoredAtStart(tree);
    const n = 300;
    const short = attacksOn(pattern, n, { chars: 4, prefixes: 1, killers: ['!'] });
    const long = attacksOn(pattern, 2 * n, { chars: 4, prefixes: 1, killers: ['!'] });
    expect(short.length).toBeGreaterThan(0);
    let worst = 0;
    short.forEach((attack, i) => {
      const ratio = pathWork(a, everyStart, (long[i] as { text: string }).text) / pathWork(a, everyStart, attack.text);
      worst = Math.max(worst, ratio);
    });
    // Doubling the input multiplies n^d by 2^d; a quarter more for the constant parts.
    expect(worst).toBeLessThanOrEqual(1.25 * 2 ** (degree as number));
    // Degree 3 is real: the refusal is no over-estimate.
    if ((degree as number) >= 3) expect(worst).toBeGreaterThan(6);
  });
});
