// "Did you mean ...?" for mistyped commands and options: the nearest known name by edit distance, the same on
// every run, an exact name never "corrected", and an option of another command named as such.
import { describe, expect, it } from 'vitest';
import { closestOption, parseArgs } from '../../src/cli/args.js';
import { CHECK, SERVE, VALIDATE } from '../../src/cli/commands.js';
import { closestName } from '../../src/cli/did-you-mean.js';
import { runInProcess } from './run-cli.js';

describe('closestName', () => {
  it.each([
    ['a dropped letter', 'chek', ['check', 'validate', 'serve', 'help'], 'check'],
    ['a transposition', 'valdiate', ['check', 'validate', 'serve', 'help'], 'validate'],
    ['an exact name, though a longer one begins with it', 'format', ['format-assertion', 'format'], 'format'],
    ['two prefixes: the nearer one', 'form', ['format-assertion', 'format'], 'format'],
    ['a tie: the earlier candidate', 'ab', ['xb', 'ax'], 'xb'],
    ['the same tie the other way round', 'ab', ['ax', 'xb'], 'ax'],
    ['a prefix shorter than three characters is no hint', 'fo', ['format-assertion'], undefined],
    ['nothing near', 'frobnicate', ['check', 'validate', 'serve', 'help'], undefined],
    ['an empty name', '', ['check'], undefined],
  ])('%s: %s -> %s', (_why, name, candidates, expected) => {
    expect(closestName(name, candidates)).toBe(expected);
  });

  it('answers in bounded time for a long name (the length gap alone rules every candidate out)', () => {
    expect(closestName('x'.repeat(100_000), ['check', 'validate'])).toBe(undefined);
  });
});

describe('unknown commands', () => {
  it.each([
    ['chek', 'check'],
    ['valdate', 'validate'],
    ['serv', 'serve'],
    ['hepl', 'help'],
  ])('toolgate %s: did you mean %s? (exit 2, with the usage)', async (typed, meant) => {
    const r = await runInProcess([typed, 'tools.json']);
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err.split('\n').slice(0, 2)).toEqual([
      `toolgate: unknown command ${JSON.stringify(typed)}; did you mean ${meant}?`,
      'usage:',
    ]);
  });

  it('suggests nothing when nothing is near', async () => {
    const r = await runInProcess(['frobnicate']);
    expect(r.err.split('\n')[0]).toBe('toolgate: unknown command "frobnicate"');
  });

  it('toolgate help chek: did you mean check?', async () => {
    const r = await runInProcess(['help', 'chek']);
    expect(r).toEqual({
      code: 2,
      out: '',
      err:
        'toolgate help: no command "chek"; commands: check, lock, validate, serve, proxy, wrap; ' +
        'did you mean check?\n',
    });
  });
});

describe('unknown options', () => {
  it('validate --format is an option now, not a near miss of --format-assertion', () => {
    const r = parseArgs(['--format', 'json'], VALIDATE.options, 'validate');
    expect(r.ok && Object.fromEntries(r.value.flags)).toEqual({ format: 'json' });
    expect(closestOption('format', VALIDATE.options)).toBe('format');
  });

  it('a prefix of two options suggests the nearer one', () => {
    expect(closestOption('form', CHECK.options)).toBe('format');
    expect(closestOption('form', VALIDATE.options)).toBe('format');
  });

  it('an option of another command is named as such, never "corrected" into a near option of this one', async () => {
    const r = await runInProcess(['serve', '--format', 'json', '--name', 'now', '--exec', 'date']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(
      /^toolgate serve: unknown option --format: serve has no --format \(check and validate have it\); /,
    );
    expect(r.err).toContain('; the options of serve are --name, ');
    expect(r.err).not.toContain('did you mean');
    const mcp = parseArgs(['--mcp', 'x'], VALIDATE.options, 'validate');
    expect(mcp.ok ? 'accepted' : mcp.error.message).toMatch(
      /^unknown option --mcp: validate has no --mcp \(check and lock have it\)/,
    );
    expect(closestOption('exe', SERVE.options)).toBe('exec');
  });
});
