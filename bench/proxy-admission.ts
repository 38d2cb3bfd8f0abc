/**
 * `toolgate proxy --listen`, admission across sessions: the built CLI in front of a 2,000-tool HTTP server
 * (bench/catalog-server.mjs; every schema distinct). The proxy admits catalog A at start-up; one session (A,
 * already admitted) then pings every 10 ms on a fixed schedule, as does a session opened on the server directly,
 * while 50 sessions start 40 ms apart over catalog B, which the proxy has not seen (SEED_AFTER: the server lists
 * B to every later session). Then 20 sessions, one at a time, over B (admitted by then): their initialize through
 * the proxy against initialize on the server directly. A session has started once its first tools/list is
 * answered (its initialize may be answered before its listing is admitted): both times are given. Each round has
 * a new server and a new proxy. Build first:
 *
 *   npm run build && node --import tsx bench/proxy-admission.ts [--cli <built CLI>]... [--tools 2000] [--rounds 3]
 *     [--holds] [--outputs] [--seen] [--sse]
 *
 * `--cli` given twice or more compares builds: each round runs every build once, the first build of round i being
 * the i-th in turn (a place in the order is not neutral on this machine), and each build's figures are summed up
 * apart. `--seen`: the 50 sessions list catalog A, admitted at start-up, instead of B: what relaying the 50 sessions'
 * listings costs the pings without a cold admission.
 *
 * `--holds` runs the proxy with bench/loop-holds.mjs preloaded and gives, per round, the longest time its event
 * loop was held at once while the 50 sessions started (its 1 ms timer costs the proxy some CPU: the pings of such
 * a run are not the ones to quote). `--outputs` gives every tool an outputSchema too (as much schema again).
 * `--sse`: the server answers with SSE events (the MCP SDK's servers' default), not JSON bodies.
 *
 * Targets: ping p99 through the proxy at most 50 ms over the direct ping's; no session over 5 s to start; a
 * session over an admitted catalog adds at most 10 ms to its initialize; a cold admission never holds the proxy's
 * event loop more than 50 ms at a time.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { type Round, report } from './admission-report.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const { values } = parseArgs({
  options: {
    cli: { type: 'string', multiple: true, default: [join(ROOT, 'dist/cli/main.js')] },
    tools: { type: 'string', default: '2000' },
    sessions: { type: 'string', default: '50' },
    rounds: { type: 'string', default: '3' },
    holds: { type: 'boolean', default: false },
    outputs: { type: 'boolean', default: false },
    sse: { type: 'boolean', default: false },
    seen: { type: 'boolean', default: false },
  },
});
// A build given twice is run once.
const CLIS = [...new Set(values.cli.map((c) => resolve(c)))];
const STARTS = Number(values.sessions);
const ROUNDS = Number(values.rounds);
const LOAD_BEFORE = loadavg()
  .map((l) => l.toFixed(2))
  .join(' ');
const APART_MS = 40;
const PING_MS = 10;
/** A session not ready after this long is counted as such; its start is still waited for (up to GIVE_UP_MS). */
const NOT_READY_MS = 15_000;
const GIVE_UP_MS = 600_000;
const HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': '2025-06-18',
};

function start(args: readonly string[], pattern: RegExp, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: 'pipe' });
  let text = '';
  return new Promise<{ child: ChildProcess; found: string }>((done, fail) => {
    const look = (chunk: Buffer): void => {
      text += chunk.toString('utf8');
      if (text.length > 100_000) text = text.slice(-10_000);
      const m = pattern.exec(text);
      if (m !== null) done({ child, found: m[1] as string });
    };
    child.stdout?.on('data', look);
    child.stderr?.on('data', look);
    child.on('exit', () => fail(new Error(`exited before listening:\n${text}`)));
  });
}

async function post(url: string, body: object, session?: string, signal?: AbortSignal) {
  const r = await fetch(url, {
    method: 'POST',
    headers: { ...HEADERS, ...(session === undefined ? {} : { 'mcp-session-id': session }) },
    body: JSON.stringify({ jsonrpc: '2.0', ...body }),
    ...(signal === undefined ? {} : { signal }),
  });
  const text = await r.text();
  if (r.status >= 400) throw new Error(`HTTP ${r.status}: ${text.slice(0, 200)}`);
  return { text, session: r.headers.get('mcp-session-id') ?? session ?? '' };
}

/**
 * Initializes a session; its id, the milliseconds initialize took and those until its first tools/list was answered
 * (Infinity when it never answered). `list` false: no tools/list (the warm initialize alone).
 */
async function initialize(url: string, list = true): Promise<{ session: string; ms: number; listMs: number }> {
  const params = { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'b', version: '0' } };
  const started = performance.now();
  try {
    const { session } = await post(
      url,
      { id: 0, method: 'initialize', params },
      undefined,
      AbortSignal.timeout(GIVE_UP_MS),
    );
    const ms = performance.now() - started;
    await post(url, { method: 'notifications/initialized' }, session);
    if (list) await post(url, { id: 1, method: 'tools/list' }, session, AbortSignal.timeout(GIVE_UP_MS));
    return { session, ms, listMs: list ? performance.now() - started : ms };
  } catch {
    return { session: '', ms: Number.POSITIVE_INFINITY, listMs: Number.POSITIVE_INFINITY };
  }
}

const close = (url: string, session: string): Promise<unknown> =>
  session === '' ? Promise.resolve() : fetch(url, { method: 'DELETE', headers: { 'mcp-session-id': session } });

/**
 * Pings in `session` on a fixed schedule, one every PING_MS whether or not the last was answered (a slow answer
 * does not thin out the samples), until `until` settles; every ping's round trip in ms.
 */
async function pings(url: string, session: string, until: Promise<unknown>): Promise<number[]> {
  let done = false;
  void until.then(() => (done = true));
  const sent: Promise<number>[] = [];
  for (let id = 1; !done; id++) {
    const t = performance.now();
    sent.push(post(url, { id, method: 'ping' }, session).then(() => performance.now() - t));
    await new Promise((r) => setTimeout(r, PING_MS));
  }
  return Promise.all(sent);
}

for (const cli of CLIS) if (!existsSync(cli)) throw new Error(`build first: npm run build (no ${cli})`);

/**
 * The holds bench/loop-holds.mjs noted in `file` that ended within [from, to] (Date.now()), read while the proxy
 * runs; a file missing or saved before `to` is an error, never an empty list (no data is not a pass).
 */
function holdsWithin(file: string, from: number, to: number): Pick<Round, 'holds' | 'collections'> {
  type Saved = { savedAt: number; holds: [number, number][]; collections: [number, number, number][] };
  const saved = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Saved) : undefined;
  if (saved === undefined || saved.savedAt < to) throw new Error(`--holds: no holds saved past the starts in ${file}`);
  const within = ([end]: number[]): boolean => (end as number) >= from && (end as number) <= to;
  return {
    holds: saved.holds.filter(within).map(([, ms]) => ms),
    collections: saved.collections.filter(within).map(([, ms, kind]) => [ms, kind]),
  };
}

async function round(cli: string): Promise<Round> {
  const server = await start([join(ROOT, 'bench/catalog-server.mjs'), '--http'], /PORT (\d+)/, {
    TOOLS: values.tools,
    ...(values.seen ? {} : { SEED_AFTER: '2' }),
    ...(values.outputs ? { OUTPUTS: '1' } : {}),
    ...(values.sse ? { SSE: '1' } : {}),
  });
  const upstream = `http://127.0.0.1:${server.found}/mcp`;
  const t0 = performance.now();
  const dir = mkdtempSync(join(tmpdir(), 'holds-'));
  const holdsFile = join(dir, 'holds.json');
  const preload = values.holds ? ['--import', join(ROOT, 'bench/loop-holds.mjs')] : [];
  const proxy = await start(
    [...preload, cli, 'proxy', '--listen', '0', '--max-sessions', String(STARTS + 40), '--url', upstream],
    /listening on (http:\/\/\S+\/mcp)/,
    values.holds ? { LOOP_HOLDS_FILE: holdsFile } : {},
  );
  const listening = performance.now() - t0;
  // The stretch of wall-clock time the sessions started in, for the proxy's holds (--holds).
  let from = 0;
  let to = 0;
  let measured: Round;
  try {
    const url = proxy.found;
    const watched = await initialize(url); // catalog A, admitted at start-up
    const direct = await initialize(upstream);
    from = Date.now();
    let started: Promise<{ session: string; ms: number; listMs: number }[]> = Promise.resolve([]);
    const all = new Promise<void>((done) => {
      started = Promise.all(
        Array.from(
          { length: STARTS },
          (_, i) =>
            new Promise<{ session: string; ms: number; listMs: number }>((r) =>
              setTimeout(() => void initialize(url).then(r), i * APART_MS),
            ),
        ),
      ).finally(done);
    });
    const [viaProxy, viaServer, starts] = await Promise.all([
      pings(url, watched.session, all),
      pings(upstream, direct.session, all),
      started,
    ]);
    to = Date.now();
    await Promise.all(starts.map((s) => close(url, s.session)));
    // Warm: initialize over the admitted catalog, one session at a time, proxy and server alternating.
    const warm: [number[], number[]] = [[], []];
    for (let i = 0; i < 20; i++) {
      const p = await initialize(url, false);
      warm[0].push(p.ms);
      await close(url, p.session);
      const d = await initialize(upstream, false);
      warm[1].push(d.ms);
      await close(upstream, d.session);
    }
    // The holds are saved every 200 ms: one save past `to` is there after this.
    if (values.holds) await new Promise((r) => setTimeout(r, 450));
    measured = {
      listening,
      viaProxy,
      viaServer,
      initMs: starts.map((s) => s.ms),
      startMs: starts.map((s) => s.listMs),
      warm,
      ...(values.holds ? holdsWithin(holdsFile, from, to) : { holds: [], collections: [] }),
    };
  } finally {
    const { child } = proxy;
    const exited =
      child.exitCode !== null || child.signalCode !== null
        ? Promise.resolve()
        : new Promise<void>((r) => {
            child.once('exit', () => r());
            setTimeout(() => {
              child.kill('SIGKILL');
              r();
            }, 5000).unref();
          });
    child.kill('SIGTERM');
    server.child.kill('SIGKILL');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  }
  return measured;
}

const byCli = new Map<string, Round[]>(CLIS.map((cli) => [cli, []]));
for (let i = 0; i < ROUNDS; i++)
  for (let k = 0; k < CLIS.length; k++) {
    const cli = CLIS[(i + k) % CLIS.length] as string;
    byCli.get(cli)?.push(await round(cli));
  }
console.log(
  `catalog: ${values.tools} tools + echo, over --url (HTTP); ${ROUNDS} rounds, each a new server and proxy per ` +
    `build; load average before: ${LOAD_BEFORE}, after: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}\n`,
);
const catalog = values.seen ? 'A (admitted at start-up)' : 'B (new to the proxy)';
console.log(
  `${STARTS} sessions starting ${APART_MS} ms apart over catalog ${catalog}, ` +
    `while one session on the proxy and one on the server each ping every ${PING_MS} ms (a fixed schedule):\n`,
);
for (const [cli, rounds] of byCli)
  report(cli, rounds, { starts: STARTS, notReadyMs: NOT_READY_MS, holds: values.holds });
