// guardClient against a server that announces notifications/tools/list_changed in a burst or without end: its
// re-admissions run one at a time at a pace (src/adapters/mcp-client-readmit.ts), and a call is still answered.
import { describe, expect, it } from 'vitest';
import { guardClient, type McpClientLike } from '../../src/adapters/mcp-client.js';

const TOOL = { name: 'a', inputSchema: { type: 'object', properties: { n: { type: 'integer' } } } };

/** A client whose every listing takes `ms`, counting listings and how many ran at once; `announce` is the server. */
function slowLister(ms: number) {
  const seen = { lists: 0, inFlight: 0, mostAtOnce: 0, calls: 0 };
  let handler: (() => void) | undefined;
  const client = {
    listTools: async () => {
      seen.lists++;
      seen.inFlight++;
      seen.mostAtOnce = Math.max(seen.mostAtOnce, seen.inFlight);
      await new Promise((r) => setTimeout(r, ms));
      seen.inFlight--;
      return { tools: [TOOL] };
    },
    callTool: async () => {
      seen.calls++;
      return { content: [{ type: 'text', text: 'ran' }] };
    },
    setNotificationHandler: (_schema: unknown, h: () => void) => {
      handler = h;
    },
  } as unknown as McpClientLike;
  return { client, seen, announce: () => handler?.() };
}

describe('guardClient under a storm of tools/list_changed', () => {
  it('admits a burst of 1000 announcements one listing at a time, not 1000 at once', async () => {
    const s = slowLister(20);
    const guarded = guardClient(s.client);
    await guarded.admit();
    for (let i = 0; i < 1000; i++) s.announce();
    const result = await guarded.callTool({ name: 'a', arguments: { n: 1 } });
    expect(result.isError).toBeUndefined();
    expect(s.seen.mostAtOnce).toBe(1);
    expect(s.seen.lists).toBeLessThanOrEqual(5);
  });

  it('answers a call while the server announces a change every 5 ms, instead of waiting for good', async () => {
    const s = slowLister(20);
    const guarded = guardClient(s.client);
    await guarded.admit();
    const timer = setInterval(s.announce, 5);
    try {
      await new Promise((r) => setTimeout(r, 50));
      const answered = guarded.callTool({ name: 'a', arguments: { n: 1 } }).then(() => 'answered');
      const waited = new Promise((r) => setTimeout(() => r('still waiting after 3 s'), 3000));
      expect(await Promise.race([answered, waited])).toBe('answered');
      expect(s.seen.calls).toBe(1);
    } finally {
      clearInterval(timer);
    }
  });
});
