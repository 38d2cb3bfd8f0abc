import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, release, totalmem, type } from 'node:os';

/** One line of the results table. */
export interface Row {
  readonly workload: string;
  readonly contender: string;
  /** What was counted: "143 schemas, 392 calls", "1000 tools". */
  readonly count: string;
  readonly value: number;
  readonly unit: 'ns/call' | 'ms' | 'µs/tool' | 'KB/tool';
  /** The contender this row is divided by, measured in the same run. */
  readonly baseline?: string;
  /** The median of the repetitions' ratios (each measured against the baseline of its own repetition). */
  readonly ratio?: number;
  /** The lowest and highest ratio over the repetitions. */
  readonly spread?: { readonly min: number; readonly max: number };
  readonly target?: string;
  readonly met?: boolean;
}

/** Machine, runtime and package versions, printed with every table. */
export function environment(versions: Record<string, string>): string[] {
  const cpu = cpus();
  return [
    `machine: ${cpu[0]?.model ?? 'unknown CPU'}, ${cpu.length} cores, ` +
      `${(totalmem() / 2 ** 30).toFixed(1)} GiB, ${type()} ${release()}`,
    `node ${process.version}; ${Object.entries(versions)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
  ];
}

function num(v: number, unit: Row['unit']): string {
  if (!Number.isFinite(v)) return 'n/a';
  const digits = v >= 100 ? 0 : v >= 10 ? 1 : 2;
  return `${v.toFixed(digits)} ${unit}`;
}

const verdict = (r: Row): string =>
  r.target === undefined ? '' : r.met === undefined ? 'n/a' : r.met ? 'met' : '**missed**';

/** The table as Markdown (the console shows the same text). */
export function table(rows: readonly Row[]): string {
  const lines = [
    '| workload | contender | counted | median | baseline (same run) | ratio | spread (3 runs) | target | |',
    '|---|---|---|---:|---|---:|---|---|---|',
  ];
  const x = (v: number): string => (Number.isFinite(v) ? `${v.toFixed(2)}x` : 'n/a');
  for (const r of rows) {
    const ratio = r.ratio === undefined ? '' : x(r.ratio);
    const spread = r.spread === undefined ? '' : `${x(r.spread.min)} – ${x(r.spread.max)}`;
    lines.push(
      `| ${r.workload} | ${r.contender} | ${r.count} | ${num(r.value, r.unit)} | ${r.baseline ?? ''} | ${ratio} | ` +
        `${spread} | ${r.target ?? ''} | ${verdict(r)} |`,
    );
  }
  return lines.join('\n');
}

/** Writes BENCHMARKS.md: command, environment, table, notes. */
export function writeBenchmarks(
  file: string,
  parts: { env: string[]; table: string; notes: string[]; analysis: string; seconds: number },
): void {
  const text = [
    '# Benchmarks',
    '',
    'Written by `npm run bench` (bench/run.ts); do not edit by hand (a section measured by its own script, named in',
    'bench/report.ts, is kept as it stands). Every workload is measured in 3 independent',
    'runs; a ratio divides by a baseline measured in the same run on the same machine (the median of the 3',
    "runs' ratios, with the lowest and highest beside it), so ratios compare across machines and absolute times",
    'do not. The package is measured as built (`dist/`, what users import). No test depends on these numbers.',
    '',
    '```',
    ...parts.env,
    `whole run: ${parts.seconds.toFixed(0)} s`,
    '```',
    '',
    parts.table,
    '',
    '## Notes on this run',
    '',
    ...parts.notes.map((n) => `- ${n}`),
    '',
    parts.analysis.trim(),
    '',
  ].join('\n');
  writeFileSync(file, text + keptSections(file));
}

/** Sections measured by their own scripts, outside `npm run bench`: a run keeps them as they stand. */
const KEPT_SECTIONS = [
  '## toolgate proxy (bench/proxy.ts)',
  '## toolgate proxy at scale (bench/proxy-sessions.ts, bench/proxy-admission.ts)',
  '## The gateway, proxy --config (bench/proxy-aggregate.ts)',
  "## validateJSON's text check by text shape (bench/json-text.ts)",
];

/** The kept sections of the current file, each up to the next heading of its level. */
function keptSections(file: string): string {
  const old = existsSync(file) ? readFileSync(file, 'utf8') : '';
  return KEPT_SECTIONS.map((heading) => {
    const start = old.indexOf(`\n${heading}\n`);
    if (start < 0) return '';
    const end = old.indexOf('\n## ', start + heading.length + 2);
    return `${old.slice(start + 1, end < 0 ? undefined : end + 1).trimEnd()}\n`;
  })
    .filter((section) => section !== '')
    .map((section) => `\n${section}`)
    .join('');
}
