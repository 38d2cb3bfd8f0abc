// `toolgate proxy --listen`: clients over Streamable HTTP (MCP 2025-06-18, "Transports") at /mcp, on
// node:http. Every request passes the Origin and token checks first (src/proxy/http-guard.ts). A POST carries one
// JSON-RPC message (batches were removed from MCP in 2025-06-18); an initialize opens a session with its own
// upstream (its own process for a command), named by the Mcp-Session-Id header of the answer; DELETE ends it.
// A GET opens the session's stream for server-to-client messages. Resumption is refused: no event carries an
// id, so a client has no Last-Event-ID to send, and one that sends it anyway gets 400. With --stateless one
// upstream, opened at start, serves every request and there are no session ids. With --grants (http-guard.ts) each
// request's token names its client: a session is that client's alone, and shows it only its granted tools. This
// file answers GET and DELETE and runs the server; the refusals are in http-refuse.ts, the session table in
// http-sessions.ts, a POST's handling in http-post.ts.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { ownLines } from './host-masker.js';
import { clip } from '../util/describe-value.js';
import type { Published } from './published.js';
import { openBackend, publishedOf } from './backend.js';
import { ServerSet } from './servers.js';
import type { Upstream } from './upstream.js';
import { clientGrantLines } from './unmatched-grants.js';
import { openCallLog } from './call-log.js';
import { boundConnections, pipeliningRefused } from './http-connections.js';
import { guardRequest } from './http-guard.js';
import { accepts } from './media-types.js';
import { postHandler } from './http-post.js';
import { refuse } from './http-refuse.js';
import { sessionTable } from './http-sessions.js';
import type { ProxyExit } from './exit.js';
import type { ProxyIO } from './io.js';
import type { ListenSettings, ProxySettings } from './settings.js';

export { MAX_BODY_BYTES } from './http-post.js';

/** The path served. */
const PATH = '/mcp';

/** The methods /mcp answers. */
const ALLOW = { allow: 'GET, POST, DELETE' };

/**
 * How long a client may take to send its headers, and its whole request. node:http waits 60 s and 300 s by
 * default: a client trickling bytes would hold a connection that long. The body limit takes ~30 s at 340 KB/s.
 */
const HEADERS_TIMEOUT_MS = 10_000;
const REQUEST_TIMEOUT_MS = 30_000;

/** The client side over HTTP, without a server of its own: what serveHttp and a host's own server mount. */
export interface HttpFront {
  /** Serves one request; never rejects (a failure is answered 500 and named on stderr). */
  readonly handle: (req: IncomingMessage, res: ServerResponse) => void;
  /** What start-up admitted: the tools published. */
  readonly published: Published;
  /** Settles when the shared upstream of --stateless goes (its reason); never without --stateless. */
  readonly gone: Promise<string>;
  /** Ends every session and server; requests after it get 503. */
  readonly stop: () => Promise<void>;
}

/** Whether a request target is `path`, with or without a query (no string made per request, as a split would). */
function atPath(target: string, path: string): boolean {
  return target.startsWith(path) && (target.length === path.length || target.charCodeAt(path.length) === 0x3f);
}

/** Whether the start-up's backend is a gateway, and which of its servers are not up (their tools not published). */
function judgedBy(backend: Upstream | ServerSet): [boolean, string[]] {
  if (!(backend instanceof ServerSet)) return [false, []];
  return [true, backend.slots.filter((s) => s.down !== undefined).map((s) => s.name)];
}

/**
 * Starts and admits the upstream (start-up fails before any client is served), then answers requests: at `path`
 * only, or at any path when undefined (a host's server routes to it). The start-up failure is its exit code.
 */
export async function openHttpFront(
  settings: ProxySettings,
  io: ProxyIO,
  told: Promise<void>,
  path: string | undefined,
): Promise<HttpFront | { code: ProxyExit }> {
  const listen = settings.listen as ListenSettings;
  const say = ownLines(io, settings.secrets);
  // The log first: a path it refuses is a usage error, said before any server is started.
  const log = openCallLog(settings, say);
  if (!log.ok) {
    say(log.error.message);
    return { code: 2 };
  }
  const onCall = log.value.record;
  // Start-up proves the server can be started, initialized and admitted before a client is served. Stateless,
  // that upstream is the one every request shares; otherwise each session opens its own and this one is stopped.
  const first = await openBackend(settings, io, told);
  if ('code' in first) return { code: first.code };
  const published = publishedOf(first);
  // Names only: what the operator checks the grants file by (the tokens are never said).
  if (listen.clients !== undefined) {
    say(`grants: clients ${listen.clients.map((c) => c.name).join(', ')}`);
    for (const line of clientGrantLines(listen.clients, [...published.tools.keys()], ...judgedBy(first))) say(line);
  }
  const table = await sessionTable(settings, io, told, first, say, onCall);
  const { shared } = table;
  const post = postHandler(settings, table);

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (path !== undefined && !atPath(req.url ?? '', path))
      return refuse(res, 404, `Not Found: the MCP endpoint is ${path}`);
    // A body parser mounted before toolgate has read the text away: the arguments must be validated as they
    // arrived (duplicate keys, exact numbers), so such a request is refused rather than re-serialized.
    if ((req as { body?: unknown }).body !== undefined)
      return refuse(res, 500, 'Internal Server Error: mount toolgate before any body parser (the body was read)');
    const guarded = guardRequest(req, listen, settings.servers !== undefined);
    if ('status' in guarded)
      return refuse(res, guarded.status, guarded.message, { ...guarded.headers }, guarded.code, null, guarded.data);
    const { client } = guarded;
    if (table.stopping()) return refuse(res, 503, 'Service Unavailable: the proxy is stopping');
    switch (req.method) {
      case 'POST':
        return post(req, res, client);
      case 'GET': {
        if (shared !== undefined) return refuse(res, 405, 'Method Not Allowed: --stateless has no stream', ALLOW);
        if (!accepts(req, 'text/event-stream'))
          return refuse(res, 406, 'Not Acceptable: Accept must list text/event-stream');
        if (req.headers['last-event-id'] !== undefined)
          return refuse(res, 400, 'Bad Request: resumption (Last-Event-ID) is not supported by this proxy');
        const session = table.of(req, res, client);
        if (session !== undefined && !session.listen(res))
          refuse(res, 409, 'Conflict: this session already has a stream open');
        return;
      }
      case 'DELETE': {
        if (shared !== undefined) return refuse(res, 405, 'Method Not Allowed: --stateless has no session', ALLOW);
        const session = table.of(req, res, client);
        if (session === undefined) return;
        await session.close('the client ended it (DELETE)');
        res.writeHead(200).end();
        return;
      }
      default:
        return refuse(res, 405, 'Method Not Allowed', ALLOW);
    }
  };

  // In the front, not the server: a host's own server mounting it (createProxyHandler) gets pipelining closed too.
  const pipelined = pipeliningRefused(say);
  return {
    handle: (req, res) => {
      if (pipelined(res)) return;
      // Nothing is written to a response once it ended (HttpSession); should a write still come, its error event
      // with no listener would end the process and every session in it.
      res.on('error', (thrown: Error) => say(`a response could not be written: ${clip(thrown.message, 200)}`));
      handle(req, res).catch((thrown: unknown) => {
        say(`a request failed: ${(thrown as Error)?.message ?? 'unknown error'}`);
        refuse(res, 500, 'Internal Server Error');
      });
    },
    published,
    gone: shared !== undefined ? shared.upstream.gone : new Promise<string>(() => undefined),
    stop: async () => {
      await table.stop();
    },
  };
}

/** Serves until told to stop (0) or, with --stateless, until the shared server goes (1). */
export async function serveHttp(settings: ProxySettings, io: ProxyIO, told: Promise<void>): Promise<ProxyExit> {
  const listen = settings.listen as ListenSettings;
  const say = ownLines(io, settings.secrets);
  const front = await openHttpFront(settings, io, told, PATH);
  if ('code' in front) return front.code;
  const timeouts = { headersTimeout: HEADERS_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS };
  const server = createServer({ ...timeouts, connectionsCheckingInterval: 1000 }, (req, res) =>
    refused(req.socket) ? res.destroy() : front.handle(req, res),
  );
  // node:http times a request's headers only once its first byte came: a connection that sent nothing was kept for
  // good, an fd each (enough of them and no client could connect). Silent that long before a request, it is closed.
  server.on('connection', (socket: Socket) => socket.setTimeout(HEADERS_TIMEOUT_MS));
  const refused = boundConnections(server, listen.maxConnections, say);
  // Once: a kept connection's later requests find it off already (node re-arms no timer for them).
  server.on('request', (req: IncomingMessage) => {
    if (req.socket.timeout !== 0) req.socket.setTimeout(0);
  });
  const bound = await new Promise<string | undefined>((resolve) => {
    server.once('error', (e) => resolve(e.message));
    server.listen(listen.port, listen.host, () => resolve(undefined));
  });
  if (bound !== undefined) {
    say(`--listen ${listen.host}:${listen.port}: ${bound}`);
    await front.stop();
    return 2;
  }
  const address = server.address();
  const port = address !== null && typeof address === 'object' ? address.port : listen.port;
  const host = listen.host.includes(':') ? `[${listen.host}]` : listen.host;
  say(`listening on http://${host}:${port}${PATH}${listen.stateless ? ' (stateless)' : ''}`);
  io.ready?.({ url: `http://${host}:${port}${PATH}`, published: front.published });

  const ended = await Promise.race([told.then(() => 'signal' as const), front.gone]);
  server.close();
  server.closeAllConnections();
  await front.stop();
  if (ended === 'signal') return 0;
  say(`server ${JSON.stringify(settings.display)} ${ended}`);
  return 1;
}
