/**
 * `toolgate proxy --listen`, memory per session: the built CLI in front of a 100-tool HTTP
 * server (bench/catalog-server.mjs, a separate process, so the server's memory is not counted), measured from
 * outside through bench/heap-probe.cjs (heap used after full collections). Each session is opened as a client
 * does (initialize, initialized, tools/list) and makes one tools/call, so its validator is compiled. Measured,
 * in this order: the heap after SESSIONS sessions opened and closed (CONCURRENT at a time) against the heap
 * before them (after WARM sessions), with the heap after the first tenth of them (growth that stops there is
 * one-time, code and caches; growth that goes on is per session); then the heap per idle session (IDLE sessions
 * held open at once, from the heap after the churn), and the heap once they are closed. Each heap is also given
 * without V8's code spaces (machine code V8 compiled and optimized, which grows as the churn warms the program up,
 * not with what sessions hold). `--snapshots <dir>` also writes a heap snapshot at the start and after the churn and
 * gives what grew by kind of node (bench/heap-snapshot-kinds.ts): V8's compiled code and internals apart from what
 * JavaScript holds, which is what a session could leak. The churn comes first:
 * 200 idle sessions at once each hold a connection toward the upstream, and fetch keeps a pool that grew to
 * them. Build first:
 *
 *   npm run build && node --import tsx bench/proxy-sessions.ts [--cli <built CLI>] [--sessions 1000] [--idle 200]
 *     [--warm 20] [--node-flag <a flag for the proxy's node, such as --no-opt>]... [--snapshots <dir>]
 *
 * Targets: at most 2 MB per idle session; after the churn, the heap within 10% of where it started.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { type Kinds, kindsGrowth, kindsOf, V8_OWN } from './heap-snapshot-kinds.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const { values } = parseArgs({
  options: {
    cli: { type: 'string', default: join(ROOT, 'dist/cli/main.js') },
    sessions: { type: 'string', default: '1000' },
    idle: { type: 'string', default: '200' },
    tools: { type: 'string', default: '100' },
    warm: { type: 'string', default: '20' },
    'node-flag': { type: 'string', multiple: true, default: [] },
    snapshots: { type: 'string' },
  },
});
const CLI = resolve(values.cli);
const SESSIONS = Number(values.sessions);
const IDLE = Number(values.idle);
const WARM = Number(values.warm);
const CONCURRENT = 8;
const HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': '2025-06-18',
};

/** Starts `args` with node and waits for `pattern` (group 1 is returned) on its stdout or stderr. */
function start(args: readonly string[], pattern: RegExp, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
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

/** What bench/heap-probe.cjs answers: memory use, and the bytes of V8's code spaces. */
type Heap = NodeJS.MemoryUsage & { readonly code: number };

/** The heap and RSS of `child` after full collections (bench/heap-probe.cjs answers). */
function heapOf(child: ChildProcess): Promise<Heap> {
  return new Promise((done) => {
    child.once('message', (m) => done((m as { heap: Heap }).heap));
    child.send('heap');
  });
}

/** A heap snapshot of `child` (after full collections) written as `name` in --snapshots, by kind; none without. */
function snapshotOf(child: ChildProcess, name: string): Promise<Kinds | undefined> {
  const dir = values.snapshots;
  if (dir === undefined) return Promise.resolve(undefined);
  return new Promise((done) => {
    child.once('message', (m) => done(kindsOf((m as { snapshot: string }).snapshot)));
    child.send({ snapshot: resolve(dir, `${name}.heapsnapshot`) });
  });
}

/** POSTs one JSON-RPC message; the response text and the session id header. */
async function post(url: string, body: object, session?: string): Promise<{ text: string; session: string }> {
  const r = await fetch(url, {
    method: 'POST',
    headers: { ...HEADERS, ...(session === undefined ? {} : { 'mcp-session-id': session }) },
    body: JSON.stringify({ jsonrpc: '2.0', ...body }),
  });
  const text = await r.text();
  if (r.status >= 400) throw new Error(`HTTP ${r.status}: ${text.slice(0, 200)}`);
  return { text, session: r.headers.get('mcp-session-id') ?? session ?? '' };
}

/** Opens a session as a client does, lists the tools and makes one call; its id. */
async function open(url: string): Promise<string> {
  const params = { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'b', version: '0' } };
  const { session } = await post(url, { id: 0, method: 'initialize', params });
  await post(url, { method: 'notifications/initialized' }, session);
  const list = await post(url, { id: 1, method: 'tools/list' }, session);
  if (!list.text.includes('tool_0')) throw new Error(`tools/list: ${list.text.slice(0, 200)}`);
  const call = { name: 'tool_0', arguments: { [`id_${process.env.SEED ?? '0'}_0`]: 'x' } };
  const called = await post(url, { id: 2, method: 'tools/call', params: call }, session);
  if (!called.text.includes('"content"')) throw new Error(`tools/call: ${called.text.slice(0, 200)}`);
  return session;
}

async function close(url: string, session: string): Promise<void> {
  await fetch(url, { method: 'DELETE', headers: { 'mcp-session-id': session } }).then((r) => r.text());
}

/** Opens and closes `n` sessions, `CONCURRENT` at a time. */
async function churn(url: string, n: number): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < n) {
      next++;
      await close(url, await open(url));
    }
  };
  await Promise.all(Array.from({ length: CONCURRENT }, worker));
}

const mb = (bytes: number): string => `${(bytes / 2 ** 20).toFixed(1)} MB`;

if (!existsSync(CLI)) throw new Error(`build first: npm run build (no ${CLI})`);
const server = await start([join(ROOT, 'bench/catalog-server.mjs'), '--http'], /PORT (\d+)/, {
  TOOLS: values.tools,
});
const upstream = `http://127.0.0.1:${server.found}/mcp`;
const proxy = await start(
  [
    ...(values['node-flag'] ?? []),
    '--expose-gc',
    '--require',
    join(ROOT, 'bench/heap-probe.cjs'),
    CLI,
    'proxy',
    '--listen',
    '0',
    '--max-sessions',
    String(Math.max(IDLE, CONCURRENT) + 10),
    '--url',
    upstream,
  ],
  /listening on (http:\/\/\S+\/mcp)/,
);
try {
  const url = proxy.found;
  await churn(url, WARM);
  const before = await heapOf(proxy.child);
  const kindsBefore = await snapshotOf(proxy.child, 'start');
  const tenth = Math.round(SESSIONS / 10);
  // The churn's time, without the heap probe between its two parts (full collections and their pauses).
  let started = performance.now();
  await churn(url, tenth);
  let seconds = (performance.now() - started) / 1000;
  const early = await heapOf(proxy.child);
  started = performance.now();
  await churn(url, SESSIONS - tenth);
  seconds += (performance.now() - started) / 1000;
  const after = await heapOf(proxy.child);
  const kindsAfter = await snapshotOf(proxy.child, `after-${SESSIONS}`);
  const held: string[] = [];
  for (let i = 0; i < IDLE; i += CONCURRENT)
    held.push(...(await Promise.all(Array.from({ length: Math.min(CONCURRENT, IDLE - i) }, () => open(url)))));
  const idle = await heapOf(proxy.child);
  await Promise.all(held.map((s) => close(url, s)));
  const closed = await heapOf(proxy.child);
  const perIdle = (idle.heapUsed - after.heapUsed) / IDLE;
  const grown = (after.heapUsed - before.heapUsed) / before.heapUsed;
  const pct = (v: number): string => `${v >= 0 ? '+' : ''}${(v * 100).toFixed(1)}%`;
  console.log(`proxy: ${CLI}; catalog: ${values.tools} tools + echo, over --url (HTTP)\n`);
  const row = (what: string, h: Heap): void =>
    console.log(`| ${what} | ${mb(h.heapUsed)} | ${mb(h.code)} | ${mb(h.heapUsed - h.code)} | ${mb(h.rss)} |`);
  console.log('| measured | heap used | of it code spaces | heap used without code | RSS |');
  console.log('|---|---:|---:|---:|---:|');
  row(`after ${WARM} sessions opened and closed (start)`, before);
  row(`then ${tenth} more opened and closed`, early);
  row(`then ${SESSIONS - tenth} more (${SESSIONS} in ${seconds.toFixed(1)} s)`, after);
  row(`then ${IDLE} idle sessions open`, idle);
  row(`those ${IDLE} closed`, closed);
  console.log(
    `\nheap per idle session: ${(perIdle / 1024).toFixed(1)} KB (target <= 2048 KB); heap after ${SESSIONS} ` +
      `sessions against the start: ${pct(grown)} (target within 10%); of it after the first ${tenth}: ` +
      `${pct((early.heapUsed - before.heapUsed) / before.heapUsed)}, over the next ${SESSIONS - tenth}: ` +
      `${pct((after.heapUsed - early.heapUsed) / before.heapUsed)}; without the code spaces: ` +
      `${pct((after.heapUsed - after.code - (before.heapUsed - before.code)) / (before.heapUsed - before.code))}`,
  );
  if (kindsBefore !== undefined && kindsAfter !== undefined) {
    const growth = kindsGrowth(kindsBefore, kindsAfter);
    const kb = (bytes: number): string => `${bytes >= 0 ? '+' : ''}${(bytes / 1024).toFixed(1)} KB`;
    console.log(`
heap snapshots (${values.snapshots}), what grew from the start to after ${SESSIONS} sessions:`);
    console.log('| node type | bytes | nodes |\n|---|---:|---:|');
    for (const g of growth) if (g.bytes !== 0) console.log(`| ${g.kind} | ${kb(g.bytes)} | ${g.nodes} |`);
    const own = growth.filter((g) => V8_OWN.has(g.kind)).reduce((sum, g) => sum + g.bytes, 0);
    const held = growth.filter((g) => !V8_OWN.has(g.kind)).reduce((sum, g) => sum + g.bytes, 0);
    console.log(
      `
V8's compiled code and internals (${[...V8_OWN].join(', ')}): ${kb(own)}; what JavaScript holds (the ` +
        `other types): ${kb(held)}, ${(held / SESSIONS).toFixed(1)} bytes per session opened and closed`,
    );
    const [b, a] = [kindsBefore.bytecode, kindsAfter.bytecode];
    console.log(
      `bytecode arrays (of "code"): ${b.nodes} (${kb(b.bytes).slice(1)}) at the start, ${a.nodes} ` +
        `(${kb(a.bytes).slice(1)}) after; V8 drops the startup's only after several full collections of its own`,
    );
  }
} finally {
  proxy.child.kill('SIGTERM');
  server.child.kill('SIGKILL');
}
