// The shapes of the CLI's one table (commands.ts) and the options several commands share. Every command's entry
// is in its own file (check-spec.ts, ...); nothing here loads a command's implementation.
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

/** `--help`, every command. */
export const HELP: OptionSpec = {
  name: 'help',
  type: 'boolean',
  short: 'h',
  description: 'print this help and exit 0',
};

/** `--dialect`: the older dialects a command enforces too. */
export const DIALECT: OptionSpec = {
  name: 'dialect',
  type: 'string',
  multiple: true,
  value: '2020-12|2019-09|draft-07',
  description: 'also enforce schemas that declare this dialect, with its own semantics; 2020-12 is always on',
};

/** `--format-assertion`. */
export const FORMAT_ASSERTION: OptionSpec = {
  name: 'format-assertion',
  type: 'boolean',
  description: 'enforce "format" (date-time, email, uri, ...); by default it is an annotation only',
};

/** `--registry <dir>`: local `$ref` targets. */
export const REGISTRY: OptionSpec = {
  name: 'registry',
  type: 'string',
  value: '<dir>',
  description: 'resolve "$ref"s to the .json files in <dir>, each keyed by its "$id"; nothing is ever fetched',
};

/** `--url`: a Streamable HTTP server. */
export const URL_OPTION: OptionSpec = {
  name: 'url',
  type: 'string',
  value: '<http(s) URL>',
  description:
    'a Streamable HTTP MCP server at this URL; its credentials, query values and path keys are never printed',
};

/** `--header`: headers sent to a `--url` server. */
export const HEADER_OPTION: OptionSpec = {
  name: 'header',
  type: 'string',
  multiple: true,
  value: '"Name: value"',
  description:
    'send this header to the --url server; "Name: env:VAR" reads the value from VAR, "Name: Bearer env:VAR" the ' +
    'token after the scheme. Values are never printed',
};

/** `--timeout` of check and lock: how long a server they list may take. */
export const LIST_TIMEOUT: OptionSpec = {
  name: 'timeout',
  type: 'string',
  value: '<seconds>',
  description:
    'how long an --mcp or --url server may take to answer initialize and each tools/list page ' +
    `(default ${CLI_DEFAULTS.listTimeoutSeconds})`,
};
