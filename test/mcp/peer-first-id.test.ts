// A review's find: once the proxy numbered its requests from 0 (as the MCP SDK's client does, so that check and lock
// send a server the proxy's bytes), a server's first request relayed to a client went as id 0, and the SDK's client
// ignores a cancellation of request 0 (`if (!requestId) return`): it ran on after the server cancelled it. A peer
// toward a server numbers from 0 (src/proxy/upstream.ts), one toward a client from 1.
import { describe, expect, it } from 'vitest';
import { Peer } from '../../src/mcp/peer.js';

/** The ids of a peer's first two requests, as written to its channel. */
function firstIds(peer: Peer): unknown[] {
  const sent: unknown[] = [];
  peer.channel = {
    send: (m: object) => void sent.push((m as { id?: unknown }).id),
    sendResult: () => undefined,
    backlog: () => 0,
  } as unknown as Peer['channel'];
  peer.request('ping', undefined);
  peer.request('ping', undefined);
  return sent;
}

describe("a peer's request ids", () => {
  it('start at 1 toward a client (the SDK client ignores a cancellation of request 0)', () => {
    expect(firstIds(new Peer())).toEqual([1, 2]);
  });
  it('start at 0 toward a server, as the SDK client that check and lock list with numbers them', () => {
    expect(firstIds(new Peer(0))).toEqual([0, 1]);
  });
});
