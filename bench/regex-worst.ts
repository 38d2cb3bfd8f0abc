/**
 * Worst measured time of every real pattern on adversarial input, through the path a call takes
 * (validateSchema, then `validate` with the run-time bound of src/regex/bound.ts). Patterns: every
 * one zod 4 emits, the tool-schema corpus, the installed MCP servers, and the reference rows kept in
 * test/regex/real-patterns.json (the examples, exponential and polynomial ones). Each
 * accepted or bounded pattern gets the attacks of test/fixtures/regex-attacks.ts (ASCII, the same made
 * two-byte, and wide ones) at 50,000 characters, at the default maxPatternSubject (4,096) and, for a bounded
 * pattern, at the longest string one call may test under the default maxPatternWork; every attack runs twice,
 * the slowest five five times more, and the fastest run of each is kept (the machine is shared; CPU time). For
 * a bounded pattern the plain V8 time of its worst attack at 50,000 characters is shown too (what the bound
 * prevents), and its weight (src/regex/weight.ts) with the worst plain test at the longest allowed length,
 * measured and charged: the charge must cover the measurement.
 *
 *   npx tsx bench/regex-worst.ts            print the table
 *   npx tsx bench/regex-worst.ts --write    also refresh the fixture (verdicts, degrees, timings)
 *   npx tsx bench/regex-worst.ts --bounded  the quadratic patterns only, not written
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { validateSchema } from '../src/schema/compile.js';
import { DEFAULT_LIMITS } from '../src/util/limits.js';
import { patternWeight } from '../src/regex/weight.js';
import {
  corpusPatterns,
  mcpPatterns,
  verdictOf,
  zodPatterns,
  type PatternSource,
  type Verdict,
} from '../test/fixtures/regex-sources.js';
import { attacksOn } from '../test/fixtures/regex-attacks.js';

const FIXTURE = fileURLToPath(new URL('../test/regex/real-patterns.json', import.meta.url));
const LENGTH = 50_000;
const GENERATED = new Set(['zod', 'corpus', 'mcp']);

interface Worst {
  readonly ms: number;
  readonly length: number;
  readonly input: string;
  readonly outcome: string;
  readonly plainV8Ms50k?: number;
  /** Bounded patterns: the weight (regex/weight.ts) and the longest string one call may test. */
  readonly weight?: number;
  readonly allowed?: number;
  /** Bounded patterns: the worst plain test at `allowed` characters, measured and charged (weight × n²). */
  readonly plainMsAllowed?: number;
  readonly chargedMsAllowed?: number;
}
interface Row {
  group: string;
  name: string;
  pattern: string;
  verdict: Verdict;
  degree?: number;
  worst?: Worst;
  why?: string;
}

/** CPU time of the process in ms (steady when other work shares the machine, unlike wall time). */
const time = (run: () => unknown): number => {
  const t = process.cpuUsage();
  run();
  const used = process.cpuUsage(t);
  return (used.user + used.system) / 1000;
};

/** Attacks of `length` characters: ASCII ones, each of them made a two-byte string, and wide ones. */
function attacks(pattern: string, length: number): { label: string; text: string }[] {
  const narrow = attacksOn(pattern, length);
  // One CJK character before the last makes the whole string two-byte, with the same attack before it.
  const twoByte = narrow.map((a) => ({
    label: `two-byte ${a.label}`,
    text: `${a.text.slice(0, -2)}\u4e2d${a.text.slice(-1)}`,
  }));
  return [...narrow, ...twoByte, ...attacksOn(pattern, length, { wide: true })];
}

/**
 * The slowest of `list` run by `run`: every one twice, the slowest five five times more, fastest run kept.
 * `reset` runs before each timed run, untimed (a bounded matcher answers a repeated string from memory).
 */
function slowestOf<T extends { text: string }>(
  list: readonly T[],
  run: (s: string) => unknown,
  reset: () => unknown = () => undefined,
): (T & { ms: number })[] {
  const timed = (text: string): number => {
    reset();
    return time(() => run(text));
  };
  const tried = list.map((a) => ({ ...a, ms: Math.min(timed(a.text), timed(a.text)) }));
  tried.sort((x, y) => y.ms - x.ms);
  for (const t of tried.slice(0, 5)) for (let k = 0; k < 5; k++) t.ms = Math.min(t.ms, timed(t.text));
  return tried.sort((x, y) => y.ms - x.ms);
}

function measure(pattern: string): Worst | undefined {
  const compiled = validateSchema({ type: 'object', properties: { s: { type: 'string', pattern } } });
  if (!compiled.ok) throw new Error(`${pattern}: ${compiled.error.message}`);
  const validate = (s: string) => compiled.value.validate({ s });
  const outcomeOf = (s: string): string => {
    const r = validate(s);
    return r.ok ? 'pass' : r.error.class;
  };
  const bounded = verdictOf(pattern).verdict === 'bounded';
  const weight = bounded ? patternWeight(pattern) : undefined;
  const allowed = weight === undefined ? undefined : Math.floor(Math.sqrt(DEFAULT_LIMITS.maxPatternWork / weight));
  const lengths = [LENGTH, DEFAULT_LIMITS.maxPatternSubject, ...(allowed === undefined ? [] : [allowed])];
  const tried = slowestOf(
    lengths.flatMap((length) => attacks(pattern, length).map((a) => ({ ...a, length }))),
    validate,
    () => validate(''),
  );
  const top = tried[0];
  if (top === undefined) return undefined;
  const worst: Worst = {
    ms: Math.round(top.ms * 100) / 100,
    length: top.length,
    input: top.label,
    outcome: outcomeOf(top.text),
  };
  if (!bounded || weight === undefined || allowed === undefined) return worst;
  const rx = new RegExp(pattern, 'u');
  // The same attack, unbounded, at 50,000 characters, unless its charge says that takes over 40 s.
  const long =
    weight * LENGTH * LENGTH > 40e9 ? undefined : attacks(pattern, LENGTH).find((a) => a.label === top.label);
  // What the charge must cover: the slowest plain test at the longest length one call may test.
  const plain = slowestOf(attacks(pattern, allowed), (s) => rx.test(s))[0];
  const round = (ms: number): number => Math.round(ms * 100) / 100;
  return {
    ...worst,
    ...(long === undefined ? {} : { plainV8Ms50k: Math.round(time(() => rx.test(long.text))) }),
    weight,
    allowed,
    ...(plain === undefined ? {} : { plainMsAllowed: round(plain.ms) }),
    chargedMsAllowed: round((weight * allowed * allowed) / 1e6),
  };
}

const previous: Row[] = JSON.parse(readFileSync(FIXTURE, 'utf8')) as Row[];
const sources: PatternSource[] = [...zodPatterns(), ...(corpusPatterns() ?? []), ...(await mcpPatterns())];
const kept = previous.filter((r) => !GENERATED.has(r.group));
const rows: Row[] = [
  ...sources.map((s) => ({ group: s.group, name: s.name, pattern: s.pattern }) as Row),
  ...kept.map((r) => ({ group: r.group, name: r.name, pattern: r.pattern, ...(r.why ? { why: r.why } : {}) }) as Row),
];
const started = performance.now();
// `--bounded`: measure the quadratic patterns only (a quick check of their weights; never written).
const boundedOnly = process.argv.includes('--bounded');
if (boundedOnly && process.argv.includes('--write')) throw new Error('--bounded measures a part; it cannot --write');
for (const row of rows) {
  if (boundedOnly && verdictOf(row.pattern).verdict !== 'bounded') continue;
  const { verdict, degree } = verdictOf(row.pattern);
  row.verdict = verdict;
  if (degree !== undefined) row.degree = degree;
  if (verdict === 'accepted' || verdict === 'bounded') {
    const worst = measure(row.pattern);
    if (worst !== undefined) row.worst = worst;
  }
  const w = row.worst;
  console.log(
    [
      row.group.padEnd(11),
      row.verdict.padEnd(20),
      String(row.degree ?? '').padEnd(2),
      w === undefined
        ? ''.padEnd(28)
        : `${w.ms.toFixed(2).padStart(8)} ms @${String(w.length).padEnd(6)} ${w.outcome.padEnd(9)}`,
      w?.plainV8Ms50k === undefined ? '' : `(plain V8 at 50k: ${w.plainV8Ms50k} ms) `,
      w?.weight === undefined
        ? ''
        : `(weight ${w.weight}: at ${w.allowed} chars ${w.plainMsAllowed} ms measured, ${w.chargedMsAllowed} charged) `,
      row.name,
    ].join(' '),
  );
}
const measured = rows.filter((r) => r.worst !== undefined);
const slowest = measured.reduce((a, r) => Math.max(a, r.worst?.ms ?? 0), 0);
console.log(`${rows.length} patterns, ${measured.length} measured, slowest ${slowest.toFixed(2)} ms`);
console.log(`total ${((performance.now() - started) / 1000).toFixed(1)} s, Node ${process.version}`);
const added = rows.filter((r) => !previous.some((p) => p.pattern === r.pattern && p.group === r.group));
const dropped = previous.filter((p) => !rows.some((r) => r.pattern === p.pattern && r.group === p.group));
for (const r of added) console.log(`new: ${r.group} ${r.name}`);
for (const r of dropped) console.log(`gone: ${r.group} ${r.name}`);
if (process.argv.includes('--write')) {
  writeFileSync(FIXTURE, `${JSON.stringify(rows, null, 2)}\n`);
  console.log(`wrote ${FIXTURE}`);
}
