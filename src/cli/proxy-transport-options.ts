// The transport options of `toolgate proxy`: the upstream (`--url` with `--header`, or a command after the options)
// and the downstream (`--listen` with its security and session options). Defaults are the safe ones: loopback
// only, a token required for anything else, no cross-origin page served, sessions bounded in number and time.
import type { Problem, Result } from '../result.js';
import { booleanFlag, listFlag, type ParsedArgs, stringFlag } from './args.js';
import { parseHeaderOptions } from './header-option.js';
import { inputError } from './io.js';
import { readServerUrl } from '../mcp/server-url.js';
import { timeoutMs, wholeNumber } from './numbers.js';
import { readGrantsFile } from '../proxy/client-grants.js';
import {
  DEFAULT_MAX_SESSIONS,
  DEFAULT_SESSION_IDLE_SECONDS,
  isLoopback,
  type ListenSettings,
  MIN_TOKEN_LENGTH,
  origin,
  PROXY_DEFAULTS,
  type TransportSettings,
} from '../proxy/settings.js';

/** `port` or `host:port` (an IPv6 host in brackets). */
function listenAddress(raw: string): Result<{ host: string; port: number }, Problem> {
  const m = /^(?:(\[[^\]]+\]|[^:[\]]+):)?(\d{1,5})$/.exec(raw);
  const port = Number(m?.[2]);
  if (m === null || port > 65535)
    return inputError(`--listen needs <port> or <host>:<port> (port 0-65535), got ${JSON.stringify(raw)}`);
  const host = (m[1] ?? PROXY_DEFAULTS.host).replace(/^\[|\]$/g, '');
  return { ok: true, value: { host, port } };
}

/** Reads the transport options; `hasCommand` says whether a server command was given. */
export function transportSettings(
  args: ParsedArgs,
  hasCommand: boolean,
  env: Readonly<Record<string, string | undefined>> = process.env,
): Result<TransportSettings, Problem> {
  const rawUrl = stringFlag(args, 'url');
  if (rawUrl !== undefined && hasCommand) return inputError('give either --url or a server command, not both');
  if (rawUrl === undefined && !hasCommand)
    return inputError(
      'no server to start: give its command after the options, as in: toolgate proxy [options] <command> ' +
        '[args...] ("--" before it works too), or --url <http(s) URL>, or --config <file> for every server of an ' +
        'MCP client config',
    );
  let url: URL | undefined;
  const secrets: string[] = [];
  if (rawUrl !== undefined) {
    // `env:VAR`: the URL read from VAR, so a query holding a key is never on a command line (wrap writes it so).
    const named = /^env:([A-Za-z_][A-Za-z0-9_]*)$/.exec(rawUrl)?.[1];
    const given = named === undefined ? rawUrl : env[named];
    if (given === undefined || given === '') return inputError(`--url env:${named}: ${named} is not set`);
    const read = readServerUrl(given);
    if (!read.ok) return read;
    url = read.value.url;
    secrets.push(...read.value.secrets);
  }
  const headerItems = listFlag(args, 'header');
  if (headerItems.length > 0 && url === undefined) return inputError('--header needs --url');
  const headers = parseHeaderOptions(headerItems, env);
  if (!headers.ok) return headers;
  secrets.push(...headers.value.secrets);
  const listen = listenSettings(args, env);
  if (!listen.ok) return listen;
  if (listen.value?.token !== undefined) secrets.push(listen.value.token);
  for (const client of listen.value?.clients ?? []) secrets.push(client.token);
  return { ok: true, value: { url, headers: headers.value.headers, listen: listen.value, secrets } };
}

/** The `--listen` options; undefined without `--listen` (each of its options alone is refused). */
function listenSettings(
  args: ParsedArgs,
  env: Readonly<Record<string, string | undefined>>,
): Result<ListenSettings | undefined, Problem> {
  const raw = stringFlag(args, 'listen');
  const tokenVar = stringFlag(args, 'auth-token-env');
  const origins = listFlag(args, 'allow-origin');
  const idle = stringFlag(args, 'session-idle');
  const max = stringFlag(args, 'max-sessions');
  const connections = stringFlag(args, 'max-connections');
  const stateless = booleanFlag(args, 'stateless');
  const grantsFile = stringFlag(args, 'grants');
  if (raw === undefined) {
    const orphan = [
      tokenVar !== undefined && '--auth-token-env',
      grantsFile !== undefined && '--grants',
      origins.length > 0 && '--allow-origin',
      idle !== undefined && '--session-idle',
      max !== undefined && '--max-sessions',
      connections !== undefined && '--max-connections',
      stateless && '--stateless',
    ].find((x) => x !== false);
    return orphan === undefined ? { ok: true, value: undefined } : inputError(`${orphan} needs --listen`);
  }
  const address = listenAddress(raw);
  if (!address.ok) return address;
  if (grantsFile !== undefined && tokenVar !== undefined)
    return inputError('give --auth-token-env (one token for every client) or --grants (a token per client), not both');
  if (grantsFile !== undefined && stateless)
    return inputError('--grants needs sessions: with --stateless every client shares one session');
  const clients = grantsFile === undefined ? undefined : readGrantsFile(grantsFile, `--grants ${grantsFile}`, env);
  if (clients !== undefined && !clients.ok) return inputError(clients.error.message);
  let token: string | undefined;
  if (tokenVar !== undefined) {
    token = Object.hasOwn(env, tokenVar) ? env[tokenVar] : undefined;
    if (token === undefined || token === '')
      return inputError(`--auth-token-env ${tokenVar}: ${tokenVar} is not set in toolgate's environment`);
    if (token.length < MIN_TOKEN_LENGTH)
      return inputError(`--auth-token-env ${tokenVar}: the token must be at least ${MIN_TOKEN_LENGTH} characters`);
  }
  if (token === undefined && clients === undefined && !isLoopback(address.value.host))
    return inputError(
      `--listen ${JSON.stringify(raw)} is reachable from other machines: give --auth-token-env <VAR> ` +
        'so that every request must carry that token (or --grants <file>, a token per client)',
    );
  const allowed: string[] = [];
  for (const o of origins) {
    const read = origin(o);
    if (read === undefined) return inputError(`--allow-origin needs scheme://host[:port], got ${JSON.stringify(o)}`);
    allowed.push(read);
  }
  if (stateless && (idle !== undefined || max !== undefined))
    return inputError('--stateless keeps no sessions: --session-idle and --max-sessions do not apply');
  const idleMs = timeoutMs(idle ?? String(DEFAULT_SESSION_IDLE_SECONDS), '--session-idle (seconds)');
  if (!idleMs.ok) return idleMs;
  // Decimal digits, as every numeric flag reads (numbers.ts): Number() read `0x10` as 16.
  const sessions = wholeNumber(max ?? String(DEFAULT_MAX_SESSIONS), '--max-sessions', 100_000);
  if (!sessions.ok) return sessions;
  const open = wholeNumber(connections ?? String(PROXY_DEFAULTS.maxConnections), '--max-connections', 1_000_000);
  if (!open.ok) return open;
  const maxSessions = sessions.value;
  const maxConnections = open.value;
  return {
    ok: true,
    value: {
      ...address.value,
      token,
      origins: allowed,
      sessionIdleMs: idleMs.value,
      maxSessions,
      maxConnections,
      stateless,
      ...(clients === undefined ? {} : { clients: clients.value }),
    },
  };
}
