// The bound on connections `--listen` holds at once (`--max-connections`). Every other bound is on what a
// connection carries; without this one a client reopening connections faster than the 10 s idle close holds as many
// as it likes, each an fd and some memory: 30,000 opened at once took the proxy to 19,991 of its 20,000 fds and
// +200 MB RSS, and past the fd limit no session server can be started. A connection past the bound is answered at
// once with 503 and closed.
import type { Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { RPC } from '../mcp/peer.js';
import { seldomSaid } from './seldom-said.js';

/** The 503 of a connection past the bound, whole: written before node:http has parsed anything of it. */
function refusal(max: number): string {
  const message = `Service Unavailable: ${max} connections are open (--max-connections)`;
  const body = JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: RPC.internalError, message } });
  const head = ['HTTP/1.1 503 Service Unavailable', 'Content-Type: application/json', 'Connection: close'];
  return `${[...head, 'Retry-After: 1', `Content-Length: ${Buffer.byteLength(body)}`].join('\r\n')}\r\n\r\n${body}`;
}

/**
 * Holds `server` to `max` connections at once: one past it gets 503 and is closed; stderr says so seldom
 * (src/proxy/seldom-said.ts), with how many were refused (a client retrying in a loop would flood it). What it
 * returns tells a refused connection: a request node:http still parses on one is not served (no session is opened
 * for it).
 */
export function boundConnections(
  server: Server,
  max: number,
  say: (line: string) => void,
): (socket: Socket) => boolean {
  const answer = refusal(max);
  const refused = new WeakSet<Socket>();
  let open = 0;
  const said = seldomSaid(say);
  // Ahead of node:http's own listener, so that the answer is the first thing written on the connection.
  server.prependListener('connection', (socket: Socket) => {
    if (open >= max) {
      refused.add(socket);
      socket.on('error', () => undefined);
      socket.end(answer);
      socket.destroySoon();
      said((before) => `${max} connections are open (--max-connections): ${before + 1} more answered 503 and closed`);
      return;
    }
    open++;
    socket.once('close', () => open--);
  });
  return (socket) => refused.has(socket);
}

/**
 * What closes a connection whose request was pipelined (RFC 9112 §9.3: sent before the answer to the one before it):
 * node:http queues its response off the socket (`res.socket` null), where neither `destroy` acts nor `close` comes,
 * even once the client is gone, and the limits on unread answers, waiting requests and idle sessions all count on
 * both (a hunt's find: 100 pipelined 4 MB answers never read held 877 MB of one session, three such sessions aborted
 * a 1 GB proxy; a closed connection's pipelined call kept its session, and its --max-sessions slot, for good). No MCP
 * client pipelines (fetch, the SDKs): such a connection is closed, its earlier request's answer with it. The function
 * returned says whether it closed `res`'s; stderr says so seldom (src/proxy/seldom-said.ts).
 */
export function pipeliningRefused(say: (line: string) => void): (res: ServerResponse) => boolean {
  const said = seldomSaid(say);
  return (res) => {
    if (res.socket !== null) return false;
    res.req.socket.destroy();
    said(() => 'a client pipelined requests on one connection (HTTP/1.1 pipelining is not served): closed');
    return true;
  };
}
