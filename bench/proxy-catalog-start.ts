/**
 * `toolgate proxy` in front of a large catalog: the built CLI over stdio in front of bench/catalog-server.mjs on
 * stdio (5,000 tools by default, every inputSchema distinct, about 370 bytes). Measured in the proxy process
 * alone (its server is a child of it, not counted): CPU time (user + system, /proc/<pid>/stat) and RSS (now and
 * the peak, /proc/<pid>/status) from its start until the first tools/list is answered; then the first call of a
 * tool (its validator compiled then under `compile: 'lazy'`), a second call of it, and the first call of another
 * tool, each as the round trip and the proxy's CPU. Each CLI given (`--cli`, repeatable) runs `--runs` times,
 * alternating, in the same run; the median of each figure is printed. Build first:
 *
 *   npm run build && node --import tsx bench/proxy-catalog-start.ts [--cli <built CLI>]... [--tools 5000] [--runs 3]
 *     [--alloc]
 *
 * `--alloc` runs each proxy under V8's sampling heap profiler (bench/alloc-sampled.mjs, from its start) and prints
 * what it allocated until the first tools/list was answered, the collected objects included, and the functions
 * that allocated most; the profiler slows the proxy, so that run's other figures are not the ones to quote.
 *
 * Targets: first tools/list within 2 s of CPU and 150 MB RSS; a tool's first call within 50 ms.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { signalProcess } from '../src/exec/process-group.js';
import { byFunction, type Sampled, written } from './alloc-profile.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const { values } = parseArgs({
  options: {
    cli: { type: 'string', multiple: true, default: [join(ROOT, 'dist/cli/main.js')] },
    tools: { type: 'string', default: '5000' },
    runs: { type: 'string', default: '3' },
    alloc: { type: 'boolean', default: false },
  },
});
const CLIS = (values.cli ?? []).map((c) => resolve(c));
const RUNS = Number(values.runs);
const TICK_MS = 1000 / 100; // USER_HZ: 100 on Linux

/** The process's CPU time so far (user + system), in ms. */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

/** The process's resident set now and its peak, in MB. */
function rssMb(pid: number): { now: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string): number => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? Number.NaN);
  return { now: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

interface RunFigures {
  readonly listMs: number;
  readonly listCpu: number;
  readonly rss: number;
  readonly peak: number;
  readonly published: number;
  readonly firstCall: number;
  readonly firstCallCpu: number;
  readonly secondCall: number;
  readonly otherFirstCall: number;
  /** With `--alloc`: bytes allocated until the first tools/list, and the functions that allocated most. */
  readonly allocated?: { readonly total: number; readonly rows: [string, number][] };
}

async function once(cli: string): Promise<RunFigures> {
  // A new catalog per run. Shorter than 8 characters: a longer `--env` value is a secret the proxy masks in every
  // message it passes on (src/proxy/masked-channel.ts), a cost of `--env` and not of the catalog's size.
  const seed = Math.random().toString(36).slice(2, 8);
  const started = performance.now();
  const server = [process.execPath, join(ROOT, 'bench/catalog-server.mjs')];
  const out = join(tmpdir(), `catalog-start-alloc-${process.pid}.json`);
  const sampled = values.alloc ? [join(ROOT, 'bench/alloc-sampled.mjs'), out] : [];
  for (const f of [out, `${out}.started`]) rmSync(f, { force: true });
  const child = spawn(
    process.execPath,
    [...sampled, cli, 'proxy', '--env', `TOOLS=${values.tools}`, '--env', `SEED=${seed}`, ...server],
    {
      cwd: ROOT,
      stdio: ['pipe', 'pipe', 'pipe'],
      env: values.alloc ? { ...process.env, ALLOC_SAMPLED_AT_ONCE: '1' } : process.env,
    },
  );
  const pid = child.pid as number;
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => {
    stderr = (stderr + c.toString('utf8')).slice(-4000);
  });
  const waiting = new Map<number, (m: Record<string, unknown>) => void>();
  createInterface({ input: child.stdout }).on('line', (line) => {
    const m = JSON.parse(line) as Record<string, unknown>;
    const reply = typeof m['id'] === 'number' ? waiting.get(m['id']) : undefined;
    reply?.(m);
  });
  const exited = new Promise<never>((_, fail) =>
    child.on('exit', (code) => fail(new Error(`proxy exited (${code}):\n${stderr}`))),
  );
  let next = 1;
  const request = (method: string, params: object): Promise<Record<string, unknown>> => {
    const id = next++;
    const answer = new Promise<Record<string, unknown>>((r) => waiting.set(id, r));
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
    return Promise.race([answer, exited]);
  };
  try {
    await request('initialize', {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'bench', version: '0' },
    });
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
    const list = await request('tools/list', {});
    const listMs = performance.now() - started;
    const listCpu = cpuMs(pid);
    const { now: rss, peak } = rssMb(pid);
    const tools = (list['result'] as { tools?: unknown[] } | undefined)?.tools ?? [];
    let allocated: RunFigures['allocated'];
    if (values.alloc) {
      if (!signalProcess(pid, 'SIGUSR1')) throw new Error('the proxy is gone');
      await written(out);
      allocated = byFunction((JSON.parse(readFileSync(out, 'utf8')) as Sampled).profile);
    }
    const call = async (i: number): Promise<{ ms: number; cpu: number }> => {
      const cpu = cpuMs(pid);
      const t = performance.now();
      const args = { [`id_${seed}_${i}`]: 'x', [`count_${seed}_${i}`]: 3 };
      const r = await request('tools/call', { name: `tool_${i}`, arguments: args });
      if (r['error'] !== undefined) throw new Error(`call failed: ${JSON.stringify(r['error'])}`);
      return { ms: performance.now() - t, cpu: cpuMs(pid) - cpu };
    };
    const count = Number(values.tools);
    const first = await call(7 % count);
    const second = await call(7 % count);
    const other = await call(11 % count);
    return {
      listMs,
      listCpu,
      rss,
      peak,
      published: tools.length,
      firstCall: first.ms,
      firstCallCpu: first.cpu,
      secondCall: second.ms,
      otherFirstCall: other.ms,
      ...(allocated === undefined ? {} : { allocated }),
    };
  } finally {
    child.kill('SIGTERM');
    for (const f of [out, `${out}.started`]) rmSync(f, { force: true });
  }
}

const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

for (const cli of CLIS) if (!existsSync(cli)) throw new Error(`build first: npm run build (no ${cli})`);
const results = new Map<string, RunFigures[]>(CLIS.map((c) => [c, []]));
for (let r = 0; r < RUNS; r++) for (const cli of CLIS) results.get(cli)?.push(await once(cli));

console.log(`catalog: ${values.tools} tools + echo (bench/catalog-server.mjs on stdio); ${RUNS} runs each, medians\n`);
if (values.alloc)
  console.log('(--alloc: every proxy ran under the sampling heap profiler; times and RSS are not to quote)\n');
console.log(
  '| CLI | first tools/list: wall | CPU | RSS then | peak RSS | published | first call | its CPU | second call | ' +
    'another first call |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const [cli, runs] of results) {
  const m = (f: (r: RunFigures) => number): string => median(runs.map(f)).toFixed(1);
  console.log(
    `| ${cli} | ${m((r) => r.listMs)} ms | ${m((r) => r.listCpu)} ms | ${m((r) => r.rss)} MB | ` +
      `${m((r) => r.peak)} MB | ${m((r) => r.published)} | ${m((r) => r.firstCall)} ms | ` +
      `${m((r) => r.firstCallCpu)} ms | ${m((r) => r.secondCall)} ms | ${m((r) => r.otherFirstCall)} ms |`,
  );
}

if (values.alloc) {
  console.log(
    '\nallocated until the first tools/list (V8 sampling heap profiler, collected objects included), median:\n',
  );
  for (const [cli, runs] of results) {
    const sorted = [...runs].sort((a, b) => (a.allocated?.total ?? 0) - (b.allocated?.total ?? 0));
    const mid = sorted[Math.floor(sorted.length / 2)]?.allocated;
    if (mid === undefined) continue;
    console.log(`${cli}: ${(mid.total / 1048576).toFixed(1)} MB; most by function (that run):`);
    for (const [name, b] of mid.rows.slice(0, 12)) console.log(`  ${(b / 1048576).toFixed(1).padStart(6)} MB  ${name}`);
  }
}
