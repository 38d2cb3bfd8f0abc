/**
 * `npm run bench`: what the gate costs against raw Ajv and the peers, in one run. Prints one table
 * and writes ../BENCHMARKS.md, the one place its numbers are kept. The package is
 * measured as built (`npm run bench` builds it first; bench/main.ts refuses a dist/ older than src/). Set
 * BENCH_QUICK=1 for a short smoke run (one repetition, short timings; the numbers are then only
 * indicative and nothing is written).
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { admissionPromiseRows, runAdmissions, type AdmissionPlan, type AdmissionRow } from './admission.js';
import { PEERS, rawAjvDefault, rawAjvSameOptions, toolgate, versionOf, type Contender } from './contenders.js';
import { CORPUS_DIR, loadCorpus, type CorpusTool } from './corpus.js';
import { bareWalk, invalidCalls, validObjects, validTexts, type HotRun } from './hot.js';
import { isPlainJsonWithin } from '../dist/arguments/json-fast-check.js';
import { argumentBounds, DEFAULT_LIMITS } from '../dist/util/limits.js';
import { median, ratioOf, type MeasureOptions, type Ratio } from './measure.js';
import { comparisonSet, prepare, warmUp, type ComparisonSet } from './select.js';
import { environment, table, writeBenchmarks, type Row } from './report.js';
import { measureStartup, STARTUP_TARGET } from './cli-startup.js';
import { mcpValidatorRows } from './mcp-validator.js';

const started = performance.now();
const quick = process.env['BENCH_QUICK'] === '1';
const REPETITIONS = quick ? 1 : 3;
const HOT: MeasureOptions = quick
  ? { repetitions: 1, timeMs: 400, firstWarmupMs: 300, warmupMs: 100, blockMs: 20, unitMs: 2 }
  : { repetitions: REPETITIONS, timeMs: 2400, firstWarmupMs: 3000, warmupMs: 400, blockMs: 30, unitMs: 3 };
const CATALOG_SIZE = quick ? 1000 : 5000;
const STARTUP_PAIRS = quick ? 5 : 20;
const ROOT = fileURLToPath(new URL('../', import.meta.url));
const log = (s: string): void => void process.stderr.write(`bench: ${s}\n`);

const tools = loadCorpus();
if (tools === undefined) {
  console.log(
    `bench: the tool-schema corpus is missing (${CORPUS_DIR}); ` +
      `it lives in ../shared beside the checkout. Nothing measured.`,
  );
  process.exit(1);
}

const versions: Record<string, string> = {
  toolgate: (JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8')) as { version: string }).version,
  "ajv (toolgate's)": versionOf('ajv', ROOT),
  'ajv (raw baseline)': versionOf('ajv'),
  ...Object.fromEntries(
    PEERS.filter((c) => c.pkg !== 'toolgate' && c.pkg !== 'ajv').map((c) => [c.pkg, versionOf(c.pkg)]),
  ),
};
const env = environment(versions);
for (const line of env) log(line);

log(`compiling ${tools.length} corpus schemas on every contender and generating calls`);
const reference: Contender = { ...rawAjvSameOptions, name: '#reference' };
const { prepared, refusals } = await prepare(
  tools,
  [toolgate, rawAjvDefault, rawAjvSameOptions, ...PEERS.filter((c) => c !== toolgate && c !== rawAjvDefault)],
  reference,
);
const validCalls = prepared.reduce((n, p) => n + p.calls.valid.length, 0);
const invalidCount = prepared.reduce((n, p) => n + p.calls.invalid.length, 0);
const notes: string[] = [
  `Corpus: ${tools.length} tool schemas from ../shared/tool-schemas; generated ${validCalls} valid calls and ` +
    `${invalidCount} invalid ones (1 to 3 violations each), every one confirmed by a reference Ajv 2020 validator. ` +
    `Refused schemas per contender: ${
      Object.entries(refusals)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ') || 'none'
    }.`,
];
const describe = (label: string, set: ComparisonSet): string =>
  `${label}: ${set.schemas.length} schemas count (${set.refused} left out because a contender refused them${
    Object.keys(set.disagreed).length > 0
      ? `; left out for a verdict that differed from the reference: ${Object.entries(set.disagreed)
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')}`
      : ''
  }).`;

const mainNames = [toolgate.name, rawAjvDefault.name, rawAjvSameOptions.name];
const setA = comparisonSet(prepared, mainNames, { invalidToo: true });
const peerNames = PEERS.map((c) => c.name);
const setB = comparisonSet(prepared, peerNames, { invalidToo: false });
notes.push(describe('Workloads 1-3 (toolgate against raw Ajv)', setA), describe('Workload 6 (every peer)', setB));

const rows: Row[] = [];
const spreadOf = (r: Ratio): Pick<Row, 'ratio' | 'spread'> => ({
  ratio: r.median,
  spread: { min: r.min, max: r.max },
});
/** Rows of a hot workload: the baseline's row, then each other contender against it. */
const hotRows = (
  run: HotRun | undefined,
  baseline: string,
  targetOf: (contender: string, ratio: number) => { target?: string; met?: boolean },
): void => {
  if (run === undefined) return;
  for (const [contender, ns] of run.timings) {
    const row: Row = {
      workload: run.workload,
      contender,
      count: `${run.schemas} schemas, ${run.calls} calls`,
      value: median(ns),
      unit: 'ns/call',
    };
    if (contender === baseline) {
      rows.push({ ...row, baseline: 'baseline' });
      continue;
    }
    const ratio = ratioOf(run.timings, contender, baseline);
    rows.push({ ...row, baseline, ...spreadOf(ratio), ...targetOf(contender, ratio.median) });
  }
};

log('warming up every compiled validator');
warmUp(prepared, quick ? 2000 : 6000);
log('workload 1: valid calls as objects');
const bounds = argumentBounds(DEFAULT_LIMITS);
const W1_PIECES = {
  'piece: toolgate argument check alone': (args: unknown) => isPlainJsonWithin(args, bounds),
  'piece: bare for…in walk, no tests': bareWalk,
};
const w1 = await validObjects('W1 valid call, object arguments', setA, mainNames, HOT, W1_PIECES);
hotRows(w1, rawAjvDefault.name, (c, ratio) => (c === toolgate.name ? { target: '≤ 2.0x', met: ratio <= 2.0 } : {}));
log('workload 2: valid calls as JSON text');
const w2 = await validTexts(setA, HOT);
hotRows(w2, 'JSON.parse + raw Ajv 2020', (c, ratio) =>
  c === 'toolgate validateJSON' ? { target: '≤ 1.3x', met: ratio <= 1.3 } : {},
);
log('workload 3: invalid calls, until the text for the model is ready');
const w3 = await invalidCalls(setA, HOT);
hotRows(w3.run, 'raw Ajv 2020 (allErrors) + errorsText', (c, ratio) =>
  c.startsWith('toolgate') ? { target: '≤ 10x', met: ratio <= 10 } : {},
);
if (w3.note !== '') notes.push(`Workload 3: ${w3.note}.`);
log('workload 6: peers on valid calls');
const w6 = await validObjects('W6 peers, valid call, object arguments', setB, peerNames, HOT);
if (w6 !== undefined) {
  for (const [contender, ns] of w6.timings) {
    const row: Row = {
      workload: w6.workload,
      contender,
      count: `${w6.schemas} schemas, ${w6.calls} calls`,
      value: median(ns),
      unit: 'ns/call',
    };
    // Here the peer's time is divided by toolgate's: above 1x, toolgate is the faster.
    const ratio = ratioOf(w6.timings, contender, toolgate.name);
    rows.push(
      contender === toolgate.name
        ? { ...row, baseline: 'baseline' }
        : {
            ...row,
            baseline: toolgate.name,
            ...spreadOf(ratio),
            target: '> 1x (toolgate faster)',
            met: ratio.median > 1,
          },
    );
  }
}

// Workload 4 and 5: the schemas each contender compiled, whether or not calls could be generated for them.
const compiledBy = (names: readonly string[]): CorpusTool[] =>
  prepared.filter((p) => names.every((n) => p.checks.has(n))).map((p) => p.tool);
const admitSet = compiledBy([toolgate.name, rawAjvDefault.name]);
// W5 is measured after refused calls too: each admitted tool gets its generated invalid calls once (admit-child.ts).
const admitRefused = prepared
  .filter((p) => [toolgate.name, rawAjvDefault.name].every((n) => p.checks.has(n)))
  .map((p) => p.calls.invalid.map((c) => c.args));
const peerAdmitSet = compiledBy(peerNames);
notes.push(
  `Workloads 4-5: ${admitSet.length} schemas that toolgate and raw Ajv both accept; workload 6 admission: ` +
    `${peerAdmitSet.length} schemas every peer accepts. Each cold run is a new process (modules imported before the ` +
    `clock starts; instance creation and every compile inside it); the ${REPETITIONS} runs of every kind are ` +
    'interleaved, and each ratio is taken between runs of the same round.',
);
log(`workloads 4-5: cold admission in child processes (${REPETITIONS} rounds)`);
const gate = 'toolgate admission';
const refused = admitRefused;
const plans: AdmissionPlan[] = [
  { label: 'corpus', contender: gate, set: admitSet, size: admitSet.length, distinct: false, warm: 5, refused },
  {
    label: 'corpus',
    contender: rawAjvDefault.name,
    set: admitSet,
    size: admitSet.length,
    distinct: false,
    warm: 0,
    refused,
  },
  {
    label: `${CATALOG_SIZE} tools, corpus repeated`,
    contender: gate,
    set: admitSet,
    size: CATALOG_SIZE,
    distinct: false,
    warm: 0,
  },
  {
    label: `${CATALOG_SIZE} tools, every schema distinct`,
    contender: gate,
    set: admitSet,
    size: CATALOG_SIZE,
    distinct: true,
    warm: 1,
    refused,
  },
  {
    label: `${CATALOG_SIZE} tools, every schema distinct`,
    contender: rawAjvDefault.name,
    set: admitSet,
    size: CATALOG_SIZE,
    distinct: true,
    warm: 0,
    refused,
  },
];
const [gCorpus, rCorpus, gRepeat, gDistinct, rDistinct] = runAdmissions(plans, REPETITIONS) as [
  AdmissionRow,
  AdmissionRow,
  AdmissionRow,
  AdmissionRow,
  AdmissionRow,
];
const peerPlans: AdmissionPlan[] = [gate, ...PEERS.filter((c) => c !== toolgate).map((c) => c.name)].map(
  (contender) => ({
    label: 'peers',
    contender,
    set: peerAdmitSet,
    size: peerAdmitSet.length,
    distinct: false,
    warm: 0,
  }),
);
const peerAdmissions = runAdmissions(peerPlans, REPETITIONS);
for (const r of [gCorpus, rCorpus, gRepeat, gDistinct, rDistinct, ...peerAdmissions])
  if (r.errors.length > 0) notes.push(`Admission run "${r.label}" of ${r.contender} failed: ${r.errors.join('; ')}`);
if (gCorpus.path !== '') notes.push(`toolgate admission measured through: ${gCorpus.path}.`);

/** The ratio of two admission rows round by round, from one number of each round. */
const roundRatio = (
  a: AdmissionRow,
  b: AdmissionRow,
  pick: (r: AdmissionRow['rounds'][number], row: AdmissionRow) => number,
): Pick<Row, 'ratio' | 'spread'> => {
  const each = a.rounds.map((r, i) => pick(r, a) / pick(b.rounds[i]!, b)).filter((x) => Number.isFinite(x));
  return each.length === 0
    ? { ratio: Number.NaN }
    : { ratio: median(each), spread: { min: Math.min(...each), max: Math.max(...each) } };
};
const cold = (r: AdmissionRow['rounds'][number]): number => r.coldMs;
const coldPerTool = (r: AdmissionRow['rounds'][number], row: AdmissionRow): number => (r.coldMs * 1000) / row.tools;
const perTool = (r: AdmissionRow): number => (r.coldMs * 1000) / r.tools;
const gateName = `toolgate (${gCorpus.path === 'admitBatch' ? 'admitBatch' : 'validateSchema'})`;
const met = (ratio: number | undefined, ok: (x: number) => boolean): boolean =>
  ratio !== undefined && Number.isFinite(ratio) && ok(ratio);

/** Each round's warm re-admission over the same round's cold admission. */
const warmOverCold = (row: AdmissionRow): Pick<Row, 'ratio' | 'spread'> => {
  const each = row.rounds.map((r) => r.warmMs / r.coldMs).filter((x) => Number.isFinite(x));
  return each.length === 0
    ? { ratio: Number.NaN }
    : { ratio: median(each), spread: { min: Math.min(...each), max: Math.max(...each) } };
};
const coldRatio = roundRatio(gCorpus, rCorpus, cold);
const warmRatio = warmOverCold(gCorpus);
const repeatRatio = roundRatio(gRepeat, gCorpus, coldPerTool);
const distinctRatio = roundRatio(gDistinct, gCorpus, coldPerTool);
const distinctWarm = warmOverCold(gDistinct);
rows.push(
  {
    workload: 'W4 admission, cold',
    contender: rawAjvDefault.name,
    count: `${rCorpus.tools} tools`,
    value: rCorpus.coldMs,
    unit: 'ms',
    baseline: 'baseline',
  },
  {
    workload: 'W4 admission, cold',
    contender: gateName,
    count: `${gCorpus.tools} tools`,
    value: gCorpus.coldMs,
    unit: 'ms',
    baseline: rawAjvDefault.name,
    ...coldRatio,
    target: '≤ 2x',
    met: met(coldRatio.ratio, (x) => x <= 2),
  },
  {
    workload: 'W4 admission, warm (same batch again)',
    contender: gateName,
    count: `${gCorpus.tools} tools`,
    value: gCorpus.warmMs,
    unit: 'ms',
    baseline: `${gateName} cold`,
    ...warmRatio,
    target: '≤ 0.05x (20x faster)',
    met: met(warmRatio.ratio, (x) => x <= 0.05),
  },
  {
    workload: 'W4 admission, cold, per tool',
    contender: gateName,
    count: `${gCorpus.tools} tools`,
    value: perTool(gCorpus),
    unit: 'µs/tool',
    baseline: 'baseline',
  },
  {
    workload: `W4 ${gRepeat.label}`,
    contender: gateName,
    count: `${gRepeat.tools} tools`,
    value: perTool(gRepeat),
    unit: 'µs/tool',
    baseline: `${gateName} corpus, per tool`,
    ...repeatRatio,
    target: '≤ 1.2x',
    met: met(repeatRatio.ratio, (x) => x <= 1.2),
  },
  {
    workload: `W4 ${gDistinct.label}`,
    contender: gateName,
    count: `${gDistinct.tools} tools`,
    value: perTool(gDistinct),
    unit: 'µs/tool',
    baseline: `${gateName} corpus, per tool`,
    ...distinctRatio,
    target: '≤ 1.2x',
    met: met(distinctRatio.ratio, (x) => x <= 1.2),
  },
  {
    workload: `W4 ${gDistinct.label}, warm re-admission`,
    contender: gateName,
    count: `${gDistinct.tools} tools`,
    value: gDistinct.warmMs,
    unit: 'ms',
    baseline: `${gateName} same catalog cold`,
    ...distinctWarm,
    target: '≤ 0.1x',
    met: met(distinctWarm.ratio, (x) => x <= 0.1),
  },
  {
    workload: `W4 ${rDistinct.label}`,
    contender: rawAjvDefault.name,
    count: `${rDistinct.tools} tools`,
    value: perTool(rDistinct),
    unit: 'µs/tool',
    baseline: `${rawAjvDefault.name} corpus, per tool`,
    ...roundRatio(rDistinct, rCorpus, coldPerTool),
  },
);
const kb = (r: AdmissionRow): number => r.heapBytes / r.tools / 1024;
const marginal = (gDistinct.heapBytes - gCorpus.heapBytes) / (gDistinct.tools - gCorpus.tools) / 1024;
const heapRatio = roundRatio(gCorpus, rCorpus, (r, row) => r.heapBytes / row.tools);
// Measured after each tool's refused calls (admit-child.ts), so caches a refusal fills count too.
const W5 = 'W5 heap retained per tool, after admission and refused calls (corpus, fixed costs included)';
const withCalls = (r: AdmissionRow): string => `${r.tools} tools, ${r.refusedCalls} refused calls`;
rows.push(
  {
    workload: W5,
    contender: rawAjvDefault.name,
    count: withCalls(rCorpus),
    value: kb(rCorpus),
    unit: 'KB/tool',
    baseline: 'baseline',
  },
  {
    workload: W5,
    contender: gateName,
    count: withCalls(gCorpus),
    value: kb(gCorpus),
    unit: 'KB/tool',
    baseline: rawAjvDefault.name,
    ...heapRatio,
    target: '≤ 31.4 KB/tool',
    met: kb(gCorpus) <= 31.4,
  },
  {
    workload: `W5 heap per added tool (${gCorpus.tools} to ${gDistinct.tools} distinct, refused calls included)`,
    contender: gateName,
    count: `${gDistinct.tools - gCorpus.tools} tools`,
    value: marginal,
    unit: 'KB/tool',
    target: '< 30 KB/tool',
    met: marginal < 30,
  },
);
const peerBase = peerAdmissions.find((r) => r.contender === rawAjvDefault.name);
for (const r of peerAdmissions) {
  const name = r.contender === gate ? gateName : r.contender;
  rows.push({
    workload: 'W6 peers, admission cold',
    contender: name,
    count: `${r.tools} tools`,
    value: r.coldMs,
    unit: 'ms',
    ...(r === peerBase || peerBase === undefined
      ? { baseline: 'baseline' }
      : { baseline: rawAjvDefault.name, ...roundRatio(r, peerBase, cold) }),
  });
}

notes.push(
  'Raw Ajv 2020 is one shared `Ajv2020` instance with `strict: false, validateFormats: false` (format as an ' +
    'annotation, like toolgate by default); "toolgate options" adds what toolgate sets (`allErrors`, ' +
    "`ownProperties`, `unicodeRegExp`), separating the engine-option cost from the gate's own work.",
  "W1, W2, W3 and W6 time sweeps over every call of the set (each call through its own tool's validator, as a " +
    'host with many tools does). The contenders take turns in blocks of 30 ms, round after round for 2.4 s per ' +
    "run; within a block, units of whole sweeps of at least 3 ms are timed in the process's CPU time, so time the " +
    "machine gives to other work does not count; a run's number is the median unit (bench/measure.ts). A sweep " +
    'throws on a wrong verdict. W2 hands toolgate the same text it would get from a provider, with every ' +
    'hostile-input check on.',
  'Rows named "piece" time one part of the work alone on the same calls, to show where the time goes (see the ' +
    'profiles below): the argument check `validate` runs before the engine, and a walk that visits every value ' +
    'and tests nothing.',
  'W5 (bench/admit-child.ts): heap used after a full collection, from before the cold admission to after it and ' +
    "each admitted tool's generated invalid calls, made once (toolgate: `Registry.call` of the bundle's registry; " +
    'raw Ajv: its validator), so what a refusal leaves behind counts as well as what admission keeps. It includes ' +
    "the fixed costs of the first admission and refusals (V8's bytecode, feedback and optimised code of the " +
    "library's own functions), spread over the tools.",
  'The MCP SDK validator is its `AjvJsonSchemaValidator` as shipped: draft-07 Ajv with formats asserted. Hyperjump ' +
    'compiles asynchronously (`validate(uri)`), timed to the awaited validator.',
);
log(`CLI start-up: ${REPETITIONS} runs of ${STARTUP_PAIRS} interleaved process pairs`);
{
  const runs = Array.from({ length: REPETITIONS }, () => measureStartup(STARTUP_PAIRS));
  const sorted = runs.map((r) => r.ratio).sort((x, y) => x - y);
  const mid = runs.find((r) => r.ratio === sorted[Math.floor(sorted.length / 2)]) ?? runs[0]!;
  const workload = 'CLI start-up, `check` of one tool (wall time of a process)';
  const count = `${REPETITIONS} x ${STARTUP_PAIRS} runs`;
  rows.push({ workload, contender: 'node -e 0', count, value: mid.baseMs, unit: 'ms', baseline: 'baseline' });
  rows.push({
    workload,
    contender: 'node dist/cli/main.js check',
    count,
    value: mid.checkMs,
    unit: 'ms',
    baseline: 'node -e 0',
    ratio: mid.ratio,
    spread: { min: sorted[0]!, max: sorted[sorted.length - 1]! },
    target: `≤ ${STARTUP_TARGET}x`,
    met: mid.ratio <= STARTUP_TARGET,
  });
  notes.push(
    'CLI start-up (bench/cli-startup.ts): the built, bundled CLI checking a one-tool file against `node -e 0`, ' +
      "interleaved; each run's ratio is the median of its per-pair ratios (wall time: a process start is not " +
      'CPU-bound).',
  );
}
log('W7: the admission promise (bench/adversarial-admission.ts)');
rows.push(...admissionPromiseRows());
log('W8: the MCP SDK jsonSchemaValidator seam (bench/mcp-validator.ts)');
{
  const w8 = await mcpValidatorRows(tools, quick);
  rows.push(...w8.rows);
  notes.push(w8.note);
}
const seconds = (performance.now() - started) / 1000;
const out = table(rows);
console.log([...env, '', out, '', ...notes.map((n) => `- ${n}`), '', `whole run: ${seconds.toFixed(0)} s`].join('\n'));
const analysisFile = fileURLToPath(new URL('./analysis.md', import.meta.url));
const analysis = existsSync(analysisFile) ? readFileSync(analysisFile, 'utf8') : '';
if (!quick) {
  writeBenchmarks(`${ROOT}BENCHMARKS.md`, { env, table: out, notes, analysis, seconds });
  log('wrote BENCHMARKS.md');
}
