// What toolgate answers a server's own requests before any client is there: while the proxy starts a server and
// lists its tools, and while check or lock list it (through the same greeting: src/proxy/upstream-greeting.ts). The
// proxy left them unanswered and the MCP SDK's client (which check and lock listed with) answered `ping` and refused
// the rest at once, so a server that asked before listing could tell the lister from the proxy and show each a
// catalog of its own (a review's find). Both answer here: `ping` (MCP "Ping": a receiver answers promptly) with an
// empty result, anything else as a method not served.
import { RPC } from './rpc-codes.js';

/** The answer to a server's request of `method` made before a client is connected. */
export function startupReply(
  method: string,
): { result: Record<string, never> } | { error: { code: number; message: string } } {
  return method === 'ping' ? { result: {} } : { error: { code: RPC.methodNotFound, message: 'Method not found' } };
}
