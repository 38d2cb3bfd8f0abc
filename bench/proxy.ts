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
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { addedLatencyRow, fmt, quantile } from './added-latency.js';
import { benchHttp } from './proxy-http.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const CLI = join(ROOT, 'dist/cli/main.js');
const SERVER = join(ROOT, 'test/cli/fixtures/recording-server.mjs');
const CALLS = Number(process.argv[2] ?? 1000);
const STARTS = 10;

/** A process spoken to in JSON-RPC lines; each request resolves with its reply's arrival time. */
class Peer {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly waiting = new Map<number, (at: number) => void>();
  private buffer = '';
  private next = 1;

  constructor(args: readonly string[]) {
    this.child = spawn(process.execPath, [...args], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.stderr.resume();
    this.child.stdout.on('data', (chunk: Buffer) => {
      const at = performance.now();
      this.buffer += chunk.toString('utf8');
      for (let nl = this.buffer.indexOf('\n'); nl >= 0; nl = this.buffer.indexOf('\n')) {
        const line = this.buffer.slice(0, nl);
        this.buffer = this.buffer.slice(nl + 1);
        const id = (JSON.parse(line) as { id?: unknown }).id;
        const done = typeof id === 'number' ? this.waiting.get(id) : undefined;
        if (done !== undefined) {
          this.waiting.delete(id as number);
          done(at);
        }
      }
    });
  }

  /** Milliseconds from writing the request to reading its reply. */
  async request(method: string, params: unknown): Promise<number> {
    const id = this.next++;
    const start = performance.now();
    const replied = new Promise<number>((resolve) => this.waiting.set(id, resolve));
    this.child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
    return (await replied) - start;
  }

  async initialize(): Promise<void> {
    await this.request('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'b' } });
    this.child.stdin.write('{"jsonrpc":"2.0","method":"notifications/initialized"}\n');
  }

  stop(): Promise<void> {
    return new Promise((resolve) => {
      this.child.once('exit', () => resolve());
      this.child.stdin.end();
      setTimeout(() => this.child.kill('SIGKILL'), 2000).unref();
    });
  }
}

/** Wall time from spawning to the first tools/list answer (initialize first, as a client does). */
async function toFirstList(args: readonly string[]): Promise<number> {
  const start = performance.now();
  const peer = new Peer(args);
  await peer.initialize();
  await peer.request('tools/list', {});
  const ms = performance.now() - start;
  await peer.stop();
  return ms;
}

if (!existsSync(CLI)) throw new Error('build first: npm run build (bench/proxy.ts measures dist/cli/main.js)');
const proxyArgs = [CLI, 'proxy', '--', process.execPath, SERVER];
const direct = new Peer([SERVER]);
const proxied = new Peer(proxyArgs);
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
