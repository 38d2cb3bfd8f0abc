// What the hostile tests share: a stand-in MCP client with one tool, and the whole text a result puts in
// front of the model (every field, as the JSON a host would forward).
import type { McpClientLike } from '../../src/adapters/mcp-client.js';

/** An MCP client with one tool `t` whose calls answer "ok"; `overrides` replaces any of its methods. */
export function mcpClient(overrides: Partial<McpClientLike> = {}): McpClientLike {
  return {
    listTools: async () => ({ tools: [{ name: 't', inputSchema: { type: 'object' } }] }),
    callTool: async () => ({ content: [{ type: 'text', text: 'ok' }] }),
    setNotificationHandler: () => {},
    ...overrides,
  } as McpClientLike;
}

/** Everything a result holds, as one text: what a secret or an unclipped name must not appear in. */
export const modelText = (result: unknown): string => JSON.stringify(result);
