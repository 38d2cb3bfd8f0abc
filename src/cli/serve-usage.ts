// Where the program's own `--` goes on a `toolgate serve` command line. The first `--` ends toolgate's options
// (parseArgs), so a `--` the program must receive is a second one: `--exec printf -- -- '%s\n' '{message}'`.
// Used to print the refused command line corrected, as it can be typed, with no value shown: stderr ends up in
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

/**
 * The one-tool command line of `args` with a `--` for the program: where the user wrote the one toolgate took
 * (they meant it for the program) when no word after it, before the first argument holding one of the
 * placeholders at `schemaPaths` (`/properties/<name>`), starts with "-"; else right before that argument.
 * Undefined when no argument holds one.
 */
export function withDashDash(args: ParsedArgs, schemaPaths: readonly string[]): string | undefined {
  const names = schemaPaths
    .map((p) => /^\/properties\/([^/]+)$/.exec(p)?.[1])
    .filter((n): n is string => n !== undefined)
    .map(unescapePointerToken);
  const templates = args.positionals;
  const at = templates.findIndex((t) => names.some((n) => t.includes(`{${n}}`)));
  if (at < 0) return undefined;
  const words = ['toolgate', 'serve'];
  for (const o of SERVE.options) {
    const v = args.flags.get(o.name);
    if (v === undefined || o.name === 'exec') continue;
    const shown = o.name === 'env' ? displayWord : shellWord;
    if (v === true) words.push(`--${o.name}`);
    else for (const one of Array.isArray(v) ? v : [v as string]) words.push(`--${o.name}`, shown(one));
  }
  const exec = args.flags.get('exec');
  if (typeof exec !== 'string') return undefined;
  // Where the user wrote toolgate's `--` only when no word between it and the placeholder starts with "-": an
  // option there (`ls -- -la '{dir}'`) would be read after a `--` put before it as a file (a newcomer's find).
  const t = args.terminatorAt;
  const k = t !== undefined && t <= at && !templates.slice(t, at).some((w) => w.startsWith('-')) ? t : at;
  const program = [exec, '--', ...templates.slice(0, k), '--', ...templates.slice(k)];
  return [...words, '--exec', ...program.map(programWord)].join(' ');
}
