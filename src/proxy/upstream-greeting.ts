// What the proxy says to a server before it lists its tools, and how it answers what the server sends meanwhile:
// one place, read by the proxy's start (upstream.ts) and by `check`/`lock` (http-lister.ts, stdio-lister.ts). A
// server that could tell a lister from the proxy by what it is sent could show `lock` one catalog and the proxy
// another (a hunt's find: the listers spoke through the MCP SDK's clients, with headers and member order of their
// own).
import { maskSecrets } from '../exec/mask-secrets.js';
import { clip } from '../util/describe-value.js';
import type { ChannelSink } from '../mcp/channel.js';
import { CLIENT_CAPABILITIES, PROXY_CLIENT_NAME } from '../mcp/client-capabilities.js';
import { protoMemberPath, protoRefusal } from '../mcp/forward.js';
import { packageVersion } from '../mcp/implementation.js';
import { TOO_DEEP } from '../mcp/message-depth.js';
import { Peer, type Reply, RPC } from '../mcp/peer.js';
import { startupReply } from '../mcp/startup-replies.js';
import { NEWEST_INITIALIZE, PROTOCOL_REVISIONS, type ProtocolRevision, revisionOf } from '../mcp/versions.js';
import { seldomSaid } from './seldom-said.js';

/** Longest message read from the server; a result past --max-result is refused later, by size. */
export const MAX_UPSTREAM_MESSAGE_BYTES = 64 * 1024 * 1024;

/** A server's side before a session takes it: its peer, the sink its channel reports to, whether it changed. */
export interface Greeting {
  readonly peer: Peer;
  readonly sink: Pick<ChannelSink, 'message' | 'bad' | 'closed'>;
  /** Whether the server sent tools/list_changed since (a session that takes it admits again). */
  changed(): boolean;
}

/** A peer for a server not yet initialized; `say` takes the lines about what the server did wrong. */
export function greeting(say: (line: string) => void): Greeting {
  // Ids from 0 (src/mcp/peer.ts).
  const peer = new Peer(0);
  // Until a session sets its own handlers, a tools/list_changed would go nowhere: it is remembered instead.
  let changed = false;
  peer.handlers = {
    request: (m) => peer.respond(m.id, startupReply(m.method as string)),
    notification: (m) => {
      if (m.method === 'notifications/tools/list_changed') changed = true;
    },
  };
  // What the server may leave unread of what the proxy writes: one line of the most a message may be. Past it, its
  // answers and notifications are dropped and requests to it answered with an error, unsent (peer.ts).
  peer.maxUnread = MAX_UPSTREAM_MESSAGE_BYTES;
  peer.refusesUnread = true;
  let toldUnread = false;
  peer.droppedUnread = () => {
    if (toldUnread) return;
    toldUnread = true;
    const bound = `${MAX_UPSTREAM_MESSAGE_BYTES >> 20} MiB`;
    say(`the server left over ${bound} unread: answers and notifications to it are dropped, requests refused`);
  };
  // A server can write such messages without end, on stdio as over HTTP (a hunt's find): said seldom, counted.
  const dropped = seldomSaid(say);
  const sink: Greeting['sink'] = {
    message: (m, text, related) => peer.deliver(m, text, related),
    bad: (why, id) => {
      const reason = why === 'deep' ? TOO_DEEP : why;
      if (id !== null)
        peer.respond(id, { error: { code: RPC.invalidRequest, message: `invalid message (${reason})` } });
      else
        dropped(
          (before) =>
            `the server wrote a message that is not JSON-RPC (${reason}); it was dropped` +
            (before === 0 ? '' : `, as were ${before} more since this was last said`),
        );
    },
    closed: () => undefined,
  };
  return { peer, sink, changed: () => changed };
}

/** Sends the server toolgate's `initialize`; the reply settles the promise. */
export function sendInitialize(peer: Peer, timeoutMs: number): Promise<Reply> {
  const params = {
    protocolVersion: NEWEST_INITIALIZE.version,
    capabilities: CLIENT_CAPABILITIES,
    clientInfo: { name: PROXY_CLIENT_NAME, version: packageVersion() },
  };
  return peer.request('initialize', params, timeoutMs).reply;
}

/**
 * The revision of a server's initialize result, or why it cannot be spoken to. MCP "Lifecycle", version
 * negotiation: a server may answer with another revision; one toolgate does not speak ends start-up (its messages
 * could not be checked by that revision's rules). The result is passed on to every client: no `__proto__` member.
 */
export function initializeRevision(
  result: unknown,
  secrets: readonly string[],
): { readonly revision: ProtocolRevision } | { readonly why: string } {
  const answered = (result as { protocolVersion?: unknown } | null)?.protocolVersion;
  const revision = revisionOf(answered);
  if (revision === undefined || revision.era !== 'initialize') {
    const spoken = PROTOCOL_REVISIONS.filter((r) => r.era === 'initialize').map((r) => r.version);
    const named = typeof answered === 'string' ? JSON.stringify(clip(maskSecrets(answered, secrets), 40)) : 'none';
    return { why: `answered "initialize" with protocol version ${named}; toolgate speaks ${spoken.join(', ')}` };
  }
  const proto = protoMemberPath(result);
  if (proto !== undefined) return { why: `answered "initialize" with what the proxy refuses: ${protoRefusal(proto)}` };
  return { revision };
}
