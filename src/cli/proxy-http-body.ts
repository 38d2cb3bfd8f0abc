// A request body read whole, within a bound: past it the body is no longer kept (the rest is drained so the
// answer can be read) and the caller answers 413. Decoded as UTF-8 only once complete, so a character split
// across two chunks is read right.
import type { IncomingMessage } from 'node:http';

/** The body as text, or `oversized`, or `broken` when the connection failed mid-body. */
export function readBody(req: IncomingMessage, maxBytes: number): Promise<string | 'oversized' | 'broken'> {
  return new Promise((resolve) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes) {
      req.resume();
      resolve('oversized');
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) over = true;
      if (!over) chunks.push(chunk);
    });
    req.on('end', () => resolve(over ? 'oversized' : Buffer.concat(chunks).toString('utf8')));
    req.on('error', () => resolve('broken'));
    req.on('aborted', () => resolve('broken'));
  });
}
