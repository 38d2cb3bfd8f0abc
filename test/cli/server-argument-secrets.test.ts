// A secret written on a server's command line after an option that names one (`--token X`, `--api-key X`, a
// credential `--header`), not as `KEY=VALUE`: before the fix check's text and JSON reports, error lines, lock files
// (a tool description echoing it was kept), check/lock --config and the proxy's stderr (and its gateway's) showed it,
// and the proxy's client read it in a tool's description. The server echoes it in its listing (a description, a
// schema, with NAME_ECHO a tool's name) and, called, in a result and on stderr. A later sitting's find: a secret
// that is a positional word or part of one (a connection string's password, `?api_key=`, a `ghp_` token) showed in
// the same places; the server echoes the whole word.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REDACTED } from '../../src/exec/mask-secrets.js';
import { secretForms } from '../../src/exec/secret-forms.js';
import { RawCli } from './raw-cli.js';
import { runInProcess } from './run-cli.js';

const LEAKY = join(new URL('../..', import.meta.url).pathname, 'test/cli/fixtures/secret-echo-server.mjs');
const SECRET = 'sk-live-4f9c2a7e81b3d605';
/** A token known by its shape alone (src/exec/token-shapes.ts). */
const TOKEN = 'ghp_4f9c2a7e81b3d605Kq7LmN2pX9vR3sT8wYzA';
/** A JWT, known by its shape (RFC 7519). */
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.Xq9dLmCk3PzWv0TnYbR2aE5uJhGf8sKoNi1cVwDx7yU';
const dir = mkdtempSync(join(tmpdir(), 'toolgate-argument-secrets-'));
const started: RawCli[] = [];
afterAll(() => {
  for (const p of started) p.kill();
  rmSync(dir, { recursive: true, force: true });
});

/** Every form of `secret` (SECRET unless told) that shows in `text`. */
const leaks = (text: string, secret = SECRET): string[] => secretForms(secret).filter((f) => text.includes(f));

/**
 * The server's arguments after the program in each form, how a report shows them and the secret (`--token=X` held
 * before, and an http URL's query).
 */
const FORMS: [string, string[], string, string][] = [
  ['--token X', ['--token', SECRET], `--token ${REDACTED}`, SECRET],
  ['--token=X', [`--token=${SECRET}`], `--token=${REDACTED}`, SECRET],
  ['--api-key X', ['--api-key', SECRET], `--api-key ${REDACTED}`, SECRET],
  ['--clientSecret X', ['--clientSecret', SECRET], `--clientSecret ${REDACTED}`, SECRET],
  [
    '--header "Authorization: Bearer X"',
    ['--header', `Authorization: Bearer ${SECRET}`],
    `'Authorization: ${REDACTED}'`,
    SECRET,
  ],
  [
    'postgresql://user:X@host/db',
    [`postgresql://user:${SECRET}@db.example/app`],
    `'postgresql://user:${REDACTED}@db.example/app'`,
    SECRET,
  ],
  ['redis://:X@host', [`redis://:${SECRET}@cache.example:6379`], `'redis://:${REDACTED}@cache.example:6379'`, SECRET],
  [
    'https://host/sse?api_key=X',
    [`https://mcp.example/sse?api_key=${SECRET}`],
    `'https://mcp.example/sse?api_key=${REDACTED}'`,
    SECRET,
  ],
  ['a ghp_ token alone', [TOKEN], `'${REDACTED}'`, TOKEN],
  // A newcomer's and a review's finds: a JDBC `;password=`, a scheme-less proxy password, `Bearer X`, a JWT.
  [
    'jdbc:sqlserver://h;password=X',
    [`jdbc:sqlserver://db.example;user=sa;password=${SECRET}`],
    `'jdbc:sqlserver://db.example;user=sa;password=${REDACTED}'`,
    SECRET,
  ],
  [
    '--proxy u:X@host',
    ['--proxy', `admin:${SECRET}@px.example:3128`],
    `--proxy 'admin:${REDACTED}@px.example:3128'`,
    SECRET,
  ],
  ['Bearer X', ['Bearer', SECRET], `Bearer ${REDACTED}`, SECRET],
  ['a JWT alone', [JWT], `'${REDACTED}'`, JWT],
];

/** The forms tried in the places that read a config file, and in the proxy: an option's, a URL's, a token. */
const SOME_FORMS = FORMS.filter(([what]) =>
  ['--api-key X', 'postgresql://user:X@host/db', 'a ghp_ token'].some((w) => what.startsWith(w)),
);

/** The --env words that make the server echo its last argument, and the --mcp text of it with `args`. */
const echoing = (args: readonly string[], names = false): string[] => [
  '--env',
  'ARG_ECHO=1',
  '--env',
  'LIST_ECHO=ARG_VALUE',
  ...(names ? ['--env', 'NAME_ECHO=1'] : []),
  '--mcp',
  [process.execPath, LEAKY, ...args.map((a) => `'${a}'`)].join(' '),
];

describe('a secret after an option on a server command line', () => {
  it.each(FORMS)(
    'check --format text: %s',
    async (_what, args, shown, secret) => {
      const run = await runInProcess(['check', ...echoing(args)]);
      expect(run.code).toBe(0);
      expect(run.out).toContain(shown);
      expect(leaks(run.out + run.err, secret)).toEqual([]);
    },
    30_000,
  );

  it.each(FORMS)(
    'check --format json: %s',
    async (_what, args, shown, secret) => {
      const run = await runInProcess(['check', '--format', 'json', ...echoing(args)]);
      expect(run.out).toContain(JSON.stringify(shown).slice(1, -1));
      expect(leaks(run.out + run.err, secret)).toEqual([]);
      expect(() => JSON.parse(run.out)).not.toThrow();
    },
    30_000,
  );

  it.each(FORMS)(
    'lock: %s is kept out of the file (the description echoing it is not kept)',
    async (_w, args, _shown, secret) => {
      const out = join(dir, 'echo.lock');
      const run = await runInProcess(['lock', '--out', out, ...echoing(args)]);
      expect(run.code).toBe(0);
      const text = readFileSync(out, 'utf8');
      expect(leaks(text + run.out + run.err, secret)).toEqual([]);
      expect(JSON.parse(text).tools.quotes.definition).toBeNull();
    },
    30_000,
  );

  it('lock refuses a tool named with it, masked, and writes nothing', async () => {
    const out = join(dir, 'named.lock');
    const run = await runInProcess(['lock', '--out', out, ...echoing(['--token', SECRET], true)]);
    expect(run.code).toBe(2);
    expect(run.err).toContain(`tool "named_${REDACTED}" is named with a value given to the server`);
    expect(leaks(run.out + run.err)).toEqual([]);
    expect(() => readFileSync(out)).toThrow();
  }, 30_000);

  it('an error line: a server that cannot be started, and a command line that cannot be split', async () => {
    const missing = await runInProcess(['check', '--mcp', `no-such-program-here --password ${SECRET}`]);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain(`--password ${REDACTED}`);
    const unsplit = await runInProcess(['check', '--mcp', `srv --auth ${SECRET} 'open`]);
    expect(unsplit.code).toBe(2);
    expect(unsplit.err).toContain(`--auth ${REDACTED}`);
    expect(leaks(missing.out + missing.err + unsplit.out + unsplit.err)).toEqual([]);
  }, 30_000);

  it('an error line: a connection string and a token, positional words', async () => {
    const missing = await runInProcess(['check', '--mcp', `no-such-program-here postgresql://u:${SECRET}@h/db`]);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain(`postgresql://u:${REDACTED}@h/db`);
    const unsplit = await runInProcess(['check', '--mcp', `srv ${TOKEN} 'open`]);
    expect(unsplit.code).toBe(2);
    expect(unsplit.err).toContain(`srv '${REDACTED}'`);
    expect(leaks(missing.out + missing.err)).toEqual([]);
    expect(leaks(unsplit.out + unsplit.err, TOKEN)).toEqual([]);
  }, 30_000);

  it.each(SOME_FORMS)(
    'check --config and lock --config: a server whose "args" hold %s',
    async (what, args, _shown, secret) => {
      const config = join(dir, `mcp-${what.length}.json`);
      const env = { ARG_ECHO: '1', LIST_ECHO: 'ARG_VALUE' };
      const entry = { command: process.execPath, args: [LEAKY, ...args], env };
      writeFileSync(config, JSON.stringify({ mcpServers: { leaky: entry } }));
      const checked = await runInProcess(['check', '--format', 'json', '--config', config]);
      const out = join(dir, 'config.lock');
      const locked = await runInProcess(['lock', '--config', config, '--out', out]);
      expect(locked.code).toBe(0);
      const text = readFileSync(out, 'utf8');
      expect(JSON.parse(text).servers.leaky.tools.quotes.definition).toBeNull();
      expect(leaks(checked.out + checked.err + locked.out + locked.err + text, secret)).toEqual([]);
    },
    30_000,
  );

  it.each(
    SOME_FORMS.flatMap(([what, args, shown, secret]) => [
      [`proxy -- <server> ${what}`, args, shown, secret, false] as const,
      [`proxy --config (the gateway) ${what}`, args, shown, secret, true] as const,
    ]),
  )(
    '%s: stderr, --log and what the client reads',
    async (what, args, shown, secret, gateway) => {
      const log = join(dir, `${what.length}.jsonl`);
      const options = gateway ? ['--config', gatewayConfig(args)] : echoing(args).slice(0, 4);
      const tail = gateway ? [] : ['--', process.execPath, LEAKY, ...args];
      const q = new RawCli('proxy', ['--log', log, '--log-args', ...options, ...tail]);
      started.push(q);
      await q.initialize();
      const listed = await q.request('list', 'tools/list', {});
      const name = listed.result?.tools?.find((t) => t.name.endsWith('env'))?.name ?? 'env';
      q.call('c', name, { key: 'ARG_VALUE' });
      await q.until((r) => r.id === 'c');
      q.child.stdin.end();
      await q.exited;
      expect(q.stderr).toContain(shown);
      expect(JSON.stringify(listed)).toContain(REDACTED);
      expect(leaks(JSON.stringify(q.replies) + q.stderr + readFileSync(log, 'utf8'), secret)).toEqual([]);
    },
    30_000,
  );
});

/** A proxy --config file of one server holding the secret in its args. */
function gatewayConfig(args: readonly string[]): string {
  const file = join(dir, 'gateway.json');
  const env = { ARG_ECHO: '1', LIST_ECHO: 'ARG_VALUE' };
  const entry = { command: process.execPath, args: [LEAKY, ...args], env };
  writeFileSync(file, JSON.stringify({ mcpServers: { leaky: entry } }));
  return file;
}
