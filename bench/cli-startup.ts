/**
 * Start-up cost of the built CLI, the one `npx toolgate` runs: `node dist/cli/main.js check <one tool>` against
 * `node -e 0` in the same run, interleaved so that a machine shared with other work slows both alike. Prints the
 * median wall time of each, the median of the per-pair ratios and its spread (quartiles). Build first:
 *
 *   npm run build && node --import tsx bench/cli-startup.ts [runs]
 *
 * The target is a ratio of at most 2.5: `check` on files must not load the MCP SDK or anything only `serve` needs.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const CLI = join(ROOT, 'dist/cli/main.js');
const TARGET = 2.5;

const ONE_TOOL = [
  {
    name: 'get_weather',
    description: 'Current weather for a city.',
    inputSchema: {
      type: 'object',
      properties: { city: { type: 'string', minLength: 1 }, days: { type: 'integer', minimum: 1, maximum: 7 } },
      required: ['city'],
      additionalProperties: false,
    },
  },
];

/** Wall time of one process in milliseconds; a failed run stops the benchmark (it would measure an error path). */
function timeRun(args: readonly string[], expectStatus: number): number {
  const start = process.hrtime.bigint();
  const r = spawnSync(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (r.status !== expectStatus)
    throw new Error(`node ${args.join(' ')} exited ${r.status}: ${r.stderr.toString('utf8').slice(0, 500)}`);
  return ms;
}

/** The q-quantile of a list (linear interpolation between closest ranks). */
function quantile(values: readonly number[], q: number): number {
  const s = [...values].sort((a, b) => a - b);
  const at = (s.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return s[lo]! + (s[hi]! - s[lo]!) * (at - lo);
}

/** One measurement: `runs` interleaved pairs; medians in ms and the per-pair ratios' median and quartiles. */
export function measureStartup(runs: number): {
  readonly baseMs: number;
  readonly checkMs: number;
  readonly ratio: number;
  readonly quartiles: readonly [number, number];
} {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing; run "npm run build" first`);
  const dir = mkdtempSync(join(tmpdir(), 'toolgate-startup-'));
  try {
    const file = join(dir, 'one-tool.json');
    writeFileSync(file, JSON.stringify(ONE_TOOL));
    const baseline = ['-e', '0'];
    const check = [CLI, 'check', file];
    // Warm the file system cache for both commands before anything is timed.
    timeRun(baseline, 0);
    timeRun(check, 0);
    const base: number[] = [];
    const cli: number[] = [];
    const ratios: number[] = [];
    for (let i = 0; i < runs; i++) {
      // Alternate which goes first, so neither always runs right after the other.
      let b: number;
      let c: number;
      if (i % 2 === 0) {
        b = timeRun(baseline, 0);
        c = timeRun(check, 0);
      } else {
        c = timeRun(check, 0);
        b = timeRun(baseline, 0);
      }
      base.push(b);
      cli.push(c);
      ratios.push(c / b);
    }
    return {
      baseMs: quantile(base, 0.5),
      checkMs: quantile(cli, 0.5),
      ratio: quantile(ratios, 0.5),
      quartiles: [quantile(ratios, 0.25), quantile(ratios, 0.75)],
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The start-up target: `check` of one tool at most this many times `node -e 0`. */
export const STARTUP_TARGET = TARGET;

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (!existsSync(CLI)) {
    console.log(`bench: ${CLI} is missing; run "npm run build" first. Nothing measured.`);
    process.exit(1);
  }
  const RUNS = Number(process.argv[2] ?? 40);
  const m = measureStartup(RUNS);
  const f = (n: number): string => n.toFixed(1);
  console.log(`cli start-up, ${RUNS} interleaved runs of each (node ${process.version})`);
  console.log(`  node -e 0                       median ${f(m.baseMs)} ms`);
  console.log(`  node dist/cli/main.js check     median ${f(m.checkMs)} ms (one tool)`);
  console.log(
    `  ratio check / node -e 0         median ${m.ratio.toFixed(2)}x ` +
      `(quartiles ${m.quartiles[0].toFixed(2)}x .. ${m.quartiles[1].toFixed(2)}x; ` +
      `target <= ${TARGET}x: ${m.ratio <= TARGET ? 'met' : 'NOT met'})`,
  );
}
