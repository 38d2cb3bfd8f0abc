// startProxy's `listen`: serving clients over Streamable HTTP, read and checked into the ListenSettings the proxy
// runs on. What makes a listener safe is checked here, before anything listens: a host other machines reach needs a
// token (one, or one per client from a grants file), and the token is a secret from then on.
import { MAX_TIMEOUT_MS } from '../tools/deadline.js';
import { BOOLEAN } from '../util/option-table.js';
import type { Result } from '../result.js';
import { readGrantsFile } from './client-grants.js';
import { POSITIVE, problem, readOptions, STRING, STRINGS, WHOLE } from './option-rules.js';
import { isLoopback, MIN_TOKEN_LENGTH, origin, PROXY_DEFAULTS, type ListenSettings } from './settings.js';

/** Serving clients over Streamable HTTP instead of this process's stdio. */
export interface ProxyListen {
  /** 0 picks a free port (the handle's `url` names it). */
  readonly port: number;
  /** Default 127.0.0.1; anything but loopback needs `authToken`. */
  readonly host?: string;
  /** Every request must carry `Authorization: Bearer <authToken>` (at least 16 characters). */
  readonly authToken?: string;
  /** Origins served besides requests without an Origin header (exact `scheme://host[:port]`). */
  readonly allowOrigins?: readonly string[];
  readonly sessionIdleSeconds?: number;
  readonly maxSessions?: number;
  /** Connections held at once (default 1024); one past it is answered 503 and closed. */
  readonly maxConnections?: number;
  /** No sessions: one upstream shared by every client (only for servers that keep no per-client state). */
  readonly stateless?: boolean;
  /**
   * A grants file (`--grants`): a bearer token per client, each read from this process's environment, and the
   * tools each client may see and call (docs/proxy.md). Not with `authToken` or `stateless`.
   */
  readonly grants?: string;
}

const LISTEN_TABLE = {
  port: WHOLE(0, 65535),
  host: STRING,
  authToken: STRING,
  allowOrigins: STRINGS,
  sessionIdleSeconds: POSITIVE,
  maxSessions: WHOLE(1, 100_000),
  maxConnections: WHOLE(1, 1_000_000),
  stateless: BOOLEAN,
  grants: STRING,
} as const;

/** `listen` read and checked, with the token as a secret; `env` holds the tokens a grants file names. */
export function listenOf(
  source: unknown,
  env: Readonly<Record<string, string | undefined>> = process.env,
): Result<ListenSettings | undefined> {
  if (source === undefined) return { ok: true, value: undefined };
  const r = readOptions(source, LISTEN_TABLE, 'listen.');
  if (!r.ok) return r;
  const v = r.value as unknown as ProxyListen;
  if (v.port === undefined) return problem('listen.port is required (0 picks a free port)');
  const host = v.host ?? PROXY_DEFAULTS.host;
  if (v.authToken !== undefined && v.authToken.length < MIN_TOKEN_LENGTH)
    return problem(`listen.authToken must be at least ${MIN_TOKEN_LENGTH} characters`);
  if (v.grants !== undefined && v.authToken !== undefined)
    return problem('listen.authToken (one token for every client) and listen.grants (one per client): give one');
  if (v.grants !== undefined && v.stateless === true)
    return problem('listen.grants needs sessions: with listen.stateless every client shares one session');
  const clients = v.grants === undefined ? undefined : readGrantsFile(v.grants, `listen.grants ${v.grants}`, env);
  if (clients !== undefined && !clients.ok) return clients;
  if (v.authToken === undefined && clients === undefined && !isLoopback(host))
    return problem(
      `listen.host ${JSON.stringify(host)} is reachable from other machines: give listen.authToken or listen.grants`,
    );
  const origins: string[] = [];
  for (const o of v.allowOrigins ?? []) {
    const read = origin(o);
    if (read === undefined) return problem(`listen.allowOrigins needs scheme://host[:port], got ${JSON.stringify(o)}`);
    origins.push(read);
  }
  if (v.stateless === true && (v.sessionIdleSeconds !== undefined || v.maxSessions !== undefined))
    return problem('listen.stateless keeps no sessions: sessionIdleSeconds and maxSessions do not apply');
  const idleMs = Math.round((v.sessionIdleSeconds ?? PROXY_DEFAULTS.sessionIdleSeconds) * 1000);
  if (idleMs < 1 || idleMs > MAX_TIMEOUT_MS)
    return problem(`listen.sessionIdleSeconds must be between 0.001 and ${MAX_TIMEOUT_MS / 1000}`);
  return {
    ok: true,
    value: {
      host,
      port: v.port,
      token: v.authToken,
      origins,
      sessionIdleMs: idleMs,
      maxSessions: v.maxSessions ?? PROXY_DEFAULTS.maxSessions,
      maxConnections: v.maxConnections ?? PROXY_DEFAULTS.maxConnections,
      stateless: v.stateless === true,
      ...(clients === undefined ? {} : { clients: clients.value }),
    },
  };
}
