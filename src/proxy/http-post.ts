// A POST to /mcp: one JSON-RPC message, read within the body limit and checked (media types, routing headers,
// protocol version) before it reaches a session: an initialize opens one, any other message goes to the session it
// names, and a 2026-07-28 request to the session of such clients. A batch, which 2025-03-26 has, is not served
// (src/mcp/batch.ts): 400, the transport's answer to input it cannot accept ("Transports"), ends all it asked.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BATCH_NOT_SERVED } from '../mcp/batch.js';
import { readMessage, type RpcMessage } from '../mcp/channel.js';
import { BodyBudget, readBody } from '../mcp/http-body.js';
import { TOO_DEEP } from '../mcp/message-depth.js';
import { repeatedKey, twiceRefusal } from '../mcp/repeated-keys.js';
import { initializeProblem } from '../mcp/initialize.js';
import { RPC } from '../mcp/peer.js';
import { HEADER_MISMATCH, headerMismatch } from '../mcp/routing-headers.js';
import { MAX_REQUEST_LINE_BYTES } from '../mcp/stdio-line-transport.js';
import type { GrantedClient } from './grants.js';
import { versionRefusal } from './http-guard.js';
import { accepts, isMediaType } from './media-types.js';
import { isModernPost, modernRefusal } from './http-modern.js';
import { gatewayUnsupported } from './modern-requests.js';
import { refuse } from './http-refuse.js';
import type { HttpSession } from './http-session.js';
import type { SessionTable } from './http-sessions.js';
import type { ListenSettings, ProxySettings } from './settings.js';

/** Largest request body, as for one request line on stdio. */
export const MAX_BODY_BYTES = MAX_REQUEST_LINE_BYTES;
/** The bytes of request bodies one proxy keeps while reading them, all clients together (12 of the largest). */
export const MAX_READING_BYTES = 12 * MAX_BODY_BYTES;

/** Serves one POST of a client (its --grants client, when there are grants). */
export type PostHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  client: GrantedClient | undefined,
) => Promise<void>;

/** The POST handler of one front, over its session table. */
export function postHandler(settings: ProxySettings, table: SessionTable): PostHandler {
  const listen = settings.listen as ListenSettings;
  const reading = new BodyBudget(MAX_READING_BYTES);
  /** A 2026-07-28 request: checked as that revision's transport requires, then served by the shared session. */
  const modernPost = async (
    req: IncomingMessage,
    res: ServerResponse,
    m: RpcMessage,
    text: string,
    client: GrantedClient | undefined,
  ): Promise<void> => {
    // The gateway (--config) relays to several servers by its own session code, which speaks initialize only: 400
    // with the -32022 it gives on stdio, naming the revisions it serves, each with initialize (a review's find: the
    // two transports disagreed); a dual-era client (the SDK's probe) falls back to initialize; nothing reaches a
    // server.
    if (settings.servers !== undefined) {
      const { code, message, data } = gatewayUnsupported(m);
      return refuse(res, 400, `Bad Request: ${message}`, {}, code, m.id ?? null, data);
    }
    const refusal = modernRefusal(req, m);
    if (refusal === 'accepted') return void res.writeHead(202).end();
    if (refusal !== undefined)
      return refuse(res, refusal.status, refusal.message, {}, refusal.code, m.id ?? null, refusal.data);
    const session = await table.modern(client);
    if (session === undefined)
      return refuse(res, 502, "Bad Gateway: the MCP server could not be started (see the proxy's stderr)");
    session.request(m as RpcMessage & { id: string | number }, text, res);
  };

  const post = async (req: IncomingMessage, res: ServerResponse, client: GrantedClient | undefined): Promise<void> => {
    if (!isMediaType(req.headers['content-type'], 'application/json'))
      return refuse(res, 415, 'Unsupported Media Type: Content-Type must be application/json');
    // A coded body (gzip) is not the JSON text it would be read as (RFC 9110 §8.4: 415 for a coding not supported).
    const coding = req.headers['content-encoding'];
    if (coding !== undefined && coding.trim().toLowerCase() !== 'identity')
      return refuse(res, 415, 'Unsupported Media Type: a Content-Encoding other than identity is not read');
    if (!accepts(req, 'application/json') || !accepts(req, 'text/event-stream'))
      return refuse(res, 406, 'Not Acceptable: Accept must list application/json and text/event-stream');
    const body = await readBody(req, MAX_BODY_BYTES, reading);
    if (body === 'broken') return void res.destroy();
    if (body === 'not-utf8') return refuse(res, 400, 'Parse error: the body is not UTF-8', {}, RPC.parseError);
    if (body === 'busy') {
      const message = `Service Unavailable: bodies of ${MAX_READING_BYTES} bytes are being read, the limit`;
      return refuse(res, 503, message, { 'retry-after': '1' });
    }
    if (body === 'oversized')
      return refuse(res, 413, `Payload Too Large: the body is over ${MAX_BODY_BYTES} bytes, the limit`);
    let message: RpcMessage | undefined;
    let text = body;
    let problem: string | undefined;
    let problemId: string | number | null = null;
    readMessage(body, {
      message: (m, t) => {
        message = m;
        text = t;
      },
      bad: (why, id) => {
        problem = why;
        problemId = id;
      },
    });
    if (message === undefined) {
      if (problem === 'parse') return refuse(res, 400, 'Parse error: the body is not JSON', {}, RPC.parseError);
      if (problem === 'deep')
        return refuse(res, 400, `Invalid Request: the message is ${TOO_DEEP}`, {}, RPC.invalidRequest, problemId);
      const batch = body.trimStart().startsWith('[');
      return refuse(
        res,
        400,
        batch
          ? `Invalid Request: ${BATCH_NOT_SERVED} (MCP 2025-03-26 has them, 2025-06-18 removed them); send one message`
          : 'Invalid Request: not a JSON-RPC 2.0 message',
      );
    }
    const m = message as RpcMessage;
    // Read two ways, by the proxy and by whatever keeps the first of the two (a hunt's find): never served.
    const twice = repeatedKey(m, text);
    if (twice !== undefined)
      return refuse(
        res,
        400,
        `Invalid Request: ${twiceRefusal(twice)}`,
        {},
        RPC.invalidRequest,
        twice === 'id' ? null : (m.id ?? null),
      );
    const mismatch = headerMismatch(req, m);
    if (mismatch !== undefined) return refuse(res, 400, `Bad Request: ${mismatch}`, {}, HEADER_MISMATCH, m.id ?? null);
    const unsupported = versionRefusal(req, settings.servers !== undefined);
    if (unsupported !== undefined)
      return refuse(res, 400, unsupported.message, {}, unsupported.code, m.id ?? null, unsupported.data);
    if (isModernPost(req, m)) return modernPost(req, res, m, text, client);
    const isRequest = typeof m.method === 'string' && m.id !== undefined && m.id !== null;
    let session: HttpSession | undefined;
    if (m.method === 'initialize' && table.shared === undefined) {
      if (req.headers['mcp-session-id'] !== undefined)
        return refuse(res, 400, 'Bad Request: initialize opens a session; send it without Mcp-Session-Id');
      // Checked before anything starts: a session exists only for an initialize that can learn its id.
      const problem = initializeProblem(m);
      if (problem === 'notification')
        return refuse(res, 400, 'Invalid Request: initialize must be a request with an id; no session was opened');
      if (problem !== undefined)
        return refuse(res, 400, `Invalid params: ${problem}; no session was opened`, {}, RPC.invalidParams, m.id);
      const opened = await table.open(client);
      if (opened === 'busy')
        return refuse(res, 503, `Service Unavailable: ${listen.maxSessions} sessions are open (--max-sessions)`, {
          'retry-after': '5',
        });
      if (opened === 'failed')
        return refuse(res, 502, "Bad Gateway: the MCP server could not be started (see the proxy's stderr)");
      session = opened;
    } else session = table.of(req, res, client);
    if (session === undefined) return;
    if (isRequest) session.request(m as RpcMessage & { id: string | number }, text, res);
    else {
      session.accept(m, text);
      res.writeHead(202).end();
    }
  };

  return post;
}
