// Every help text of the CLI, rendered from the command table (commands.ts): `toolgate help`, `toolgate help
// <command>`, `toolgate <command> --help`, the usage printed with a usage error, and `--version`.
import { packageVersion } from '../mcp/implementation.js';
import { COMMANDS, type CliCommand, type OptionSpec } from './commands.js';

const WIDTH = 100;

/** Words of `text` wrapped to lines of at most WIDTH columns, each indented by `indent`. */
function wrap(text: string, indent: string): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && indent.length + line.length + 1 + word.length > WIDTH) {
      lines.push(indent + line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  if (line !== '') lines.push(indent + line);
  return lines;
}

/** How an option is written in help: `-h, --help`, `--mode strict|quarantine`, `--mcp "<command>"...`. */
export function optionSynopsis(o: OptionSpec): string {
  const short = o.short === undefined ? '' : `-${o.short}, `;
  const value = o.type === 'string' ? ` ${o.value ?? '<value>'}` : '';
  return `${short}--${o.name}${value}${o.multiple ? ' (repeatable)' : ''}`;
}

/** The usage block shown with every usage error and in `toolgate help`. */
export const USAGE = [
  'usage:',
  ...COMMANDS.flatMap((c) => c.usage.map((l) => `  ${l}`)),
  '  toolgate help [<command>]    toolgate <command> --help    toolgate --version',
  'exit status: 0 admitted/valid, 1 not, 2 usage or input error',
  '',
].join('\n');

/** `toolgate help`: the commands, their usage, and where to read more. */
export function overallHelp(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length)) + 2;
  return [
    `toolgate ${version()}: validates LLM tool calls and admits tool catalogs against JSON Schema (Draft 2020-12)`,
    '',
    'commands:',
    ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}${c.summary}`),
    '',
    USAGE.trimEnd(),
    '',
    'Run "toolgate help <command>" (or "toolgate <command> --help") for every option of a command.',
    '',
  ].join('\n');
}

/** `toolgate help <command>` and `toolgate <command> --help`: usage, every option described, notes. */
export function commandHelp(c: CliCommand): string {
  return [
    `toolgate ${c.name}: ${c.summary}`,
    '',
    'usage:',
    ...c.usage.map((l) => `  ${l}`),
    '',
    'options:',
    ...c.options.flatMap((o) => [`  ${optionSynopsis(o)}`, ...wrap(o.description, '      ')]),
    '',
    ...c.notes,
    '',
  ].join('\n');
}

/** The package version, read from package.json beside dist/ (or src/). */
export const version = packageVersion;
