// Which JSON-RPC errors the proxy made itself. A transport signals only those in its own terms (over --listen a
// 2026-07-28 request's HeaderMismatch is HTTP 400, its unknown method 404: src/proxy/http-answer.ts); a server's
// error, whatever its code, is relayed as the JSON-RPC answer it is, on 200 (a hunt's find: a server's -32020
// became the proxy's 400, its -32601 to a 2026-07-28 call a 404 the MCP SDK client read as an HTTP failure). Known
// by the identity of the error object a refusal made, so nothing a client reads marks it, and no server can.
import type { RpcError } from '../mcp/peer.js';

const OWN = new WeakSet<object>();

/** The proxy's own refusal with `code`, `message` (and `data`), marked as its own. */
export function ownRefusal(code: number, message: string, data?: object): { readonly error: RpcError } {
  const error = { code, message, ...(data === undefined ? {} : { data }) };
  OWN.add(error);
  return { error };
}

/** Whether `error` is one the proxy made itself (ownRefusal). */
export function isOwnRefusal(error: unknown): boolean {
  return typeof error === 'object' && error !== null && OWN.has(error);
}

/** Marks `copy` (an own refusal rebuilt: masked of secrets) as the proxy's own when `original` is. */
export function keepOwn(original: unknown, copy: unknown): void {
  if (isOwnRefusal(original) && typeof copy === 'object' && copy !== null) OWN.add(copy);
}
