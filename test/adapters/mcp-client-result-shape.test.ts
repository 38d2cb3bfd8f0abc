// The proxy refuses a tool result that is no CallToolResult (no `content` array; members only a 2026-07-28 server
// sends) and one holding a member named `__proto__` (src/proxy/calls.ts). guardClient read results through the
// SDK's CallToolResultSchema, which gives a result without `content` an empty one and rebuilds `structuredContent`
// and `_meta`, where `__proto__` became their prototype: the host got an empty success, or an object inheriting
// the server's members (a hunt's find). Now the result is judged as it arrived, by the proxy's rules
// (src/mcp/call-gate.ts resultShapeRefusal, passOnRefusal), by callTool and by the bundle's registry alike.
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/v4';
import { guardClient } from '../../src/adapters/mcp-client.js';
import { rawServerClient } from './raw-server.js';

const TOOLS = [
  { name: 'plain', inputSchema: { type: 'object' } },
  { name: 'typed', inputSchema: { type: 'object' }, outputSchema: { type: 'object' } },
];
const NOT_A_RESULT = 'it is not a CallToolResult (an object with a content array)';
const refused = (name: string, why: string): string =>
  `error: tool ${name} ran but its result was not passed on: ${why}`;

describe('guardClient and a result the proxy refuses', () => {
  it.each([
    ['no content', {}, NOT_A_RESULT],
    ['structuredContent without content', { structuredContent: { a: 1 } }, NOT_A_RESULT],
    [
      'an input_required round',
      { content: [], resultType: 'input_required', inputRequests: {} },
      'the server put resultType, inputRequests in it, which only an MCP 2026-07-28 server may send',
    ],
    [
      '__proto__ in structuredContent',
      JSON.parse('{"content":[],"structuredContent":{"__proto__":{"a":1}}}'),
      'a member named "__proto__" (at $.structuredContent.__proto__) is never forwarded',
    ],
    [
      '__proto__ in _meta',
      JSON.parse('{"content":[],"structuredContent":{},"_meta":{"__proto__":{"a":1}}}'),
      'a member named "__proto__" (at $._meta.__proto__) is never forwarded',
    ],
  ])('%s: refused by callTool and by the bundle', async (_, answer, why) => {
    const client = await rawServerClient(TOOLS, () => answer, '2025-11-25');
    const guarded = guardClient(client);
    const admitted = await guarded.admit();
    if (!admitted.ok) throw new Error(admitted.error.message);
    for (const name of ['plain', 'typed']) {
      const result = await guarded.callTool({ name, arguments: {} });
      expect(result).toEqual({ content: [{ type: 'text', text: refused(name, why) }], isError: true });
      const r = await admitted.value.registry.call({ id: 'c', name, arguments: {} });
      expect(r.isError).toBe(true);
      expect(r.content).toBe(refused(name, why));
    }
    await client.close();
  });

  it('a CallToolResult goes on as the SDK reads it', async () => {
    const answer = { content: [{ type: 'text', text: 'ok' }], structuredContent: { a: 1 } };
    const client = await rawServerClient(TOOLS, () => answer, '2025-11-25');
    const guarded = guardClient(client);
    expect(await guarded.callTool({ name: 'typed', arguments: {} })).toEqual(answer);
    await client.close();
  });

  it("the host's resultSchema still reads what passed, after toolgate's rules", async () => {
    const client = await rawServerClient(TOOLS, () => ({ content: [], n: 'x' }), '2025-11-25');
    const guarded = guardClient(client);
    const wanted = CallToolResultSchema.extend({ n: z.number() });
    const result = await guarded.callTool({ name: 'plain', arguments: {} }, wanted);
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result)).toContain('the tool may have run');
    const loose = CallToolResultSchema.extend({ n: z.string() });
    expect(await guarded.callTool({ name: 'plain', arguments: {} }, loose)).toEqual({ content: [], n: 'x' });
    await client.close();
  });
});
