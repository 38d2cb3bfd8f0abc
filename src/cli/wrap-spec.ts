// `toolgate wrap` in the CLI's one table (commands.ts): its usage forms, options and notes.
import { type CliCommand, HELP } from './command-spec.js';

/** `toolgate wrap`. */
export const WRAP: CliCommand = {
  name: 'wrap',
  summary: 'print an MCP client config with every server routed through "toolgate proxy" (--undo: back)',
  usage: ['toolgate wrap <file> [--write] [--undo] [--launcher "<command> [args]"]'],
  options: [
    {
      name: 'write',
      type: 'boolean',
      description: 'replace the file instead of printing it, after a copy beside it (<file>.bak, or .bak.2, ...)',
    },
    {
      name: 'undo',
      type: 'boolean',
      description: 'restore the entries wrap rewrote, from what each records (no backup needed)',
    },
    {
      name: 'launcher',
      type: 'string',
      value: '"<command> [args]"',
      description:
        "how a wrapped entry starts toolgate; default: this node and this installation's bin, by absolute path " +
        '(run from npx\'s cache: "npx -y toolgate@<this version>")',
    },
    HELP,
  ],
  notes: [
    'A stdio server becomes "<launcher> proxy --env KEY... <command> [args...]" (values stay in the entry\'s env);',
    'a URL server "<launcher> proxy --url <url> --header "Name: env:VAR"..." with each header value moved into the',
    "entry's env. An entry already routed through toolgate proxy is left as it is, so wrapping twice changes",
    'nothing. Exit status: 0 every server wrapped (or restored); 1 an entry was left as it is (named on stderr);',
    '2 usage error or a file that cannot be read or written.',
  ],
};

/** Every command, in help order. */
