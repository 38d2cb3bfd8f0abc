// `check --mcp` against real servers from the npm registry and a deliberately broken fixture server.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { splitCommandLine } from '../../src/exec/command-line.js';
import { isAlive, readPid } from '../exec/alive.js';
import { runInProcess } from './run-cli.js';

const ROOT = new URL('../..', import.meta.url).pathname;
const NODE = JSON.stringify(process.execPath);
const server = (pkg: string): string =>
  `${NODE} ${join(ROOT, 'node_modules/@modelcontextprotocol', pkg, 'dist/index.js')}`;
const dir = mkdtempSync(join(tmpdir(), 'toolgate-mcp-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Three pages of tools (so pagination must be followed), mixing a good tool, a broken schema, a refused keyword,
// a missing inputSchema and a bad name. The SDK's own client would throw on the missing schema.
const sdk = (p: string): string => pathToFileURL(join(ROOT, 'node_modules/@modelcontextprotocol/sdk/dist/esm', p)).href;
const FIXTURE = `
import { Server } from ${JSON.stringify(sdk('server/index.js'))};
import { StdioServerTransport } from ${JSON.stringify(sdk('server/stdio.js'))};
import { ListToolsRequestSchema } from ${JSON.stringify(sdk('types.js'))};
const pages = [
  [{ name: 'good', inputSchema: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] } },
   { name: 'bad_type', inputSchema: { type: 'object', properties: { n: { type: 'int' } } } }],
  [{ name: 'old_deps', inputSchema: { type: 'object', dependencies: { a: ['b'] } } }],
  [{ name: 'no_schema' }, { name: 'bad name!', inputSchema: { type: 'object' } }],
];
const server = new Server({ name: 'broken', version: '0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, (req) => {
  const i = Number(req.params?.cursor ?? 0);
  return { tools: pages[i], ...(i + 1 < pages.length ? { nextCursor: String(i + 1) } : {}) };
});
await server.connect(new StdioServerTransport());
`;
const fixture = join(dir, 'broken-server.mjs');
writeFileSync(fixture, FIXTURE);

describe('toolgate check --mcp', () => {
  it('lists a real server (server-everything) and checks every tool', async () => {
    const r = await runInProcess(['check', '--format', 'json', '--mcp', server('server-everything')]);
    const report = JSON.parse(r.out);
    const tools = report.catalogs[0].tools as { name: string; verdict: string; class?: string; reason?: string }[];
    expect(tools.length).toBeGreaterThan(5);
    expect(tools.map((t) => t.name)).toContain('echo');
    // Its schemas declare draft-07 (zod-to-json-schema), which --mcp servers are admitted under by default.
    expect(report.catalogs[0].dialects).toEqual(['2020-12', 'draft-07']);
    expect(r.code).toBe(report.admitted ? 0 : 1);
    // A tool the proxy never publishes (one that runs only as a task) is withheld with the proxy's reason.
    for (const t of tools) {
      if (t.verdict === 'withheld') expect(t.reason).toMatch(/taskSupport/);
      else if (t.verdict !== 'accepted') expect(t.class).toBe('unsupported_capability');
    }
  });

  it('admits the draft-07 tools of server-filesystem by default; --dialect 2020-12 refuses them', async () => {
    const fs = `${server('server-filesystem')} ${JSON.stringify(dir)}`;
    const r = await runInProcess(['check', '--format', 'json', '--mcp', fs]);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.out);
    expect(report.catalogs[0].dialects).toEqual(['2020-12', 'draft-07']);
    expect(report.summary.rejected).toBe(0);
    const only = await runInProcess(['check', '--mode', 'quarantine', '--dialect', '2020-12', '--mcp', fs]);
    expect(only.code).toBe(0);
    expect(only.out).toMatch(/quarantined read_text_file {2}unsupported_capability/);
    expect(only.out).toMatch(/summary: \d+ accepted, \d+ quarantined, 0 rejected; 1 of 1 catalog admitted/);
  });

  it('follows pagination of a broken server and names every broken tool', async () => {
    const r = await runInProcess(['check', '--mcp', `${NODE} ${fixture}`]);
    expect(r.code).toBe(1);
    const lines = r.out.split('\n');
    expect(
      lines
        .filter((l) => /^ {2}\w/.test(l))
        .map((l) => l.trim().replace('ok (batch not admitted)', 'ok').split(/\s+/).slice(0, 2).join(' ')),
    ).toEqual(['ok good', 'rejected bad_type', 'rejected old_deps', 'rejected no_schema', 'rejected bad']);
    expect(r.out).toContain('inputSchema#/properties/n/type');
    expect(r.out).toContain(
      'summary: 0 accepted, 1 ok (batch not admitted), 0 quarantined, 4 rejected; 0 of 1 catalog admitted',
    );
  });

  it.each([
    ['a command that is not an MCP server', `${NODE} -e "process.exit(0)"`],
    ['a program that does not exist', '/nonexistent/mcp-server'],
    ['an unclosed quote', `${NODE} "oops`],
  ])('exits 2 for %s, naming the command', async (_why, command) => {
    const r = await runInProcess(['check', '--mcp', command]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('--mcp');
    expect(r.out).toBe('');
  });
});

// A server whose one tool says what it received: `secret_ok` when SECRET is what the test set, and whether
// PASSED (a variable of toolgate's own environment, passed through by name) arrived.
const ENV_FIXTURE = `
import { Server } from ${JSON.stringify(sdk('server/index.js'))};
import { StdioServerTransport } from ${JSON.stringify(sdk('server/stdio.js'))};
import { ListToolsRequestSchema } from ${JSON.stringify(sdk('types.js'))};
const name = (process.env.SECRET === 'hunter2-secret' ? 'secret_ok' : 'secret_missing') +
  (process.env.PASSED === 'from-toolgate' ? '_passed' : '_not_passed') + (process.env.UNLISTED ? '_leaked' : '');
const server = new Server({ name: 'env', version: '0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [{ name, inputSchema: { type: 'object' } }] }));
await server.connect(new StdioServerTransport());
`;
const envFixture = join(dir, 'env-server.mjs');
writeFileSync(envFixture, ENV_FIXTURE);
// Never answers anything: a program that reads stdin and stays alive.
const silent = join(dir, 'silent-server.mjs');
const silentPid = join(dir, 'silent-server.pid');
writeFileSync(
  silent,
  `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(silentPid)}, String(process.pid));\n` +
    'process.stdin.resume();\nsetInterval(() => {}, 60_000);\n',
);
// A wrapper as `npx -y` is: it starts the server as its child, sharing its stdio, and ends on SIGTERM without
// stopping it. The server (the broken fixture) keeps a timer, as server-everything does, so it outlives its stdin.
const kept = join(dir, 'kept-server.mjs');
writeFileSync(kept, `${FIXTURE}\nsetInterval(() => {}, 60_000);\n`);
const keptPid = join(dir, 'kept-server.pid');
const wrapper = join(dir, 'wrapper.mjs');
writeFileSync(
  wrapper,
  `import { spawn } from 'node:child_process';\nimport { writeFileSync } from 'node:fs';\n` +
    `const child = spawn(process.execPath, [${JSON.stringify(kept)}], { stdio: 'inherit' });\n` +
    `writeFileSync(${JSON.stringify(keptPid)}, String(child.pid));\nprocess.on('SIGTERM', () => process.exit(0));\n`,
);

describe('toolgate check --mcp --env, --timeout and what reports show', () => {
  it("gives the server --env KEY=VALUE and --env KEY (passed through), and nothing else of toolgate's", async () => {
    process.env['PASSED'] = 'from-toolgate';
    process.env['UNLISTED'] = 'not-for-servers';
    try {
      const r = await runInProcess([
        'check',
        '--env',
        'SECRET=hunter2-secret',
        '--env',
        'PASSED',
        '--mcp',
        `${NODE} ${envFixture}`,
      ]);
      expect(r.out).toContain('  accepted    secret_ok_passed\n');
      expect(r.code).toBe(0);
    } finally {
      delete process.env['PASSED'];
      delete process.env['UNLISTED'];
    }
  });

  it('never prints a KEY=VALUE of the command line or an --env value, in text or JSON', async () => {
    const line = `env SECRET=hunter2-secret ${NODE} ${envFixture}`;
    const text = await runInProcess(['check', '--mcp', line]);
    const json = await runInProcess(['check', '--format', 'json', '--mcp', line]);
    expect(text.out).toContain(`mcp: env SECRET=<redacted> ${process.execPath} ${envFixture}: admitted\n`);
    expect(JSON.parse(json.out).catalogs[0].source).toBe(
      `mcp: env SECRET=<redacted> ${process.execPath} ${envFixture}`,
    );
    for (const r of [text, json]) expect(`${r.out}${r.err}`).not.toContain('hunter2');
  });

  it("masks the values in a failing server's messages and stderr too", async () => {
    const script = "console.error('key is ' + process.env.API_KEY + ' ' + process.argv[1]); process.exit(1)";
    const leak = `${NODE} -e "${script}" TOKEN=argv-secret`;
    const r = await runInProcess(['check', '--format', 'json', '--env', 'API_KEY=env-secret-value', '--mcp', leak]);
    expect(r.code).toBe(2);
    expect(`${r.out}${r.err}`).not.toMatch(/env-secret-value|argv-secret/);
    expect(r.err).toContain('key is <redacted> TOKEN=<redacted>');
  });

  it('says a server that never answers initialize did not, within --timeout', async () => {
    const r = await runInProcess(['check', '--timeout', '0.5', '--mcp', `${NODE} ${silent}`]);
    expect(r).toEqual({
      code: 2,
      out: '',
      err:
        `toolgate check: --mcp "${process.execPath} ${silent}": the server did not answer "initialize" within 0.5 s ` +
        '(--timeout): is it an MCP server speaking JSON-RPC on stdio?\n',
    });
  });

  // Regression: the SDK starts closing a server whose request timed out on timers that keep no process alive, so
  // a host (or this test's worker) that moved on could leave the server running; one was left after every run.
  it('stops a server that never answered before it returns', async () => {
    rmSync(silentPid, { force: true });
    const r = await runInProcess(['check', '--timeout', '0.5', '--mcp', `${NODE} ${silent}`]);
    expect(r.code).toBe(2);
    const pid = await readPid(silentPid);
    const deadline = Date.now() + 1_000;
    while (isAlive(pid) && Date.now() < deadline) await new Promise((done) => setTimeout(done, 20));
    expect(isAlive(pid)).toBe(false);
  });

  // Regression: `check --mcp "npx -y @modelcontextprotocol/server-everything"` printed its verdict, then waited
  // about a minute to exit: npx ended on the SDK's SIGTERM and left the server running, holding the stderr pipe.
  it('stops the server a wrapper (npx) started, not only the wrapper, before it returns', async () => {
    rmSync(keptPid, { force: true });
    const r = await runInProcess(['check', '--mcp', `${NODE} ${wrapper}`]);
    expect(r.code).toBe(1);
    expect(r.out).toContain('bad_type');
    const pid = await readPid(keptPid);
    const deadline = Date.now() + 2_000;
    while (isAlive(pid) && Date.now() < deadline) await new Promise((done) => setTimeout(done, 20));
    expect(isAlive(pid)).toBe(false);
  });

  it.each([
    ['--env without a server', ['--env', 'A=1', 'x.json'], '--env applies to --mcp servers, and none is given'],
    [
      '--timeout without a server',
      ['--timeout', '5', 'x.json'],
      '--timeout applies to --mcp, --url and --config servers, and none is given',
    ],
    ['an unset --env KEY', ['--env', 'TOOLGATE_SURELY_UNSET', '--mcp', 'x'], 'TOOLGATE_SURELY_UNSET is not set in'],
    ['an --env that is not a variable', ['--env', '1A=x', '--mcp', 'x'], '--env needs KEY=VALUE or KEY'],
    ['a zero --timeout', ['--timeout', '0', '--mcp', 'x'], '--timeout (seconds) must be a positive number'],
  ])('exits 2 for %s', async (_why, argv, message) => {
    const r = await runInProcess(['check', ...argv]);
    expect(r.code).toBe(2);
    expect(r.err).toContain(message);
  });
});

describe('splitCommandLine', () => {
  it.each([
    ['node server.js', ['node', 'server.js']],
    [`npx -y "@scope/pkg" 'a b' c\\ d`, ['npx', '-y', '@scope/pkg', 'a b', 'c d']],
    [`x "" y`, ['x', '', 'y']],
    [`"a \\"q\\""`, ['a "q"']],
    ['  ', []],
  ])('%j splits into %j', (line, words) => {
    expect(splitCommandLine(line)).toEqual(words);
  });
});
