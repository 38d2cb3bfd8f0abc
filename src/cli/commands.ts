// The one table of the CLI: each command, its usage forms and its options with their descriptions. The parser
// (args.ts), every help text (help.ts) and the tests read this table, so an option cannot exist without a
// description or be described without existing. Nothing here loads a command's implementation.
import { PROVIDER_NAMES } from '../interop/providers.js';
import { PROXY_DEFAULTS } from '../proxy/settings.js';

/**
 * Defaults of the options below that are not the proxy's: the help text and the code that applies them both read
 * them here, so neither can say another value than the other.
 */
export const CLI_DEFAULTS = {
  /** check and lock: `--timeout` for `--mcp` and `--url` servers, in seconds. */
  listTimeoutSeconds: 30,
  /** lock: `--out`. */
  lockFile: 'toolgate.lock.json',
  /** validate: `--name`. */
  toolName: 'tool',
  /** serve: `--timeout`, in milliseconds (written in seconds). */
  serveTimeoutMs: 60_000,
  /** serve: `--max-output`, in bytes. */
  serveMaxOutput: 1 << 20,
  /** serve: `--max-concurrent`. */
  serveMaxConcurrent: 4,
} as const;

/** One option of one command. */
export interface OptionSpec {
  /** The long name, without `--`. */
  readonly name: string;
  readonly type: 'string' | 'boolean';
  /** Repeatable: every value is kept, in order. */
  readonly multiple?: boolean;
  /** A one-letter alias (`-h`). */
  readonly short?: string;
  /** What the value looks like in help (`<dir>`, `strict|quarantine`); string options only. */
  readonly value?: string;
  /** One or two sentences: what it does and its default. */
  readonly description: string;
}

/** One subcommand of `toolgate`. */
export interface CliCommand {
  readonly name: 'check' | 'lock' | 'validate' | 'serve' | 'proxy' | 'wrap';
  /** One line for `toolgate help`. */
  readonly summary: string;
  /** The usage forms, each a complete synopsis (`toolgate <name> ...`). */
  readonly usage: readonly string[];
  readonly options: readonly OptionSpec[];
  /** Prose after the options: exit status and what a newcomer trips on. */
  readonly notes: readonly string[];
}

const HELP: OptionSpec = {
  name: 'help',
  type: 'boolean',
  short: 'h',
  description: 'print this help and exit 0',
};

const DIALECT: OptionSpec = {
  name: 'dialect',
  type: 'string',
  multiple: true,
  value: '2020-12|2019-09|draft-07',
  description: 'also enforce schemas that declare this dialect, with its own semantics; 2020-12 is always on',
};

const FORMAT_ASSERTION: OptionSpec = {
  name: 'format-assertion',
  type: 'boolean',
  description: 'enforce "format" (date-time, email, uri, ...); by default it is an annotation only',
};

const REGISTRY: OptionSpec = {
  name: 'registry',
  type: 'string',
  value: '<dir>',
  description: 'resolve "$ref"s to the .json files in <dir>, each keyed by its "$id"; nothing is ever fetched',
};

const URL_OPTION: OptionSpec = {
  name: 'url',
  type: 'string',
  value: '<http(s) URL>',
  description: 'a Streamable HTTP MCP server at this URL; its credentials and query values are never printed',
};

const HEADER_OPTION: OptionSpec = {
  name: 'header',
  type: 'string',
  multiple: true,
  value: '"Name: value"',
  description:
    'send this header to the --url server; "Name: env:VAR" reads the value from VAR, "Name: Bearer env:VAR" the ' +
    'token after the scheme. Values are never printed',
};

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
      description: 'text (default; colour on a terminal unless NO_COLOR is set) or one JSON report on stdout',
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
    {
      name: 'timeout',
      type: 'string',
      value: '<seconds>',
      description:
        'how long an --mcp or --url server may take to answer initialize and each tools/list page ' +
        `(default ${CLI_DEFAULTS.listTimeoutSeconds})`,
    },
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
        'replaced, atomically',
    },
    {
      name: 'lock-ignore',
      type: 'string',
      multiple: true,
      value: '<field>',
      description: 'leave this volatile top-level tool field (such as _meta) out of every pin; the lock records it',
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
    {
      name: 'timeout',
      type: 'string',
      value: '<seconds>',
      description:
        'how long an --mcp or --url server may take to answer initialize and each tools/list page ' +
        `(default ${CLI_DEFAULTS.listTimeoutSeconds})`,
    },
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
    'header or environment value.',
    'Exit status: 0 written; 2 usage error, an input that cannot be read or pinned, or an existing lock that',
    'cannot be read (nothing is written then).',
  ],
};

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
    'Exit status: 2 for a start-up error (bad option, schema or template); otherwise 0 when the client hangs up.',
    "On hang-up, SIGINT, SIGTERM or SIGHUP the running programs' process groups are stopped first (a repeated",
    'signal does not cut that short); a signal then ends toolgate as it would have.',
  ],
};

/** `toolgate proxy`. */
export const PROXY: CliCommand = {
  name: 'proxy',
  summary: 'gate an MCP server (stdio or HTTP): only admitted, granted tools; every call validated exactly',
  usage: [
    'toolgate proxy [--allow <glob>]... [--deny <glob>]... [--mode quarantine|strict] [--bad-tools fail|leave-out]',
    '               [--deny-method <glob>]... [--withhold-unconstrained]',
    '               [--env KEY=VALUE|KEY]... [--timeout <seconds>] [--max-result <bytes>]',
    '               [--log <file> [--log-args]] [--quiet]',
    `               [--provider ${PROVIDER_NAMES.join('|')} [--provider-policy report|quarantine]]`,
    '               [--dialect 2020-12|2019-09|draft-07]... [--format-assertion] [--registry <dir>]',
    '               [--listen <port|host:port> [--auth-token-env <VAR> | --grants <file>] [--allow-origin <origin>]...',
    '                [--session-idle <seconds>] [--max-sessions <n>] [--stateless]] [--lock <file>]',
    '               ([--] <command> [args...] | --url <http(s) URL> [--header "Name: value"]... |',
    '                --config <file>)',
  ],
  options: [
    {
      name: 'config',
      type: 'string',
      value: '<file>',
      description:
        'one gateway for every server of an MCP client config ("mcpServers" or "servers"): each tool published ' +
        'as <server>__<tool>, each server admitted, restarted and routed to on its own (docs/proxy.md)',
    },
    {
      name: 'url',
      type: 'string',
      value: '<http(s) URL>',
      description: 'the server is a Streamable HTTP MCP endpoint at this URL instead of a command',
    },
    HEADER_OPTION,
    {
      name: 'listen',
      type: 'string',
      value: '<port|host:port>',
      description:
        'serve clients over Streamable HTTP at /mcp instead of stdio; ' +
        `binds ${PROXY_DEFAULTS.host} unless a host is given ` +
        '(port 0: any free port, printed on stderr)',
    },
    {
      name: 'auth-token-env',
      type: 'string',
      value: '<VAR>',
      description:
        'with --listen: every request must carry "Authorization: Bearer <value of VAR>" (at least 16 characters); ' +
        'required for a host other than loopback',
    },
    {
      name: 'grants',
      type: 'string',
      value: '<file>',
      description:
        'with --listen: a token per client, each from the variable the file names, the tools each client may ' +
        'see and call, and the resource, prompt and completion requests it may send ({"clients": [{"name", ' +
        '"tokenEnv", "allow", "deny", "methods"}]}, see docs/proxy.md); a request ' +
        'whose token names no client gets 401, a session serves only the client that opened it; --log names ' +
        'the client. Not with --auth-token-env or --stateless',
    },
    {
      name: 'allow-origin',
      type: 'string',
      multiple: true,
      value: '<origin>',
      description: 'with --listen: also serve requests with this Origin (scheme://host[:port]); others get 403',
    },
    {
      name: 'session-idle',
      type: 'string',
      value: '<seconds>',
      description:
        'with --listen: a session with no request for this long ends, its server with it ' +
        `(default ${PROXY_DEFAULTS.sessionIdleSeconds})`,
    },
    {
      name: 'max-sessions',
      type: 'string',
      value: '<n>',
      description:
        'with --listen: sessions at once, each with its own server; past it the session unused longest ends, ' +
        'and 503 only when every session is busy ' +
        `(default ${PROXY_DEFAULTS.maxSessions})`,
    },
    {
      name: 'stateless',
      type: 'boolean',
      description:
        'with --listen: no sessions; one server shared by every client (only for servers that keep no ' +
        'per-client state; see docs/proxy.md)',
    },
    {
      name: 'allow',
      type: 'string',
      multiple: true,
      value: '<glob>',
      description:
        'publish only tools whose whole name matches (case-sensitive; * any run of characters, ? one); ' +
        'without it every admitted tool',
    },
    {
      name: 'deny',
      type: 'string',
      multiple: true,
      value: '<glob>',
      description: 'withhold tools whose whole name matches; deny wins over --allow',
    },
    {
      name: 'withhold-unconstrained',
      type: 'boolean',
      description:
        'withhold tools whose inputSchema accepts every arguments object (constrains nothing); without it they ' +
        'are published and named on stderr',
    },
    {
      name: 'deny-method',
      type: 'string',
      multiple: true,
      value: '<glob>',
      description:
        "withhold MCP methods whose whole name matches (e.g. 'prompts/*'), either direction: a request gets " +
        '-32601, a notification is dropped; by default every method of the negotiated MCP revision passes, ' +
        'nothing else (see docs/proxy.md)',
    },
    {
      name: 'mode',
      type: 'string',
      value: 'quarantine|strict',
      description:
        'quarantine (default): a tool whose schema uses what toolgate cannot enforce is withheld (named on ' +
        'stderr); strict: any failing tool stops start-up with exit 1',
    },
    {
      name: 'bad-tools',
      type: 'string',
      value: 'fail|leave-out',
      description:
        'fail (default): a malformed or over-cost tool stops start-up with exit 1; leave-out: it is withheld too',
    },
    {
      name: 'env',
      type: 'string',
      multiple: true,
      value: 'KEY=VALUE|KEY',
      description:
        "set KEY for the server, or pass toolgate's own KEY through; the server otherwise gets only HOME, " +
        'LOGNAME, PATH, SHELL, TERM and USER. Values are never printed',
    },
    {
      name: 'timeout',
      type: 'string',
      value: '<seconds>',
      description:
        'how long the server may take to answer initialize and each tools/list page ' +
        `(default ${PROXY_DEFAULTS.timeoutSeconds})`,
    },
    {
      name: 'max-result',
      type: 'string',
      value: '<bytes>',
      description:
        'a tools/call result longer than this (its JSON text) becomes an error result ' +
        `(default ${PROXY_DEFAULTS.maxResultBytes})`,
    },
    {
      name: 'log',
      type: 'string',
      value: '<file>',
      description:
        'append one JSON line per tools/call: time, tool, verdict, stage, duration, upstream error flag, ' +
        'the params members not forwarded',
    },
    { name: 'log-args', type: 'boolean', description: 'also log the arguments of each call (needs --log)' },
    {
      name: 'quiet',
      type: 'boolean',
      description:
        'the start-up summary on stderr (also said after each tools/list_changed) keeps only problems: withheld ' +
        'tools, schemas that accept anything, required properties with a default, lock drift',
    },
    {
      name: 'provider',
      type: 'string',
      value: PROVIDER_NAMES.join('|'),
      description: 'with --provider-policy quarantine: withhold the tools that provider would reject',
    },
    {
      name: 'provider-policy',
      type: 'string',
      value: 'report|quarantine',
      description: 'report (default): nothing is withheld for the provider; quarantine: see --provider',
    },
    { ...DIALECT, description: `${DIALECT.description}. Without it: 2020-12 and draft-07` },
    FORMAT_ASSERTION,
    REGISTRY,
    {
      name: 'lock',
      type: 'string',
      value: '<file>',
      description:
        'publish only tools whose pin in this lock (from "toolgate lock") matches; new and changed tools are ' +
        'withheld (named on stderr), also after tools/list_changed; with --mode strict any drift at start exits 1. ' +
        'With --config, a lock from "toolgate lock --config": each server held to its own entry',
    },
    HELP,
  ],
  notes: [
    "Put it in an MCP client's config in place of the server command: the first word that is neither an option",
    "nor an option's value starts the server's command, and every word from it on is the server's (\"--\" before",
    'it works too; launchers such as MCP Inspector that split their own arguments at "--" need no "--").',
    'With --listen, each client session gets its own server (its own process for a command), stopped with it;',
    'the proxy serves until SIGINT or SIGTERM (with --stateless, exit 1 when the shared server dies).',
    'Exit status: 1 when admission fails (strict mode, or a broken tool without --bad-tools leave-out); 2 for a',
    'usage error or a server that does not start or answer; 0 when the client hangs up; 1 when the server dies.',
    'With --config, one gateway serves every server of the file: a server that fails is named and restarted',
    '(0.5 s doubling to 30 s) while the others are served; --mode strict exits 1 if any is not served.',
  ],
};

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
export const COMMANDS: readonly CliCommand[] = [CHECK, LOCK, VALIDATE, SERVE, PROXY, WRAP];
