// A refused `toolgate serve` offers no command line when an option comes right before the placeholder: a review's
// find was `--exec curl -- -H '{p}'` corrected to `curl -- -H -- '{p}'`, where -H takes "--" as its value and the
// model's value becomes a URL (file:// read). Which options take a value toolgate cannot know, so the refusal
// spells out both readings instead, and each of its remedies starts.
import { describe, expect, it } from 'vitest';
import { prepareServe } from '../../src/cli/serve.js';
import { splitCommandLine } from '../../src/exec/command-line.js';

/** The argv of a `toolgate serve ...` line as a shell splits it (the words after `toolgate serve`). */
function argvOf(line: string): string[] {
  const words = splitCommandLine(line);
  if (words === undefined || words[0] !== 'toolgate' || words[1] !== 'serve') throw new Error(`not serve: ${line}`);
  return words.slice(2);
}

/** The refusal of `line`, or "started". */
function refusalOf(line: string): string {
  const r = prepareServe(argvOf(line));
  return r.ok ? 'started' : r.error.message;
}

/** A one-property schema whose value cannot start with "-". */
const noDash = (name: string): string =>
  `'{"type":"object","properties":{"${name}":{"type":"string","pattern":"^[^-]"}},"required":["${name}"],` +
  `"additionalProperties":false}'`;

describe('toolgate serve: no "--" line is offered after an option that may take the value', () => {
  it.each([
    ['grep -e {p}', 'grep -- -e', 'p', '-e', '--LONG-NAME={p}'],
    ['curl -H {p}', 'curl -- -H', 'p', '-H', '--LONG-NAME={p}'],
    ['tar -C {p}', 'tar -- -C', 'p', '-C', '--LONG-NAME={p}'],
    ['git log --author {p}', 'git -- log --author', 'author', '--author', '--author={author}'],
    ['find . -name {p}', 'find -- . -name', 'p', '-name', '--LONG-NAME={p}'],
    ['ls -la {dir}', 'ls -- -la', 'dir', '-la', '--LONG-NAME={dir}'],
  ])('%s: both readings, no runnable line', (_command, program, name, option, attached) => {
    const message = refusalOf(`toolgate serve --name t --exec ${program} '{${name}}'`);
    expect(message).toContain('placeholder contract broken');
    expect(message).toContain(`No command line is offered: toolgate cannot tell whether ${option} takes '{${name}}'`);
    expect(message).toContain(`If it takes none, a second "--" between them (${option} -- '{${name}}')`);
    expect(message).toContain(`give the value after "=" (${attached})`);
    expect(message).toContain(`rule a leading "-" out in the schema of "${name}" (a "pattern" such as "^[^-]")`);
    expect(message.split('\n').filter((l) => l.trim().startsWith('toolgate serve'))).toEqual([]);
    // The schema remedy, with the line as written, starts.
    const line = `toolgate serve --name t --input-schema ${noDash(name)} --exec ${program} '{${name}}'`;
    expect(refusalOf(line)).toBe('started');
  });

  it('the "=" remedy of a long option starts', () => {
    expect(refusalOf("toolgate serve --name t --exec git -- log '--author={author}'")).toBe('started');
  });

  it('"-" alone is no option: the line is offered', () => {
    const message = refusalOf("toolgate serve --name t --exec cat -- - '{file}'");
    expect(message.split('\n').at(-1)).toBe("  toolgate serve --name t --exec cat -- - -- '{file}'");
  });
});
