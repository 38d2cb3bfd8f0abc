// `toolgate lock` in the CLI's one table (commands.ts): its usage forms, options and notes.
import { CLI_DEFAULTS, type CliCommand, HEADER_OPTION, HELP, LIST_TIMEOUT, URL_OPTION } from './command-spec.js';

/** `toolgate lock`. */
export const LOCK: CliCommand = {
  name: 'lock',
  summary: "pin every tool's definition (SHA-256 of its RFC 8785 JSON) in a lock file to commit; runs nothing",
  usage: [
    'toolgate lock <file|dir|->... [--out <file>] [--lock-ignore <field>]...',
    'toolgate lock --mcp "<command> [args]"... [--env KEY=VALUE|KEY]... [--timeout <seconds>] [same options]',
    'toolgate lock --mcp-list <file|->... [same options]',
    'toolgate lock --url <http(s) URL> [--header "Name: value"]... [--timeout <seconds>] [same options]',
    'toolgate lock --config <file> [--timeout <seconds>] [same options]',
  ],
  options: [
    {
      name: 'out',
      type: 'string',
      value: '<file>',
      description:
        `the lock file (default ${CLI_DEFAULTS.lockFile}); when it exists, its drift report is printed before it is ` +
        'replaced, atomically; a regular file or none (a pipe or a device is refused, exit 2)',
    },
    {
      name: 'lock-ignore',
      type: 'string',
      multiple: true,
      value: '<field>',
      description:
        'leave this volatile top-level tool field (such as _meta) out of every pin; the lock records it; name, ' +
        'title, description, inputSchema, outputSchema and annotations are always pinned (exit 2)',
    },
    {
      name: 'mcp',
      type: 'string',
      multiple: true,
      value: '"<command> [args]"',
      description: 'start an MCP server over stdio (no shell; quotes group words) and pin its tools/list',
    },
    {
      name: 'mcp-list',
      type: 'string',
      multiple: true,
      value: '<file|->',
      description: 'a saved tools/list result ({ "tools": [...] }; - for standard input)',
    },
    {
      name: 'env',
      type: 'string',
      multiple: true,
      value: 'KEY=VALUE|KEY',
      description: "set KEY for --mcp servers, or pass toolgate's own KEY through; never printed, never in the lock",
    },
    LIST_TIMEOUT,
    URL_OPTION,
    HEADER_OPTION,
    {
      name: 'config',
      type: 'string',
      value: '<file>',
      description:
        'an MCP client config ("mcpServers" or "servers"): list every server in it (each with its own env or ' +
        'headers) and pin them all in one lock, per server by its name; a server that cannot be listed stops it, ' +
        'nothing written. check --config --lock reports drift per server',
    },
    HELP,
  ],
  notes: [
    'Every listed tool is pinned, admitted or not; the inputs together are one catalog (a name listed twice is',
    'an error). The lock holds the tools as listed (their definitions) and their hashes: never a command, URL,',
    'header or environment value (a definition carrying one is not kept; a tool named with one is refused).',
    'Exit status: 0 written; 2 usage error, an input that cannot be read or pinned, or an existing lock that',
    'cannot be read (nothing is written then).',
  ],
};
