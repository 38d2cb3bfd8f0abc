// What every request to `--listen` passes before anything else is read (MCP 2025-06-18, "Transports",
// Streamable HTTP, security warning): an `Origin` this proxy was told to serve, or none (DNS rebinding: a web
// page must not reach a local server through the visitor's browser), and the bearer token when one is set,
// compared in constant time so that the time taken says nothing about how much of a guess was right
// (src/proxy/bearer.ts). With `--grants` the token names the client the request is served for.
import type { IncomingMessage } from 'node:http';
import { clip } from '../util/describe-value.js';
import { revisionOf } from '../mcp/versions.js';
import { INITIALIZE_REVISIONS, STATELESS_REVISIONS, unsupportedVersion } from '../mcp/modern.js';
import { bearerClient, bearerMatches } from './bearer.js';
import type { GrantedClient } from './grants.js';
import { isLoopback, type ListenSettings } from './settings.js';

export { bearerMatches } from './bearer.js';

/** A refusal: the HTTP status, its JSON-RPC error message, and any header it needs. */
export interface Refusal {
  readonly status: number;
  readonly message: string;
  readonly headers?: Readonly<Record<string, string>>;
  /** The JSON-RPC error code, when not the status's default, and its data. */
  readonly code?: number;
  readonly data?: object;
}

/**
 * A Host header naming this machine: localhost, an address of 127.0.0.0/8 (each part 0-255: `127.999.999.999` names
 * no address) or [::1], with a port of up to 5 digits.
 */
const LOOPBACK_HOST = /^(?:localhost|127(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}|\[::1\])(?::\d{1,5})?$/i;

/**
 * Whether `origin` is the proxy's own: bound to loopback, an `http://` origin naming exactly the loopback Host the
 * request was sent to (a page the proxy itself would serve, or a client that names where it connects, as the MCP
 * conformance suite's dns-rebinding-protection scenario does). A page of any other origin, another port of this
 * machine included, still needs --allow-origin; a rebound DNS name is refused by the Host check before this.
 */
function ownOrigin(origin: string, host: string | undefined, listen: ListenSettings): boolean {
  if (!isLoopback(listen.host) || host === undefined || !LOOPBACK_HOST.test(host)) return false;
  return origin.toLowerCase() === `http://${host.toLowerCase()}`;
}

/** A request let through: the client its token names (`--grants`), undefined without grants. */
export interface LetThrough {
  readonly client: GrantedClient | undefined;
}

/** The 401 of a request without the token asked for (RFC 6750: the scheme named in WWW-Authenticate). */
const UNAUTHORIZED: Refusal = {
  status: 401,
  message: 'Unauthorized: a valid "Authorization: Bearer <token>" header is required',
  headers: { 'www-authenticate': 'Bearer' },
};

/** The refusal for a request that may not be served at all, or what let it through. */
export function guardRequest(req: IncomingMessage, listen: ListenSettings, gateway = false): Refusal | LetThrough {
  // Node reads the first of several Host lines; an intermediary may route by another (RFC 9112 section 3.2: 400).
  if ((req.headersDistinct?.host?.length ?? 0) > 1)
    return { status: 400, message: 'Bad Request: more than one Host header' };
  // Bound to loopback, only a loopback name may be asked for: a rebound DNS name is another Host.
  if (isLoopback(listen.host) && !LOOPBACK_HOST.test(req.headers.host ?? ''))
    return { status: 403, message: 'Forbidden: this Host is not served (the proxy listens on loopback)' };
  const origin = req.headers.origin;
  if (origin !== undefined && !listen.origins.includes(origin) && !ownOrigin(origin, req.headers.host, listen))
    return { status: 403, message: 'Forbidden: this Origin is not allowed (see --allow-origin)' };
  if (listen.token !== undefined && !bearerMatches(req.headers.authorization, listen.token)) return UNAUTHORIZED;
  // With --grants the token names the client; one that names none is refused as a wrong token is.
  const client = listen.clients === undefined ? undefined : bearerClient(req.headers.authorization, listen.clients);
  if (listen.clients !== undefined && client === undefined) return UNAUTHORIZED;
  // A POST's is answered once its body is read, with its id (src/proxy/http-post.ts, versionRefusal).
  if (req.method !== 'POST') {
    const refused = versionRefusal(req, gateway);
    if (refused !== undefined) return refused;
  }
  return { client };
}

/**
 * The refusal of a request whose `MCP-Protocol-Version` names no revision toolgate knows: 400 with MCP 2026-07-28's
 * UnsupportedProtocolVersion (naming what is served), which a dual-era client reads as a modern server's answer and
 * retries with a revision of the list; a client of an earlier revision sees a 400. The gateway (`--config`) names
 * the revisions it serves, each with initialize: it serves no stateless MCP (a review's find: it offered 2026-07-28).
 */
export function versionRefusal(req: IncomingMessage, gateway = false): Refusal | undefined {
  const version = req.headers['mcp-protocol-version'];
  if (typeof version === 'string' && revisionOf(version) === undefined) {
    const served = gateway ? INITIALIZE_REVISIONS : STATELESS_REVISIONS;
    const { code, data } = unsupportedVersion(clip(version, 40), served);
    return {
      status: 400,
      message: `Bad Request: unsupported MCP-Protocol-Version ${JSON.stringify(clip(version, 40))}`,
      code,
      data,
    };
  }
  return undefined;
}
