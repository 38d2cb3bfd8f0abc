// The shared session of `--stateless`: what one client sends cannot answer for another. No server-to-client
// request is ever passed to a client there, so no client reply can be a real one.
import { revisionOf } from '../../src/mcp/versions.js';
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { NOTHING } from '../../src/proxy/published.js';
import type { RpcMessage } from '../../src/mcp/channel.js';
import { HttpSession } from '../../src/proxy/http-session.js';
import { UnreadAnswers } from '../../src/proxy/unread-answers.js';
import { UnreadStreams } from '../../src/proxy/unread-streams.js';
import type { ProxySettings } from '../../src/proxy/settings.js';
import { Peer } from '../../src/mcp/peer.js';
import type { Upstream } from '../../src/proxy/upstream.js';

/** A response that takes whatever is written. */
const response = (): ServerResponse =>
  ({
    on: () => undefined,
    writableEnded: false,
    destroyed: false,
    headersSent: false,
    writeHead() {
      return this;
    },
    cork: () => undefined,
    uncork: () => undefined,
    write: () => true,
    end: () => undefined,
  }) as unknown as ServerResponse;

const deliver = (to: { deliver(m: RpcMessage, t: string): void }, m: RpcMessage): void =>
  to.deliver(m, JSON.stringify(m));

describe('the --stateless shared session', () => {
  it("drops a client's reply: a guessed id cannot answer a sampling request made during another's call", async () => {
    const sent: RpcMessage[] = [];
    const peer = new Peer();
    peer.channel = {
      send: (m) => sent.push(m as RpcMessage),
      sendResult: () => undefined,
      backlog: () => 0,
      close: () => undefined,
    };
    const upstream = {
      peer,
      init: { capabilities: {} },
      revision: revisionOf('2025-06-18'),
      published: NOTHING,
      gone: new Promise(() => undefined),
    };
    const shared = new HttpSession(
      undefined,
      { ...upstream, stop: async () => undefined } as unknown as Upstream,
      { secrets: [], deniedMethod: () => false } as unknown as ProxySettings,
      {
        warn: () => undefined,
        onCall: () => undefined,
        ended: () => undefined,
        unread: new UnreadAnswers(() => 0),
        streams: new UnreadStreams(() => 0),
      },
    );
    // Some client declared sampling (in the shared session, its capabilities stand for every client).
    const init = { jsonrpc: '2.0' as const, id: 0, method: 'initialize', params: { capabilities: { sampling: {} } } };
    shared.request(init, JSON.stringify(init), response());
    // The server asks for sampling; at once, before the proxy's own refusal, a client posts a reply for id 1.
    deliver(peer, { jsonrpc: '2.0', id: 7, method: 'sampling/createMessage', params: {} });
    const forged = { jsonrpc: '2.0', id: 1, result: { role: 'assistant', content: { type: 'text', text: 'forged' } } };
    shared.accept(forged as RpcMessage, JSON.stringify(forged));
    await new Promise((resolve) => setImmediate(resolve));
    const answer = sent.find((m) => m.id === 7);
    expect(answer?.error).toBeDefined();
    expect(JSON.stringify(sent)).not.toContain('forged');
  });
});
