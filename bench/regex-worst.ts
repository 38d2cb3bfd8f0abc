/**
 * Worst measured time of every real pattern on adversarial input, through the path a call takes
 * (validateSchema, then `validate` with the run-time bound of src/regex/bound.ts). Patterns: every
 * one zod 4 emits, the tool-schema corpus, the installed MCP servers, and the reference rows kept in
 * test/regex/real-patterns.json (the examples, exponential and polynomial ones). Each
 * accepted or bounded pattern gets the attacks of test/fixtures/regex-attacks.ts at 50,000 characters and at
 * the default maxPatternSubject (4,096); every attack runs twice, the slowest five five times more, and
 * the fastest run of each is kept (the machine is shared). For a bounded pattern the plain V8 time of its worst
 * attack at 50,000 characters is shown too (what the bound prevents).
 *
 *   npx tsx bench/regex-worst.ts            print the table
 *   npx tsx bench/regex-worst.ts --write    also refresh the fixture (verdicts, degrees, timings)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { validateSchema } from '../src/schema/compile.js';
import { DEFAULT_LIMITS } from '../src/schema/limits.js';
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

const time = (run: () => unknown): number => {
  const t = performance.now();
  run();
  return performance.now() - t;
};

function measure(pattern: string): Worst | undefined {
  const compiled = validateSchema({ type: 'object', properties: { s: { type: 'string', pattern } } });
  if (!compiled.ok) throw new Error(`${pattern}: ${compiled.error.message}`);
  const validate = (s: string) => compiled.value.validate({ s });
  const outcomeOf = (s: string): string => {
    const r = validate(s);
    return r.ok ? 'pass' : r.error.class;
  };
  const tried: { ms: number; length: number; label: string; text: string }[] = [];
  for (const length of [LENGTH, DEFAULT_LIMITS.maxPatternSubject])
    for (const a of attacksOn(pattern, length)) {
      const ms = Math.min(
        time(() => validate(a.text)),
        time(() => validate(a.text)),
      );
      tried.push({ ms, length, label: a.label, text: a.text });
    }
  tried.sort((x, y) => y.ms - x.ms);
  for (const t of tried.slice(0, 5))
    for (let k = 0; k < 5; k++)
      t.ms = Math.min(
        t.ms,
        time(() => validate(t.text)),
      );
  tried.sort((x, y) => y.ms - x.ms);
  const top = tried[0];
  if (top === undefined) return undefined;
  const worst: Worst = {
    ms: Math.round(top.ms * 100) / 100,
    length: top.length,
    input: top.label,
    outcome: outcomeOf(top.text),
  };
  if (verdictOf(pattern).verdict !== 'bounded') return worst;
  // The same attack, unbounded, at 50,000 characters.
  const long = attacksOn(pattern, LENGTH).find((a) => a.label === top.label);
  const rx = new RegExp(pattern, 'u');
  return long === undefined ? worst : { ...worst, plainV8Ms50k: Math.round(time(() => rx.test(long.text))) };
}

const previous: Row[] = JSON.parse(readFileSync(FIXTURE, 'utf8')) as Row[];
const sources: PatternSource[] = [...zodPatterns(), ...(corpusPatterns() ?? []), ...(await mcpPatterns())];
const kept = previous.filter((r) => !GENERATED.has(r.group));
const rows: Row[] = [
  ...sources.map((s) => ({ group: s.group, name: s.name, pattern: s.pattern }) as Row),
  ...kept.map((r) => ({ group: r.group, name: r.name, pattern: r.pattern, ...(r.why ? { why: r.why } : {}) }) as Row),
];
const started = performance.now();
for (const row of rows) {
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
