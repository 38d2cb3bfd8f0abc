/**
 * What validateJSON's text check costs next to `JSON.parse` of the same text, by text shape: toolgate's
 * parseJsonText (the native path and, where it hands over, the strict parser) against `JSON.parse` alone, both
 * timed in the same run (bench/measure.ts), plus the strict parser for scale. With `--corpus`, also workload 2
 * of `npm run bench` alone (validateJSON against JSON.parse + raw Ajv on the corpus calls). Build first:
 *
 *   npm run build && node --expose-gc --import tsx bench/json-text.ts [--corpus] [--quick] [--before DIR] [--only WORD]
 *
 * `--before DIR` also times the text check of another build (its dist/ folder) in the same runs.
 *
 * Prints Markdown rows for the BENCHMARKS.md section this script keeps (bench/report.ts).
 */
import { parseJsonText } from '../dist/arguments/json-text.js';
import { parseStrictJsonText } from '../dist/arguments/json-text-strict.js';
import { DEFAULT_LIMITS } from '../dist/util/limits.js';
import { median, measureInterleaved, ratioOf, type MeasureOptions, type SweepTask } from './measure.js';

const quick = process.argv.includes('--quick');
/** `--before DIR`: an earlier build's dist/ folder, whose text check is timed in the same runs. */
const beforeDir = process.argv[process.argv.indexOf('--before') + 1];
type Check = (text: string, limits: typeof DEFAULT_LIMITS) => { ok: boolean };
const before: Check | undefined = process.argv.includes('--before')
  ? ((await import(`${beforeDir}/arguments/json-text.js`)) as { parseJsonText: Check }).parseJsonText
  : undefined;
const HOT: MeasureOptions = quick
  ? { repetitions: 1, timeMs: 400, firstWarmupMs: 300, warmupMs: 100, blockMs: 20, unitMs: 2 }
  : { repetitions: 3, timeMs: 2400, firstWarmupMs: 1500, warmupMs: 400, blockMs: 30, unitMs: 3 };

/** A seeded generator (mulberry32), so every run measures the same texts. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rnd = random(27);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
const WORDS = ['order', 'city', 'paris', 'the', 'quick', 'brown', 'fox', 'report', 'weather', 'lookup', 'files'];
const sentence = (words: number): string => Array.from({ length: words }, () => pick(WORDS)).join(' ');
/** Records until the text passes `bytes`. */
const fill = (bytes: number, record: (k: number) => unknown): unknown[] => {
  const out: unknown[] = [];
  for (let size = 0, k = 0; size < bytes; k++) {
    const r = record(k);
    out.push(r);
    size += JSON.stringify(r).length + 1;
  }
  return out;
};

/** A typical tool call of about 1 KB: strings, small numbers, flags, a short list, a nested object. */
const small = {
  query: sentence(12),
  city: 'Paris',
  limit: 25,
  offset: 0,
  price: 19.99,
  verbose: false,
  tags: ['urgent', 'billing', 'q3'],
  filters: { from: '2026-01-01', to: '2026-03-31', status: ['open', 'pending'], minScore: 0.75 },
  items: fill(560, (k) => ({ id: k, name: sentence(3), qty: k % 7, unit: 2.5 })),
  note: sentence(20),
};

// 64 KB shapes stay under 64 KiB, the longest text parsed before its nesting is known (the tally's texts).
const KB64 = 64_000;
const SHAPES: { name: string; text: string }[] = [
  { name: 'small object, 1 KB', text: JSON.stringify(small) },
  { name: 'small object, 1 KB, Python separators', text: JSON.stringify(small).replace(/":/g, '": ') },
  {
    name: '64 KB string-heavy',
    text: JSON.stringify({ documents: fill(KB64, (k) => ({ title: `doc ${k}`, body: sentence(80) })) }),
  },
  {
    name: '64 KB number-heavy, integers',
    text: JSON.stringify({ points: fill(KB64, (k) => [k, Math.round(rnd() * 1e4), -Math.round(rnd() * 1e3)]) }),
  },
  {
    name: '64 KB number-heavy, 2 decimals',
    text: JSON.stringify({
      points: fill(KB64, (k) => [k, Math.round(rnd() * 1e4) / 100, -Math.round(rnd() * 1e3)]),
    }),
  },
  {
    name: '64 KB number-heavy, full doubles',
    text: JSON.stringify({ samples: fill(KB64, () => rnd() * 1000) }),
  },
  {
    name: 'escaped keys, 1 KB',
    text: JSON.stringify(small).replace(/"([a-z])([a-zA-Z]*)":/g, (_m, first: string, rest: string) => {
      return `"\\u00${first.charCodeAt(0).toString(16)}${rest}":`;
    }),
  },
  {
    name: 'escaped emoji, 1 KB (Python ensure_ascii)',
    text: JSON.stringify(small).replace(/ the /g, ' \\ud83d\\ude00 '),
  },
  {
    name: 'deep nesting, 60 levels',
    text: `${'{"a":['.repeat(30)}{"leaf":1}${']}'.repeat(30)}`,
  },
];

/** One row: toolgate's check and the strict parser on every text of a shape, as a ratio to JSON.parse. */
async function shapeRow(name: string, texts: readonly string[]): Promise<string> {
  for (const text of texts) {
    const checked = parseJsonText(text, DEFAULT_LIMITS);
    if (!checked.ok || !checked.value.withinLimits) throw new Error(`${name}: refused`);
  }
  const task = (label: string, f: (text: string) => unknown): SweepTask => ({
    name: label,
    calls: texts.length,
    run: () => {
      for (const text of texts) if (f(text) === undefined) throw new Error(`${label}: nothing`);
    },
  });
  const timings = await measureInterleaved(
    () => [
      task('JSON.parse', (text) => JSON.parse(text)),
      task('check', (text) => (parseJsonText(text, DEFAULT_LIMITS).ok ? 1 : undefined)),
      task('strict', (text) => (parseStrictJsonText(text, DEFAULT_LIMITS).ok ? 1 : undefined)),
      ...(before === undefined ? [] : [task('before', (text) => (before(text, DEFAULT_LIMITS).ok ? 1 : undefined))]),
    ],
    HOT,
  );
  const time = (k: string): string => {
    const ns = median(timings.get(k) ?? []);
    return ns < 10_000 ? `${ns.toFixed(0)} ns` : `${(ns / 1000).toFixed(1)} µs`;
  };
  const check = ratioOf(timings, 'check', 'JSON.parse');
  const strict = ratioOf(timings, 'strict', 'JSON.parse');
  const chars = texts.length === 1 ? `${texts[0]?.length}` : `${texts.length} texts, median ${medianLength(texts)}`;
  const earlier = before === undefined ? '' : ` ${ratioOf(timings, 'before', 'JSON.parse').median.toFixed(2)}x |`;
  const row =
    `| ${name} | ${chars} | ${time('JSON.parse')} | ${time('check')} | ${check.median.toFixed(2)}x | ` +
    `${check.min.toFixed(2)}x – ${check.max.toFixed(2)}x | ${strict.median.toFixed(2)}x |${earlier}`;
  process.stderr.write(`${row}\n`);
  return row;
}

const medianLength = (texts: readonly string[]): number => median(texts.map((t) => t.length));

const HEADER = [
  `| text shape | characters | JSON.parse | toolgate text check | ratio | spread | strict parser, ratio |${
    before === undefined ? '' : ' before, ratio |'
  }`,
  `|---|---:|---:|---:|---:|---|---:|${before === undefined ? '' : '---:|'}`,
];

/** Workload 2 of `npm run bench` alone, on the same corpus calls. */
async function corpus(): Promise<string[]> {
  const { loadCorpus } = await import('./corpus.js');
  const { prepare, comparisonSet, warmUp } = await import('./select.js');
  const { toolgate, rawAjvDefault, rawAjvSameOptions } = await import('./contenders.js');
  const { validTexts } = await import('./hot.js');
  const tools = loadCorpus();
  if (tools === undefined) return ['(corpus missing: ../shared/tool-schemas)'];
  const reference = { ...rawAjvSameOptions, name: '#reference' };
  const { prepared } = await prepare(tools, [toolgate, rawAjvDefault, rawAjvSameOptions], reference);
  const set = comparisonSet(prepared, [toolgate.name, rawAjvDefault.name, rawAjvSameOptions.name], {
    invalidToo: true,
  });
  const texts = set.schemas.flatMap((p) => p.calls.valid.map((args) => JSON.stringify(args)));
  const textRow = await shapeRow('corpus calls (the texts of W2)', texts);
  warmUp(prepared, quick ? 1000 : 4000);
  const run = await validTexts(set, HOT);
  if (run === undefined) return ['(no corpus calls)'];
  const base = 'JSON.parse + raw Ajv 2020';
  const rows = [
    ...HEADER,
    textRow,
    '',
    `W2 alone: ${run.schemas} schemas, ${run.calls} calls`,
    '| contender | median | ratio to JSON.parse + raw Ajv 2020 | spread |',
    '|---|---:|---:|---|',
  ];
  for (const [name, ns] of run.timings) {
    const r = ratioOf(run.timings, name, base);
    rows.push(
      `| ${name} | ${median(ns).toFixed(0)} ns/call | ${r.median.toFixed(2)}x | ` +
        `${r.min.toFixed(2)}x – ${r.max.toFixed(2)}x |`,
    );
  }
  return rows;
}

const out = [...HEADER];
// `--only WORD`: only the shapes whose name holds WORD.
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
for (const { name, text } of SHAPES)
  if (only === undefined || name.includes(only)) out.push(await shapeRow(name, [text]));
if (process.argv.includes('--corpus')) out.push('', ...(await corpus()));
console.log(out.join('\n'));
