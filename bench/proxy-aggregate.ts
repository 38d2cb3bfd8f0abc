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
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fmt, quantile } from './added-latency.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const SERVER = join(ROOT, 'test/cli/fixtures/recording-server.mjs');
const CALLS = Number(process.argv[2] ?? 1000);

/** A proxy spoken to in JSON-RPC lines; each request resolves with its wall time in ms. */
class Lines {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly waiting = new Map<number, (at: number) => void>();
  private buffer = '';
  private next = 1;

  constructor(args: readonly string[]) {
    const cli = ['--import', 'tsx', join(ROOT, 'src/cli/main.ts'), 'proxy', '--bad-tools', 'leave-out'];
    this.child = spawn(process.execPath, [...cli, ...args], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.stderr.resume();
    this.child.stdout.on('data', (chunk: Buffer) => {
      const at = performance.now();
      this.buffer += chunk.toString('utf8');
      for (let nl = this.buffer.indexOf('\n'); nl >= 0; nl = this.buffer.indexOf('\n')) {
        const id = (JSON.parse(this.buffer.slice(0, nl)) as { id?: unknown }).id;
        this.buffer = this.buffer.slice(nl + 1);
        const done = typeof id === 'number' ? this.waiting.get(id) : undefined;
        if (done === undefined) continue;
        this.waiting.delete(id as number);
        done(at);
      }
    });
  }

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
      setTimeout(() => this.child.kill('SIGKILL'), 5000).unref();
    });
  }
}

/** One table row: `calls` interleaved calls of `bytes`-sized arguments through each. */
async function row(single: Lines, aggregate: Lines, bytes: number): Promise<string> {
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
  const single = new Lines(['--', process.execPath, SERVER]);
  const aggregate = new Lines(['--config', config]);
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
