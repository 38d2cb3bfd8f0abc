// An MCP tool's result through toolgate's Registry and out to each provider, end to end on a real
// @modelcontextprotocol/sdk McpServer: the tool's own isError is kept, text stays text, images go where a
// provider has a place for them, structuredContent is not repeated. Both MCP paths: admitMcpTools with a
// backend, and guardClient(...).admit().
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { guardClient } from '../../src/adapters/mcp-client.js';
import { admitMcpTools } from '../../src/catalog/mcp.js';
import type { Bundle } from '../../src/catalog/bundle.js';
import type { ToolResult } from '../../src/index.js';
import { PNG_1X1 } from '../fixtures/images.js';

const PNG = PNG_1X1;
const TIFF = 'SUkqAA==';

async function connected(): Promise<Client> {
  const server = new McpServer({ name: 'bridge', version: '1.0.0' });
  server.registerTool('fails', { description: 'always fails', inputSchema: {} }, async () => ({
    content: [{ type: 'text', text: 'disk full' }],
    isError: true,
  }));
  server.registerTool(
    'picture',
    { description: 'text, an image and structured content', inputSchema: {}, outputSchema: { n: z.number() } },
    async () => ({
      content: [
        { type: 'text', text: 'a chart' },
        { type: 'image', data: PNG, mimeType: 'image/png' },
        { type: 'audio', data: 'AAAA', mimeType: 'audio/wav' },
        { type: 'resource_link', uri: 'file:///r.txt', name: 'r' },
        { type: 'image', data: TIFF, mimeType: 'image/tiff' },
      ],
      structuredContent: { n: 1 },
    }),
  );
  server.registerTool('structured', { inputSchema: {}, outputSchema: { n: z.number() } }, async () => ({
    content: [],
    structuredContent: { n: 2 },
  }));
  const [a, b] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'test', version: '1.0.0' });
  await Promise.all([server.connect(a), client.connect(b)]);
  return client;
}

let client: Client;
const bundles: [string, Bundle][] = [];

beforeAll(async () => {
  client = await connected();
  const listed = await client.listTools();
  const viaBackend = await admitMcpTools(listed, {
    backend: (tool) => (args: unknown) => client.callTool({ name: tool.name, arguments: args as never }),
  });
  const viaGuard = await guardClient(client).admit();
  if (!viaBackend.ok || !viaGuard.ok) throw new Error('admission failed');
  bundles.push(['admitMcpTools', viaBackend.value], ['guardClient', viaGuard.value]);
});
afterAll(async () => {
  await client.close();
});

const call = (bundle: Bundle, name: string): Promise<ToolResult> =>
  bundle.registry.call({ id: 'c1', name, arguments: '{}' });

describe.each([0, 1])('an MCP result through the Registry (path %#)', (index) => {
  const bundle = () => (bundles[index] as [string, Bundle])[1];

  it('keeps the tool own isError in every provider message', async () => {
    const r = await call(bundle(), 'fails');
    expect(r.isError).toBe(true);
    expect(r.content).toBe('error: disk full');
    expect(r.error).toMatchObject({ class: 'execution_failure', stage: 'execute' });
    expect(r.toMessage('anthropic')).toEqual({
      type: 'tool_result',
      tool_use_id: 'c1',
      content: 'disk full',
      is_error: true,
    });
    expect(r.toMessage('openai')).toEqual({ role: 'tool', tool_call_id: 'c1', content: 'error: disk full' });
    expect(r.toMessage('openai-responses')).toEqual({
      type: 'function_call_output',
      call_id: 'c1',
      output: 'error: disk full',
    });
    expect(r.toMessage('mcp')).toEqual({ content: [{ type: 'text', text: 'disk full' }], isError: true });
  });

  it('maps text and images to each provider and drops what has no place', async () => {
    const r = await call(bundle(), 'picture');
    expect(r.isError).toBe(false);
    expect(r.content).toBe('a chart');
    expect(r.toMessage('anthropic')).toEqual({
      type: 'tool_result',
      tool_use_id: 'c1',
      content: [
        { type: 'text', text: 'a chart' },
        { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } },
      ],
      is_error: false,
    });
    expect(r.toMessage('openai')).toEqual({ role: 'tool', tool_call_id: 'c1', content: 'a chart' });
    expect(r.toMessage('openai-responses')).toEqual({
      type: 'function_call_output',
      call_id: 'c1',
      output: [
        { type: 'input_text', text: 'a chart' },
        { type: 'input_image', image_url: `data:image/png;base64,${PNG}` },
      ],
    });
    const mcp = r.toMessage('mcp');
    expect(mcp.isError).toBe(false);
    expect(mcp.structuredContent).toEqual({ n: 1 });
    expect(mcp.content.map((p) => p.type)).toEqual(['text', 'image', 'audio', 'resource_link', 'image']);
  });

  it('reads structuredContent as JSON text only when content is empty', async () => {
    const r = await call(bundle(), 'structured');
    expect(r.content).toBe('{"n":2}');
    expect(r.toMessage('anthropic').content).toBe('{"n":2}');
    expect(r.toMessage('mcp')).toEqual({ content: [], isError: false, structuredContent: { n: 2 } });
  });

  it('hands out a fresh message per call, and gives the same bytes each time', async () => {
    const r = await call(bundle(), 'picture');
    const first = r.toMessage('anthropic');
    (first.content as { type: string }[]).length = 0;
    expect(JSON.stringify(r.toMessage('anthropic'))).toBe(
      JSON.stringify((await call(bundle(), 'picture')).toMessage('anthropic')),
    );
    expect(r.toMessage('anthropic').content).toHaveLength(2);
  });
});
