// `toolgate proxy` in the CLI's one table (commands.ts): its usage forms, options and notes.
import { PROVIDER_NAMES } from '../interop/providers.js';
import { PROXY_DEFAULTS } from '../proxy/settings.js';
import { type CliCommand, DIALECT, FORMAT_ASSERTION, HEADER_OPTION, HELP, REGISTRY } from './command-spec.js';

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
    '                [--session-idle <seconds>] [--max-sessions <n>] [--max-connections <n>]',
    '                [--stateless]] [--lock <file>]',
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
      description:
        'the server is a Streamable HTTP MCP endpoint at this URL instead of a command; "env:VAR" reads the URL ' +
        'from VAR (a query holding a key stays off the command line)',
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
      name: 'max-connections',
      type: 'string',
      value: '<n>',
      description:
        'with --listen: connections held at once, all clients together; one past it is answered 503 and closed ' +
        `(default ${PROXY_DEFAULTS.maxConnections})`,
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
        'how long the server may take to answer initialize and its whole tools/list (every page), and how long a ' +
        `stdio client that closed its input waits for its answers (default ${PROXY_DEFAULTS.timeoutSeconds})`,
    },
    {
      name: 'max-result',
      type: 'string',
      value: '<bytes>',
      description:
        'a tools/call result longer than this (its JSON text) becomes an error result, any other answer or error ' +
        `an error (default ${PROXY_DEFAULTS.maxResultBytes})`,
    },
    {
      name: 'log',
      type: 'string',
      value: '<file>',
      description:
        'append one JSON line per tools/call: time, tool, verdict, stage, duration, upstream error flag, ' +
        "the params members not forwarded; a regular file of yours (a FIFO, a device, a link or another user's file " +
        'is refused), created 0600',
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
