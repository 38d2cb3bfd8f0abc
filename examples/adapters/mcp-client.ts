// MCP SDK client: tool listing admitted, tool calls validated before they are sent. README copies the
// lines between the "readme" markers; test/adapters/mcp-client.test.ts runs this file against the real
// server-everything over stdio.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { guardClient } from '../../src/adapters/mcp-client.js';

/** Lists the server's tools through toolgate, then makes one bad and one good get-sum call. */
export async function sumTwice(
  server: { command: string; args: string[] },
): Promise<{ names: string[]; bad: unknown; good: unknown }> {
  // readme:start
  const client = new Client({ name: 'my-agent', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ ...server, stderr: 'ignore' }));
  // The reference servers declare draft-07 schemas: allow that dialect explicitly, nothing else changes.
  const mcp = guardClient(client, { mode: 'quarantine', dialects: ['draft-07'] });

  const { tools } = await mcp.listTools();                                          // admitted tools only
  const bad = await mcp.callTool({ name: 'get-sum', arguments: { a: '1', b: 2 } });  // answered locally, isError
  const good = await mcp.callTool({ name: 'get-sum', arguments: { a: 1, b: 2 } });   // sent to the server
  // readme:end
  await client.close();
  return { names: tools.map((t) => t.name), bad, good };
}
