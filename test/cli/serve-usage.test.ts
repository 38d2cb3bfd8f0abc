// How `toolgate serve` reads its command line: the first `--` ends toolgate's options, so a `--` the program
// must receive is a second one; the refusal of an option-injecting template prints the command line with it.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseArgs } from '../../src/cli/args.js';
import { splitCommandLine } from '../../src/exec/command-line.js';
import { SERVE } from '../../src/cli/commands.js';
import { serveSpecs } from '../../src/cli/serve-config.js';
import { prepareServe } from '../../src/cli/serve.js';

const DOC = readFileSync(new URL('../../docs/cli.md', import.meta.url), 'utf8');
const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

/** The argv of a `toolgate serve ...` line as a shell splits it (the words after `toolgate serve`). */
const argvOf = (line: string): string[] => {
  const words = splitCommandLine(line.replace(/^\$ /, '').replace(/^npx /, ''));
  if (words === undefined || words[0] !== 'toolgate' || words[1] !== 'serve')
    throw new Error(`not a serve line: ${line}`);
  return words.slice(2);
};

/** The program and templates one command line gives. */
function programOf(argv: string[]): { program: string; args: readonly string[] } | string {
  const read = parseArgs(argv, SERVE.options, 'serve');
  if (!read.ok) return read.error.message;
  const specs = serveSpecs(read.value);
  return specs.ok ? { program: specs.value[0]!.program, args: specs.value[0]!.args } : specs.error.message;
}

describe('toolgate serve: where the program\'s "--" goes', () => {
  it.each([
    ['no "--": plain templates', 'toolgate serve --name n --exec wc -l {file}', 'unknown option -l'],
    ['one "--": it ends toolgate\'s options', "toolgate serve --name n --exec wc -- -l '{file}'", ['-l', '{file}']],
    [
      'two: the second reaches the program',
      "toolgate serve --name n --exec wc -- -l -- '{file}'",
      ['-l', '--', '{file}'],
    ],
  ])('%s', (_why, line, expected) => {
    const got = programOf(argvOf(line));
    if (typeof expected === 'string') expect(got).toEqual(expect.stringContaining(expected));
    else expect(got).toEqual({ program: 'wc', args: expected });
  });

  it('says, for a program option read as toolgate\'s, that it belongs after "--"', () => {
    const r = prepareServe(argvOf("toolgate serve --name n --exec node -e 'x' '{a}'"));
    const message = r.ok ? 'started' : r.error.message;
    expect(message).toMatch(/^unknown option -e; the options of serve are --name, /);
    expect(message).toMatch(
      /; the words after --exec that start with "-" belong after "--", which ends toolgate's options$/,
    );
  });

  it.each([
    ['echo {message}', "toolgate serve --name say --exec echo '{message}'", "--exec echo -- -- '{message}'"],
    // The user's "--" ended toolgate's options; the program gets a second one where it was written.
    [
      "printf -- '%s\\n' {message}",
      "toolgate serve --name say --exec printf -- '%s\\n' '{message}'",
      "--exec printf -- -- '%s\\n' '{message}'",
    ],
    ['git log {ref}', "toolgate serve --name log --exec git log '{ref}'", "--exec git -- log -- '{ref}'"],
  ])('refuses %s and prints the command line with the second "--", which then starts', (_why, line, fixed) => {
    const refused = prepareServe(argvOf(line));
    const message = refused.ok ? 'started' : refused.error.message;
    expect(message).toContain('placeholder contract broken');
    expect(message).toContain(
      'On the command line the first "--" ends toolgate\'s options; only a second "--" reaches the program.',
    );
    const suggestion = message.split('\n').at(-1)!.trim();
    expect(suggestion).toContain(fixed);
    // The suggestion works as typed: the same words pass the start-up checks.
    const started = prepareServe(argvOf(suggestion));
    expect(started.ok ? [...started.value.tools.keys()] : started.error.message).toHaveLength(1);
  });

  it('docs/cli.md and the README show the double "--" with an example that starts as typed', () => {
    const example = "toolgate serve --name say --exec printf -- -- '%s\\n' '{message}'";
    expect(DOC).toContain(`npx ${example}`);
    expect(README).toContain(`npx ${example}`);
    expect(SERVE.notes.join('\n')).toContain(`  ${example}`);
    const started = prepareServe(argvOf(example));
    expect(started.ok ? [...started.value.tools.keys()] : started.error.message).toEqual(['say']);
    expect(programOf(argvOf(example))).toEqual({ program: 'printf', args: ['--', '%s\\n', '{message}'] });
  });
});

// The docs once showed "args" as required; serve-config.ts defaults it to [].
it('docs/cli.md marks a config tool\'s "args" optional, as serve-config.ts reads it', () => {
  expect(DOC).toContain('"exec", "args"?, "timeout"?');
  const dir = mkdtempSync(join(tmpdir(), 'toolgate-serve-'));
  try {
    const file = join(dir, 'serve.json');
    writeFileSync(file, JSON.stringify({ tools: [{ name: 'now', exec: 'date' }] }));
    const args = parseArgs(['--config', file, '--format-assertion'], SERVE.options, 'serve');
    if (!args.ok) throw new Error(`usage error: ${args.error.message}`);
    const specs = serveSpecs(args.value);
    expect(specs.ok ? specs.value.map((s) => [s.name, s.program, s.args]) : specs.error.message).toEqual([
      ['now', 'date', []],
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

describe('toolgate serve --config: a member of a tool it does not read is refused, not ignored', () => {
  it.each([
    ['a typo of maxOutput', { maxoutput: 10 }, 'unknown member "maxoutput"; did you mean "maxOutput"?'],
    ['env, which a tool entry does not have', { env: { A: 'b' } }, 'unknown member "env"; a tool has "name",'],
  ])('%s', (_why, extra, message) => {
    const dir = mkdtempSync(join(tmpdir(), 'toolgate-serve-config-'));
    try {
      const file = join(dir, 'tools.json');
      writeFileSync(file, JSON.stringify({ tools: [{ name: 'n', exec: 'true', ...extra }] }));
      const r = prepareServe(['--config', file]);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.message).toContain(`tools[0]: ${message}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
