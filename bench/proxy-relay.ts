/**
 * What `toolgate proxy` costs next to a plain Node relay that checks nothing (bench/relay.mjs: node:http toward
 * the client and, with a keep-alive agent, toward the server, as the proxy; every message passed on unchanged),
 * all in one run, in front of the same echo server (bench/catalog-server.mjs, 20 tools and `echo`):
 *
 * - over HTTP (`--listen` in front of `--url`): calls per second of several sessions calling at once, through the
 *   server alone, the relay and toolgate; rounds rotate the order so other load on the machine hits each alike;
 * - over stdio (in front of the server as a command): the time of one call with 1 KB arguments, directly, through
 *   the relay and through toolgate, interleaved call by call; the median and p99, and what each adds.
 *
 *   npm run build && node --import tsx bench/proxy-relay.ts [--calls 3000] [--sessions 8] [--each 400]
 *     [--rounds 3] [--cli <the CLI bundle>] [--before <an earlier build's CLI bundle>] [--cpu-prof <dir>]
 *     [--only http|stdio] [--warm 200] [--warm-http <calls per session>]
 *
 * `--warm` is the calls each path makes over stdio before the measured ones. V8 compiles and optimizes a process's
 * code over its first thousands of calls, on the same 2 cores, and those calls make most of a short run's slowest
 * percent: `--warm 2000` measures a proxy that has been running a while. Over HTTP each path first serves a round of
 * `--warm-http` calls per session (a quarter of `--each` unless given), not counted.
 *
 * `--before` adds an earlier build of toolgate as one more path of the same run, over HTTP and stdio alike.
 *
 * `--cpu-prof <dir>` runs the HTTP relay and each toolgate process under the CPU profiler
 * (bench/cpu-profiled.mjs) and writes relay-http, proxy-http and proxy-stdio .cpuprofile files there (read them
 * with bench/profile-summary.mjs); the profiler slows JavaScript, so the numbers of such a run are not the ones
 * to quote. The CPU per call columns read /proc (Linux).
 * Targets: toolgate's throughput at least 90% of the relay's; stdio added latency at most 0.25 ms (median) and
 * 1 ms (p99) over the server alone.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { signalProcess } from '../src/exec/process-group.js';
import { fmt, quantile } from './added-latency.js';
import { LinePeer } from './line-peer.js';
import { start, throughput } from './proxy-http.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const { values } = parseArgs({
  options: {
    calls: { type: 'string', default: '3000' },
    warm: { type: 'string', default: '200' },
    'warm-http': { type: 'string' },
    sessions: { type: 'string', default: '8' },
    each: { type: 'string', default: '400' },
    rounds: { type: 'string', default: '3' },
    cli: { type: 'string', default: join(ROOT, 'dist/cli/main.js') },
    'cpu-prof': { type: 'string' },
    before: { type: 'string' },
    only: { type: 'string' },
  },
});
const CLI = values.cli;
const SERVER = join(ROOT, 'bench/catalog-server.mjs');
const RELAY = join(ROOT, 'bench/relay.mjs');
const PROFILED = join(ROOT, 'bench/cpu-profiled.mjs');
const [CALLS, SESSIONS, EACH, ROUNDS, WARM] = [
  values.calls,
  values.sessions,
  values.each,
  values.rounds,
  values.warm,
].map(Number) as [number, number, number, number, number];
if (!existsSync(CLI)) throw new Error(`build first: npm run build (no ${CLI})`);
process.env['TOOLS'] = '20';

/** A script's node arguments: under the profiler, writing `<dir>/<name>.cpuprofile`, when asked. */
function profiled(name: string, script: string, args: readonly string[]): string[] {
  const dir = values['cpu-prof'];
  return dir === undefined ? [script, ...args] : [PROFILED, join(dir, `${name}.cpuprofile`), script, ...args];
}

/**
 * CPU time a process has used so far, in ms: all (user and system) and the system part (Linux: /proc/<pid>/stat,
 * in clock ticks). The system part is the kernel's work for the process (socket reads and writes, wake-ups): a CPU
 * profile's time in a write counts the wall clock, a process put aside while in it included.
 */
function cpuMs(pid: number | undefined): { all: number; sys: number } {
  if (pid === undefined || !existsSync(`/proc/${pid}/stat`)) return { all: Number.NaN, sys: Number.NaN };
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of the whole line; 100 ticks a second on Linux.
  const sys = Number(fields[12]) * 10;
  return { all: Number(fields[11]) * 10 + sys, sys };
}

/** Asks a profiled process for its profile and waits until the file is written (at most 10 s). */
async function profileOf(pid: number | undefined, name: string): Promise<void> {
  const dir = values['cpu-prof'];
  if (dir === undefined || pid === undefined) return;
  const file = join(dir, `${name}.cpuprofile`);
  const before = existsSync(file) ? statSync(file).mtimeMs : 0;
  if (!signalProcess(pid, 'SIGUSR2')) throw new Error(`${name}: its process is gone`);
  for (let i = 0; i < 100 && (!existsSync(file) || statSync(file).mtimeMs === before); i++)
    await new Promise((resolve) => setTimeout(resolve, 100));
  await new Promise((resolve) => setTimeout(resolve, 300));
  console.log(`profile: ${file}`);
}

async function http(): Promise<void> {
  const children: ChildProcess[] = [];
  try {
    const server = await start([SERVER, '--http'], /PORT (\d+)/);
    children.push(server.child);
    const upstream = `http://127.0.0.1:${server.found}/mcp`;
    const relay = await start(
      profiled('relay-http', RELAY, ['--listen', '0', '--url', upstream]),
      /listening on (\S+)/,
    );
    children.push(relay.child);
    const proxy = await start(
      profiled('proxy-http', CLI, ['proxy', '--listen', '0', '--url', upstream]),
      /listening on (http:\/\/\S+\/mcp)/,
    );
    children.push(proxy.child);
    const contender = (name: string, url: string, pid: number | undefined) => ({
      name,
      url,
      pid,
      rates: [] as number[],
      cpu: [] as number[],
      sys: [] as number[],
    });
    const contenders = [
      contender('the server alone', upstream, server.child.pid),
      contender('plain relay (bench/relay.mjs)', relay.found, relay.child.pid),
      contender('toolgate proxy', proxy.found, proxy.child.pid),
    ];
    if (values.before !== undefined) {
      const earlier = await start(
        [values.before, 'proxy', '--listen', '0', '--url', upstream],
        /listening on (http:\/\/\S+\/mcp)/,
      );
      children.push(earlier.child);
      contenders.push(contender('toolgate proxy, the earlier build (--before)', earlier.found, earlier.child.pid));
    }
    // A warm-up round for each (JIT, connections), not counted.
    const warmHttp = values['warm-http'] === undefined ? Math.ceil(EACH / 4) : Number(values['warm-http']);
    for (const c of contenders) await throughput(c.url, SESSIONS, warmHttp);
    for (let round = 0; round < ROUNDS; round++)
      for (let k = 0; k < contenders.length; k++) {
        const c = contenders[(round + k) % contenders.length] as (typeof contenders)[number];
        // The CPU the path's own process (server, relay or proxy) spent per call: steadier than calls per second
        // on a shared machine, where what the other processes get varies from round to round.
        const before = cpuMs(c.pid);
        c.rates.push(await throughput(c.url, SESSIONS, EACH));
        const after = cpuMs(c.pid);
        c.cpu.push((after.all - before.all) / (SESSIONS * EACH));
        c.sys.push((after.sys - before.sys) / (SESSIONS * EACH));
      }
    await profileOf(relay.child.pid, 'relay-http');
    await profileOf(proxy.child.pid, 'proxy-http');
    const median = (r: number[]): number =>
      quantile(
        [...r].sort((a, b) => a - b),
        0.5,
      );
    // The best round of each path too: on a shared machine it is the round the others' load disturbed least.
    const best = (r: number[]): number => Math.max(...r);
    const least = (r: number[]): number => Math.min(...r);
    const [alone, plain] = contenders.map((c) => median(c.rates)) as [number, number];
    const [aloneBest, plainBest] = contenders.map((c) => best(c.rates)) as [number, number];
    console.log(
      `\nover HTTP: ${SESSIONS} sessions at once, each ${EACH} echo calls with 1 KB arguments, ${ROUNDS} rounds\n`,
    );
    console.log(
      '| path | calls/s, each round | median | of the server alone | of the relay | best | of the relay ' +
        '| CPU of its process per call: median | of it system | least |',
    );
    console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const c of contenders) {
      const [m, b] = [median(c.rates), best(c.rates)];
      const rounds = c.rates.map((r) => r.toFixed(0)).join(', ');
      const ours = contenders.indexOf(c) >= 2;
      const ofRelay = ours ? `**${((m / plain) * 100).toFixed(0)}%**` : '';
      const bestOfRelay = ours ? `**${((b / plainBest) * 100).toFixed(0)}%**` : '';
      const cpu = `${median(c.cpu).toFixed(3)} ms | ${median(c.sys).toFixed(3)} ms | ${least(c.cpu).toFixed(3)} ms`;
      console.log(
        `| ${c.name} | ${rounds} | ${m.toFixed(0)} | ${((m / alone) * 100).toFixed(0)}% | ${ofRelay} | ` +
          `${b.toFixed(0)} (${((b / aloneBest) * 100).toFixed(0)}%) | ${bestOfRelay} | ${cpu} |`,
      );
    }
    const [relayPath, proxyPath] = [contenders[1], contenders[2]] as [
      (typeof contenders)[number],
      (typeof contenders)[number],
    ];
    console.log(
      `\ntoolgate / relay: calls per second ${((median(proxyPath.rates) / plain) * 100).toFixed(1)}% (median), ` +
        `${((best(proxyPath.rates) / plainBest) * 100).toFixed(1)}% (best round; target >= 90%); CPU per call ` +
        `${(median(proxyPath.cpu) / median(relayPath.cpu)).toFixed(2)}x the relay's (median), ` +
        `${(least(proxyPath.cpu) / least(relayPath.cpu)).toFixed(2)}x (least); of it system ` +
        `${median(proxyPath.sys).toFixed(3)} ms against ${median(relayPath.sys).toFixed(3)} ms (median)`,
    );
  } finally {
    for (const c of children) c.kill('SIGTERM');
  }
}

async function stdio(): Promise<void> {
  const paths = [
    { name: 'the server alone', peer: new LinePeer([SERVER], ROOT), times: [] as number[] },
    {
      name: 'plain relay (bench/relay.mjs)',
      peer: new LinePeer([RELAY, '--', process.execPath, SERVER], ROOT),
      times: [] as number[],
    },
    {
      name: 'toolgate proxy',
      peer: new LinePeer(profiled('proxy-stdio', CLI, ['proxy', '--', process.execPath, SERVER]), ROOT),
      times: [] as number[],
    },
  ];
  if (values.before !== undefined)
    paths.push({
      name: 'toolgate proxy, the earlier build (--before)',
      peer: new LinePeer([values.before, 'proxy', '--', process.execPath, SERVER], ROOT),
      times: [],
    });
  try {
    for (const p of paths) await p.peer.initialize();
    const params = { name: 'echo', arguments: { text: 'x'.repeat(1024 - 12) } };
    for (let i = 0; i < WARM; i++) for (const p of paths) await p.peer.request('tools/call', params);
    for (let i = 0; i < CALLS; i++)
      for (let k = 0; k < paths.length; k++) {
        // The order rotates too: the first of the calls in a row is not always the same path's.
        const p = paths[(i + k) % paths.length] as (typeof paths)[number];
        p.times.push(await p.peer.request('tools/call', params));
      }
    await profileOf(paths[2]?.peer.pid, 'proxy-stdio');
    for (const p of paths) p.times.sort((a, b) => a - b);
    const d = paths[0]?.times as number[];
    const [dm, d99] = [quantile(d, 0.5), quantile(d, 0.99)];
    console.log(`\nover stdio: ${CALLS} echo calls with 1 KB arguments per path after ${WARM}, interleaved\n`);
    console.log('| path | median | added median | p99 | added p99 |');
    console.log('|---|---:|---:|---:|---:|');
    for (const p of paths) {
      const [m, p99] = [quantile(p.times, 0.5), quantile(p.times, 0.99)];
      if (p.times === d) console.log(`| ${p.name} | ${fmt(m)} | | ${fmt(p99)} | |`);
      else console.log(`| ${p.name} | ${fmt(m)} | **${fmt(m - dm)}** | ${fmt(p99)} | **${fmt(p99 - d99)}** |`);
    }
    console.log('\ntargets for toolgate: added median <= 0.250 ms, added p99 <= 1.000 ms');
  } finally {
    await Promise.all(paths.map((p) => p.peer.stop()));
  }
}

if (values.only !== 'stdio') await http();
if (values.only !== 'http') await stdio();
