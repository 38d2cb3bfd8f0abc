// A call through the bundle of guardClient(...).admit() that its deadline or the host's abort ends also ends the
// request to the server (the SDK sends notifications/cancelled, MCP "Cancellation"): it used to stay pending in the
// client, and running on the server, until the SDK's own 60 s timeout.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { guardClient } from '../../src/adapters/mcp-client.js';

/** A raw server that never answers a tools/call, keeping the ids it got and the cancellations. */
async function connected(): Promise<{ client: Client; calls: unknown[]; cancelled: unknown[] }> {
  const calls: unknown[] = [];
  const cancelled: unknown[] = [];
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  serverSide.onmessage = (m: JSONRPCMessage) => {
    const message = m as { id?: number; method?: string; params?: { requestId?: unknown } };
    if (message.method === 'notifications/cancelled') cancelled.push(message.params?.requestId);
    if (message.id === undefined) return;
    const answer = (result: unknown) =>
      void serverSide.send({ jsonrpc: '2.0', id: message.id as number, result } as JSONRPCMessage);
    if (message.method === 'initialize')
      return answer({
        protocolVersion: '2025-06-18',
        capabilities: { tools: {} },
        serverInfo: { name: 'r', version: '1' },
      });
    if (message.method === 'tools/list') return answer({ tools: [{ name: 'hang', inputSchema: { type: 'object' } }] });
    if (message.method === 'tools/call') calls.push(message.id);
  };
  await serverSide.start();
  const client = new Client({ name: 't', version: '0' });
  await client.connect(clientSide);
  return { client, calls, cancelled };
}

describe("a bundle call's end ends its request to the server", () => {
  it.each([
    ['its deadline (timeoutMs)', (): { timeoutMs: number } => ({ timeoutMs: 50 })],
    ['the host aborting it', (): { signal: AbortSignal } => ({ signal: AbortSignal.timeout(50) })],
  ])('%s: the server is told, with the request id it got', async (_, options) => {
    const { client, calls, cancelled } = await connected();
    const admitted = await guardClient(client).admit();
    if (!admitted.ok) throw new Error(admitted.error.message);
    const r = await admitted.value.registry.call({ id: 'c', name: 'hang', arguments: {} }, options());
    expect(r.isError).toBe(true);
    for (let i = 0; i < 50 && cancelled.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(calls).toHaveLength(1);
    expect(cancelled).toEqual(calls);
    await client.close();
  });
});
