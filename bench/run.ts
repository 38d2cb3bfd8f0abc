/**
 * `npm run bench`: what the gate costs against raw Ajv and the peers, in one run. Prints
 * one table, writes ../BENCHMARKS.md and the README's bench section. Set BENCH_QUICK=1 for a short
 * smoke run (fewer rounds; the numbers are then only indicative).
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runAdmissions, type AdmissionPlan, type AdmissionRow } from './admission.js';
import { PEERS, rawAjvDefault, rawAjvSameOptions, toolgate, versionOf, type Contender } from './contenders.js';
import { CORPUS_DIR, loadCorpus, type CorpusTool } from './corpus.js';
import { invalidCalls, validObjects, validTexts, type HotRow } from './hot.js';
import { comparisonSet, prepare, warmUp, type ComparisonSet } from './select.js';
import { environment, table, updateReadme, writeBenchmarks, type Row } from './report.js';

const started = performance.now();
const quick = process.env['BENCH_QUICK'] === '1';
const HOT = quick ? { rounds: 2, timeMs: 60 } : { rounds: 5, timeMs: 200 };
const COLD_ROUNDS = quick ? 1 : 3;
const PEER_COLD_ROUNDS = quick ? 1 : 3;
const CATALOG_SIZE = 1000;
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
  tinybench: versionOf('tinybench'),
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
const hotRows = (hs: HotRow[], baseline: string, targetOf: (h: HotRow) => { target?: string; met?: boolean }): void => {
  const base = hs.find((h) => h.contender === baseline);
  for (const h of hs) {
    const ratio = base === undefined ? Number.NaN : h.nsPerCall / base.nsPerCall;
    const row: Row = {
      workload: h.workload,
      contender: h.contender,
      count: `${h.schemas} schemas, ${h.calls} calls`,
      value: h.nsPerCall,
      unit: 'ns/call',
    };
    rows.push(
      h.contender === baseline
        ? { ...row, baseline: 'baseline' }
        : { ...row, baseline, ratio, ...targetOf({ ...h, nsPerCall: ratio }) },
    );
  }
};

log('warming up every compiled validator');
warmUp(prepared, quick ? 2000 : 6000);
log('workload 1: valid calls as objects');
const w1 = await validObjects(
  'W1 valid call, object arguments',
  setA,
  [toolgate.name, rawAjvDefault.name, rawAjvSameOptions.name],
  HOT,
);
hotRows(w1, rawAjvDefault.name, (h) =>
  h.contender === toolgate.name ? { target: '≤ 1.25x', met: h.nsPerCall <= 1.25 } : {},
);
log('workload 2: valid calls as JSON text');
const w2 = await validTexts(setA, HOT);
hotRows(w2, 'JSON.parse + raw Ajv 2020', (h) =>
  h.contender === 'toolgate validateJSON' ? { target: '≤ 1.5x', met: h.nsPerCall <= 1.5 } : {},
);
log('workload 3: invalid calls, until the text for the model is ready');
const w3 = await invalidCalls(setA, HOT);
hotRows(w3.rows, 'raw Ajv 2020 (allErrors) + errorsText', () => ({}));
if (w3.note !== '') notes.push(`Workload 3: ${w3.note}.`);
log('workload 6: peers on valid calls');
const w6 = await validObjects('W6 peers, valid call, object arguments', setB, peerNames, HOT);
for (const h of w6) {
  const gate = w6.find((x) => x.contender === toolgate.name);
  const ratio = gate === undefined ? Number.NaN : h.nsPerCall / gate.nsPerCall;
  const row: Row = {
    workload: h.workload,
    contender: h.contender,
    count: `${h.schemas} schemas, ${h.calls} calls`,
    value: h.nsPerCall,
    unit: 'ns/call',
  };
  rows.push(
    h.contender === toolgate.name
      ? { ...row, baseline: 'baseline' }
      : { ...row, baseline: toolgate.name, ratio, target: '> 1x (toolgate faster)', met: ratio > 1 },
  );
}

// Workload 4 and 5: the schemas each contender compiled, whether or not calls could be generated for them.
const compiledBy = (names: readonly string[]): CorpusTool[] =>
  prepared.filter((p) => names.every((n) => p.checks.has(n))).map((p) => p.tool);
const admitSet = compiledBy([toolgate.name, rawAjvDefault.name]);
const peerAdmitSet = compiledBy(peerNames);
notes.push(
  `Workloads 4-5: ${admitSet.length} schemas that toolgate and raw Ajv both accept; workload 6 admission: ` +
    `${peerAdmitSet.length} schemas every peer accepts. Each cold run is a new process (modules imported before the ` +
    `clock starts; instance creation and every compile inside it).`,
);
log(`workloads 4-5: cold admission in child processes (${COLD_ROUNDS} rounds, peers ${PEER_COLD_ROUNDS})`);
const gate = 'toolgate admission';
const plans: AdmissionPlan[] = [
  { label: 'corpus', contender: gate, set: admitSet, size: admitSet.length, distinct: false, warm: 5 },
  { label: 'corpus', contender: rawAjvDefault.name, set: admitSet, size: admitSet.length, distinct: false, warm: 0 },
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
    warm: 0,
  },
  {
    label: `${CATALOG_SIZE} tools, every schema distinct`,
    contender: rawAjvDefault.name,
    set: admitSet,
    size: CATALOG_SIZE,
    distinct: true,
    warm: 0,
  },
];
const [gCorpus, rCorpus, gRepeat, gDistinct, rDistinct] = runAdmissions(plans, COLD_ROUNDS) as [
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
const peerAdmissions = runAdmissions(peerPlans, PEER_COLD_ROUNDS);
for (const r of [gCorpus, rCorpus, gRepeat, gDistinct, rDistinct, ...peerAdmissions])
  if (r.errors.length > 0) notes.push(`Admission run "${r.label}" of ${r.contender} failed: ${r.errors.join('; ')}`);
if (gCorpus.path !== '') notes.push(`toolgate admission measured through: ${gCorpus.path}.`);

const perTool = (r: AdmissionRow): number => (r.coldMs * 1000) / r.tools;
const gateName = `toolgate (${gCorpus.path === 'admitBatch' ? 'admitBatch' : 'validateSchema'})`;
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
    ratio: gCorpus.coldMs / rCorpus.coldMs,
    target: '≤ 2x',
    met: gCorpus.coldMs / rCorpus.coldMs <= 2,
  },
  {
    workload: 'W4 admission, warm (same batch again)',
    contender: gateName,
    count: `${gCorpus.tools} tools`,
    value: gCorpus.warmMs,
    unit: 'ms',
    baseline: `${gateName} cold`,
    ratio: gCorpus.warmMs / gCorpus.coldMs,
    target: '≤ 0.05x (20x faster)',
    met: gCorpus.warmMs / gCorpus.coldMs <= 0.05,
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
    ratio: perTool(gRepeat) / perTool(gCorpus),
    target: '≤ 1.2x',
    met: perTool(gRepeat) / perTool(gCorpus) <= 1.2,
  },
  {
    workload: `W4 ${gDistinct.label}`,
    contender: gateName,
    count: `${gDistinct.tools} tools`,
    value: perTool(gDistinct),
    unit: 'µs/tool',
    baseline: `${gateName} corpus, per tool`,
    ratio: perTool(gDistinct) / perTool(gCorpus),
    target: '≤ 1.2x',
    met: perTool(gDistinct) / perTool(gCorpus) <= 1.2,
  },
  {
    workload: `W4 ${rDistinct.label}`,
    contender: rawAjvDefault.name,
    count: `${rDistinct.tools} tools`,
    value: perTool(rDistinct),
    unit: 'µs/tool',
    baseline: `${rawAjvDefault.name} corpus, per tool`,
    ratio: perTool(rDistinct) / perTool(rCorpus),
  },
);
const kb = (r: AdmissionRow): number => r.heapBytes / r.tools / 1024;
const marginal = (gDistinct.heapBytes - gCorpus.heapBytes) / (gDistinct.tools - gCorpus.tools) / 1024;
rows.push(
  {
    workload: 'W5 heap retained per tool (corpus, fixed costs included)',
    contender: rawAjvDefault.name,
    count: `${rCorpus.tools} tools`,
    value: kb(rCorpus),
    unit: 'KB/tool',
    baseline: 'baseline',
  },
  {
    workload: 'W5 heap retained per tool (corpus, fixed costs included)',
    contender: gateName,
    count: `${gCorpus.tools} tools`,
    value: kb(gCorpus),
    unit: 'KB/tool',
    baseline: rawAjvDefault.name,
    ratio: kb(gCorpus) / kb(rCorpus),
    target: '< 30 KB/tool',
    met: kb(gCorpus) < 30,
  },
  {
    workload: `W5 heap per added tool (${gCorpus.tools} to ${gDistinct.tools} distinct)`,
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
    ...(r === peerBase
      ? { baseline: 'baseline' }
      : { baseline: rawAjvDefault.name, ratio: peerBase === undefined ? Number.NaN : r.coldMs / peerBase.coldMs }),
  });
}

notes.push(
  'Raw Ajv 2020 is one shared `Ajv2020` instance with `strict: false, validateFormats: false` (format as an ' +
    'annotation, like toolgate by default); "toolgate options" adds what toolgate sets (`allErrors`, ' +
    "`ownProperties`, `unicodeRegExp`), separating the engine-option cost from the gate's own work.",
  "W1 and W6 time one sweep over every valid call of the set (each call through its own tool's validator, as a host " +
    'with many tools does) with tinybench; a sweep throws on a wrong verdict. W2 hands toolgate the same text it ' +
    'would get from a provider, with every hostile-input check on.',
  'The MCP SDK validator is its `AjvJsonSchemaValidator` as shipped: draft-07 Ajv with formats asserted. Hyperjump ' +
    'compiles asynchronously (`validate(uri)`), timed to the awaited validator.',
);
const seconds = (performance.now() - started) / 1000;
const out = table(rows);
console.log([...env, '', out, '', ...notes.map((n) => `- ${n}`), '', `whole run: ${seconds.toFixed(0)} s`].join('\n'));
const analysisFile = fileURLToPath(new URL('./analysis.md', import.meta.url));
const analysis = existsSync(analysisFile) ? readFileSync(analysisFile, 'utf8') : '';
if (!quick) {
  writeBenchmarks(`${ROOT}BENCHMARKS.md`, { env, table: out, notes, analysis, seconds });
  const headline = rows.filter(
    (r) => r.target !== undefined && r.workload.startsWith('W') && !r.workload.startsWith('W6 peers, valid'),
  );
  const fastestPeer = rows
    .filter(
      (r) => r.workload.startsWith('W6 peers, valid') && r.ratio !== undefined && r.contender !== rawAjvDefault.name,
    )
    .sort((a, b) => (a.ratio ?? 0) - (b.ratio ?? 0))[0];
  const body = [
    '## Benchmarks',
    '',
    `Ratios from the last \`npm run bench\` (medians, baselines measured in the same run; ` +
      `${env[0]?.replace('machine: ', '')}, node ${process.version}). Every number, the peers and the method: ` +
      `[BENCHMARKS.md](BENCHMARKS.md).`,
    '',
    '| workload | ratio | target | |',
    '|---|---:|---|---|',
    ...headline.map(
      (r) =>
        `| ${r.workload}${r.baseline !== undefined && r.baseline !== 'baseline' ? ` (vs ${r.baseline})` : ''} | ` +
        `${r.unit === 'KB/tool' ? `${r.value.toFixed(1)} KB/tool` : `${(r.ratio ?? NaN).toFixed(2)}x`} | ` +
        `${r.target} | ${r.met === true ? 'met' : 'missed'} |`,
    ),
    ...(fastestPeer === undefined
      ? []
      : [
          `| W6 valid call: fastest peer (${fastestPeer.contender}) time / toolgate time | ` +
            `${(fastestPeer.ratio ?? NaN).toFixed(2)}x | > 1x | ${fastestPeer.met === true ? 'met' : 'missed'} |`,
        ]),
  ].join('\n');
  if (!updateReadme(`${ROOT}README.md`, body)) log('README has no bench section markers; left alone');
  log('wrote BENCHMARKS.md and the README bench section');
}
