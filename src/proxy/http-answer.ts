// The end of a POST's response: the one message that answers it, as JSON, or as the last SSE event when the
// response had become a stream (a message of the request's went first). A tools/list answer comes in pieces whose
// middle is bytes made once per admitted catalog (src/proxy/admission.ts): they are written as they are, corked,
// never encoded again.
import type { ServerResponse } from 'node:http';
import { RPC } from '../mcp/rpc-codes.js';
import { HEADER_MISMATCH } from '../mcp/routing-headers.js';
import { SSE_EVENT, sseEvent } from '../mcp/sse.js';
import { isOwnRefusal } from './own-refusals.js';

/** The headers of an SSE response. */
export const SSE_HEADERS = {
  'content-type': 'text/event-stream',
  'cache-control': 'no-cache',
  connection: 'keep-alive',
};

/**
 * The status of a POST whose answer is `error`: when the proxy refused the request itself (own-refusals.ts), a
 * header that disagrees with the body is a 400 (MCP 2026-07-28, Streamable HTTP, "Server Validation"), a method not
 * served to a 2026-07-28 request a 404 with its -32601 ("Protocol Version Header"); 200 otherwise (JSON-RPC errors
 * of earlier revisions ride on 200), and always for a server's error relayed: its code says nothing of this
 * transport (a hunt's find).
 */
export function answerStatus(error: unknown, modern: boolean): number {
  if (!isOwnRefusal(error)) return 200;
  const code = (error as { code?: unknown }).code;
  return code === HEADER_MISMATCH ? 400 : code === RPC.methodNotFound && modern ? 404 : 200;
}

/** A message's text for the client, whole or in pieces written in order. */
export type AnswerBody = string | readonly (string | Uint8Array)[];

/** Ends `res` with `body`; `headers` go with a JSON answer (its content type and length are added). */
export function writeAnswer(
  res: ServerResponse,
  body: AnswerBody,
  status: number,
  headers: Readonly<Record<string, string>>,
): void {
  if (res.writableEnded || res.destroyed) return;
  const json = (length: number): Record<string, string> => ({
    'content-type': 'application/json',
    'content-length': String(length),
    ...headers,
  });
  const only = typeof body === 'string' ? body : body.length === 1 ? body[0] : undefined;
  if (typeof only === 'string') {
    if (res.headersSent) res.end(sseEvent(only));
    else {
      // With its length given, headers and body go out in one write, not as chunks.
      res.writeHead(status, json(Buffer.byteLength(only)));
      res.end(only);
    }
    return;
  }
  const chunks = body as readonly (string | Uint8Array)[];
  const sse = res.headersSent;
  res.cork();
  if (sse) res.write(SSE_EVENT.head);
  else {
    let length = 0;
    for (const chunk of chunks) length += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.byteLength;
    res.writeHead(status, json(length));
  }
  for (const chunk of chunks) res.write(chunk);
  res.end(sse ? SSE_EVENT.tail : undefined);
  res.uncork();
}
