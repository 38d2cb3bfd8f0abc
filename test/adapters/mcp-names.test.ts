// MCP tool names end to end: a real `@modelcontextprotocol/sdk` McpServer registers `files.read` (MCP's rule
// allows the dot, MCP 2025-11-25 server/tools "Tool names"); guardClient and admitMcpTools admit it, OpenAI and
// Anthropic get `files_read`, and the registry runs the tool called by either name.
import { afterEach, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { guardClient } from '../../src/adapters/mcp-client.js';
import { admitMcpTools, type Bundle } from '../../src/index.js';

let client: Client | undefined;
afterEach(async () => {
  await client?.close();
  client = undefined;
});

/** A real SDK server with a dotted tool name, connected in memory. */
async function connect(): Promise<Client> {
  const server = new McpServer({ name: 'files', version: '1.0.0' });
  server.registerTool(
    'files.read',
    { description: 'Read a file', inputSchema: { path: z.string() } },
    async ({ path }) => ({ content: [{ type: 'text', text: `contents of ${path}` }] }),
  );
  server.registerTool('files_list', { description: 'List files', inputSchema: {} }, async () => ({
    content: [{ type: 'text', text: 'a.txt' }],
  }));
  const [a, b] = InMemoryTransport.createLinkedPair();
  client = new Client({ name: 'test', version: '1.0.0' });
  await Promise.all([server.connect(a), client.connect(b)]);
  return client;
}

/** What the model would read: the call's content as text. */
async function run(bundle: Bundle, name: string): Promise<{ ok: boolean; text: string }> {
  const r = await bundle.registry.call({ id: 'c1', name, arguments: '{"path":"notes.txt"}' });
  return { ok: !r.isError, text: JSON.stringify(r.content) };
}

async function expectDottedNameServed(bundle: Bundle): Promise<void> {
  expect(bundle.accepted).toEqual(['files.read', 'files_list']);
  expect(bundle.toolsFor('openai').map((t) => t.function.name)).toEqual(['files_read', 'files_list']);
  expect(bundle.toolsFor('openai-responses').map((t) => t.name)).toEqual(['files_read', 'files_list']);
  expect(bundle.toolsFor('anthropic').map((t) => t.name)).toEqual(['files_read', 'files_list']);
  // MCP clients take MCP's names as the server gave them.
  expect(bundle.toolsFor('mcp').map((t) => t.name)).toEqual(['files.read', 'files_list']);
  for (const name of ['files.read', 'files_read']) {
    const r = await run(bundle, name);
    expect(r.ok).toBe(true);
    expect(r.text).toContain('contents of notes.txt');
  }
}

describe('a dotted MCP tool name through a real SDK server', () => {
  it('guardClient admits it (strict, the default) and the registry runs it by either name', async () => {
    const guarded = guardClient(await connect());
    const admitted = await guarded.admit();
    if (!admitted.ok) throw new Error(admitted.error.message);
    await expectDottedNameServed(admitted.value);
    // The guarded client sends the server its own name, whichever of the two it is given.
    for (const name of ['files.read', 'files_read']) {
      const direct = await guarded.callTool({ name, arguments: { path: 'x' } });
      expect(direct.isError).not.toBe(true);
      expect(JSON.stringify(direct.content)).toContain('contents of x');
    }
    const unknown = await guarded.callTool({ name: 'files-read', arguments: { path: 'x' } });
    expect(unknown.content).toEqual([
      { type: 'text', text: 'error: unknown tool "files-read"; available tools: files.read, files_list' },
    ]);
  });

  it('admitMcpTools admits the listed tools with a backend calling the server', async () => {
    const c = await connect();
    const listed = await c.listTools();
    const admitted = await admitMcpTools(listed, {
      backend: (tool) => (args: unknown) => c.callTool({ name: tool.name, arguments: args as Record<string, unknown> }),
    });
    if (!admitted.ok) throw new Error(admitted.error.message);
    await expectDottedNameServed(admitted.value);
  });
});
