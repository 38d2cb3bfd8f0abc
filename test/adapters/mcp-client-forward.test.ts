// guardClient forwards a tools/call rebuilt by the proxy's own code (src/mcp/forward.ts): the
// SDK's real Client, over an in-memory transport to a raw server that keeps every message it received. The attack
// params' own `__proto__` member never arrives, a call without arguments goes out with `{}`, `_meta` only when
// plain, and neither arguments nor a result carrying `__proto__` pass. The MCP validator seam refuses such a value.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { guardClient, type GuardedClient, type McpClientLike } from '../../src/adapters/mcp-client.js';
import { ToolgateJsonSchemaValidator } from '../../src/adapters/mcp-validator.js';
import { protoMemberPath } from '../../src/mcp/forward.js';
import { ATTACK, carriesProto } from '../cli/forward-fixture.js';

const TOOLS = [
  { name: 'echo', inputSchema: { type: 'object', properties: { msg: { type: 'string' } } } },
  { name: 'open', inputSchema: { type: 'object' } },
  { name: 'proto-result', inputSchema: { type: 'object' } },
];

/** Every tools/call params the raw server received. */
const calls: Record<string, unknown>[] = [];
let guarded: GuardedClient;

beforeAll(async () => {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  serverSide.onmessage = (m: JSONRPCMessage) => {
    const message = m as { id?: number; method?: string; params?: Record<string, unknown> };
    if (message.id === undefined) return;
    const answer = (result: unknown) =>
      void serverSide.send({ jsonrpc: '2.0', id: message.id as number, result } as JSONRPCMessage);
    switch (message.method) {
      case 'initialize':
        return answer({
          protocolVersion: '2025-06-18',
          capabilities: { tools: {} },
          serverInfo: { name: 'raw', version: '1' },
        });
      case 'tools/list':
        return answer({ tools: TOOLS });
      case 'tools/call':
        calls.push(message.params ?? {});
        if (message.params?.['name'] === 'proto-result')
          return answer(
            JSON.parse('{"content":[{"type":"text","text":"ok"}],"structuredContent":{"__proto__":{"admin":true}}}'),
          );
        return answer({ content: [{ type: 'text', text: 'ran' }] });
      default:
        return answer({});
    }
  };
  await serverSide.start();
  const client = new Client({ name: 't', version: '0' });
  await client.connect(clientSide);
  guarded = guardClient(client);
  expect((await guarded.admit()).ok).toBe(true);
});

describe('guardClient forwards a tools/call rebuilt from what was checked', () => {
  it('sends only name and the validated arguments of the __proto__ attack params', async () => {
    const result = await guarded.callTool(JSON.parse(ATTACK));
    expect(result.isError).toBeUndefined();
    const sent = calls.at(-1) as Record<string, unknown>;
    expect(Object.keys(sent)).toEqual(['name', 'arguments']);
    expect(sent).toEqual({ name: 'echo', arguments: { msg: 'ok' } });
    expect(carriesProto(sent)).toBe(false);
  });

  it('sends a call without arguments with arguments {}', async () => {
    await guarded.callTool({ name: 'open' });
    expect(calls.at(-1)).toEqual({ name: 'open', arguments: {} });
  });

  it('sends a plain _meta and drops one with a member named constructor', async () => {
    await guarded.callTool({ name: 'open', arguments: {}, _meta: { progressToken: 3 } });
    expect(calls.at(-1)).toEqual({ name: 'open', arguments: {}, _meta: { progressToken: 3 } });
    await guarded.callTool(JSON.parse('{"name":"open","arguments":{},"_meta":{"a":{"constructor":{"prototype":1}}}}'));
    expect(calls.at(-1)).toEqual({ name: 'open', arguments: {} });
  });

  it('refuses arguments that carry a member named __proto__; nothing is sent', async () => {
    const before = calls.length;
    const result = await guarded.callTool(JSON.parse('{"name":"open","arguments":{"__proto__":{"admin":true}}}'));
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toMatch(
      /member named \\"__proto__\\" \(at \$\.__proto__\) is never forwarded/,
    );
    expect(calls).toHaveLength(before);
  });

  it('never hands back a result carrying a member named __proto__ (a client parsing unlike the SDK)', async () => {
    // The SDK's own parse drops such a member; a McpClientLike of the host's need not.
    const raw = {
      listTools: async () => ({ tools: TOOLS }),
      callTool: async () => JSON.parse('{"content":[],"structuredContent":{"__proto__":{"admin":true}}}'),
      setNotificationHandler: () => undefined,
    } as unknown as McpClientLike;
    const result = await guardClient(raw).callTool({ name: 'proto-result', arguments: {} });
    expect(result.isError).toBe(true);
    expect(carriesProto(result)).toBe(false);
  });
});

describe('the MCP validator seam refuses a value with a member named __proto__', () => {
  it.each([
    ['at the top', '{"__proto__":{"admin":true}}'],
    ['nested', '{"a":[{"__proto__":{}}]}'],
  ])('%s', (_where, text) => {
    const validate = new ToolgateJsonSchemaValidator().getValidator({ type: 'object' });
    const verdict = validate(JSON.parse(text));
    expect(verdict.valid).toBe(false);
    expect(verdict.errorMessage).toMatch(/member named "__proto__" .* is never forwarded/);
  });

  it('the walk reads a host array by descriptor: an index getter is not run, its value not entered', () => {
    let ran = 0;
    const items: unknown[] = [{ a: 1 }];
    Object.defineProperty(items, 1, {
      enumerable: true,
      get: () => {
        ran++;
        return JSON.parse('{"__proto__":{}}');
      },
    });
    expect(protoMemberPath({ items })).toBeUndefined();
    expect(ran).toBe(0);
    // A plain element is entered as before.
    expect(protoMemberPath({ items: [{}, JSON.parse('{"__proto__":{}}')] })).toBe('$.items[1].__proto__');
  });
});
