// Processes the proxy's HTTP tests run: the SDK-based Streamable HTTP server of fixtures/http-server.mjs, and
// `toolgate proxy --listen` (from source, through tsx), each waited for until it says where it listens. Every
// process started here is stopped by `stopAll` (a test file's afterAll), whatever happened.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = new URL('../..', import.meta.url).pathname;
const SERVER = join(ROOT, 'test/cli/fixtures/http-server.mjs');
const started: ChildProcess[] = [];

/** A started process, its output so far, and the URL it serves. */
export interface Running {
  readonly child: ChildProcess;
  readonly url: string;
  output(): string;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts `args` with node and waits until `pattern` (with the port as group 1) shows on stdout or stderr. */
async function startNode(args: readonly string[], env: Record<string, string>, pattern: RegExp): Promise<Running> {
  const child = spawn(process.execPath, [...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: 'pipe' });
  started.push(child);
  let text = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const url = await new Promise<string>((resolve, reject) => {
    const look = (chunk: Buffer): void => {
      text += chunk.toString('utf8');
      const m = pattern.exec(text);
      if (m !== null) resolve(m[1] as string);
    };
    child.stdout?.on('data', look);
    child.stderr?.on('data', look);
    void exited.then((e) => reject(new Error(`exited (${e.code ?? e.signal}) before listening:\n${text}`)));
  });
  return { child, url, output: () => text, exited };
}

/** The SDK-based HTTP server; its URL. */
export function startHttpServer(env: Record<string, string> = {}): Promise<Running> {
  return startNode([SERVER], env, /PORT (\d+)/).then((r) => ({ ...r, url: `http://127.0.0.1:${r.url}/mcp` }));
}

/** `toolgate proxy` with `args` (which include --listen); its /mcp URL, read from its stderr. */
export function startProxy(args: readonly string[], env: Record<string, string> = {}): Promise<Running> {
  return startNode(['--import', 'tsx', 'src/cli/main.ts', 'proxy', ...args], env, /listening on (http:\/\/\S+\/mcp)/);
}

/** The per-request envelope of a 2026-07-28 request's `params._meta` ("Basic", per-request protocol fields). */
export const modernEnvelope = (version = '2026-07-28', caps: object = {}) => ({
  'io.modelcontextprotocol/protocolVersion': version,
  'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '0' },
  'io.modelcontextprotocol/clientCapabilities': caps,
});

/** The headers every raw POST to `/mcp` carries (MCP 2025-06-18, "Sending Messages to the Server"). */
export const POST_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

/** Opens a session with a raw `initialize` POST to `url`; its `Mcp-Session-Id`. */
export async function openRawSession(url: string): Promise<string> {
  const init = await fetch(url, {
    method: 'POST',
    headers: POST_HEADERS,
    body:
      '{"jsonrpc":"2.0","id":0,"method":"initialize",' +
      '"params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"r","version":"0"}}}',
  });
  await init.text();
  return init.headers.get('mcp-session-id') as string;
}

/** The JSON lines of a record file. */
export function recordOf(file: string): { name: string; args?: unknown; session?: string }[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as { name: string; args?: unknown; session?: string });
}

/** Waits until `check` holds or `ms` passed; whether it held. */
export async function eventually(check: () => boolean, ms = 5000): Promise<boolean> {
  const until = Date.now() + ms;
  while (!check() && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 25));
  return check();
}

/** The pids whose parent is `pid` (Linux /proc). */
export function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        const stat = readFileSync(`/proc/${d}/stat`, 'latin1');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/**
 * Stops every process started here that still runs: SIGTERM first, so a proxy stops its servers' process groups,
 * then SIGKILL for any still running after two seconds.
 */
export async function stopAll(): Promise<void> {
  const running = started.filter((c) => c.exitCode === null && c.signalCode === null);
  const exits = running.map((c) => new Promise((resolve) => c.once('exit', resolve)));
  for (const c of running) c.kill('SIGTERM');
  await Promise.race([Promise.all(exits), new Promise((resolve) => setTimeout(resolve, 2000))]);
  for (const c of running) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
}
