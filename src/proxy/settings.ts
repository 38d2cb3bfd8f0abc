// What the proxy is asked to do, every value already checked: the settings the session, the upstreams and the
// downstreams read. The CLI (src/cli/proxy-options.ts) and startProxy (start.ts) both produce them; the defaults
// live here once.
import { isIP } from 'node:net';
import type { AdmissionOptions } from '../catalog/admission.js';
import type { ConfigLock } from '../catalog/config-lock.js';
import type { ToolLock } from '../catalog/lock-pins.js';
import type { GrantedClient, Grants } from './grants.js';
import type { UpstreamPart } from './upstream-options.js';

/** One server of the aggregate (`proxy --config`, startProxy's `servers`): its name there and how to reach it. */
export interface ServerEntry extends UpstreamPart {
  readonly name: string;
}

/** Every default of the proxy's options, in one place: the CLI's flag reader, its help text and startProxy read it. */
export const PROXY_DEFAULTS = Object.freeze({
  mode: 'quarantine',
  badTools: 'fail',
  timeoutSeconds: 30,
  maxResultBytes: 4 * 1024 * 1024,
  host: '127.0.0.1',
  sessionIdleSeconds: 300,
  maxSessions: 32,
  maxConnections: 1024,
} as const);

/** Sessions kept at once by default (`--max-sessions`). */
export const DEFAULT_MAX_SESSIONS = PROXY_DEFAULTS.maxSessions;
/** Seconds without a request before a session ends (`--session-idle`). */
export const DEFAULT_SESSION_IDLE_SECONDS = PROXY_DEFAULTS.sessionIdleSeconds;
/** The shortest `--auth-token-env` value accepted: a short token can be guessed. */
export const MIN_TOKEN_LENGTH = 16;

/** Where `--listen` serves, and how. */
export interface ListenSettings {
  readonly host: string;
  readonly port: number;
  /** The token each request must carry as `Authorization: Bearer <token>`; undefined: none asked. */
  readonly token: string | undefined;
  /** Origins served besides requests without an `Origin` header (exact `scheme://host[:port]`). */
  readonly origins: readonly string[];
  readonly sessionIdleMs: number;
  readonly maxSessions: number;
  /** Connections held at once (`--max-connections`); one past it is answered 503 and closed. */
  readonly maxConnections: number;
  readonly stateless: boolean;
  /**
   * `--grants`: the clients, each by its own token; a request's token picks one (no match: 401) and a session
   * serves only the client that opened it. Undefined: every client alike.
   */
  readonly clients?: readonly GrantedClient[];
}

/** The transport part of the settings. */
export interface TransportSettings {
  readonly url: URL | undefined;
  readonly headers: Readonly<Record<string, string>>;
  readonly listen: ListenSettings | undefined;
  /** Values from these options that must never be printed (header values, the token, URL query values). */
  readonly secrets: readonly string[];
}

/** Whether `host` names this machine only. */
export function isLoopback(host: string): boolean {
  if (host === 'localhost') return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  return host === '::1';
}

/** Default bound on one tools/call result's JSON text, in bytes. */
export const DEFAULT_MAX_RESULT_BYTES = PROXY_DEFAULTS.maxResultBytes;

/** What `proxy` was asked to do, every value checked. */
export interface ProxySettings extends TransportSettings {
  /** The server: program and arguments; empty with `--url`. */
  readonly words: readonly string[];
  /** How messages name the server (its `KEY=VALUE` words masked; a URL without credentials or query). */
  readonly display: string;
  readonly env: Readonly<Record<string, string>>;
  /** The directory the server's command is started in (a config entry's `cwd`); this process's own without it. */
  readonly cwd?: string;
  /** Values no message, stderr line or log line may show. */
  readonly secrets: readonly string[];
  readonly timeoutMs: number;
  readonly maxResultBytes: number;
  readonly mode: 'quarantine' | 'strict';
  readonly badTools: 'fail-batch' | 'leave-out';
  readonly admission: AdmissionOptions;
  readonly grants: Grants;
  /**
   * Whether `--deny-method` withholds a method (either direction); never the handshake (`initialize`,
   * `notifications/initialized`), which the proxy answers itself.
   */
  readonly deniedMethod: (method: string) => boolean;
  readonly log: string | undefined;
  readonly logArgs: boolean;
  /** Tools whose inputSchema accepts every arguments object are withheld (`--withhold-unconstrained`). */
  readonly withholdUnconstrained?: boolean;
  /** The start-up summary keeps only problems (`--quiet`). */
  readonly quiet?: boolean;
  /** `--lock`: only tools whose pin matches are published (src/proxy/admission.ts). */
  readonly lock?: { readonly file: string; readonly pins: ToolLock };
  /**
   * The aggregate (`--config`, `servers`): every server, in the config's order; the upstream fields above are then
   * unused (words empty, url undefined).
   */
  readonly servers?: readonly ServerEntry[];
  /** `--lock` with `--config`: the config's lock, each server's pins by its name (src/proxy/server-settings.ts). */
  readonly configLock?: { readonly file: string; readonly lock: ConfigLock };
  /** Set on one server's settings inside the aggregate: its tools are published as `<namespace>__<tool>`. */
  readonly namespace?: string;
  /** Rewrites a library message into the caller's words (the CLI names flags where the library names options). */
  readonly wording?: (message: string) => string;
}

/** An origin as browsers send it, `scheme://host[:port]` and nothing else: `--allow-origin`, `allowOrigins`. */
export function origin(raw: string): string | undefined {
  try {
    const u = new URL(raw);
    return u.origin !== 'null' && u.origin === raw.replace(/\/$/, '') ? u.origin : undefined;
  } catch {
    return undefined;
  }
}
