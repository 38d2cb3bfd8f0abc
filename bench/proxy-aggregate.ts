/**
 * What the gateway (`proxy --config`) costs per call beside a single-server proxy: the same `echo` of the
 * recording test server (test/cli/fixtures/recording-server.mjs), through `toolgate proxy -- <server>` and
 * through `toolgate proxy --config <file>` with two such servers (called as `a__echo`), both the CLI from
 * source in this run, both on stdio with `--bad-tools leave-out` (the server's `admin.reset` has a dot, which no
 * published name may hold). Raw JSON-RPC lines, one call at a time, single and aggregate calls interleaved after
 * 100 warm-up calls each, wall time from writing a request to reading its reply; 1 KB and 64 KB arguments.
 *
 *   node --import tsx bench/proxy-aggregate.ts [calls]
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fmt, quantile } from './added-latency.js';
import { LinePeer } from './line-peer.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const SERVER = join(ROOT, 'test/cli/fixtures/recording-server.mjs');
const CALLS = Number(process.argv[2] ?? 1000);

/** The proxy from source with `args`, spoken to in JSON-RPC lines (bench/line-peer.ts). */
const proxy = (args: readonly string[]): LinePeer =>
  new LinePeer(['--import', 'tsx', join(ROOT, 'src/cli/main.ts'), 'proxy', '--bad-tools', 'leave-out', ...args], ROOT);

/** One table row: `calls` interleaved calls of `bytes`-sized arguments through each. */
async function row(single: LinePeer, aggregate: LinePeer, bytes: number): Promise<string> {
  const text = 'x'.repeat(bytes - 12);
  const one = { name: 'echo', arguments: { text } };
  const two = { name: 'a__echo', arguments: { text } };
  const s: number[] = [];
  const a: number[] = [];
  for (let i = 0; i < 100; i++) {
    await single.request('tools/call', one);
    await aggregate.request('tools/call', two);
  }
  for (let i = 0; i < CALLS; i++) {
    s.push(await single.request('tools/call', one));
    a.push(await aggregate.request('tools/call', two));
  }
  s.sort((x, y) => x - y);
  a.sort((x, y) => x - y);
  const [sm, am, s99, a99] = [quantile(s, 0.5), quantile(a, 0.5), quantile(s, 0.99), quantile(a, 0.99)];
  return (
    `| ${bytes / 1024} KB arguments | ${CALLS} | ${fmt(sm)} | ${fmt(am)} | **${(am / sm).toFixed(2)}** | ` +
    `${fmt(s99)} | ${fmt(a99)} | **${(a99 / s99).toFixed(2)}** |`
  );
}

const dir = mkdtempSync(join(tmpdir(), 'toolgate-bench-aggregate-'));
try {
  const config = join(dir, 'gateway.json');
  const server = { command: process.execPath, args: [SERVER] };
  writeFileSync(config, JSON.stringify({ mcpServers: { a: server, b: server } }));
  const single = proxy(['--', process.execPath, SERVER]);
  const aggregate = proxy(['--config', config]);
  await single.initialize();
  await aggregate.initialize();
  console.log('| arguments | calls | single median | aggregate median | ratio | single p99 | aggregate p99 | ratio |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  console.log(await row(single, aggregate, 1024));
  console.log(await row(single, aggregate, 64 * 1024));
  await single.stop();
  await aggregate.stop();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
