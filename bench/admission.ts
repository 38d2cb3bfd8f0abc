import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChildResult, ChildTask } from './admit-child.js';
import type { CorpusTool } from './corpus.js';
import { median } from './measure.js';
import { ADMISSION_BUDGET, measureAdmissionCases, withinPromise } from './adversarial-admission.js';
import type { Row } from './report.js';

/** Medians over the rounds of one kind of child run. */
export interface AdmissionRow {
  readonly label: string;
  readonly contender: string;
  readonly tools: number;
  readonly coldMs: number;
  readonly warmMs: number;
  readonly heapBytes: number;
  /** Calls refused between the admission and the heap measure, per run (the plan's `refused`). */
  readonly refusedCalls: number;
  /** Each round's own numbers (NaN where its child failed), for ratios taken round by round. */
  readonly rounds: readonly { readonly coldMs: number; readonly warmMs: number; readonly heapBytes: number }[];
  readonly path: string;
  readonly errors: string[];
}

const CHILD = fileURLToPath(new URL('./admit-child.ts', import.meta.url));
const BENCH_DIR = fileURLToPath(new URL('.', import.meta.url));

function runChild(task: ChildTask): ChildResult {
  const out = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', CHILD, JSON.stringify(task)], {
    cwd: BENCH_DIR,
    encoding: 'utf8',
    timeout: 300_000,
  });
  const line = out.stdout.trim().split('\n').pop() ?? '';
  try {
    return JSON.parse(line) as ChildResult;
  } catch {
    return {
      coldMs: NaN,
      warmMs: NaN,
      heapBytes: NaN,
      tools: 0,
      refusedCalls: 0,
      path: '',
      error: `child failed (status ${out.status}): ${(out.stderr || out.stdout).slice(0, 300)}`,
    };
  }
}

/** A kind of child run: which contender, on which set, at what catalog size. */
export interface AdmissionPlan {
  readonly label: string;
  readonly contender: string;
  readonly set: readonly CorpusTool[];
  readonly size: number;
  readonly distinct: boolean;
  readonly warm: number;
  /** Invalid arguments per tool of `set`: each catalog tool refuses its tool's calls once before the heap measure. */
  readonly refused?: readonly (readonly unknown[])[];
}

/**
 * Runs every plan `rounds` times, one fresh process per run, interleaving the plans round by round
 * so that load from elsewhere on the machine spreads over all of them; reports medians.
 */
export function runAdmissions(plans: readonly AdmissionPlan[], rounds: number): AdmissionRow[] {
  const dir = mkdtempSync(join(tmpdir(), 'toolgate-bench-'));
  try {
    const files = new Map<readonly unknown[], string>();
    const fileOf = (data: readonly unknown[]): string => {
      let file = files.get(data);
      if (file === undefined) {
        file = join(dir, `data${files.size}.json`);
        writeFileSync(file, JSON.stringify(data));
        files.set(data, file);
      }
      return file;
    };
    const results = plans.map(() => [] as ChildResult[]);
    for (let r = 0; r < rounds; r++) {
      plans.forEach((p, i) => {
        results[i]!.push(
          runChild({
            contender: p.contender,
            setFile: fileOf(p.set),
            size: p.size,
            distinct: p.distinct,
            warm: p.warm,
            ...(p.refused === undefined ? {} : { callsFile: fileOf(p.refused) }),
          }),
        );
      });
    }
    return plans.map((p, i) => {
      const rs = results[i]!;
      const good = rs.filter((x) => x.error === undefined);
      return {
        label: p.label,
        contender: p.contender,
        tools: p.size,
        coldMs: median(good.map((x) => x.coldMs)),
        warmMs: median(good.map((x) => x.warmMs)),
        heapBytes: median(good.map((x) => x.heapBytes)),
        refusedCalls: median(good.map((x) => x.refusedCalls)),
        rounds: rs.map((x) =>
          x.error === undefined
            ? { coldMs: x.coldMs, warmMs: x.warmMs, heapBytes: x.heapBytes }
            : { coldMs: Number.NaN, warmMs: Number.NaN, heapBytes: Number.NaN },
        ),
        path: good[0]?.path ?? '',
        errors: [...new Set(rs.flatMap((x) => (x.error === undefined ? [] : [x.error])))],
      };
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The admission promise (adversarial-admission.ts) as benchmark rows: every hostile class admitted or
 * refused, lint included, and the slowest case's CPU time and largest case's peak memory growth against
 * the promise. A case whose child failed fails the row.
 */
export function admissionPromiseRows(): Row[] {
  const outcomes = measureAdmissionCases([]);
  const measured = outcomes.flatMap((o) => (typeof o === 'string' ? [] : [o]));
  const complete = measured.length === outcomes.length;
  const slowest = measured.reduce((a, b) => (b.cpuMs > a.cpuMs ? b : a));
  const largest = measured.reduce((a, b) => (b.growthMB > a.growthMB ? b : a));
  const count = `${outcomes.length} hostile tools, one per process`;
  const met = complete && measured.every(withinPromise);
  return [
    {
      workload: `W7 admission promise, slowest tool (${slowest.name}; admission + lint, process CPU)`,
      contender: 'toolgate admitBatch + bundle.warnings',
      count,
      value: slowest.cpuMs,
      unit: 'ms',
      target: `≤ ${ADMISSION_BUDGET.cpuMs} ms`,
      met,
    },
    {
      workload: `W7 admission promise, largest peak RSS growth (${largest.name})`,
      contender: 'toolgate admitBatch + bundle.warnings',
      count,
      value: largest.growthMB * 1024,
      unit: 'KB/tool',
      target: `≤ ${ADMISSION_BUDGET.mb} MB`,
      met,
    },
  ];
}
