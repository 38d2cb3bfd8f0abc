// `toolgate check` in the CLI's one table (commands.ts): its usage forms, options and notes.
import { PROVIDER_NAMES } from '../interop/providers.js';
import {
  type CliCommand,
  DIALECT,
  FORMAT_ASSERTION,
  HEADER_OPTION,
  HELP,
  LIST_TIMEOUT,
  REGISTRY,
  URL_OPTION,
} from './command-spec.js';

/** `toolgate check`. */
export const CHECK: CliCommand = {
  name: 'check',
  summary: 'admit tool catalogs (files, folders, standard input, MCP servers) before they ship; runs nothing',
  usage: [
    'toolgate check <file|dir|->... [--mode strict|quarantine] [--format text|json] [--format-assertion]',
    '               [--registry <dir>] [--dialect 2020-12|2019-09|draft-07]... [--compile eager|lazy]',
    `               [--provider ${PROVIDER_NAMES.join('|')}] [--provider-policy report|quarantine]`,
    '               [--lock <file>]',
    'toolgate check --mcp "<command> [args]"... [--env KEY=VALUE|KEY]... [--timeout <seconds>] [same options]',
    'toolgate check --mcp-list <file|->... [same options]',
    'toolgate check --url <http(s) URL> [--header "Name: value"]... [--timeout <seconds>] [same options]',
    'toolgate check --config <file> [--timeout <seconds>] [same options]',
  ],
  options: [
    {
      name: 'mode',
      type: 'string',
      value: 'strict|quarantine',
      description:
        'strict (default): one failing tool fails its catalog; quarantine: a tool whose schema uses what ' +
        'toolgate cannot enforce is left out and the rest admitted',
    },
    {
      name: 'format',
      type: 'string',
      value: 'text|json',
      description: 'text (default; colour on a terminal unless NO_COLOR is non-empty) or one JSON report on stdout',
    },
    FORMAT_ASSERTION,
    REGISTRY,
    {
      name: 'compile',
      type: 'string',
      value: 'eager|lazy',
      description:
        "eager (default): compile each admitted tool's validator; lazy: every check that decides a verdict still " +
        'runs (the verdicts are the same) but small schemas without references are not compiled, as the proxy ' +
        'admits: quicker for large catalogs',
    },
    {
      ...DIALECT,
      description:
        `${DIALECT.description}. Without it: 2020-12 for files, 2020-12 and draft-07 for --mcp servers ` +
        'and --mcp-list results',
    },
    {
      name: 'provider',
      type: 'string',
      value: PROVIDER_NAMES.join('|'),
      description: "also check each passing tool against that provider's schema profile and list its findings",
    },
    {
      name: 'provider-policy',
      type: 'string',
      value: 'report|quarantine',
      description:
        'report (default): findings never change a verdict; quarantine: a tool the provider rejects is ' +
        'unsupported_capability (needs --provider)',
    },
    {
      name: 'mcp',
      type: 'string',
      multiple: true,
      value: '"<command> [args]"',
      description: 'start an MCP server over stdio (no shell; quotes group words) and check its tools/list',
    },
    {
      name: 'mcp-list',
      type: 'string',
      multiple: true,
      value: '<file|->',
      description:
        'a saved tools/list result ({ "tools": [...] }; - for standard input), judged exactly as --mcp judges ' +
        'the live server: 2020-12 and draft-07 unless --dialect is given, MCP tool names',
    },
    {
      name: 'env',
      type: 'string',
      multiple: true,
      value: 'KEY=VALUE|KEY',
      description:
        "set KEY for --mcp servers, or pass toolgate's own KEY through; servers otherwise get " +
        'only HOME, LOGNAME, PATH, SHELL, TERM and USER. Values are never printed',
    },
    LIST_TIMEOUT,
    URL_OPTION,
    HEADER_OPTION,
    {
      name: 'config',
      type: 'string',
      value: '<file>',
      description:
        'an MCP client config ("mcpServers" or "servers"): start or reach every server in it, each with its own ' +
        'env and headers, and check each catalog; a server that fails is reported by name, the others still run',
    },
    {
      name: 'lock',
      type: 'string',
      value: '<file>',
      description:
        'also compare every listed tool with the pins of a lock written by "toolgate lock": each new, changed ' +
        '(its fields named) or gone tool is reported as drift, and any drift exits 1. With --config, a lock from ' +
        '"toolgate lock --config" is compared server by server, each server named',
    },
    HELP,
  ],
  notes: [
    'Exit status: 0 every catalog admitted (and, with --lock, no drift); 1 one was not, a tool drifted from the',
    'lock, or one input could not be read (the others are still checked); 2 usage error, a lock that cannot be',
    'read, or nothing could be checked.',
  ],
};
