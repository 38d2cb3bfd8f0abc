import { describe, expect, it } from 'vitest';
import type { CallToolRequest } from '@modelcontextprotocol/sdk/types.js';
import { guardClient, type McpClientLike } from '../../src/adapters/mcp-client.js';

const TOOLS = [
  {
    name: 'get_sum',
    inputSchema: {
      type: 'object',
      properties: { a: { type: 'number' }, b: { type: 'number' } },
      required: ['a', 'b'],
      additionalProperties: false,
    },
  },
  // Draft-04-style `dependencies` is refused as unsupported: quarantine leaves this tool out.
  { name: 'legacy', inputSchema: { type: 'object', dependencies: { a: ['b'] } } },
];

/** A client that records each request as the SDK would put it on the wire (serialised when called). */
function fakeServer(): { client: McpClientLike; sent: unknown[] } {
  const sent: unknown[] = [];
  const client = {
    listTools: async () => ({ tools: TOOLS }),
    callTool: async (params: unknown) => {
      sent.push(JSON.parse(JSON.stringify(params)));
      return { content: [{ type: 'text', text: 'ran' }] };
    },
    setNotificationHandler: () => {},
  };
  return { client: client as unknown as McpClientLike, sent };
}

const textOf = (r: unknown): string => (r as { content: { text: string }[] }).content[0]?.text ?? '';

describe('guardClient.callTool sends exactly what it validated', () => {
  it('never forwards arguments that a getter swaps after the check', async () => {
    const { client, sent } = fakeServer();
    const mcp = guardClient(client, { mode: 'quarantine' });
    let n = 0;
    const params = {
      name: 'get_sum',
      get arguments() {
        return n++ === 0 ? { a: 1, b: 2 } : { a: '1; rm -rf /', b: 2, extra: 'x' };
      },
    };
    const r = await mcp.callTool(params as unknown as CallToolRequest['params']);
    expect(textOf(r)).toBe('error: invalid tool call: "arguments" is not a plain data property');
    expect(sent).toEqual([]);
  });

  it('never forwards a quarantined tool whose name a getter swaps in after the check', async () => {
    const { client, sent } = fakeServer();
    const mcp = guardClient(client, { mode: 'quarantine' });
    let m = 0;
    const params = {
      get name() {
        return m++ < 2 ? 'get_sum' : 'legacy';
      },
      arguments: { a: 1, b: 2 },
    };
    await mcp.callTool(params as unknown as CallToolRequest['params']);
    expect(sent).toEqual([]);
  });

  it('sends a new request with the validated copy: later edits of caller objects never reach the server', async () => {
    const { client, sent } = fakeServer();
    let sentParams: unknown;
    const mcp = guardClient(
      {
        ...client,
        callTool: (p, s, o) => {
          sentParams = p;
          return client.callTool(p, s, o);
        },
      } as McpClientLike,
      { mode: 'quarantine' },
    );
    await mcp.admit();
    const args: Record<string, unknown> = { a: 1, b: 2 };
    const params = { name: 'get_sum', arguments: args, extra: 'not validated' };
    const r = await mcp.callTool(params);
    args['a'] = 'EVIL';
    expect(textOf(r)).toBe('ran');
    expect(sent).toEqual([{ name: 'get_sum', arguments: { a: 1, b: 2 } }]);
    expect(sentParams).not.toBe(params);
    expect(Object.isFrozen((sentParams as { arguments: object }).arguments)).toBe(true);
  });

  it('sends no arguments field when none was given, and validates that as {}', async () => {
    const { client, sent } = fakeServer();
    const mcp = guardClient(client, { mode: 'quarantine' });
    const r = await mcp.callTool({ name: 'get_sum' });
    expect(textOf(r)).toContain('missing required property');
    expect(sent).toEqual([]);
  });
});
