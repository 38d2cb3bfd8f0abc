// startProxy's options: the CLI's settings as typed fields, read once through option tables (util/option-table.ts)
// so a misspelt or mistyped option is an error value, never ignored. Every default is PROXY_DEFAULTS (settings.ts),
// which the CLI's help text reads too; PROXY_FLAGS maps each `toolgate proxy` flag to the field it sets, and a test
// holds the two sides to each other. The result is the ProxySettings the CLI's flag reader also produces.
import { readFileSync } from 'node:fs';
import type { AdmissionOptions } from '../catalog/admission.js';
import { parseConfigLock } from '../catalog/config-lock.js';
import { parseLock } from '../catalog/lock-file.js';
import { MCP_DEFAULT_DIALECTS } from '../catalog/mcp.js';
import { PROVIDER_NAMES } from '../interop/providers.js';
import type { ProviderName } from '../interop/profile.js';
import type { Result } from '../result.js';
import { MAX_TIMEOUT_MS } from '../tools/deadline.js';
import { BOOLEAN, FUNCTION, listOf, OBJECT, oneOf } from '../util/option-table.js';
import { compileGrants, compileMethodDenials } from './grants.js';
import { listenOf, type ProxyListen } from './listen-options.js';
import { POSITIVE, problem, readOptions, STRING, STRINGS, WHOLE } from './option-rules.js';
import { readServers } from './servers-options.js';
import { type UpstreamPart, upstreamOf } from './upstream-options.js';
import { PROXY_DEFAULTS, type ProxySettings, type ServerEntry } from './settings.js';

/** The server to gate: a command run on stdio (no shell), or a Streamable HTTP endpoint. */
export type ProxyUpstream =
  | {
      readonly command: string;
      readonly args?: readonly string[];
      /** Variables for the server on top of HOME, LOGNAME, PATH, SHELL, TERM and USER; every value a secret. */
      readonly env?: Readonly<Record<string, string>>;
      /** The directory the server is started in (this process's own without it). */
      readonly cwd?: string;
    }
  | {
      readonly url: string;
      /** Sent with every request; every value a secret (masked in all the proxy sends and writes). */
      readonly headers?: Readonly<Record<string, string>>;
    };

/** What startProxy is asked to do: `toolgate proxy`'s flags as typed fields. */
export interface ProxyOptions {
  /** The one server to gate; or `servers`, never both. */
  readonly upstream?: ProxyUpstream;
  /**
   * Several servers behind one (the aggregate): each tool published as `<name>__<tool>`, each server admitted,
   * restarted and routed to on its own (docs/proxy.md, "One gateway for several servers").
   */
  readonly servers?: Readonly<Record<string, ProxyUpstream>>;
  /** Without it, the client is served on this process's stdin and stdout. */
  readonly listen?: ProxyListen;
  readonly allow?: readonly string[];
  readonly deny?: readonly string[];
  /** Method globs never forwarded either way (`prompts/*`); the handshake always passes. */
  readonly denyMethods?: readonly string[];
  readonly mode?: 'quarantine' | 'strict';
  readonly badTools?: 'fail' | 'leave-out';
  readonly timeoutSeconds?: number;
  readonly maxResultBytes?: number;
  /** A file that gets one JSON line per tools/call. */
  readonly log?: string;
  readonly logArgs?: boolean;
  /** Withhold tools whose inputSchema accepts every arguments object (they are published, and named, without it). */
  readonly withholdUnconstrained?: boolean;
  /** The start-up summary keeps only problems. */
  readonly quiet?: boolean;
  /**
   * A lock file from `toolgate lock`: only tools whose pin matches are published. With `servers`, a lock of the
   * whole config (`toolgate lock --config`): each server judged against its own entry.
   */
  readonly lock?: string;
  readonly dialects?: readonly ('2020-12' | '2019-09' | 'draft-07')[];
  readonly formatAssertion?: boolean;
  readonly schemaRegistry?: Readonly<Record<string, object | boolean>>;
  readonly provider?: ProviderName;
  readonly providerPolicy?: 'report' | 'quarantine';
  /** The proxy's own lines (start-up, withheld tools, sessions), secrets masked; default: none kept. */
  readonly onLog?: (line: string) => void;
}

/** Each `toolgate proxy` flag and the option field it sets (the test of the two sides reads this). */
export const PROXY_FLAGS: Readonly<Record<string, string>> = {
  url: 'upstream.url',
  config: 'servers',
  header: 'upstream.headers',
  env: 'upstream.env',
  listen: 'listen.port',
  'auth-token-env': 'listen.authToken',
  'allow-origin': 'listen.allowOrigins',
  'session-idle': 'listen.sessionIdleSeconds',
  'max-sessions': 'listen.maxSessions',
  'max-connections': 'listen.maxConnections',
  stateless: 'listen.stateless',
  grants: 'listen.grants',
  allow: 'allow',
  deny: 'deny',
  'deny-method': 'denyMethods',
  mode: 'mode',
  'bad-tools': 'badTools',
  timeout: 'timeoutSeconds',
  'max-result': 'maxResultBytes',
  log: 'log',
  'log-args': 'logArgs',
  'withhold-unconstrained': 'withholdUnconstrained',
  quiet: 'quiet',
  provider: 'provider',
  'provider-policy': 'providerPolicy',
  dialect: 'dialects',
  'format-assertion': 'formatAssertion',
  registry: 'schemaRegistry',
  lock: 'lock',
};

const PROXY_TABLE = {
  upstream: OBJECT,
  servers: OBJECT,
  listen: OBJECT,
  allow: STRINGS,
  deny: STRINGS,
  denyMethods: STRINGS,
  mode: oneOf('quarantine', 'strict'),
  badTools: oneOf('fail', 'leave-out'),
  timeoutSeconds: POSITIVE,
  maxResultBytes: WHOLE(1, Number.MAX_SAFE_INTEGER),
  log: STRING,
  logArgs: BOOLEAN,
  withholdUnconstrained: BOOLEAN,
  quiet: BOOLEAN,
  lock: STRING,
  dialects: listOf('2020-12', '2019-09', 'draft-07'),
  formatAssertion: BOOLEAN,
  schemaRegistry: OBJECT,
  provider: oneOf(...PROVIDER_NAMES),
  providerPolicy: oneOf('report', 'quarantine'),
  onLog: FUNCTION,
} as const;

/** Reads a lock file for `lock`: its text parsed by `parse` (a single lock, or with servers a config's). */
function lockOf<T>(file: string, parse: (text: string, source: string) => Result<T, { message: string }>): Result<T> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (thrown) {
    const code = (thrown as { code?: unknown })?.code;
    return problem(`${file}: cannot read (${typeof code === 'string' ? code : 'unreadable'})`);
  }
  const lock = parse(text, file);
  return lock.ok ? lock : problem(lock.error.message);
}

/** startProxy's options as the settings the proxy runs on; a wrong option is the problem naming it. */
export function readProxyOptions(options: unknown): Result<ProxySettings> {
  const r = readOptions(options, PROXY_TABLE, '');
  if (!r.ok) return r;
  const v = r.value as Partial<ProxyOptions>;
  if (v.upstream !== undefined && v.servers !== undefined) return problem('give upstream or servers, not both');
  if (v.upstream === undefined && v.servers === undefined)
    return problem('upstream is required: { command, args, env } or { url, headers } (or servers)');
  const servers = v.servers === undefined ? undefined : readServers(v.servers);
  if (servers !== undefined && !servers.ok) return servers;
  const upstream =
    servers === undefined ? upstreamOf(v.upstream) : ({ ok: true, value: aggregatePart(servers.value) } as const);
  if (!upstream.ok) return upstream;
  const listen = listenOf(v.listen);
  if (!listen.ok) return listen;
  if (v.logArgs === true && v.log === undefined) return problem('logArgs needs log');
  if (v.providerPolicy !== undefined && v.provider === undefined) return problem('providerPolicy needs provider');
  const timeoutMs = Math.round((v.timeoutSeconds ?? PROXY_DEFAULTS.timeoutSeconds) * 1000);
  if (timeoutMs < 1 || timeoutMs > MAX_TIMEOUT_MS)
    return problem(`timeoutSeconds must be between 0.001 and ${MAX_TIMEOUT_MS / 1000}`);
  // With servers, a lock of the whole config (`toolgate lock --config`): each server's pins by its name.
  const lock = v.lock === undefined || servers !== undefined ? undefined : lockOf(v.lock, parseLock);
  if (lock !== undefined && !lock.ok) return lock;
  const configLock = v.lock === undefined || servers === undefined ? undefined : lockOf(v.lock, parseConfigLock);
  if (configLock !== undefined && !configLock.ok) return configLock;
  const mode = v.mode ?? PROXY_DEFAULTS.mode;
  const admission: AdmissionOptions = {
    mode,
    formatAssertion: v.formatAssertion === true,
    schemaRegistry: { ...(v.schemaRegistry ?? {}) },
    dialects: [...(v.dialects ?? MCP_DEFAULT_DIALECTS)],
    ...(v.provider !== undefined && v.providerPolicy === 'quarantine'
      ? { provider: v.provider, providerPolicy: 'quarantine' as const }
      : {}),
  };
  const { secrets, ...rest } = upstream.value;
  const token = listen.value?.token;
  const clientTokens = (listen.value?.clients ?? []).map((c) => c.token);
  return {
    ok: true,
    value: {
      ...rest,
      listen: listen.value,
      secrets: [...secrets, ...(token === undefined ? [] : [token]), ...clientTokens],
      timeoutMs,
      maxResultBytes: v.maxResultBytes ?? PROXY_DEFAULTS.maxResultBytes,
      mode,
      badTools: (v.badTools ?? PROXY_DEFAULTS.badTools) === 'leave-out' ? 'leave-out' : 'fail-batch',
      admission,
      grants: compileGrants(v.allow ?? [], v.deny ?? []),
      deniedMethod: compileMethodDenials(v.denyMethods ?? []),
      log: v.log,
      logArgs: v.logArgs === true,
      withholdUnconstrained: v.withholdUnconstrained === true,
      quiet: v.quiet === true,
      ...(lock === undefined ? {} : { lock: { file: v.lock as string, pins: lock.value } }),
      ...(servers === undefined ? {} : { servers: servers.value }),
      ...(configLock === undefined ? {} : { configLock: { file: v.lock as string, lock: configLock.value } }),
    },
  };
}

/** The upstream fields of an aggregate's settings: no server of its own, every server's secrets. */
export function aggregatePart(servers: readonly ServerEntry[]): UpstreamPart {
  const names = servers.map((s) => s.name).join(', ');
  return {
    url: undefined,
    headers: {},
    words: [],
    env: {},
    secrets: servers.flatMap((s) => s.secrets),
    display: names,
  };
}
