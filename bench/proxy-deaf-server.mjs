// What a proxy holds in front of a stdio server that stops reading its input (test/cli/fixtures/holding-server.mjs,
// its `deaf` tool), while a client sends calls of 3 MB and cancels each once it is forwarded: its peak RSS, and how
// many calls were refused at once (past 64 MiB unread, src/mcp/peer.ts). One proxy build per run:
//
//   node bench/proxy-deaf-server.mjs <dist/cli/main.js of a build> [calls, 40]
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

const [cli, calls = '40'] = process.argv.slice(2);
if (cli === undefined) throw new Error('usage: node bench/proxy-deaf-server.mjs <dist/cli/main.js> [calls]');
const SERVER = new URL('../test/cli/fixtures/holding-server.mjs', import.meta.url).pathname;
const args = [cli, 'proxy', '--listen', '0', '--', process.execPath, SERVER];
const proxy = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
let said = '';
const url = await new Promise((resolve) => {
  const look = (chunk) => {
    said += chunk;
    const m = /listening on (http:\/\/\S+\/mcp)/.exec(said);
    if (m !== null) resolve(m[1]);
  };
  proxy.stderr.on('data', look);
  proxy.stdout.on('data', look);
});
const HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
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
const headers = { ...HEADERS, 'mcp-session-id': init.headers.get('mcp-session-id') };
await init.text();
const post = (message) => fetch(url, { method: 'POST', headers, body: JSON.stringify(message) }).then((r) => r.text());
const call = (id, name, args) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });
await post(call(1, 'deaf', {}));
const s = 'x'.repeat(1_000_000);
let refused = 0;
for (let id = 2; id < 2 + Number(calls); id++) {
  const answer = post(call(id, 'echo', { b: s, c: s, d: s }));
  const early = await Promise.race([answer, new Promise((r) => setTimeout(() => r(undefined), 150))]);
  if (early === undefined) await post({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id } });
  if ((early ?? (await answer)).includes('not sent')) refused++;
}
const status = readFileSync(`/proc/${proxy.pid}/status`, 'utf8');
const peak = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
console.log(`${cli}: ${calls} calls of 3 MB, ${refused} refused at once; peak RSS ${peak.toFixed(0)} MB`);
// SIGTERM: the proxy stops its server's process group before it ends (SIGKILL after a grace).
const ended = new Promise((resolve) => proxy.once('exit', resolve));
proxy.kill('SIGTERM');
await ended;
