// The command line is read by node:util parseArgs against each command's option table; these are the usage
// errors a user sees, each saying what is wrong, and the readings that must not change.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { closestOption, parseArgs } from '../../src/cli/args.js';
import { CHECK, COMMANDS, SERVE, VALIDATE } from '../../src/cli/commands.js';
import { runInProcess } from './run-cli.js';

const read = (argv: string[], options = CHECK.options) => parseArgs(argv, options, 'check');

describe('reading a command line', () => {
  it('is node:util parseArgs, not a parser of its own', () => {
    const source = readFileSync(new URL('../../src/cli/args.ts', import.meta.url), 'utf8');
    expect(source).toMatch(/import \{ parseArgs as nodeParseArgs \} from 'node:util';/);
    expect(source).toContain('nodeParseArgs({');
  });

  it('takes --name value, --name=value, repeats of repeatable options, and positionals anywhere', () => {
    const r = read(['a.json', '--mode', 'quarantine', '--dialect=draft-07', 'b.json', '--dialect', '2019-09', '-']);
    expect(r.ok && Object.fromEntries(r.value.flags)).toEqual({ mode: 'quarantine', dialect: ['draft-07', '2019-09'] });
    expect(r.ok && r.value.positionals).toEqual(['a.json', 'b.json', '-']);
  });

  it('ends the options at the first --, and says how many positionals came before it', () => {
    const r = parseArgs(
      ['--name', 'x', '--exec', 'git', 'log', '--', '--oneline', '--', '{ref}'],
      SERVE.options,
      'serve',
    );
    expect(r.ok && r.value.positionals).toEqual(['log', '--oneline', '--', '{ref}']);
    expect(r.ok && r.value.terminatorAt).toBe(1);
  });

  it.each([
    ['a near miss', ['--dialects', 'draft-07'], 'unknown option --dialects; did you mean --dialect?'],
    ['a transposition', ['--fromat', 'json'], 'unknown option --fromat; did you mean --format?'],
    ['a prefix', ['--prov', 'gemini'], 'unknown option --prov; did you mean --provider?'],
    [
      'a dash for an underscore',
      ['--format_assertion'],
      'unknown option --format_assertion; did you mean --format-assertion?',
    ],
    [
      'nothing close',
      ['--fast'],
      'unknown option --fast; the options of check are --mode, --format, --format-assertion, --registry, --compile, ' +
        '--dialect, ' +
        '--provider, --provider-policy, --mcp, --mcp-list, --env, --timeout, --url, --header, --config, --lock, --help',
    ],
    ['an unknown short option', ['-x'], 'unknown option -x; the options of check are --mode,'],
    // Own names only: an option named after an inherited property is unknown, never Object.prototype's.
    ['--constructor', ['--constructor', 'x'], 'unknown option --constructor'],
    ['--__proto__', ['--__proto__'], 'unknown option --__proto__'],
    ['a missing value', ['--mode'], 'option --mode needs a value (--mode strict|quarantine)'],
    [
      'an option where the value should be',
      ['--mode', '--format', 'json'],
      'option --mode needs a value, got the option-like word "--format"; to give a value that starts with "-", ' +
        'write --mode=--format',
    ],
    ['a value on a switch', ['--format-assertion=yes'], 'option --format-assertion takes no value'],
    ['a single option given twice', ['--mode', 'strict', '--mode', 'quarantine'], 'option --mode given twice'],
  ])('refuses %s, saying what is wrong', (_why, argv, message) => {
    const r = read(argv);
    expect(r.ok ? 'accepted' : r.error.message).toContain(message);
  });

  it('takes a value that starts with "-" written with =, and "-" alone as a value', () => {
    const r = parseArgs(['--args=-5', '--schema', '-'], VALIDATE.options, 'validate');
    expect(r.ok && Object.fromEntries(r.value.flags)).toEqual({ args: '-5', schema: '-' });
  });

  it('suggests only options of the command at hand', () => {
    expect(closestOption('dialects', CHECK.options)).toBe('dialect');
    expect(closestOption('exec', CHECK.options)).toBe(undefined);
    expect(closestOption('exe', SERVE.options)).toBe('exec');
  });

  // lock admits nothing, so it has no --format-assertion, nor does wrap: their own near misses stand in.
  const NEAR: Readonly<Record<string, readonly [string, string]>> = {
    lock: ['lock-ignor', 'lock-ignore'],
    wrap: ['launch', 'launcher'],
  };
  it.each(COMMANDS.map((c) => [c.name, ...(NEAR[c.name] ?? ['formatassertion', 'format-assertion'])] as const))(
    '%s prints the suggestion as a usage error (exit 2)',
    async (name, typo, meant) => {
      const r = await runInProcess([name, `--${typo}`]);
      expect(r).toEqual({
        code: 2,
        out: '',
        err: `toolgate ${name}: unknown option --${typo}; did you mean --${meant}?\n`,
      });
    },
  );
});
