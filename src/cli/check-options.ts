// The options of `toolgate check` as settings, each value checked: a bad value is a usage error naming the option.
// --dialect, --provider and --provider-policy map onto admission's `dialects`, `provider` and `providerPolicy`;
// --mcp, --env and --timeout describe the servers to start.
import { MCP_DEFAULT_DIALECTS } from '../catalog/mcp.js';
import { PROVIDER_NAMES } from '../interop/providers.js';
import type { ProviderName } from '../interop/profile.js';
import type { Problem, Result } from '../result.js';
import { listFlag, stringFlag, type ParsedArgs } from './args.js';
import { displayCommandLine, secretsOf, splitCommandLine } from '../exec/command-line.js';
import { nulRefusal } from '../exec/nul-free.js';
import { inputError } from './io.js';
import { parseHeaderOptions } from './header-option.js';
import type { McpServer } from './mcp-server-list.js';
import { readServerUrl } from '../mcp/server-url.js';
import { parseEnvItems, type EnvRequest } from '../exec/environment.js';
import { timeoutMs } from './numbers.js';
import { CLI_DEFAULTS } from './commands.js';

/** A dialect toolgate enforces with its own semantics. */
export type Dialect = '2020-12' | '2019-09' | 'draft-07';
const DIALECTS: readonly Dialect[] = ['2020-12', '2019-09', 'draft-07'];

/** What `check` was asked to do, every value checked. */
export interface CheckSettings {
  readonly mode: 'strict' | 'quarantine';
  readonly format: 'text' | 'json';
  /** For files and standard input; with `--dialect`, for `--mcp` servers too. */
  readonly dialects: readonly Dialect[];
  /** For `--mcp` servers and `--mcp-list` results. */
  readonly mcpDialects: readonly Dialect[];
  /** `--mcp-list` inputs: saved `tools/list` results (paths, or `-` for standard input), in order. */
  readonly savedLists: readonly string[];
  readonly provider: ProviderName | undefined;
  readonly providerPolicy: 'report' | 'quarantine';
  readonly servers: readonly McpServer[];
  /** `--compile`: admission's `compile` option. */
  readonly compile: 'eager' | 'lazy';
}

/** `--dialect` (repeatable) as the `dialects` option: 2020-12 first (always on), then each named once, in order. */
export function dialectsOf(args: ParsedArgs): Result<Dialect[] | undefined, Problem> {
  const given = listFlag(args, 'dialect');
  if (given.length === 0) return { ok: true, value: undefined };
  const out: Dialect[] = ['2020-12'];
  for (const d of given) {
    if (!DIALECTS.includes(d as Dialect))
      return inputError(`--dialect must be one of ${DIALECTS.join(', ')}, got ${JSON.stringify(d)}`);
    if (!out.includes(d as Dialect)) out.push(d as Dialect);
  }
  return { ok: true, value: out };
}

/** `--provider` and `--provider-policy`, checked as admission checks them (check and proxy). */
export function providerOf(
  args: ParsedArgs,
): Result<{ provider: ProviderName | undefined; policy: 'report' | 'quarantine' }, Problem> {
  const provider = stringFlag(args, 'provider');
  const policy = stringFlag(args, 'provider-policy') ?? 'report';
  if (provider !== undefined && !PROVIDER_NAMES.includes(provider as ProviderName))
    return inputError(`--provider must be one of ${PROVIDER_NAMES.join(', ')}, got ${JSON.stringify(provider)}`);
  if (policy !== 'report' && policy !== 'quarantine')
    return inputError(`--provider-policy must be report or quarantine, got ${JSON.stringify(policy)}`);
  if (stringFlag(args, 'provider-policy') !== undefined && provider === undefined)
    return inputError('--provider-policy needs --provider');
  return { ok: true, value: { provider: provider as ProviderName | undefined, policy } };
}

/** `--env KEY=VALUE` and `--env KEY` (toolgate's own value), read by the rule `serve` shares. */
function envOf(args: ParsedArgs): Result<EnvRequest, Problem> {
  const env = parseEnvItems(listFlag(args, 'env'));
  return env.ok ? env : inputError(env.error.message);
}

/** A `--url` server with its `--header`s (every value a secret, as are the URL's credentials). */
function urlServer(args: ParsedArgs, raw: string, timeout: number): Result<McpServer, Problem> {
  const read = readServerUrl(raw);
  if (!read.ok) return read;
  const headers = parseHeaderOptions(listFlag(args, 'header'));
  if (!headers.ok) return headers;
  const { url, display, secrets } = read.value;
  return {
    ok: true,
    value: {
      words: [],
      url,
      headers: headers.value.headers,
      display,
      env: {},
      timeoutMs: timeout,
      secrets: [...secrets, ...headers.value.secrets],
    },
  };
}

/**
 * `--url` (once, with `--header`) and `--mcp` (repeatable, with `--env`), and `--timeout` for both; each of the
 * others needs its server to apply to.
 */
export function serversOf(args: ParsedArgs): Result<McpServer[], Problem> {
  const lines = listFlag(args, 'mcp');
  const rawUrl = stringFlag(args, 'url');
  if (args.flags.has('header') && rawUrl === undefined) return inputError('--header needs --url');
  if (lines.length === 0) {
    if (args.flags.has('env')) return inputError('--env applies to --mcp servers, and none is given');
    if (rawUrl === undefined && !args.flags.has('config') && args.flags.has('timeout'))
      return inputError('--timeout applies to --mcp, --url and --config servers, and none is given');
  }
  const timeout = timeoutMs(
    stringFlag(args, 'timeout') ?? String(CLI_DEFAULTS.listTimeoutSeconds),
    '--timeout (seconds)',
  );
  if (!timeout.ok) return timeout;
  const servers: McpServer[] = [];
  if (rawUrl !== undefined) {
    const server = urlServer(args, rawUrl, timeout.value);
    if (!server.ok) return server;
    servers.push(server.value);
  }
  if (lines.length === 0) return { ok: true, value: servers };
  const env = envOf(args);
  if (!env.ok) return env;
  for (const line of lines) {
    const words = splitCommandLine(line);
    if (words === undefined || words.length === 0) {
      // Shown masked too: a line that fails to split may still hold a secret.
      const shown = words === undefined ? 'an unclosed quote' : 'no command';
      return inputError(
        `--mcp: not a command line (${shown}) in ${JSON.stringify(displayCommandLine(line.split(/\s+/)))}`,
      );
    }
    // Spawn's error would quote the value whole (exec/nul-free.ts); a command line holds none, a caller's array may.
    const nul = nulRefusal(words, env.value.env);
    if (nul !== undefined) return inputError(`--mcp: ${nul}`);
    servers.push({
      words: words as [string, ...string[]],
      display: displayCommandLine(words),
      env: env.value.env,
      timeoutMs: timeout.value,
      secrets: [...env.value.secrets, ...secretsOf(words)],
    });
  }
  return { ok: true, value: servers };
}

/** Every option of `check` as settings, or the usage error of the first bad one. */
export function checkSettings(args: ParsedArgs): Result<CheckSettings, Problem> {
  const mode = stringFlag(args, 'mode') ?? 'strict';
  if (mode !== 'strict' && mode !== 'quarantine')
    return inputError(`--mode must be strict or quarantine, got ${JSON.stringify(mode)}`);
  const format = stringFlag(args, 'format') ?? 'text';
  if (format !== 'text' && format !== 'json')
    return inputError(`--format must be text or json, got ${JSON.stringify(format)}`);
  const compile = stringFlag(args, 'compile') ?? 'eager';
  if (compile !== 'eager' && compile !== 'lazy')
    return inputError(`--compile must be eager or lazy, got ${JSON.stringify(compile)}`);
  const dialects = dialectsOf(args);
  if (!dialects.ok) return dialects;
  const provider = providerOf(args);
  if (!provider.ok) return provider;
  const servers = serversOf(args);
  if (!servers.ok) return servers;
  return {
    ok: true,
    value: {
      mode,
      format,
      dialects: dialects.value ?? ['2020-12'],
      mcpDialects: dialects.value ?? MCP_DEFAULT_DIALECTS,
      provider: provider.value.provider,
      providerPolicy: provider.value.policy,
      servers: servers.value,
      savedLists: listFlag(args, 'mcp-list'),
      compile,
    },
  };
}
