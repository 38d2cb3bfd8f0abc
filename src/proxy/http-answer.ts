// The end of a POST's response: the one message that answers it, as JSON, or as the last SSE event when the
// response had become a stream (a message of the request's went first). A tools/list answer comes in pieces whose
// middle is bytes made once per admitted catalog (src/proxy/admission.ts): they are written as they are, corked,
// never encoded again.
import type { ServerResponse } from 'node:http';
import { SSE_EVENT, sseEvent } from '../mcp/sse.js';

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
