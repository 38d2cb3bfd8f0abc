// A raw MCP server over the SDK's in-memory transport, for guardClient's tests: it answers `initialize` and
// `tools/list` (the given tools) itself and hands every other message to the test, which sees exactly what
// guardClient sent. The SDK's real Client is connected to it.
import { Client, type ClientOptions } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/** A message the raw server received. */
export interface RawMessage {
  readonly id?: number;
  readonly method?: string;
  readonly params?: Record<string, unknown>;
}

/**
 * A Client connected to a raw server listing `tools`; `handle` gets every other message and returns the result to
 * answer a request with (undefined: no answer, ever). `options`: the Client's own (its jsonSchemaValidator).
 */
export async function rawServerClient(
  tools: readonly object[],
  handle: (message: RawMessage) => unknown,
  protocolVersion = '2025-06-18',
  options?: ClientOptions,
): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  serverSide.onmessage = (m: JSONRPCMessage) => {
    const message = m as RawMessage;
    const answer = (result: unknown): void => {
      if (message.id !== undefined && result !== undefined)
        void serverSide.send({ jsonrpc: '2.0', id: message.id, result } as JSONRPCMessage);
    };
    if (message.method === 'initialize')
      return answer({ protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'r', version: '1' } });
    if (message.method === 'tools/list') return answer({ tools });
    return answer(handle(message));
  };
  await serverSide.start();
  const client = new Client({ name: 't', version: '0' }, options);
  await client.connect(clientSide);
  return client;
}
