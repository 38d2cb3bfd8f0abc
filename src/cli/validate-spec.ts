// `toolgate validate` in the CLI's one table (commands.ts): its usage forms, options and notes.
import { CLI_DEFAULTS, type CliCommand, DIALECT, FORMAT_ASSERTION, HELP, REGISTRY } from './command-spec.js';

/** `toolgate validate`. */
export const VALIDATE: CliCommand = {
  name: 'validate',
  summary: 'validate one arguments text against a schema and print what the model would read',
  usage: [
    'toolgate validate --schema <file|@file|json> --args <json|@file|-|@-> [--name <tool>] [--format text|json]',
    '                  [--format-assertion] [--dialect 2020-12|2019-09|draft-07]... [--registry <dir>]',
  ],
  options: [
    {
      name: 'schema',
      type: 'string',
      value: '<file|@file|json>',
      description: 'the input schema: inline JSON, or a file (with or without @)',
    },
    {
      name: 'args',
      type: 'string',
      value: '<json|@file|-|@->',
      description:
        "the arguments text, parsed strictly as a model's text arrives: inline, @file, or - (or @-) for stdin",
    },
    {
      name: 'name',
      type: 'string',
      value: '<tool>',
      description: `the tool name the message uses (default "${CLI_DEFAULTS.toolName}")`,
    },
    {
      name: 'format',
      type: 'string',
      value: 'text|json',
      description:
        'text (default): what the model would read; json: one object on stdout with the verdict, the error ' +
        'class and each violation (path, pointer, keyword, message, schemaPath)',
    },
    FORMAT_ASSERTION,
    DIALECT,
    REGISTRY,
    HELP,
  ],
  notes: ['Exit status: 0 valid; 1 invalid arguments or a refused schema; 2 usage or input error.'],
};
