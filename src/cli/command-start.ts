// Where a command line's own command begins (`toolgate proxy [options] <command> [args...]`): the first word that
// is neither an option nor an option's value, or the word after a `--`. Launchers such as MCP Inspector split
// their own arguments at the first `--`, so the server command must be startable without one. Light (a type import
// only): the dispatcher reads it to tell a server's own `--help` from toolgate's.
import type { OptionSpec } from './commands.js';

/** Index of the first word of the command in `argv` (`argv.length` when there is none); `--` is skipped. */
export function commandStart(argv: readonly string[], options: readonly OptionSpec[]): { at: number; dashes: boolean } {
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i] as string;
    if (word === '--') return { at: i + 1, dashes: true };
    if (word.length < 2 || !word.startsWith('-')) return { at: i, dashes: false };
    if (!word.startsWith('--') || word.includes('=')) continue;
    const spec = options.find((o) => o.name === word.slice(2));
    const next = argv[i + 1];
    // A string option takes the next word unless it looks like an option (args.ts reports that as a missing value).
    if (spec?.type === 'string' && next !== undefined && !(next.length > 1 && next.startsWith('-'))) i++;
  }
  return { at: argv.length, dashes: false };
}
