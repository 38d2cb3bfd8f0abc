// The refusals /mcp answers with: a JSON-RPC error in an HTTP answer of the status given, after which the connection
// is closed.
import type { ServerResponse } from 'node:http';
import { RPC } from '../mcp/peer.js';

/**
 * Ends `res` with a JSON-RPC error (id null unless given: the request could not be read). The connection is
 * closed after it: node:http would otherwise read on whatever body a refused client keeps sending.
 */
export function refuse(
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
