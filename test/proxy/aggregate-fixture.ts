// The gateway tests' servers: stdio servers on the SDK's McpServer (fixtures/aggregate-server.mjs) and one
// Streamable HTTP server on the SDK's StreamableHTTPServerTransport, served in this process (stateless: a server
// per request), and the SDK client connected to a gateway over HTTP.
import { createServer, type Server } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { ProxyUpstream } from '../../src/proxy/index.js';

const SERVER = new URL('./fixtures/aggregate-server.mjs', import.meta.url).pathname;

/** A stdio server named `name`; `flags`: --fail-start, --bad-name, --start-after <ms>. */
export function stdioServer(name: string, ...flags: string[]): ProxyUpstream & { args: string[] } {
  return { command: process.execPath, args: [SERVER, name, ...flags] };
}

/** An HTTP MCP server in this process with one tool, `echo`; its URL and how to close it. */
export async function httpServer(name: string): Promise<{ url: string; close(): Promise<void> }> {
  const http: Server = createServer((req, res) => {
    const server = new McpServer({ name, version: '1.0.0' });
    server.registerTool('echo', { inputSchema: { text: z.string() } }, async ({ text }) => ({
      content: [{ type: 'text', text: `${name}:${text}` }],
    }));
    const transport = new StreamableHTTPServerTransport({});
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    void server.connect(transport).then(() => transport.handleRequest(req, res));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const address = http.address();
  const port = address !== null && typeof address === 'object' ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}

/** The SDK client on a gateway's URL, counting the tools/list_changed notifications it gets. */
export async function connectClient(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ client: Client; changes: () => number }> {
  const client = new Client({ name: 'gateway-test', version: '0' });
  let changes = 0;
  client.setNotificationHandler(ToolListChangedNotificationSchema, async () => {
    changes++;
  });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  return { client, changes: () => changes };
}

/** The first text part of a tools/call result. */
export function textOf(result: unknown): string {
  const content = (result as { content?: { type: string; text?: string }[] }).content ?? [];
  return content[0]?.text ?? '';
}
