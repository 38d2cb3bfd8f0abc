// What a downstream session relays to: one upstream (the single-server proxy) or the aggregate's servers
// (`--config`, `servers`). The stdio and HTTP downstreams open, relay to and stop either the same way.
import { combinedPublished } from './aggregate-tools.js';
import { startAggregateSession } from './aggregate-session.js';
import type { Published } from './published.js';
import type { ProxyIO } from './io.js';
import type { MethodGrant } from './method-grants.js';
import type { Peer } from '../mcp/peer.js';
import { serverSettingsOf } from './server-settings.js';
import { ServerSet } from './servers.js';
import { type CallRecord, type Relayed, type SessionContext, startSession } from './session.js';
import type { ProxySettings } from './settings.js';
import {
  openSessionUpstream,
  openUpstream,
  type SessionUpstream,
  type Upstream,
  type UpstreamFailure,
} from './upstream.js';

/** One session's servers: one upstream (a --listen session's still being admitted), or the aggregate's set. */
export type Backend = Upstream | SessionUpstream | ServerSet;

/**
 * The gateway's servers a session opens: with `reaches` (a `--grants` client's, GrantedClient.reaches) only those
 * its grant can name a tool of, so no other one's requests or notifications reach that client.
 */
function serversFor(settings: ProxySettings, reaches?: (server: string) => boolean): readonly ProxySettings[] {
  const all = serverSettingsOf(settings);
  return reaches === undefined ? all : all.filter((s) => reaches(s.namespace ?? ''));
}

/**
 * Opens the backend `settings` name; `announce` says the start-up summary on stderr; `reaches`: the gateway's
 * servers to open (serversFor).
 */
export function openBackend(
  settings: ProxySettings,
  io: ProxyIO,
  told: Promise<void>,
  announce = true,
  reaches?: (server: string) => boolean,
): Promise<Upstream | ServerSet | UpstreamFailure> {
  if (settings.servers === undefined) return openUpstream(settings, io, told, announce);
  const servers = serversFor(settings, reaches);
  return ServerSet.open(
    servers,
    settings.mode,
    io,
    told,
    announce,
    servers.length === serverSettingsOf(settings).length,
  );
}

/**
 * Opens a `--listen` session's backend: its one upstream is initialized and comes back with its admission under
 * way (src/proxy/upstream.ts), so the session's initialize does not wait for the listing; the aggregate's set as
 * openBackend opens it.
 */
export function openSessionBackend(
  settings: ProxySettings,
  io: ProxyIO,
  told: Promise<void>,
  reaches?: (server: string) => boolean,
): Promise<Backend | UpstreamFailure> {
  if (settings.servers === undefined) return openSessionUpstream(settings, io, told);
  const servers = serversFor(settings, reaches);
  return ServerSet.open(servers, settings.mode, io, told, false, servers.length === serverSettingsOf(settings).length);
}

/** What the backend publishes now (the aggregate's tools by published name); start-up's backends only. */
export function publishedOf(backend: Upstream | ServerSet): Published {
  return backend instanceof ServerSet ? combinedPublished(backend.slots) : backend.published;
}

/** Relays `downstream` to the backend for as long as both live. */
export function startRelay(
  downstream: Peer,
  backend: Backend,
  context: {
    settings: ProxySettings;
    warn: (line: string) => void;
    onCall: (record: CallRecord) => void;
    visible?: (name: string) => boolean;
    methods?: MethodGrant;
    /** Ends the session when an admission under way (SessionUpstream) fails. */
    failed?: (why: string) => void;
    /** Over --listen, a 2026-07-28 request's HTTP headers (its Mcp-Param-* are checked; src/proxy/session-calls.ts). */
    headersOf?: NonNullable<SessionContext['headersOf']>;
    /** Several clients share the session (SessionContext.shared). */
    shared?: boolean;
  },
): Relayed {
  // The gateway serves no resources, prompts or completions to anyone: it needs no grant of them.
  const { failed = () => undefined, methods, ...rest } = context;
  if (backend instanceof ServerSet) return startAggregateSession(downstream, backend, rest);
  return startSession(downstream, backend.peer, {
    ...rest,
    ...(methods === undefined ? {} : { methods }),
    init: backend.init,
    revision: backend.revision,
    published: 'admitting' in backend ? { admitting: backend.admitting, failed } : backend.published,
    ended: backend.gone,
    // Read once the session's handlers are set: nothing later reaches the start-up's.
    changedAtStart: backend.changedAtStart,
  });
}
