/**
 * `toolgate proxy` over Streamable HTTP, for bench/proxy.ts: the SDK-based HTTP server of the tests
 * (test/cli/fixtures/http-server.mjs, whose `echo` returns its arguments as text) called directly, and through
 * the built proxy with `--listen 0 --url <that server>` (HTTP on both sides, one upstream session per client
 * session). A raw fetch client, the same on both paths: per-call latency with 1 KB and 64 KB arguments, one call
 * at a time, direct and proxied interleaved; then requests per second with several sessions calling at once.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { addedLatencyRow, quantile } from './added-latency.js';

/** One MCP session over HTTP, spoken to with raw requests. */
export class HttpSession {
  private session: string | undefined;
  private next = 1;
  constructor(private readonly url: string) {}

  /** Milliseconds from sending a request to having read its reply (JSON or SSE) whole. */
  async request(method: string, params: unknown): Promise<number> {
    const start = performance.now();
    const r = await fetch(this.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2025-06-18',
        ...(this.session !== undefined ? { 'mcp-session-id': this.session } : {}),
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: this.next++, method, params }),
    });
    const text = await r.text();
    const ms = performance.now() - start;
    if (!r.ok || !text.includes('"result"')) throw new Error(`${method}: HTTP ${r.status}: ${text.slice(0, 200)}`);
    this.session ??= r.headers.get('mcp-session-id') ?? undefined;
    return ms;
  }

  async initialize(): Promise<void> {
    await this.request('initialize', {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'b', version: '0' },
    });
    await fetch(this.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-session-id': this.session ?? '',
      },
      body: '{"jsonrpc":"2.0","method":"notifications/initialized"}',
    }).then((r) => r.text());
  }

  async close(): Promise<void> {
    if (this.session === undefined) return;
    await fetch(this.url, { method: 'DELETE', headers: { 'mcp-session-id': this.session } }).then((r) => r.text());
  }
}

/** Starts `args` with node and waits for `pattern` (group 1 is returned) on its stdout or stderr. */
export function start(args: readonly string[], pattern: RegExp): Promise<{ child: ChildProcess; found: string }> {
  const child = spawn(process.execPath, [...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  return new Promise((resolve, reject) => {
    const look = (chunk: Buffer): void => {
      text += chunk.toString('utf8');
      const m = pattern.exec(text);
      if (m !== null) resolve({ child, found: m[1] as string });
    };
    child.stdout?.on('data', look);
    child.stderr?.on('data', look);
    child.on('exit', () => reject(new Error(`exited before listening:\n${text}`)));
  });
}

/** Calls per second of `sessions` sessions each making `each` 1 KB echo calls one after another. */
export async function throughput(url: string, sessions: number, each: number): Promise<number> {
  const all = Array.from({ length: sessions }, () => new HttpSession(url));
  await Promise.all(all.map((s) => s.initialize()));
  const params = { name: 'echo', arguments: { text: 'x'.repeat(1024 - 12) } };
  const started = performance.now();
  await Promise.all(
    all.map(async (s) => {
      for (let i = 0; i < each; i++) await s.request('tools/call', params);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await Promise.all(all.map((s) => s.close()));
  return (sessions * each) / seconds;
}

/** The HTTP part of the proxy's benchmark, printed as a table and one line. */
export async function benchHttp(root: string, cli: string, calls: number): Promise<void> {
  const server = await start([join(root, 'test/cli/fixtures/http-server.mjs')], /PORT (\d+)/);
  const upstream = `http://127.0.0.1:${server.found}/mcp`;
  const proxy = await start([cli, 'proxy', '--listen', '0', '--url', upstream], /listening on (http:\/\/\S+\/mcp)/);
  try {
    const direct = new HttpSession(upstream);
    const proxied = new HttpSession(proxy.found);
    await direct.initialize();
    await proxied.initialize();
    console.log('\nover Streamable HTTP (HTTP client, `proxy --listen 0 --url <server>`):\n');
    console.log(
      '| arguments | calls | direct median | proxied median | added median | direct p99 | proxied p99 | added p99 |',
    );
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
    console.log(await addedLatencyRow(direct, proxied, 1024, calls));
    console.log(await addedLatencyRow(direct, proxied, 64 * 1024, calls));
    await direct.close();
    await proxied.close();
    // Throughput: rounds alternate direct and proxied so that other load on the machine hits both alike.
    const SESSIONS = 8;
    const EACH = Math.max(50, Math.round(calls / 4));
    const rates: [number[], number[]] = [[], []];
    for (let round = 0; round < 3; round++) {
      rates[0].push(await throughput(upstream, SESSIONS, EACH));
      rates[1].push(await throughput(proxy.found, SESSIONS, EACH));
    }
    for (const r of rates) r.sort((a, b) => a - b);
    const [d, p] = [quantile(rates[0], 0.5), quantile(rates[1], 0.5)];
    console.log(
      `\nrequests per second, ${SESSIONS} sessions x ${EACH} 1 KB calls, median of 3 rounds: the server alone ` +
        `${d.toFixed(0)}/s, through one proxy ${p.toFixed(0)}/s (${((p / d) * 100).toFixed(0)}%)`,
    );
  } finally {
    proxy.child.kill('SIGTERM');
    server.child.kill('SIGKILL');
  }
}
