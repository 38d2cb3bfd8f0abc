// What a Peer holds for requests that will never be answered, and what it writes to a side that reads nothing:
// a cancelled request is settled at once and its answer never sent (MCP 2025-06-18, "Cancellation"); a side
// more than maxUnread bytes behind gets no more answers, nor notifications.
import { describe, expect, it } from 'vitest';
import type { Channel } from '../../src/mcp/channel.js';
import { CANCELLED, Peer } from '../../src/mcp/peer.js';

/** A peer whose channel records what is sent, with a backlog the test sets. */
function recordingPeer(): { peer: Peer; sent: object[]; behind: { bytes: number }; told: (string | number)[] } {
  const sent: object[] = [];
  const told: (string | number)[] = [];
  const behind = { bytes: 0 };
  const peer = new Peer();
  peer.channel = {
    send: (m: object) => sent.push(m),
    sendResult: (id, text) => sent.push({ id, text }),
    backlog: () => behind.bytes,
    close: () => undefined,
    cancelled: (id) => told.push(id),
  } satisfies Channel;
  return { peer, sent, behind, told };
}

describe('Peer: a request that timed out', () => {
  it('is cancelled toward the other side and its exchange abandoned; initialize is never cancelled', async () => {
    const sent: object[] = [];
    const abandoned: number[] = [];
    const peer = new Peer();
    peer.channel = {
      send: (m: object) => sent.push(m),
      sendResult: () => undefined,
      backlog: () => 0,
      close: () => undefined,
      abandoned: (id) => abandoned.push(id),
    } satisfies Channel;
    const list = peer.request('tools/list', {}, 10);
    expect((await list.reply) as object).toMatchObject({
      error: { message: 'no answer to "tools/list" within 10 ms' },
    });
    const init = peer.request('initialize', {}, 10);
    await init.reply;
    // Before the fix neither: a server never answering a re-admission's listing held an HTTP exchange for each.
    expect(abandoned).toEqual([list.id, init.id]);
    const cancels = sent.filter((m) => (m as { method?: string }).method === 'notifications/cancelled');
    expect(cancels).toEqual([
      { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: list.id, reason: 'timeout' } },
    ]);
  });

  it('is cancelled toward a side past maxUnread too (a server that stopped reading)', async () => {
    const sent: object[] = [];
    const peer = new Peer();
    peer.maxUnread = 10;
    peer.channel = {
      send: (m: object) => sent.push(m),
      sendResult: () => undefined,
      backlog: () => 1000,
      close: () => undefined,
    } satisfies Channel;
    const list = peer.request('tools/list', {}, 10);
    await list.reply;
    expect(sent).toEqual([
      { jsonrpc: '2.0', id: list.id, method: 'tools/list', params: {} },
      { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: list.id, reason: 'timeout' } },
    ]);
  });
});

describe('Peer: settling what is never answered', () => {
  it('abandon settles the request now with CANCELLED; a reply after it is dropped', async () => {
    const { peer } = recordingPeer();
    const { id, reply } = peer.request('tools/call', {});
    peer.abandon(id);
    expect(await reply).toBe(CANCELLED);
    // The server's late answer finds nothing waiting (and nothing throws).
    peer.deliver({ jsonrpc: '2.0', id, result: {} }, '{}');
    peer.abandon(id);
  });

  it('sends no answer for CANCELLED, tells the channel; a request reusing the id is answered', () => {
    const { peer, sent, told } = recordingPeer();
    // The client cancelled "c1", then (the same read) sent a new request "c1" the proxy answers at once: the
    // answer to the new one is sent, and the cancelled one's settling sends nothing, whichever comes first.
    peer.respond('c1', { result: { fresh: true } });
    peer.respond('c1', CANCELLED);
    peer.respondText(2, '{}');
    expect(sent).toEqual([
      { jsonrpc: '2.0', id: 'c1', result: { fresh: true } },
      { id: 2, text: '{}' },
    ]);
    expect(told).toEqual(['c1']);
    // A copy with the same text is an answer like any other: only the abandoned reply itself is held back.
    peer.respond('c1', { error: { ...CANCELLED.error } });
    expect(sent).toHaveLength(3);
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

  it('sends no notification to a side more than maxUnread behind, and tells the host', () => {
    const { peer, sent, behind } = recordingPeer();
    let told = 0;
    peer.maxUnread = 1024;
    peer.droppedUnread = () => told++;
    peer.notify('notifications/progress', { progressToken: 1, progress: 1 });
    behind.bytes = 1025;
    peer.notify('notifications/progress', { progressToken: 1, progress: 2 });
    expect(sent).toEqual([
      { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 1, progress: 1 } },
    ]);
    expect(told).toBe(1);
  });

  // Found by a hunt: a gateway's server flooding log messages toward a client that reads, but slower, filled the
  // whole bound with them, and past it every other server's answers were dropped (calls timed out while logged as
  // forwarded). Notifications go at a quarter of the bound; answers and requests still go up to all of it.
  it('drops notifications at a quarter of maxUnread, answers only past all of it', () => {
    const { peer, sent, behind } = recordingPeer();
    peer.maxUnread = 1024;
    behind.bytes = 257;
    peer.notify('notifications/message', { level: 'info', data: 'flood' });
    peer.respond(7, { result: { answered: true } });
    const { reply } = peer.request('sampling/createMessage', {});
    expect(sent).toEqual([
      { jsonrpc: '2.0', id: 7, result: { answered: true } },
      expect.objectContaining({ method: 'sampling/createMessage' }),
    ]);
    void reply;
    behind.bytes = 256;
    peer.notify('notifications/message', { level: 'info', data: 'room again' });
    expect(sent).toHaveLength(3);
  });
});
