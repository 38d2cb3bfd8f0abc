// Where the program's own `--` goes on a `toolgate serve` command line. The first `--` ends toolgate's options
// (parseArgs), so a `--` the program must receive is a second one: `--exec printf -- -- '%s\n' '{message}'`.
// Used to print the refused command line corrected, as it can be typed, unless an option comes right before the
// placeholder (whether it takes the value is the program's to say), with no value shown: stderr ends up in
// an MCP client's server log, so `--env` words and the program's `KEY=VALUE` words read `KEY=<redacted>` (the
// rule of check's reports, docs/cli.md).
import { unescapePointerToken } from '../util/json-pointer.js';
import type { ParsedArgs } from './args.js';
import { displayTemplateWord, displayWord, shellWord } from '../exec/command-line.js';
import { parseTemplate } from '../exec/template.js';
import { SERVE } from './commands.js';

/** A program word as shown: one holding a placeholder is a template, shown as written; others as reports do. */
function programWord(word: string): string {
  const t = parseTemplate(word);
  return t.ok && t.value.parts.some((p) => p.kind === 'placeholder') ? displayTemplateWord(word) : displayWord(word);
}

/** Whether a program word is an option: it starts with "-", and is not "-" alone (standard input, an operand). */
const isOption = (word: string): boolean => word.startsWith('-') && word !== '-';

/**
 * The advice, on its own line, for the refused command line of `args`, whose placeholders at `schemaPaths`
 * (`/properties/<name>`) may start with "-": the line with a `--` for the program, or, when the word before the
 * first argument holding one is an option, why no line is offered and what to do. Empty when no argument holds one.
 */
export function dashDashAdvice(args: ParsedArgs, schemaPaths: readonly string[]): string {
  const names = schemaPaths
    .map((p) => /^\/properties\/([^/]+)$/.exec(p)?.[1])
    .filter((n): n is string => n !== undefined)
    .map(unescapePointerToken);
  const templates = args.positionals;
  const at = templates.findIndex((t) => names.some((n) => t.includes(`{${n}}`)));
  const exec = args.flags.get('exec');
  if (at < 0 || typeof exec !== 'string') return '';
  const intro = 'On the command line the first "--" ends toolgate\'s options; only a second "--" reaches the program.';
  const before = templates[at - 1];
  // A review's find: a `--` put between an option and the placeholder (`grep -e -- '{p}'`, `curl -H`, `tar -C`) is
  // the option's value when it takes one, and the model's value then an operand. Which options take one toolgate
  // cannot know, so no line is offered: both readings are spelled out.
  if (before !== undefined && isOption(before)) {
    const option = programWord(before);
    const word = programWord(templates[at]!);
    const name = names.find((n) => templates[at]!.includes(`{${n}}`))!;
    // `--author={author}`; for a short or single-dash option, whose long form toolgate cannot know, a stand-in.
    const attached = /^--[^=]+$/.test(before) ? `${before}={${name}}` : `--LONG-NAME={${name}}`;
    return (
      `\n${intro} No command line is offered: toolgate cannot tell whether ${option} takes ${word} as its value. ` +
      `If it takes none, a second "--" between them (${option} -- ${word}) ends the program's options. If it does, ` +
      `a "--" there would become its value and ${word} an operand: give the value after "=" (${attached}) if the ` +
      `program reads that, or rule a leading "-" out in the schema of "${name}" (a "pattern" such as "^[^-]").`
    );
  }
  const line = withDashDash(args, exec, at);
  return `\n${intro} If the program reads "--" as the end of its own options, this passes it one:\n  ${line}`;
}

/**
 * The one-tool command line of `args` with a `--` for the program: where the user wrote the one toolgate took
 * (they meant it for the program) when no word after it, before the argument `at` (holding a placeholder),
 * starts with "-"; else right before that argument.
 */
function withDashDash(args: ParsedArgs, exec: string, at: number): string {
  const templates = args.positionals;
  const words = ['toolgate', 'serve'];
  for (const o of SERVE.options) {
    const v = args.flags.get(o.name);
    if (v === undefined || o.name === 'exec') continue;
    const shown = o.name === 'env' ? displayWord : shellWord;
    if (v === true) words.push(`--${o.name}`);
    else for (const one of Array.isArray(v) ? v : [v as string]) words.push(`--${o.name}`, shown(one));
  }
  // Where the user wrote toolgate's `--` only when no word between it and the placeholder starts with "-": an
  // option there (`head -- -n 5 '{file}'`) would be read after a `--` put before it as a file (a newcomer's find).
  const t = args.terminatorAt;
  const k = t !== undefined && t <= at && !templates.slice(t, at).some((w) => w.startsWith('-')) ? t : at;
  const program = [exec, '--', ...templates.slice(0, k), '--', ...templates.slice(k)];
  return [...words, '--exec', ...program.map(programWord)].join(' ');
}
