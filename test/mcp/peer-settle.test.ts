// What a Peer holds for requests that will never be answered, and what it writes to a side that reads nothing:
// a cancelled request is settled at once and its answer never sent (MCP 2025-06-18, "Cancellation"); a side
// more than maxUnread bytes behind gets no more answers.
import { describe, expect, it } from 'vitest';
import type { Channel } from '../../src/mcp/channel.js';
import { Peer } from '../../src/mcp/peer.js';

/** A peer whose channel records what is sent, with a backlog the test sets. */
function recordingPeer(): { peer: Peer; sent: object[]; behind: { bytes: number } } {
  const sent: object[] = [];
  const behind = { bytes: 0 };
  const peer = new Peer();
  peer.channel = {
    send: (m: object) => sent.push(m),
    sendResult: (id, text) => sent.push({ id, text }),
    backlog: () => behind.bytes,
    close: () => undefined,
  } satisfies Channel;
  return { peer, sent, behind };
}

describe('Peer: settling what is never answered', () => {
  it('abandon settles the request now with an error; a reply after it is dropped', async () => {
    const { peer } = recordingPeer();
    const { id, reply } = peer.request('tools/call', {});
    peer.abandon(id);
    expect(await reply).toEqual({ error: { code: -32603, message: 'the request was cancelled' } });
    // The server's late answer finds nothing waiting (and nothing throws).
    peer.deliver({ jsonrpc: '2.0', id, result: {} }, '{}');
    peer.abandon(id);
  });

  it('sends no answer to a request its sender cancelled, once; the next request of that id is answered', () => {
    const { peer, sent } = recordingPeer();
    peer.cancelledBySender('c1');
    peer.respond('c1', { error: { code: -32603, message: 'the request was cancelled' } });
    peer.respondText(2, '{}');
    expect(sent).toEqual([{ id: 2, text: '{}' }]);
    // A client may use an id again once its request was answered.
    peer.respond('c1', { result: {} });
    expect(sent).toEqual([
      { id: 2, text: '{}' },
      { jsonrpc: '2.0', id: 'c1', result: {} },
    ]);
  });

  it.each([
    [undefined, 1 << 30, 2],
    [1024, 1024, 2],
    [1024, 1025, 0],
  ])('maxUnread %s with %i bytes unread: %i answers sent', (maxUnread, bytes, count) => {
    const { peer, sent, behind } = recordingPeer();
    let told = 0;
    peer.maxUnread = maxUnread;
    peer.droppedUnread = () => told++;
    behind.bytes = bytes;
    peer.respond(1, { result: {} });
    peer.respondText(2, '{}');
    expect(sent).toHaveLength(count);
    expect(told).toBe(2 - count);
  });
});
