/**
 * What a client can make `toolgate proxy --listen` hold: the built CLI in front of
 * test/cli/fixtures/holding-server.mjs, one session, CALLS calls of the tool `slow` (never answered) with
 * arguments of BYTES bytes each, every POST dropped by its client once sent (closing a 2025 stream does not cancel
 * the call, MCP 2025-06-18). Printed per CLI given (`--cli`, repeatable): how many calls reached the server, how
 * many were refused 429, and the proxy's RSS (/proc/<pid>/status) before, at its peak, and WAIT ms after the last
 * call. Build first:
 *
 *   npm run build && node --import tsx bench/proxy-holds.ts [--cli <built CLI>]... [--calls 300] [--bytes 1000000]
 *     [--wait 5000] [--deaf]
 *
 * With `--deaf`, a server that stops reading its input instead (deafRun).
 *
 * Bound: at most 100 requests, 16 MiB of their bodies, waiting per session (src/proxy/waiting-requests.ts).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const SERVER = join(ROOT, 'test/cli/fixtures/holding-server.mjs');
const { values } = parseArgs({
  options: {
    cli: { type: 'string', multiple: true, default: [join(ROOT, 'dist/cli/main.js')] },
    calls: { type: 'string', default: '300' },
    bytes: { type: 'string', default: '1000000' },
    wait: { type: 'string', default: '5000' },
    deaf: { type: 'boolean', default: false },
  },
});
const CALLS = Number(values.calls);
const BYTES = Number(values.bytes);
const WAIT = Number(values.wait);
const HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** The process's resident set now and its peak, in MB. */
function rssMb(pid: number): { now: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { now: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) };
}

/** The proxy built as `cli` in front of the holding server, one session opened; its URL, session and pid. */
async function started(cli: string, record: string) {
  const args = [cli, 'proxy', '--listen', '0', '--env', `RECORD_FILE=${record}`, '--', process.execPath, SERVER];
  const proxy = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  const url = await new Promise<string>((done) =>
    proxy.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
      const m = /listening on (http:\/\/\S+\/mcp)/.exec(stderr);
      if (m !== null) done(m[1] as string);
    }),
  );
  const init = await fetch(url, {
    method: 'POST',
    headers: HEADERS,
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '0' } },
    }),
  });
  await init.text();
  const sid = init.headers.get('mcp-session-id') as string;
  const stop = async (): Promise<void> => {
    proxy.kill('SIGTERM');
    await new Promise((done) => proxy.on('exit', done));
  };
  return { url, sid, pid: proxy.pid as number, stop };
}

/** One CLI's run: the proxy started, the calls sent and dropped, the figures read. */
async function run(cli: string) {
  const dir = mkdtempSync(join(tmpdir(), 'toolgate-holds-'));
  const record = join(dir, 'record.jsonl');
  const { url, sid, pid, stop } = await started(cli, record);
  const before = rssMb(pid).now;
  const padding = 'x'.repeat(BYTES);
  let refused = 0;
  for (let i = 0; i < CALLS; i++) {
    const aborter = new AbortController();
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: i,
      method: 'tools/call',
      params: { name: 'slow', arguments: { padding } },
    });
    const sent = fetch(url, {
      method: 'POST',
      headers: { ...HEADERS, 'mcp-session-id': sid },
      body,
      signal: aborter.signal,
    });
    // A refusal comes at once; a call that waits is dropped once its body is out.
    const status = await Promise.race([sent.then((r) => r.status).catch(() => 0), sleep(50).then(() => 0)]);
    if (status === 429) refused++;
    aborter.abort();
  }
  await sleep(WAIT);
  const after = rssMb(pid);
  const reached = readFileSync(record, 'utf8')
    .split('\n')
    .filter((l) => l.includes('"tools/call"')).length;
  await stop();
  rmSync(dir, { recursive: true, force: true });
  return { reached, refused, before, peak: after.peak, after: after.now };
}

/**
 * `--deaf`: the server stops reading (the `deaf` tool), and each call of `echo` with arguments of BYTES bytes is
 * cancelled once forwarded: a call refused at once past 64 MiB unread (src/mcp/peer.ts) counts as refused.
 */
async function deafRun(cli: string) {
  const dir = mkdtempSync(join(tmpdir(), 'toolgate-holds-'));
  const { url, sid, pid, stop } = await started(cli, join(dir, 'record.jsonl'));
  const before = rssMb(pid).now;
  const post = (message: object): Promise<string> =>
    fetch(url, { method: 'POST', headers: { ...HEADERS, 'mcp-session-id': sid }, body: JSON.stringify(message) }).then(
      (r) => r.text(),
    );
  const call = (id: number, name: string, args: object) => ({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name, arguments: args },
  });
  await post(call(1, 'deaf', {}));
  // In strings of at most 1,000,000 characters each, under the proxy's bound on one string.
  const args = Object.fromEntries(
    Array.from({ length: Math.ceil(BYTES / 1e6) }, (_, i) => [`p${i}`, 'x'.repeat(Math.min(1e6, BYTES - i * 1e6))]),
  );
  let refused = 0;
  for (let id = 2; id < 2 + CALLS; id++) {
    const answer = post(call(id, 'echo', args));
    const early = await Promise.race([answer, sleep(150).then(() => undefined)]);
    if (early === undefined)
      await post({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id } });
    if ((early ?? (await answer)).includes('not sent')) refused++;
  }
  const after = rssMb(pid);
  await stop();
  rmSync(dir, { recursive: true, force: true });
  return { reached: CALLS - refused, refused, before, peak: after.peak, after: after.now };
}

console.log(
  values.deaf
    ? `${CALLS} calls of ${BYTES} bytes to a server that stopped reading, each cancelled once forwarded\n`
    : `${CALLS} calls of ${BYTES} bytes, each POST dropped once sent; RSS after ${WAIT} ms more\n`,
);
console.log(
  `| proxy | calls ${values.deaf ? 'written' : 'that reached the server'} | refused | RSS before | peak | after |`,
);
console.log('|---|---:|---:|---:|---:|---:|');
for (const cli of (values.cli ?? []).map((c) => resolve(c))) {
  const r = values.deaf ? await deafRun(cli) : await run(cli);
  console.log(`| ${cli} | ${r.reached} | ${r.refused} | ${r.before} MB | ${r.peak} MB | ${r.after} MB |`);
}
