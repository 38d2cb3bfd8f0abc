/**
 * What `toolgate proxy` adds: per tools/call latency through the built proxy against calling the same server
 * directly, with 1 KB and 64 KB arguments, 1,000 calls each, interleaved call by call (direct, then proxied) so
 * that a machine shared with other work slows both alike; and the wall time from start to the first tools/list
 * answer, through the proxy and directly. The client writes raw JSON-RPC lines, so client overhead is the same on
 * both paths and small. Then the same over Streamable HTTP (bench/proxy-http.ts): per-call latency through
 * `proxy --listen --url` against the HTTP server alone, and requests per second through one proxy. Build first:
 *
 *   npm run build && node --import tsx bench/proxy.ts [calls]
 *
 * Targets: added median under 1 ms, added p99 under 5 ms.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { addedLatencyRow, fmt, quantile } from './added-latency.js';
import { benchHttp } from './proxy-http.js';
import { LinePeer } from './line-peer.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const CLI = join(ROOT, 'dist/cli/main.js');
const SERVER = join(ROOT, 'test/cli/fixtures/recording-server.mjs');
const CALLS = Number(process.argv[2] ?? 1000);
const STARTS = 10;

/** Wall time from spawning to the first tools/list answer (initialize first, as a client does). */
async function toFirstList(args: readonly string[]): Promise<number> {
  const start = performance.now();
  const peer = new LinePeer(args, ROOT);
  await peer.initialize();
  await peer.request('tools/list', {});
  const ms = performance.now() - start;
  await peer.stop();
  return ms;
}

if (!existsSync(CLI)) throw new Error('build first: npm run build (bench/proxy.ts measures dist/cli/main.js)');
const proxyArgs = [CLI, 'proxy', '--', process.execPath, SERVER];
const direct = new LinePeer([SERVER], ROOT);
const proxied = new LinePeer(proxyArgs, ROOT);
await direct.initialize();
await proxied.initialize();
console.log(
  '| arguments | calls | direct median | proxied median | added median | direct p99 | proxied p99 | added p99 |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
console.log(await addedLatencyRow(direct, proxied, 1024, CALLS));
console.log(await addedLatencyRow(direct, proxied, 64 * 1024, CALLS));
await direct.stop();
await proxied.stop();
const starts: [number[], number[]] = [[], []];
for (let i = 0; i < STARTS; i++) {
  starts[0].push(await toFirstList([SERVER]));
  starts[1].push(await toFirstList(proxyArgs));
}
for (const s of starts) s.sort((a, b) => a - b);
console.log(
  `\nstart to first tools/list answer, median of ${STARTS}: direct ${fmt(quantile(starts[0], 0.5))}, ` +
    `through the proxy ${fmt(quantile(starts[1], 0.5))}`,
);
await benchHttp(ROOT, CLI, CALLS);
