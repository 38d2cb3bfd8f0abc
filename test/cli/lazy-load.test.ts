// What each command loads, counted rather than timed (the start-up time itself is bench/cli-startup.ts): `check`
// on files never loads the MCP SDK, process spawning or serve, and `check --mcp` no SDK; help and --version load no
// schema engine. Each
// case also has a command that does load the module, so a hook that saw nothing cannot pass.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = new URL('../..', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'toolgate-lazy-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const HOOK = join(dir, 'record-loads.mjs');
writeFileSync(
  HOOK,
  `import { register } from 'node:module';
register('data:text/javascript,' + encodeURIComponent(
  'export async function load(url, context, next) { ' +
    'process.stderr.write("LOADED " + url + "\\\\n"); return next(url, context); }'
));
`,
);
const catalog = join(dir, 'one.json');
writeFileSync(catalog, JSON.stringify([{ name: 'get_weather', inputSchema: { type: 'object' } }]));

/** Every module URL one CLI run loads (from source, through tsx). */
function loads(argv: string[]): string[] {
  const r = spawnSync(process.execPath, ['--import', 'tsx', '--import', HOOK, 'src/cli/main.ts', ...argv], {
    cwd: ROOT,
    encoding: 'utf8',
    input: '',
    timeout: 60_000,
  });
  return r.stderr
    .split('\n')
    .filter((l) => l.startsWith('LOADED '))
    .map((l) => l.slice('LOADED '.length));
}

// The environment rule, secret masking, command-line display (with the secret rules it reads: secret-flags.ts,
// token-shapes.ts, url-word.ts, src/exec/user-password.ts) and NUL refusal of src/exec/ are shared with `check` (its
// --env, --mcp, --config and reports): small, and they spawn nothing.
// serve.ts, serve-config.ts, serve-usage.ts: not src/mcp/server-url.ts, which check reads for --url, nor
// serve-spec.ts, serve's entry in the one table help and the parser read.
const SERVE_ONLY = new RegExp(
  [
    String.raw`\/src\/exec\/(?!environment\.ts|mask-secrets\.ts|secret-forms\.ts|wrapped-text\.ts|command-line\.ts|` +
      String.raw`nul-free\.ts|secret-flags\.ts|token-shapes\.ts|url-word\.ts|user-password\.ts|numbers-held\.ts)`,
    String.raw`\/src\/cli\/serve[.-](?!spec\.ts)`,
    'node:child_process',
  ].join('|'),
);
const MCP_SDK = /@modelcontextprotocol/;
const ENGINE = /\/node_modules\/ajv\/|\/src\/schema\/(compile\.ts|engine\/)/;

describe('what each command loads', () => {
  it('check on a file loads neither the MCP SDK nor anything only serve needs', () => {
    const loaded = loads(['check', catalog]);
    expect(loaded.filter((u) => ENGINE.test(u)).length).toBeGreaterThan(0);
    expect(loaded.filter((u) => MCP_SDK.test(u) || SERVE_ONLY.test(u))).toEqual([]);
  });

  // Before, check --mcp listed through the SDK's client; it lists through the proxy's stdio upstream now.
  it('check --mcp lists without the MCP SDK; serve loads it, and process spawning', () => {
    const checked = loads(['check', '--mcp', '/nonexistent/server']);
    expect(checked.filter((u) => /\/src\/proxy\/stdio-lister\.ts$/.test(u)).length).toBe(1);
    expect(checked.filter((u) => MCP_SDK.test(u))).toEqual([]);
    expect(
      loads(['serve', '--name', 'x', '--timeout', '0', '--exec', 'echo']).filter((u) => SERVE_ONLY.test(u)).length,
    ).toBeGreaterThan(0);
    // Served until its input (empty) ends.
    expect(loads(['serve', '--name', 'x', '--exec', 'echo']).filter((u) => MCP_SDK.test(u)).length).toBeGreaterThan(0);
  }, 60_000);

  it('proxy relays JSON-RPC itself and never loads the MCP SDK (it works where the SDK is not installed)', () => {
    const loaded = loads(['proxy', '--timeout', '1', '--', '/nonexistent/server']);
    expect(loaded.filter((u) => /\/src\/cli\/proxy/.test(u)).length).toBeGreaterThan(0);
    expect(loaded.filter((u) => MCP_SDK.test(u))).toEqual([]);
  }, 60_000);

  it.each([[['--version']], [['help']], [['check', '--help']]])('%j loads no schema engine', (argv) => {
    const loaded = loads(argv);
    expect(loaded.filter((u) => u.includes('/src/cli/')).length).toBeGreaterThan(0);
    expect(loaded.filter((u) => ENGINE.test(u) || MCP_SDK.test(u) || SERVE_ONLY.test(u))).toEqual([]);
  });
});
