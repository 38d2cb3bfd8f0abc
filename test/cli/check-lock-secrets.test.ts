// A server that writes a value given to it (an --env value) into its own listing: check and lock list it, print
// reports and write a lock file that is committed. Before the fix, check printed the value (a tool's name), and
// lock kept it in the file (a description, a schema) and printed it in its drift report.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REDACTED } from '../../src/exec/mask-secrets.js';
import { secretForms } from '../../src/exec/secret-forms.js';
import { runInProcess } from './run-cli.js';

const LEAKY = join(new URL('../..', import.meta.url).pathname, 'test/cli/fixtures/secret-echo-server.mjs');
const SECRET = 'hunter2-secret-value';
const PEM = '-----BEGIN KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END KEY-----';
const dir = mkdtempSync(join(tmpdir(), 'toolgate-check-lock-secrets-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The --env words and the server: the listing echoes TOKEN (with `names`, in a tool's name too). */
const server = (token: string, names = false): string[] => [
  '--env',
  `TOKEN=${token}`,
  '--env',
  'LIST_ECHO=TOKEN',
  ...(names ? ['--env', 'NAME_ECHO=1'] : []),
  '--mcp',
  `${process.execPath} ${LEAKY}`,
];

/** Every form of `secret` that shows in `text`. */
const leaks = (text: string, secret: string): string[] => secretForms(secret).filter((f) => text.includes(f));

describe('check and lock: a value given to the server, echoed in its listing', () => {
  it.each([['text'], ['json']])(
    'check --format %s masks it (a tool named with it)',
    async (format) => {
      const run = await runInProcess(['check', '--format', format, ...server(SECRET, true)]);
      expect(leaks(run.out + run.err, SECRET)).toEqual([]);
      expect(run.out).toContain(`named_${REDACTED}`);
      if (format === 'json') expect(() => JSON.parse(run.out)).not.toThrow();
    },
    30_000,
  );

  it('lock keeps no definition that carries it, pins every tool, and its drift report masks it', async () => {
    const out = join(dir, 'toolgate.lock');
    const first = await runInProcess(['lock', '--out', out, ...server(SECRET)]);
    expect(first.code).toBe(0);
    const text = readFileSync(out, 'utf8');
    expect(leaks(text, SECRET)).toEqual([]);
    const { tools } = JSON.parse(text);
    expect(tools.quotes.definition).toBeNull();
    expect(tools.deep.definition).toBeNull();
    expect(tools.quotes.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(tools.env.definition).toEqual({ name: 'env', inputSchema: expect.any(Object) });
    // Locked again with another value: the drift report shows the description now, masked.
    const other = 'another-secret-value';
    const second = await runInProcess(['lock', '--out', out, ...server(other)]);
    expect(second.code).toBe(0);
    expect(second.out).toContain('quotes');
    expect(leaks(second.out + second.err, other)).toEqual([]);
    expect(leaks(readFileSync(out, 'utf8'), other)).toEqual([]);
  }, 30_000);

  it('check --lock reports the drift with the value masked', async () => {
    const out = join(dir, 'check.lock');
    expect((await runInProcess(['lock', '--out', out, ...server(SECRET)])).code).toBe(0);
    const other = 'a-third-secret-value';
    const run = await runInProcess(['check', '--lock', out, ...server(other)]);
    expect(run.code).toBe(1);
    expect(run.out).toContain('quotes');
    expect(leaks(run.out + run.err, other)).toEqual([]);
  }, 30_000);

  it('lock --config and check --config: the env value of a config server, neither kept nor printed', async () => {
    const config = join(dir, 'mcp.json');
    const env = { TOKEN: SECRET, LIST_ECHO: 'TOKEN', NAME_ECHO: '1' };
    writeFileSync(config, JSON.stringify({ mcpServers: { leaky: { command: process.execPath, args: [LEAKY], env } } }));
    const checked = await runInProcess(['check', '--config', config]);
    expect(checked.out).toContain(`named_${REDACTED}`);
    expect(leaks(checked.out + checked.err, SECRET)).toEqual([]);
    // A lock of it is refused (a tool named with the value), masked; without that tool it is written, kept out.
    const refused = await runInProcess(['lock', '--config', config, '--out', join(dir, 'refused.lock')]);
    expect(refused.code).toBe(2);
    expect(refused.err).toContain(`named_${REDACTED}`);
    expect(leaks(refused.out + refused.err, SECRET)).toEqual([]);
    const out = join(dir, 'config.lock');
    writeFileSync(
      config,
      JSON.stringify({
        mcpServers: { leaky: { command: process.execPath, args: [LEAKY], env: { ...env, NAME_ECHO: undefined } } },
      }),
    );
    const locked = await runInProcess(['lock', '--config', config, '--out', out]);
    expect(locked.code).toBe(0);
    expect(leaks(readFileSync(out, 'utf8'), SECRET)).toEqual([]);
    expect(JSON.parse(readFileSync(out, 'utf8')).servers.leaky.tools.quotes.definition).toBeNull();
  }, 30_000);

  it('lock refuses a tool named with it (a name is written as listed), masked, and writes nothing', async () => {
    const out = join(dir, 'named.lock');
    const run = await runInProcess(['lock', '--out', out, ...server(SECRET, true)]);
    expect(run.code).toBe(2);
    expect(run.err).toContain(`tool "named_${REDACTED}" is named with a value given to the server`);
    expect(leaks(run.out + run.err, SECRET)).toEqual([]);
    expect(() => readFileSync(out)).toThrow();
  }, 30_000);

  // A pin's field hashes are keyed by the tool's own top-level field names, written as listed: one named with the
  // value was written into the file whose definition was null (a hunt's find).
  it('lock refuses a tool with a field named with it, masked, and writes nothing', async () => {
    const out = join(dir, 'fielded.lock');
    const run = await runInProcess(['lock', '--out', out, '--env', 'FIELD_ECHO=1', ...server(SECRET)]);
    expect(run.code).toBe(2);
    expect(run.err).toContain('tool "fielded" has a field named with a value given to the server');
    expect(leaks(run.out + run.err, SECRET)).toEqual([]);
    expect(() => readFileSync(out)).toThrow();
  }, 30_000);

  it.each([['check'], ['lock']])(
    '%s: a changed value cut by its drift line shows no beginning of it (masked before it is clipped)',
    async (command) => {
      const out = join(dir, `padded-${command}.lock`);
      const padded = (token: string): string[] => ['--env', 'PAD_ECHO=72', ...server(token)];
      expect((await runInProcess(['lock', '--out', out, ...padded('ab12345')])).code).toBe(0);
      const run = await runInProcess(
        command === 'check' ? ['check', '--lock', out, ...padded(SECRET)] : ['lock', '--out', out, ...padded(SECRET)],
      );
      expect(run.out).toContain('padded');
      // Before the fix: `"xxx…xhunter2…`, the value's first characters before the clip mark.
      expect(run.out + run.err).not.toContain(`x${SECRET.slice(0, 4)}`);
    },
    30_000,
  );

  // Found by a hunt: each of these printed the value, whole or its first seven characters.
  it.each([
    ['a key on several lines, in the error tools/list answered', PEM, ['LIST_ERROR=1'], 'MIIEvQ'],
    [
      'a value with / in a member name (a JSON Pointer: ~1)',
      'AKIAwJalrXUtnFEMI/K7MDENG/bPxRfiCY',
      ['KEY_ECHO=1'],
      'K7MDENG',
    ],
    ["a value 72 characters into a tool's name (clipped at 80)", SECRET, ['NAME_PAD=72'], 'nhunt'],
  ])(
    'check --format text and json mask %s',
    async (_what, token, env, shown) => {
      for (const format of ['text', 'json']) {
        const words = env.flatMap((e) => ['--env', e]);
        const run = await runInProcess(['check', '--format', format, ...words, ...server(token)]);
        expect(run.out + run.err).not.toContain(shown);
        expect(leaks(run.out + run.err, token)).toEqual([]);
      }
    },
    30_000,
  );

  it('a value of fewer than eight characters is left alone: kept, and no report word masked', async () => {
    const out = join(dir, 'short.lock');
    expect((await runInProcess(['lock', '--out', out, ...server('ab12345')])).code).toBe(0);
    expect(JSON.parse(readFileSync(out, 'utf8')).tools.quotes.definition.description).toBe('use the key ab12345 here');
    // LOG_LEVEL=warn masked the report's own "warnings" key and its lint words before.
    const run = await runInProcess(['check', '--format', 'json', '--env', 'LOG_LEVEL=warn', ...server('ab12345')]);
    expect(run.out).not.toContain(REDACTED);
    expect(run.out).toContain('"warnings"');
  }, 30_000);
});
