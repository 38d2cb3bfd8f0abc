// The stateless MCP revision (2026-07-28, "Versioning" and "Basic": per-request `_meta`): no initialize, each
// request carries its protocol version and the client's capabilities in `params._meta`, `server/discover` says what
// the server is, every result names its `resultType`, and the cacheable ones carry `ttlMs` and `cacheScope`. What a
// request must hold and what a result must say, as data; the proxy reads them here (src/proxy/modern-requests.ts).
import { publishedTextRefusal } from '../tools/published-text.js';
import { NOT_SHAPED } from './message-shapes.js';
import { IMPLEMENTATION, serverCapabilities } from './server-shapes.js';
import { PROTOCOL_REVISIONS, type ProtocolRevision, revisionOf } from './versions.js';

/** The `_meta` keys of a 2026-07-28 request's envelope, and a result's server identity. */
export const META = {
  protocolVersion: 'io.modelcontextprotocol/protocolVersion',
  clientInfo: 'io.modelcontextprotocol/clientInfo',
  clientCapabilities: 'io.modelcontextprotocol/clientCapabilities',
  logLevel: 'io.modelcontextprotocol/logLevel',
  serverInfo: 'io.modelcontextprotocol/serverInfo',
} as const;

/** JSON-RPC error codes 2026-07-28 defines (beside HeaderMismatch, src/mcp/routing-headers.ts). */
export const MODERN_ERRORS = { missingClientCapability: -32021, unsupportedProtocolVersion: -32022 } as const;

/** The operations whose results carry caching hints (2026-07-28, "Caching"). */
const CACHEABLE = new Set([
  'server/discover',
  'tools/list',
  'prompts/list',
  'resources/list',
  'resources/templates/list',
  'resources/read',
]);

/** Result members that mean something only to a 2026-07-28 client: from a server of an earlier one, unchecked. */
const MODERN_RESULT_MEMBERS = ['resultType', 'inputRequests', 'requestState'] as const;

/** The capabilities a 2026-07-28 server declares (ServerCapabilities has no `tasks` in this revision). */
const MODERN_CAPABILITIES = ['experimental', 'completions', 'prompts', 'resources', 'tools', 'extensions'] as const;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const own = (value: unknown, key: string): unknown =>
  isRecord(value) && Object.hasOwn(value, key) ? value[key] : undefined;

/** The protocol version a request's `_meta` names, when it names one as a string. */
export function claimedVersion(params: unknown): string | undefined {
  const version = own(own(params, '_meta'), META.protocolVersion);
  return typeof version === 'string' ? version : undefined;
}

/** The stateless revisions toolgate serves (their era in src/mcp/versions.ts), newest first. */
export const STATELESS_REVISIONS: readonly ProtocolRevision[] = PROTOCOL_REVISIONS.filter((r) => r.era === 'stateless');

/** The revisions served with `initialize`: all the gateway (`--config`) serves, so what its -32022 names. */
export const INITIALIZE_REVISIONS: readonly ProtocolRevision[] = PROTOCOL_REVISIONS.filter(
  (r) => r.era === 'initialize',
);

/** The stateless revision named `version`, or undefined (an initialize-era one, or one toolgate does not know). */
export function statelessRevision(version: string | undefined): ProtocolRevision | undefined {
  const revision = revisionOf(version);
  return revision?.era === 'stateless' ? revision : undefined;
}

/**
 * The UnsupportedProtocolVersion error for `requested`: its data lists the revisions served, by default the stateless
 * ones, as `server/discover` does (a client of an earlier revision starts with initialize, and negotiates there).
 */
export function unsupportedVersion(
  requested: string,
  served: readonly ProtocolRevision[] = STATELESS_REVISIONS,
): { code: number; message: string; data: object } {
  return {
    code: MODERN_ERRORS.unsupportedProtocolVersion,
    message: 'Unsupported protocol version',
    data: { supported: served.map((r) => r.version), requested },
  };
}

/**
 * Why a 2026-07-28 request's envelope is malformed ("Basic", per-request protocol fields: the protocol version and
 * the client's capabilities are required, the client info an Implementation when given), or undefined.
 */
export function envelopeProblem(params: unknown): string | undefined {
  const meta = own(params, '_meta');
  if (!isRecord(meta)) return `params._meta is required, with ${META.protocolVersion} and ${META.clientCapabilities}`;
  if (typeof meta[META.protocolVersion] !== 'string') return `params._meta["${META.protocolVersion}"] must be a string`;
  if (!isRecord(own(meta, META.clientCapabilities)))
    return `params._meta["${META.clientCapabilities}"] must be an object`;
  const info = own(meta, META.clientInfo);
  if (
    info !== undefined &&
    !(isRecord(info) && typeof info['name'] === 'string' && typeof info['version'] === 'string')
  )
    return `params._meta["${META.clientInfo}"] must be an object with a string name and version`;
  return undefined;
}

/** The client capabilities a 2026-07-28 request declares for itself (an empty object when malformed). */
export function requestCapabilities(params: unknown): Record<string, unknown> {
  const caps = own(own(params, '_meta'), META.clientCapabilities);
  return isRecord(caps) ? caps : {};
}

/**
 * A request's params for a server of an earlier revision: the envelope's keys left out of `_meta` (the server
 * negotiated its own revision and capabilities with the proxy, and would misread them), everything else kept.
 */
export function withoutEnvelope(params: unknown): unknown {
  const meta = own(params, '_meta');
  if (!isRecord(params) || !isRecord(meta)) return params;
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(meta))
    if (
      key !== META.protocolVersion &&
      key !== META.clientInfo &&
      key !== META.clientCapabilities &&
      key !== META.logLevel
    )
      rest[key] = value;
  const { _meta: _dropped, ...others } = params;
  return Object.keys(rest).length === 0 ? others : { ...others, _meta: rest };
}

/** The logging levels, least severe first (RFC 5424, as MCP "Logging" names them). */
const LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];

/** Whether `value` is one of MCP's logging levels. */
export function isLogLevel(value: unknown): value is string {
  return typeof value === 'string' && LEVELS.includes(value);
}

/**
 * Whether a server's log message of `level` may reach the client of a 2026-07-28 request whose `_meta` asked for
 * `requested` ("Logging": per request; without a level asked for, no log message is sent).
 */
export function logPasses(requested: unknown, level: unknown): boolean {
  const least = typeof requested === 'string' ? LEVELS.indexOf(requested) : -1;
  const at = typeof level === 'string' ? LEVELS.indexOf(level) : -1;
  return least >= 0 && at >= least;
}

/** The log level a 2026-07-28 request asked for in its `_meta`, if any. */
export function requestedLogLevel(params: unknown): unknown {
  return own(own(params, '_meta'), META.logLevel);
}

/** The retry members of a multi round-trip request (`inputResponses`, `requestState`) `params` carries. */
export function retryMembers(params: unknown): string[] {
  return ['inputResponses', 'requestState'].filter((key) => own(params, key) !== undefined);
}

/** Which of the members only a 2026-07-28 server may put in a result `result` carries. */
export function modernResultMembers(result: unknown): string[] {
  return MODERN_RESULT_MEMBERS.filter((key) => isRecord(result) && Object.hasOwn(result, key));
}

/**
 * A complete result of `method` as a 2026-07-28 client reads it: `resultType: "complete"` and, for a cacheable
 * operation, `ttlMs: 0` and `cacheScope: "private"` (never cached, never shared: what the proxy lists may change
 * with a re-admission or differ by client). Any other result goes without the server's `ttlMs` and `cacheScope`
 * ("Caching": only the cacheable results have them, and a server of an earlier revision defines none): a
 * `cacheScope: "public"` on a tool's result would let a cache shared across authorization contexts serve one
 * client's answer to another. `result` must hold none of the modern members (modernResultMembers).
 */
export function completeResult(method: string, result: unknown): Record<string, unknown> {
  const { ttlMs: _ttl, cacheScope: _scope, ...base } = isRecord(result) ? result : {};
  const cache = CACHEABLE.has(method) ? { ttlMs: 0, cacheScope: 'private' } : {};
  return { ...base, resultType: 'complete', ...cache };
}

/** A tool as a 2026-07-28 client reads it: `execution` (tasks, a 2025-11-25 field) is not in this revision's Tool. */
export function modernTool(tool: object): object {
  const { execution: _execution, ...rest } = tool as Record<string, unknown>;
  return rest;
}

/**
 * The `server/discover` result ("Discovery") for a server that answered `initialize` with `init`: the stateless
 * revisions served, the capabilities of this revision the server declared (`listChanged` and `subscribe` left out:
 * they need `subscriptions/listen`, which the proxy does not serve; `logging` too, per-request in this revision),
 * its instructions, and its identity in `_meta`.
 */
export function discoverResult(init: Record<string, unknown>): Record<string, unknown> {
  // Each of its shape, as an initialize-era client is told them (server-shapes.ts).
  const declared = serverCapabilities(init['capabilities'], STATELESS_REVISIONS[0] as ProtocolRevision);
  const capabilities: Record<string, unknown> = {};
  for (const key of MODERN_CAPABILITIES) {
    const value = own(declared, key);
    if (!isRecord(value)) continue;
    const { listChanged: _l, subscribe: _s, ...rest } = value;
    capabilities[key] = rest;
  }
  const info = IMPLEMENTATION(own(init, 'serverInfo'));
  const instructions = own(init, 'instructions');
  return completeResult('server/discover', {
    supportedVersions: STATELESS_REVISIONS.map((r) => r.version),
    capabilities,
    // Held to what a tool's description is, as for an initialize-era client (src/proxy/server-messages.ts).
    ...(typeof instructions === 'string' && publishedTextRefusal('', { instructions }) === undefined
      ? { instructions }
      : {}),
    ...(info !== NOT_SHAPED ? { _meta: { [META.serverInfo]: info } } : {}),
  });
}
