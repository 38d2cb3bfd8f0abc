// `toolgate wrap` kept each entry's original in its `toolgate.wrapped` record with its `args` as they were: a secret
// on the command line (`--api-key sk-...`, a database URL's password, a token of a known shape) was written in the new
// args and again in the record (a newcomer's find; the docs said no secret is written twice). Args holding one are
// recorded as an `args:N` reference into the entry's own args now: each secret is in the file once, and `--undo`
// gives back the file as it was, byte for byte.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runInProcess } from './run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'toolgate-wrap-args-secret-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const TOKEN = `ghp_${'A1b2C3d4E5'.repeat(3)}123456`;
/** [what the entry's args hold, the secret that must be written once]. */
const CASES: readonly [string, readonly string[], string][] = [
  ['a secret-named option', ['-y', 'server-x', '--api-key', 'sk-live-0123456789abcdef'], 'sk-live-0123456789abcdef'],
  ['a database URL', ['-y', '@modelcontextprotocol/server-postgres', 'postgresql://me:pw-77x@db/app'], 'pw-77x'],
  ['a token of a known shape', ['-y', 'server-github', TOKEN], TOKEN],
];

/** How many times `part` is in `text`. */
const count = (text: string, part: string): number => text.split(part).length - 1;

describe('toolgate wrap: a secret in args', () => {
  it.each(CASES)('%s is written once, and --undo restores the file exactly', async (_, args, secret) => {
    const file = join(dir, `${secret.length}-${args.length}.json`);
    const doc = { mcpServers: { s: { command: 'npx', args, env: { LANG: 'C' } }, plain: { command: 'srv' } } };
    const original = `${JSON.stringify(doc, null, 2)}\n`;
    writeFileSync(file, original);
    expect((await runInProcess(['wrap', file, '--write', '--launcher', 'tg'])).code).toBe(0);
    const wrapped = readFileSync(file, 'utf8');
    expect(JSON.parse(wrapped).mcpServers.s.args).toEqual(['proxy', '--env', 'LANG', 'npx', ...args]);
    expect(count(wrapped, secret)).toBe(1);
    // Wrapping again changes nothing: the record is one wrap writes.
    expect((await runInProcess(['wrap', file, '--launcher', 'tg'])).out).toBe(wrapped);
    expect((await runInProcess(['wrap', file, '--write', '--undo'])).code).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(original);
  });

  it('is not restored from args edited since: the entry is left, named', async () => {
    const file = join(dir, 'edited.json');
    writeFileSync(file, JSON.stringify({ mcpServers: { s: { command: 'npx', args: ['x', '--token', 'abc123'] } } }));
    expect((await runInProcess(['wrap', file, '--write', '--launcher', 'tg'])).code).toBe(0);
    const doc = JSON.parse(readFileSync(file, 'utf8'));
    doc.mcpServers.s.args = ['proxy'];
    writeFileSync(file, JSON.stringify(doc));
    const undone = await runInProcess(['wrap', file, '--undo']);
    expect(undone.code).toBe(1);
    expect(undone.err).toContain('no longer in the entry\'s own "args"');
  });
});
