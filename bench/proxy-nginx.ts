/**
 * Two `toolgate proxy --listen` behind a real nginx on this machine's loopback, with the configurations of
 * docs/proxy.md ("Several proxies behind nginx"), read from that page so what it shows is what runs here:
 *
 * 1. sessions, affinity by the instance nginx puts in front of each session id: MCP SDK clients (initialize,
 *    tools/list, calls, DELETE) through nginx; every request of a session must reach the proxy that opened it,
 *    and the sessions must spread over both proxies;
 * 2. `hash $http_mcp_session_id consistent` alone, to show why it is not enough: an initialize has no session id
 *    yet, so it goes round-robin, and the later requests hash to the other proxy about half the time (404);
 * 3. `--stateless` behind plain round-robin: the calls of each client spread over both proxies.
 *
 *   npm run build && node --import tsx bench/proxy-nginx.ts [--sessions 8] [--calls 10]
 *
 * nginx runs as a child of this script (`-p <temp dir> -c <temp dir>/nginx.conf -e <temp dir>/error.log`, no
 * daemon, never the system service), on loopback ports, and is stopped with the proxies; the temp dir is removed.
 * Without `nginx` on PATH it says so and exits 0. A failed check exits 1.
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { start } from './proxy-http.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const CLI = join(ROOT, 'dist/cli/main.js');
const SERVER = join(ROOT, 'bench/catalog-server.mjs');
const { values } = parseArgs({
  options: { sessions: { type: 'string', default: '8' }, calls: { type: 'string', default: '10' } },
});
const [SESSIONS, CALLS] = [Number(values.sessions), Number(values.calls)];

/** The nginx binary on PATH, or undefined. */
function nginxBinary(): string | undefined {
  try {
    return execFileSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

/** The text of the fenced block after `<!-- nginx: name -->` in docs/proxy.md. */
function docsConfig(name: string): string {
  const page = readFileSync(join(ROOT, 'docs/proxy.md'), 'utf8');
  const m = new RegExp(`<!-- nginx: ${name} -->\\n\`\`\`nginx\\n([\\s\\S]*?)\`\`\``).exec(page);
  if (m === null) throw new Error(`docs/proxy.md has no nginx block "${name}"`);
  return m[1] as string;
}

/** A free loopback port (a listener on port 0, closed again). */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** One nginx configuration of the docs, run with these ports: the proxies' 8001 and 8002, nginx's 8080. */
async function runNginx(
  dir: string,
  block: string,
  ports: readonly [number, number],
): Promise<{ url: string; log: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const http = docsConfig(block)
    .replaceAll('127.0.0.1:8001', `127.0.0.1:${ports[0]}`)
    .replaceAll('127\\.0\\.0\\.1:8001', `127\\.0\\.0\\.1:${ports[0]}`)
    .replaceAll('127.0.0.1:8002', `127.0.0.1:${ports[1]}`)
    .replaceAll('127\\.0\\.0\\.1:8002', `127\\.0\\.0\\.1:${ports[1]}`)
    .replaceAll('127.0.0.1:8080', `127.0.0.1:${port}`);
  const log = join(dir, `${block}.log`);
  // What each request shows here: the session id the client sent and the one it was given, and which proxy.
  const format = `'$request_method $status $upstream_addr "$http_mcp_session_id" "$sent_http_mcp_session_id"'`;
  const conf = [
    typeof process.getuid === 'function' && process.getuid() === 0 ? 'user root;' : '',
    'worker_processes 1;',
    `pid ${join(dir, 'nginx.pid')};`,
    'events { worker_connections 256; }',
    'http {',
    `  log_format mcp ${format};`,
    `  access_log ${log} mcp;`,
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${join(dir, t)};`),
    http,
    '}',
  ].join('\n');
  const file = join(dir, 'nginx.conf');
  writeFileSync(file, conf);
  const args = ['-p', dir, '-c', file, '-e', join(dir, 'error.log'), '-g', 'daemon off;'];
  const child = spawn(nginxBinary() as string, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => {
    stderr += c.toString('utf8');
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (let i = 0; ; i++) {
    const up = await fetch(`http://127.0.0.1:${port}/`).then(
      () => true,
      () => false,
    );
    if (up) break;
    if (i > 100 || child.exitCode !== null) {
      const errors = existsSync(join(dir, 'error.log')) ? readFileSync(join(dir, 'error.log'), 'utf8') : '';
      throw new Error(`nginx did not start:\n${stderr}${errors}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    log,
    stop: async () => {
      // SIGQUIT: a graceful stop, the access log written out.
      child.kill('SIGQUIT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** A proxy's view of the run: its --log lines say which client made each call (the echo text names it). */
interface Proxies {
  readonly ports: [number, number];
  /** For each client (`s<n>`), the proxies (0, 1) its calls reached, read from their --log files. */
  callers(): Map<string, Set<number>>;
  stop(): void;
}

/** Two proxies in front of the catalog server (a process per session, or one shared with --stateless). */
async function twoProxies(tag: string, extra: readonly string[]): Promise<Proxies> {
  const started: ChildProcess[] = [];
  const ports: number[] = [];
  const logs = [0, 1].map((i) => join(dir, `${tag}-${i}.jsonl`));
  for (let i = 0; i < 2; i++) {
    const log = ['--log', logs[i] as string, '--log-args'];
    const args = [CLI, 'proxy', '--listen', '127.0.0.1:0', ...log, ...extra, '--', process.execPath, SERVER];
    const p = await start(args, /listening on http:\/\/127\.0\.0\.1:(\d+)\/mcp/);
    started.push(p.child);
    ports.push(Number(p.found));
  }
  const callers = (): Map<string, Set<number>> => {
    const seen = new Map<string, Set<number>>();
    logs.forEach((log, i) => {
      if (!existsSync(log)) return;
      for (const line of readFileSync(log, 'utf8')
        .split('\n')
        .filter((l) => l !== '')) {
        const text = (JSON.parse(line) as { args?: { text?: string } }).args?.text ?? '';
        const client = /^s\d+/.exec(text)?.[0] ?? '?';
        seen.set(client, (seen.get(client) ?? new Set()).add(i));
      }
    });
    return seen;
  };
  const stop = (): void => {
    for (const c of started) c.kill('SIGTERM');
  };
  return { ports: ports as [number, number], callers, stop };
}

/** `sessions` MCP SDK clients through `url`, each: connect, tools/list, `calls` echo calls, DELETE; failures. */
async function clients(url: string, sessions: number, calls: number): Promise<string[]> {
  const failures: string[] = [];
  await Promise.all(
    Array.from({ length: sessions }, async (_, s) => {
      const transport = new StreamableHTTPClientTransport(new URL(url));
      const client = new Client({ name: `bench-${s}`, version: '0' });
      try {
        await client.connect(transport);
        await client.listTools();
        for (let k = 0; k < calls; k++) {
          const r = await client.callTool({ name: 'echo', arguments: { text: `s${s}c${k}` } });
          const text = (r.content as { text: string }[])[0]?.text;
          if (text !== JSON.stringify({ text: `s${s}c${k}` })) failures.push(`session ${s}: call ${k} got ${text}`);
        }
        if (transport.sessionId !== undefined) await transport.terminateSession();
      } catch (e) {
        failures.push(`session ${s}: ${(e as Error).message.slice(0, 120)}`);
      } finally {
        await client.close().catch(() => undefined);
      }
    }),
  );
  return failures;
}

/** The access log's requests: method, status, the proxy (port) that answered, the session id on either side. */
function requests(log: string): { method: string; status: string; proxy: string; session: string }[] {
  return readFileSync(log, 'utf8')
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => {
      const [method, status, addr, sent, given] = l.match(/^(\S+) (\S+) (.+?) "(.*)" "(.*)"$/)?.slice(1) ?? [];
      const session = sent !== '' && sent !== '-' ? sent : (given ?? '');
      return {
        method: method ?? '',
        status: status ?? '',
        proxy: (addr ?? '').split(', ').at(-1)?.replace(/^.*:/, '') ?? '',
        session: session === '-' ? '' : (session ?? ''),
      };
    });
}

const nginx = nginxBinary();
if (nginx === undefined) {
  console.log('skipped: nginx is not on PATH (install it, e.g. `apt-get install -y nginx`, to run this benchmark)');
  process.exit(0);
}
if (!existsSync(CLI)) throw new Error('build first: npm run build (bench/proxy-nginx.ts runs dist/cli/main.js)');
process.env['TOOLS'] = '5';
const dir = mkdtempSync(join(tmpdir(), 'toolgate-nginx-'));
const problems: string[] = [];
/** The SDK clients through nginx's `block` in front of two proxies started with `extra`; both stopped after. */
async function through(block: string, extra: readonly string[]) {
  const proxies = await twoProxies(block, extra);
  const lb = await runNginx(dir, block, proxies.ports);
  try {
    return { proxies, lb, failures: await clients(lb.url, SESSIONS, CALLS) };
  } finally {
    await lb.stop();
    proxies.stop();
  }
}

// nginx -v writes its version to stderr.
console.log(spawnSync(nginx, ['-v'], { encoding: 'utf8' }).stderr.trim());
try {
  for (const block of ['affinity', 'hash-only']) {
    const { proxies, lb, failures } = await through(block, []);
    const seen = requests(lb.log).filter((r) => r.session !== '');
    const bySession = new Map<string, Set<string>>();
    for (const r of seen) bySession.set(r.session, (bySession.get(r.session) ?? new Set()).add(r.proxy));
    const split = [...bySession.values()].filter((p) => p.size > 1).length;
    const perProxy = proxies.ports.map((p) => seen.filter((r) => r.proxy === String(p)).length);
    const notFound = seen.filter((r) => r.status === '404').length;
    const callers = [...proxies.callers().values()];
    console.log(
      `\n${block}: ${SESSIONS} SDK sessions x (initialize, tools/list, ${CALLS} calls, DELETE) through nginx\n` +
        `  nginx's log: sessions ${bySession.size}, on more than one proxy ${split}; requests per proxy ` +
        `${perProxy.join(' / ')}; answered 404: ${notFound}\n` +
        `  the proxies' --log: clients whose calls reached one proxy ${callers.filter((p) => p.size === 1).length}, ` +
        `both ${callers.filter((p) => p.size > 1).length}; sessions that failed: ${failures.length}`,
    );
    for (const f of failures.slice(0, 3)) console.log(`    ${f}`);
    if (block === 'affinity') {
      if (failures.length > 0) problems.push(`affinity: ${failures.length} sessions failed`);
      if (split > 0 || callers.some((p) => p.size > 1)) problems.push('affinity: a session reached both proxies');
      if (bySession.size !== SESSIONS) problems.push(`affinity: ${bySession.size} sessions seen, not ${SESSIONS}`);
      if (perProxy.some((n) => n === 0)) problems.push('affinity: the sessions did not spread over both proxies');
    }
  }
  {
    const { proxies, lb, failures } = await through('stateless', ['--stateless']);
    const posts = requests(lb.log).filter((r) => r.method === 'POST');
    const perProxy = proxies.ports.map((p) => posts.filter((r) => r.proxy === String(p)).length);
    const callers = [...proxies.callers().values()];
    const both = callers.filter((p) => p.size > 1).length;
    console.log(
      `\nstateless: ${SESSIONS} SDK clients x (initialize, tools/list, ${CALLS} calls) through nginx, round-robin\n` +
        `  POSTs per proxy: ${perProxy.join(' / ')}; clients whose calls reached both proxies: ${both} of ` +
        `${callers.length}; clients that failed: ${failures.length}`,
    );
    for (const f of failures.slice(0, 3)) console.log(`    ${f}`);
    if (failures.length > 0) problems.push(`stateless: ${failures.length} clients failed`);
    if (perProxy.some((n) => n < posts.length / 4) || both < SESSIONS / 2)
      problems.push('stateless: the calls did not spread over both proxies');
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log(problems.length === 0 ? '\nall checks passed' : `\nFAILED:\n  ${problems.join('\n  ')}`);
process.exitCode = problems.length === 0 ? 0 : 1;
