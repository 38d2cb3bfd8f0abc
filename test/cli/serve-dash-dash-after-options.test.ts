// The command line a refused `toolgate serve` suggests puts the program's `--` after the program's own options: a
// newcomer's find was `--exec ls -- -la '{dir}'` corrected to `--exec ls -- -- -la '{dir}'`, where ls reads `-la`
// as a file (`ls: cannot access '-la'`). An option right before the placeholder gets no line at all
// (serve-no-dash-dash-after-option.test.ts); one further before does: `--exec head -- -n 5 -- '{file}'`.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseArgs } from '../../src/cli/args.js';
import { SERVE } from '../../src/cli/commands.js';
import { serveSpecs } from '../../src/cli/serve-config.js';
import { prepareServe } from '../../src/cli/serve.js';
import { splitCommandLine } from '../../src/exec/command-line.js';
import { RawCli } from './raw-cli.js';

/** The argv of a `toolgate serve ...` line as a shell splits it (the words after `toolgate serve`). */
function argvOf(line: string): string[] {
  const words = splitCommandLine(line);
  if (words === undefined || words[0] !== 'toolgate' || words[1] !== 'serve') throw new Error(`not serve: ${line}`);
  return words.slice(2);
}

/** The command line the refusal of `line` suggests (its last line), or what happened instead. */
function suggestionFor(line: string): string {
  const refused = prepareServe(argvOf(line));
  if (refused.ok) return 'started';
  const last = refused.error.message.split('\n').at(-1)!.trim();
  return last.startsWith('toolgate serve ') ? last : `no suggestion: ${refused.error.message}`;
}

/** The words the program of a one-tool line is given. */
function programArgs(line: string): readonly string[] | string {
  const read = parseArgs(argvOf(line), SERVE.options, 'serve');
  if (!read.ok) return read.error.message;
  const specs = serveSpecs(read.value);
  return specs.ok ? specs.value[0]!.args : specs.error.message;
}

describe('toolgate serve: the suggested "--" comes after the program\'s options', () => {
  it.each([
    [
      'cut -d , -f 2 {file}',
      "toolgate serve --name cut --exec cut -- -d , -f 2 '{file}'",
      ['-d', ',', '-f', '2', '--', '{file}'],
    ],
    ['head -n 5 {file}', "toolgate serve --name head --exec head -- -n 5 '{file}'", ['-n', '5', '--', '{file}']],
    // No option between toolgate's "--" and the placeholder: the program's "--" stays where the user wrote it.
    [
      "printf '%s\\n' {message}",
      "toolgate serve --name say --exec printf -- '%s\\n' '{message}'",
      ['--', '%s\\n', '{message}'],
    ],
    ['cat {file}', "toolgate serve --name cat --exec cat -- '{file}'", ['--', '{file}']],
    // No "--" typed at all: before the placeholder's argument, as before.
    ['git log {ref}', "toolgate serve --name log --exec git log '{ref}'", ['log', '--', '{ref}']],
  ])('%s: the suggestion gives the program these words, and starts', (_command, line, args) => {
    const suggested = suggestionFor(line);
    expect(programArgs(suggested)).toEqual(args);
    const started = prepareServe(argvOf(suggested));
    expect(started.ok ? [...started.value.tools.keys()] : started.error.message).toHaveLength(1);
  });

  it.each([
    [
      "toolgate serve --name head --exec head -- -n 5 '{file}'",
      "toolgate serve --name head --exec head -- -n 5 -- '{file}'",
    ],
    [
      "toolgate serve --name say --exec printf -- '%s\\n' '{message}'",
      "toolgate serve --name say --exec printf -- -- '%s\\n' '{message}'",
    ],
  ])('%s is corrected to the line as typed', (line, fixed) => {
    expect(suggestionFor(line)).toBe(fixed);
  });
});

describe('toolgate serve: the suggested head line, run, reads -n 5 as its option', () => {
  const dir = mkdtempSync(join(tmpdir(), 'toolgate-serve-head-'));
  const file = join(dir, 'lines.txt');
  writeFileSync(file, ['one', 'two', 'three', 'four', 'five', 'six', 'seven'].join('\n'));
  const servers: RawCli[] = [];
  afterAll(() => {
    for (const s of servers) s.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is accepted and head prints five lines', async () => {
    const suggested = suggestionFor("toolgate serve --name head --exec head -- -n 5 '{file}'");
    const server = new RawCli('serve', argvOf(suggested));
    servers.push(server);
    await server.initialize();
    server.call('head', 'head', { file });
    const text = await server.textOf('head');
    expect(text).not.toContain('No such file');
    expect(text).toContain('five');
    expect(text).not.toContain('six');
  });
});
