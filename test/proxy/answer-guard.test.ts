// A request answered after an await must never become an unhandled rejection (it ends the proxy's process, every
// session with it): a throw there is answered as an error and told to the host.
import { describe, expect, it } from 'vitest';
import type { Channel } from '../../src/mcp/channel.js';
import { Peer } from '../../src/mcp/peer.js';
import { guardAnswer } from '../../src/proxy/answer-guard.js';

/** A peer whose channel records what is sent; `throws` makes every send throw. */
function recordingPeer(throws = false): { peer: Peer; sent: object[] } {
  const sent: object[] = [];
  const peer = new Peer();
  peer.channel = {
    send: (m: object) => {
      if (throws) throw new RangeError('Maximum call stack size exceeded');
      sent.push(m);
    },
    sendResult: () => undefined,
    backlog: () => 0,
    close: () => undefined,
  } satisfies Channel;
  return { peer, sent };
}

describe('guardAnswer', () => {
  it('answers a request whose work threw with an internal error, and tells the host why', async () => {
    const { peer, sent } = recordingPeer();
    const warned: string[] = [];
    guardAnswer(
      Promise.reject(new RangeError('Maximum call stack size exceeded')),
      (r) => peer.respond('q', r),
      (l) => warned.push(l),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent).toEqual([
      { jsonrpc: '2.0', id: 'q', error: { code: -32603, message: 'the proxy could not answer this request' } },
    ]);
    expect(warned).toEqual(['a request could not be answered: Maximum call stack size exceeded']);
  });

  it('leaves nothing unhandled when even the error answer cannot be written', async () => {
    const { peer } = recordingPeer(true);
    const unhandled: unknown[] = [];
    const note = (reason: unknown): void => void unhandled.push(reason);
    process.on('unhandledRejection', note);
    try {
      guardAnswer(
        Promise.reject(new Error('x')),
        (r) => peer.respond(1, r),
        () => undefined,
      );
      await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      process.off('unhandledRejection', note);
    }
    expect(unhandled).toEqual([]);
  });

  it('does nothing more once the work answered', async () => {
    const { peer, sent } = recordingPeer();
    guardAnswer(
      Promise.resolve(),
      (r) => peer.respond(1, r),
      () => undefined,
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent).toEqual([]);
  });
});
