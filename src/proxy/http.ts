// `toolgate proxy --listen`: clients over Streamable HTTP (MCP 2025-06-18, "Transports") at /mcp, on
// node:http. Every request passes the Origin and token checks first (src/proxy/http-guard.ts). A POST carries one
// JSON-RPC message (batches were removed from MCP in 2025-06-18); an initialize opens a session with its own
// upstream (its own process for a command), named by the Mcp-Session-Id header of the answer; DELETE ends it.
// A GET opens the session's stream for server-to-client messages. Resumption is refused: no event carries an
// id, so a client has no Last-Event-ID to send, and one that sends it anyway gets 400. With --stateless one
// upstream, opened at start, serves every request and there are no session ids. With --grants (http-guard.ts) each
// request's token names its client: a session is that client's alone, and shows it only its granted tools.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { maskSecrets } from '../exec/mask-secrets.js';
import type { Published } from './admission.js';
import type { ProxyExit, ProxyIO } from './io.js';
import { callLogger } from './call-log.js';
import { readMessage, type RpcMessage } from '../mcp/channel.js';
import { readBody } from '../mcp/http-body.js';
import { accepts, guardRequest, versionRefusal } from './http-guard.js';
import { HttpSession, unusedLongest } from './http-session.js';
import type { ProxySettings } from './settings.js';
import type { GrantedClient } from './grants.js';
import { RPC } from '../mcp/peer.js';
import { HEADER_MISMATCH, headerMismatch } from '../mcp/routing-headers.js';
import type { ListenSettings } from './settings.js';
import { openBackend, openSessionBackend, publishedOf } from './backend.js';
import { MAX_REQUEST_LINE_BYTES } from '../mcp/stdio-line-transport.js';
import { initializeProblem } from '../mcp/initialize.js';
import { isModernPost, modernRefusal } from './http-modern.js';
import { NO_INPUT_REQUIRED } from './modern-requests.js';

/** The path served. */
const PATH = '/mcp';
/** Largest request body, as for one request line on stdio. */
export const MAX_BODY_BYTES = MAX_REQUEST_LINE_BYTES;

/** The methods /mcp answers. */
const ALLOW = { allow: 'GET, POST, DELETE' };

/**
 * How long a client may take to send its headers, and its whole request. node:http waits 60 s and 300 s by
 * default: a client trickling bytes would hold a connection that long. The body limit takes ~30 s at 340 KB/s.
 */
const HEADERS_TIMEOUT_MS = 10_000;
const REQUEST_TIMEOUT_MS = 30_000;

/**
 * Ends `res` with a JSON-RPC error (id null unless given: the request could not be read). The connection is
 * closed after it: node:http would otherwise read on whatever body a refused client keeps sending.
 */
function refuse(
  res: ServerResponse,
  status: number,
  message: string,
  headers: Readonly<Record<string, string>> = {},
  code: number = status === 400 ? RPC.invalidRequest : RPC.internalError,
  id: string | number | null = null,
  data?: object,
): void {
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id,
    error: { code, message, ...(data === undefined ? {} : { data }) },
  });
  if (!res.headersSent) res.writeHead(status, { 'content-type': 'application/json', connection: 'close', ...headers });
  res.end(body);
}

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
  const say = (line: string): void => io.err(`toolgate proxy: ${maskSecrets(line, settings.secrets)}\n`);
  const onCall = callLogger(settings, say);
  const sessions = new Map<string, HttpSession>();
  let starting = 0;
  let stopping = false;
  const hooks = {
    warn: say,
    onCall,
    ended: (s: HttpSession, why: string) => {
      if (s.id === undefined) return;
      sessions.delete(s.id);
      const client = s.client === undefined ? '' : ` (client ${s.client.name})`;
      if (!stopping) say(`session ${s.id.slice(0, 8)}${client} ended: ${why}`);
    },
  };
  // Start-up proves the server can be started, initialized and admitted before a client is served. Stateless,
  // that upstream is the one every request shares; otherwise each session opens its own and this one is stopped.
  const first = await openBackend(settings, io, told);
  if ('code' in first) return { code: first.code };
  const published = publishedOf(first);
  // Names only: what the operator checks the grants file by (the tokens are never said).
  if (listen.clients !== undefined) say(`grants: clients ${listen.clients.map((c) => c.name).join(', ')}`);
  let shared: HttpSession | undefined;
  if (listen.stateless) shared = new HttpSession(undefined, first, settings, hooks);
  else await first.stop();

  // 2026-07-28 clients have no session: their requests share one session of the proxy's own with the server (the
  // --stateless one when there is one), opened at the first such request and again after its server goes; with
  // --grants one per client, so that each sees and calls only its granted tools.
  const modern = new Map<string, Promise<HttpSession | undefined>>();
  const modernHooks = {
    ...hooks,
    ended: (s: HttpSession, why: string) => {
      const key = s.client?.name ?? '';
      const current = modern.get(key);
      void current?.then((m) => {
        if (m === s && modern.get(key) === current) modern.delete(key);
      });
      const whose = s.client === undefined ? '' : ` (client ${s.client.name})`;
      if (!stopping) say(`the session for MCP 2026-07-28 clients${whose} ended: ${why}`);
    },
  };
  const modernSession = (client: GrantedClient | undefined): Promise<HttpSession | undefined> => {
    if (shared !== undefined && client === undefined) return Promise.resolve(shared);
    const key = client?.name ?? '';
    const open = modern.get(key);
    if (open !== undefined) return open;
    const opening = openBackend(settings, io, told, false).then(async (upstream) => {
      if ('code' in upstream || stopping) {
        if (!('code' in upstream)) await upstream.stop();
        modern.delete(key);
        return undefined;
      }
      return new HttpSession(undefined, upstream, settings, modernHooks, client, NO_INPUT_REQUIRED);
    });
    modern.set(key, opening);
    return opening;
  };

  /** A 2026-07-28 request: checked as that revision's transport requires, then served by the shared session. */
  const modernPost = async (
    req: IncomingMessage,
    res: ServerResponse,
    m: RpcMessage,
    text: string,
    client: GrantedClient | undefined,
  ): Promise<void> => {
    // The gateway (--config) relays to several servers by its own session code, which speaks initialize only: a plain
    // 400 tells a dual-era client (the SDK's probe) to fall back to initialize; nothing reaches a server.
    if (settings.servers !== undefined)
      return refuse(
        res,
        400,
        'Bad Request: the gateway (--config) serves MCP with initialize only',
        {},
        RPC.invalidRequest,
        m.id ?? null,
      );
    const refusal = modernRefusal(req, m);
    if (refusal === 'accepted') return void res.writeHead(202).end();
    if (refusal !== undefined)
      return refuse(res, refusal.status, refusal.message, {}, refusal.code, m.id ?? null, refusal.data);
    const session = await modernSession(client);
    if (session === undefined)
      return refuse(res, 502, "Bad Gateway: the MCP server could not be started (see the proxy's stderr)");
    session.request(m as RpcMessage & { id: string | number }, text, res);
  };

  const openSession = async (client: GrantedClient | undefined): Promise<HttpSession | 'busy' | 'failed'> => {
    let evicted: Promise<void> | undefined;
    if (sessions.size + starting >= listen.maxSessions) {
      // Clients that never send DELETE (MCP Inspector, LangChain's MultiServerMCPClient.close()) leave sessions
      // behind: the one unused longest makes room; 503 only when each has a request waiting or a stream open.
      const unused = unusedLongest(sessions.values());
      if (unused === undefined) return 'busy';
      evicted = unused.close('unused longest, ended to make room for a new one (--max-sessions)');
    }
    starting++;
    let upstream: Awaited<ReturnType<typeof openSessionBackend>>;
    try {
      // Its server is stopped first, so servers never outnumber --max-sessions.
      await evicted;
      upstream = await openSessionBackend(settings, io, told);
    } finally {
      starting--;
    }
    if ('code' in upstream) return 'failed';
    if (stopping) {
      await upstream.stop();
      return 'failed';
    }
    const session = new HttpSession(randomUUID(), upstream, settings, hooks, client);
    sessions.set(session.id as string, session);
    return session;
  };

  /**
   * The session a request names: 400 without the header, 404 for one that is unknown or ended, or that another
   * client opened (`--grants`: answered as an unknown one, so a token cannot tell which sessions exist).
   */
  const sessionOf = (
    req: IncomingMessage,
    res: ServerResponse,
    client: GrantedClient | undefined,
  ): HttpSession | undefined => {
    if (shared !== undefined) return shared;
    const id = req.headers['mcp-session-id'];
    if (typeof id !== 'string') {
      refuse(res, 400, 'Bad Request: Mcp-Session-Id header is required');
      return undefined;
    }
    const session = sessions.get(id);
    if (session !== undefined && session.client === client) return session;
    refuse(res, 404, 'Session not found');
    return undefined;
  };

  const post = async (req: IncomingMessage, res: ServerResponse, client: GrantedClient | undefined): Promise<void> => {
    const type = (req.headers['content-type'] ?? '').toLowerCase();
    if (!type.startsWith('application/json'))
      return refuse(res, 415, 'Unsupported Media Type: Content-Type must be application/json');
    if (!accepts(req, 'application/json') || !accepts(req, 'text/event-stream'))
      return refuse(res, 406, 'Not Acceptable: Accept must list application/json and text/event-stream');
    const body = await readBody(req, MAX_BODY_BYTES);
    if (body === 'broken') return void res.destroy();
    if (body === 'oversized')
      return refuse(res, 413, `Payload Too Large: the body is over ${MAX_BODY_BYTES} bytes, the limit`);
    let message: RpcMessage | undefined;
    let text = body;
    let problem: string | undefined;
    readMessage(body, {
      message: (m, t) => {
        message = m;
        text = t;
      },
      bad: (why) => {
        problem = why;
      },
    });
    if (message === undefined) {
      if (problem === 'parse') return refuse(res, 400, 'Parse error: the body is not JSON', {}, RPC.parseError);
      const batch = body.trimStart().startsWith('[');
      return refuse(
        res,
        400,
        batch
          ? 'Invalid Request: JSON-RPC batches are not supported (MCP 2025-06-18 removed them); send one message'
          : 'Invalid Request: not a JSON-RPC 2.0 message',
      );
    }
    const m = message as RpcMessage;
    const mismatch = headerMismatch(req, m);
    if (mismatch !== undefined) return refuse(res, 400, `Bad Request: ${mismatch}`, {}, HEADER_MISMATCH, m.id ?? null);
    const unsupported = versionRefusal(req);
    if (unsupported !== undefined)
      return refuse(res, 400, unsupported.message, {}, unsupported.code, m.id ?? null, unsupported.data);
    if (isModernPost(req, m)) return modernPost(req, res, m, text, client);
    const isRequest = typeof m.method === 'string' && m.id !== undefined && m.id !== null;
    let session: HttpSession | undefined;
    if (m.method === 'initialize' && shared === undefined) {
      if (req.headers['mcp-session-id'] !== undefined)
        return refuse(res, 400, 'Bad Request: initialize opens a session; send it without Mcp-Session-Id');
      // Checked before anything starts: a session exists only for an initialize that can learn its id.
      const problem = initializeProblem(m);
      if (problem === 'notification')
        return refuse(res, 400, 'Invalid Request: initialize must be a request with an id; no session was opened');
      if (problem !== undefined)
        return refuse(res, 400, `Invalid params: ${problem}; no session was opened`, {}, RPC.invalidParams, m.id);
      const opened = await openSession(client);
      if (opened === 'busy')
        return refuse(res, 503, `Service Unavailable: ${listen.maxSessions} sessions are open (--max-sessions)`, {
          'retry-after': '5',
        });
      if (opened === 'failed')
        return refuse(res, 502, "Bad Gateway: the MCP server could not be started (see the proxy's stderr)");
      session = opened;
    } else session = sessionOf(req, res, client);
    if (session === undefined) return;
    if (isRequest) session.request(m as RpcMessage & { id: string | number }, text, res);
    else {
      session.accept(m, text);
      res.writeHead(202).end();
    }
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (path !== undefined && (req.url ?? '').split('?')[0] !== path)
      return refuse(res, 404, `Not Found: the MCP endpoint is ${path}`);
    // A body parser mounted before toolgate has read the text away: the arguments must be validated as they
    // arrived (duplicate keys, exact numbers), so such a request is refused rather than re-serialized.
    if ((req as { body?: unknown }).body !== undefined)
      return refuse(res, 500, 'Internal Server Error: mount toolgate before any body parser (the body was read)');
    const guarded = guardRequest(req, listen);
    if ('status' in guarded)
      return refuse(res, guarded.status, guarded.message, { ...guarded.headers }, guarded.code, null, guarded.data);
    const { client } = guarded;
    if (stopping) return refuse(res, 503, 'Service Unavailable: the proxy is stopping');
    switch (req.method) {
      case 'POST':
        return post(req, res, client);
      case 'GET': {
        if (shared !== undefined) return refuse(res, 405, 'Method Not Allowed: --stateless has no stream', ALLOW);
        if (!accepts(req, 'text/event-stream'))
          return refuse(res, 406, 'Not Acceptable: Accept must list text/event-stream');
        if (req.headers['last-event-id'] !== undefined)
          return refuse(res, 400, 'Bad Request: resumption (Last-Event-ID) is not supported by this proxy');
        const session = sessionOf(req, res, client);
        if (session !== undefined && !session.listen(res))
          refuse(res, 409, 'Conflict: this session already has a stream open');
        return;
      }
      case 'DELETE': {
        if (shared !== undefined) return refuse(res, 405, 'Method Not Allowed: --stateless has no session', ALLOW);
        const session = sessionOf(req, res, client);
        if (session === undefined) return;
        await session.close('the client ended it (DELETE)');
        res.writeHead(200).end();
        return;
      }
      default:
        return refuse(res, 405, 'Method Not Allowed', ALLOW);
    }
  };

  return {
    handle: (req, res) => {
      handle(req, res).catch((thrown: unknown) => {
        say(`a request failed: ${(thrown as Error)?.message ?? 'unknown error'}`);
        refuse(res, 500, 'Internal Server Error');
      });
    },
    published,
    gone: shared !== undefined ? shared.upstream.gone : new Promise<string>(() => undefined),
    stop: async () => {
      stopping = true;
      const stateless = (await Promise.all(modern.values())).filter((s) => s !== undefined && s !== shared);
      await Promise.all(
        [...sessions.values(), ...(shared !== undefined ? [shared] : []), ...stateless].map((s) =>
          (s as HttpSession).close('stopping'),
        ),
      );
    },
  };
}

/** Serves until told to stop (0) or, with --stateless, until the shared server goes (1). */
export async function serveHttp(settings: ProxySettings, io: ProxyIO, told: Promise<void>): Promise<ProxyExit> {
  const listen = settings.listen as ListenSettings;
  const say = (line: string): void => io.err(`toolgate proxy: ${maskSecrets(line, settings.secrets)}\n`);
  const front = await openHttpFront(settings, io, told, PATH);
  if ('code' in front) return front.code;
  const timeouts = { headersTimeout: HEADERS_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS };
  const server = createServer({ ...timeouts, connectionsCheckingInterval: 1000 }, front.handle);
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
