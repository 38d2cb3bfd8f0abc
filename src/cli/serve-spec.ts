// `toolgate serve` in the CLI's one table (commands.ts): its usage forms, options and notes.
import { CLI_DEFAULTS, type CliCommand, FORMAT_ASSERTION, HELP } from './command-spec.js';

/** `toolgate serve`. */
export const SERVE: CliCommand = {
  name: 'serve',
  summary: 'serve commands as MCP tools over stdio, each call validated before the program starts',
  usage: [
    'toolgate serve --name <name> [--description <text>] [--input-schema <json|@file>] [--timeout <seconds>]',
    '               [--max-output <bytes>] [--max-concurrent <n>] [--env KEY=VALUE|KEY]... [--format-assertion]',
    '               --exec <program> [--] <arg>...',
    'toolgate serve --config <file> [--timeout <seconds>] [--max-output <bytes>] [--max-concurrent <n>]',
    '               [--env KEY=VALUE|KEY]... [--format-assertion]',
  ],
  options: [
    { name: 'name', type: 'string', value: '<name>', description: 'the tool name (with --exec)' },
    { name: 'description', type: 'string', value: '<text>', description: 'the tool description' },
    {
      name: 'input-schema',
      type: 'string',
      value: '<json|@file>',
      description: 'the input schema; without it each {placeholder} is a required string and the object is closed',
    },
    {
      name: 'exec',
      type: 'string',
      value: '<program>',
      description:
        'the program to run, without a shell; the words after it (after "--" when one starts with "-") are its ' +
        'argument templates, {name} a placeholder',
    },
    {
      name: 'config',
      type: 'string',
      value: '<file>',
      description: 'serve several tools from { "tools": [ { "name", "exec", "args"?, ... } ] } instead',
    },
    {
      name: 'timeout',
      type: 'string',
      value: '<seconds>',
      description:
        `stop a call's process group after this long (default ${CLI_DEFAULTS.serveTimeoutMs / 1000}); ` +
        'a call waiting for a slot waits as long',
    },
    {
      name: 'max-output',
      type: 'string',
      value: '<bytes>',
      description: `cut a call's output beyond this many bytes (default ${CLI_DEFAULTS.serveMaxOutput})`,
    },
    {
      name: 'max-concurrent',
      type: 'string',
      value: '<n>',
      description:
        `run at most n calls at once (default ${CLI_DEFAULTS.serveMaxConcurrent}); ` +
        'up to 100 more wait, each at most its timeout, and a call ' +
        'past that is refused without starting',
    },
    {
      name: 'env',
      type: 'string',
      multiple: true,
      value: 'KEY=VALUE|KEY',
      description:
        "set KEY for the programs, or pass toolgate's own KEY through; programs otherwise get only HOME, " +
        'LOGNAME, PATH, SHELL, TERM and USER. Values are masked in what the model reads',
    },
    FORMAT_ASSERTION,
    HELP,
  ],
  notes: [
    'The first "--" ends toolgate\'s options; a second "--" is passed to the program, where it ends the',
    'program\'s options so that a value starting with "-" cannot become one:',
    "  toolgate serve --name say --exec printf -- -- '%s\\n' '{message}'",
    'Exit status: 2 for a start-up error (bad option, schema or template, a program not found); otherwise 0',
    'when the client closes its input, once the calls it made before are answered (each within its timeout). On',
    "SIGINT, SIGTERM or SIGHUP the running programs' process groups are stopped first (a repeated signal does",
    'not cut that short); a signal then ends toolgate as it would have.',
  ],
};
