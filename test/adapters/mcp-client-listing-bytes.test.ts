// The proxy charges each tools/list page's text against the listing's MAX_LISTING_BYTES
// (src/proxy/upstream-listing.ts). guardClient charged only the cursors: a server answering pages of 25 MB each was
// followed to maxPages, every page held, before anything refused it (a hunt's find). Now each page is charged its
// JSON text, and the listing stops once the pages together pass the bound.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { guardClient } from '../../src/adapters/mcp-client.js';
import { MAX_LISTING_BYTES } from '../../src/catalog/mcp-pages.js';

const BIG = 'a'.repeat(25 * 1024 * 1024);

/** A client of a server whose every tools/list page holds one tool of 25 MB and a next cursor; `asked` counts. */
async function pagingClient(asked: { pages: number }): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  serverSide.onmessage = (m: JSONRPCMessage) => {
    const message = m as { id?: number; method?: string };
    if (message.id === undefined) return;
    let result: unknown = {};
    if (message.method === 'initialize')
      result = { protocolVersion: '2025-06-18', capabilities: { tools: {} }, serverInfo: { name: 'r', version: '1' } };
    if (message.method === 'tools/list') {
      asked.pages++;
      const tool = { name: `t${asked.pages}`, description: BIG, inputSchema: { type: 'object' } };
      result = { tools: [tool], nextCursor: `c${asked.pages}` };
    }
    void serverSide.send({ jsonrpc: '2.0', id: message.id, result } as JSONRPCMessage);
  };
  await serverSide.start();
  const client = new Client({ name: 't', version: '0' });
  await client.connect(clientSide);
  return client;
}

describe('guardClient and a listing past MAX_LISTING_BYTES', () => {
  it('stops at the page that passes the bound, as the proxy does', async () => {
    const asked = { pages: 0 };
    const client = await pagingClient(asked);
    const admitted = await guardClient(client, { maxPages: 5 }).admit();
    expect(admitted.ok).toBe(false);
    if (admitted.ok) return;
    expect(admitted.error.message).toBe(`tools/list pages held more than ${MAX_LISTING_BYTES} bytes together`);
    expect(asked.pages).toBe(3);
    await client.close();
  });
});
