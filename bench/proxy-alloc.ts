/**
 * What one tools/call allocates in `toolgate proxy` over stdio (1 KB arguments, bench/catalog-server.mjs's
 * `echo`), and the minor collections that costs: each CLI given (`--cli`, repeatable, so two builds compare in
 * one run) runs under bench/alloc-sampled.mjs, makes `--warm` calls, then `--calls` sampled ones. Printed per
 * CLI: the bytes allocated per call (the sampling heap profiler, objects collected since included), the minor
 * collections and their time, and the functions that allocated most (self bytes per call). Build first:
 *
 *   npm run build && node --import tsx bench/proxy-alloc.ts [--cli <built CLI>]... [--calls 2000] [--warm 300]
 *     [--rows 12]
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { signalProcess } from '../src/exec/process-group.js';
import { byFunction, type Sampled, written } from './alloc-profile.js';
import { LinePeer } from './line-peer.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const { values } = parseArgs({
  options: {
    cli: { type: 'string', multiple: true, default: [join(ROOT, 'dist/cli/main.js')] },
    calls: { type: 'string', default: '2000' },
    warm: { type: 'string', default: '300' },
    rows: { type: 'string', default: '12' },
  },
});
const [CALLS, WARM, ROWS] = [values.calls, values.warm, values.rows].map(Number) as [number, number, number];
const SERVER = join(ROOT, 'bench/catalog-server.mjs');

async function sample(cli: string): Promise<Sampled> {
  if (!existsSync(cli)) throw new Error(`build first: npm run build (no ${cli})`);
  const out = join(tmpdir(), `proxy-alloc-${process.pid}.json`);
  for (const f of [out, `${out}.started`]) rmSync(f, { force: true });
  const args = [join(ROOT, 'bench/alloc-sampled.mjs'), out, cli, 'proxy', '--', process.execPath, SERVER];
  const peer = new LinePeer(args, ROOT, { ...process.env, TOOLS: '20' });
  try {
    await peer.initialize();
    const params = { name: 'echo', arguments: { text: 'x'.repeat(1024 - 12) } };
    for (let i = 0; i < WARM; i++) await peer.request('tools/call', params);
    if (!signalProcess(peer.pid ?? 0, 'SIGUSR2')) throw new Error('the proxy is gone');
    await written(`${out}.started`);
    for (let i = 0; i < CALLS; i++) await peer.request('tools/call', params);
    if (!signalProcess(peer.pid ?? 0, 'SIGUSR1')) throw new Error('the proxy is gone');
    await written(out);
    return JSON.parse(readFileSync(out, 'utf8')) as Sampled;
  } finally {
    await peer.stop();
    for (const f of [out, `${out}.started`]) rmSync(f, { force: true });
  }
}

for (const cli of (values.cli ?? []).map((c) => resolve(c))) {
  const { profile, minor } = await sample(cli);
  const { total, rows } = byFunction(profile);
  const gcMs = minor.reduce((a, b) => a + b, 0);
  console.log(`\n${cli}: ${CALLS} echo calls with 1 KB arguments after ${WARM}\n`);
  console.log(
    `allocated per call: ${(total / CALLS / 1024).toFixed(1)} KB; minor collections: ${minor.length} ` +
      `(${gcMs.toFixed(1)} ms in all, ${minor.filter((d) => d > 1).length} over 1 ms)\n`,
  );
  console.log('| function | bytes per call | share |');
  console.log('|---|---:|---:|');
  for (const [name, b] of rows.slice(0, ROWS))
    console.log(`| ${name} | ${(b / CALLS).toFixed(0)} | ${((b / total) * 100).toFixed(1)}% |`);
}
