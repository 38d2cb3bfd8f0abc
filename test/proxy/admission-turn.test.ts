// A cold admission starts in an event-loop turn of its own: the listing's last page was parsed and hashed in the
// turn its reply came in, and admission's first slice run on in that turn made one hold of both (what other
// sessions waited behind). Watched from the listing's tools: their first read by admission comes after a turn
// scheduled when the reply came in.
import { describe, expect, it } from 'vitest';
import { proxySettings } from '../../src/cli/proxy-options.js';
import type { Peer } from '../../src/mcp/peer.js';
import { admitUpstream } from '../../src/proxy/admission.js';

describe("a cold admission's first turn", () => {
  it('comes after the turn that read the listing', async () => {
    const settings = proxySettings(['--url', 'http://127.0.0.1:9/mcp']);
    if (!settings.ok) throw new Error(settings.error.message);
    let turned = false;
    let firstRead: boolean | undefined;
    // Each tool tells when admission first reads it (ownData reads through getOwnPropertyDescriptor).
    const watched = (name: string): object =>
      new Proxy(
        { name, inputSchema: { type: 'object' } },
        {
          getOwnPropertyDescriptor: (target, key) => {
            firstRead ??= turned;
            return Reflect.getOwnPropertyDescriptor(target, key);
          },
        },
      );
    const result = { tools: [watched('a'), watched('b')] };
    const line = JSON.stringify({ jsonrpc: '2.0', id: 1, result: { tools: [{ name: 'a' }, { name: 'b' }] } });
    const upstream = {
      request: () => {
        // The turn after the one the reply is handled in.
        setImmediate(() => {
          turned = true;
        });
        return { id: 1, reply: Promise.resolve({ result, line, message: { jsonrpc: '2.0', id: 1, result } }) };
      },
    } as unknown as Peer;
    await admitUpstream(upstream, settings.value);
    expect(firstRead).toBe(true);
  });
});
