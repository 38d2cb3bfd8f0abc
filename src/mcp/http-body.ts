// A request body read whole, within a bound. Past the bound nothing more is kept, but the rest is still read (up
// to a few times the bound) so that a client still writing its body can read the 413 that follows; past that the
// 413 is sent at once and the connection closed after it. Decoded as UTF-8 only once complete, so a character
// split across two chunks is read right.
import type { IncomingMessage } from 'node:http';

/** How many times the bound a body that is too large is still read to its end (cheaply: nothing is kept). */
const DRAIN_FACTOR = 4;

/** The body as text, `oversized` (answer 413, closing the connection), or `broken` (the connection failed). */
export function readBody(req: IncomingMessage, maxBytes: number): Promise<string | 'oversized' | 'broken'> {
  return new Promise((resolve) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes * DRAIN_FACTOR) {
      resolve('oversized');
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size <= maxBytes) chunks.push(chunk);
      else if (size > maxBytes * DRAIN_FACTOR) {
        req.off('data', onData);
        req.pause();
        resolve('oversized');
      }
    };
    req.on('data', onData);
    req.on('end', () => resolve(size > maxBytes ? 'oversized' : Buffer.concat(chunks).toString('utf8')));
    req.on('error', () => resolve('broken'));
    req.on('aborted', () => resolve('broken'));
  });
}
