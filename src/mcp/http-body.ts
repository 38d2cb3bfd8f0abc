// A request body read whole, within a bound. Past the bound nothing more is kept, but the rest is still read (up
// to a few times the bound) so that a client still writing its body can read the 413 that follows; past that the
// 413 is sent at once and the connection closed after it. Decoded as UTF-8 only once complete, so a character
// split across two chunks is read right; a body that is not UTF-8 is `not-utf8`, never read with U+FFFD in place of its
// bytes (MCP "Transports": messages MUST be UTF-8; a call would reach its server with a value its client never sent).
import { isUtf8 } from 'node:buffer';
import type { IncomingMessage } from 'node:http';

/** How many times the bound a body that is too large is still read to its end (cheaply: nothing is kept). */
const DRAIN_FACTOR = 4;

/**
 * The bytes of bodies a server keeps while it reads them, across all its requests: each body is bounded, but
 * without this many clients writing large bodies at once (each within the request timeout) would fill memory.
 */
export class BodyBudget {
  private used = 0;
  constructor(readonly maxBytes: number) {}
  /** Takes `bytes` if they fit; whether they did. */
  take(bytes: number): boolean {
    if (this.used + bytes > this.maxBytes) return false;
    this.used += bytes;
    return true;
  }
  /** Gives back what a read took. */
  give(bytes: number): void {
    this.used -= bytes;
  }
}

/**
 * The body as text, `oversized` (answer 413, closing the connection), `busy` (the budget's bytes are taken by
 * other bodies: answer 503, closing the connection), `not-utf8` or `broken` (the connection failed).
 */
export function readBody(
  req: IncomingMessage,
  maxBytes: number,
  budget?: BodyBudget,
): Promise<string | 'oversized' | 'busy' | 'not-utf8' | 'broken'> {
  let taken = 0;
  return new Promise<string | 'oversized' | 'busy' | 'not-utf8' | 'broken'>((resolve) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes * DRAIN_FACTOR) {
      resolve('oversized');
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size <= maxBytes) {
        if (budget !== undefined && !budget.take(chunk.length)) {
          req.off('data', onData);
          req.pause();
          resolve('busy');
          return;
        }
        taken += chunk.length;
        chunks.push(chunk);
      } else if (size > maxBytes * DRAIN_FACTOR) {
        req.off('data', onData);
        req.pause();
        resolve('oversized');
      }
    };
    req.on('data', onData);
    req.on('end', () => {
      if (size > maxBytes) return resolve('oversized');
      const bytes = Buffer.concat(chunks);
      resolve(isUtf8(bytes) ? bytes.toString('utf8') : 'not-utf8');
    });
    req.on('error', () => resolve('broken'));
    req.on('aborted', () => resolve('broken'));
  }).finally(() => budget?.give(taken));
}
