// A call through the bundle of guardClient(...).admit() that its deadline or the host's abort ends also ends the
// request to the server (the SDK sends notifications/cancelled, MCP "Cancellation"): it used to stay pending in the
// client, and running on the server, until the SDK's own 60 s timeout.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { describe, expect, it } from 'vitest';
import { guardClient } from '../../src/adapters/mcp-client.js';
import { rawServerClient } from './raw-server.js';

/** A raw server that never answers a tools/call, keeping the ids it got and the cancellations. */
async function connected(): Promise<{ client: Client; calls: unknown[]; cancelled: unknown[] }> {
  const calls: unknown[] = [];
  const cancelled: unknown[] = [];
  const client = await rawServerClient([{ name: 'hang', inputSchema: { type: 'object' } }], (message) => {
    if (message.method === 'notifications/cancelled') cancelled.push(message.params?.['requestId']);
    if (message.method === 'tools/call') calls.push(message.id);
    return undefined;
  });
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
