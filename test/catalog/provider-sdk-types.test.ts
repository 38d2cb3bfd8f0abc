// toolsFor and toMessage shapes against the providers' own SDK types (openai, @anthropic-ai/sdk and the
// MCP SDK, dev dependencies only): toolgate declares its shapes structurally and must stay assignable.
// The type assertions are checked by `tsc --noEmit` (part of `npm test`); the runtime assertions
// check that the values really have those shapes, strict included.
import type Anthropic from '@anthropic-ai/sdk';
import type { Tool as SdkMcpTool, CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type OpenAI from 'openai';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { admitBatch, Registry, defineTool, type Bundle } from '../../src/index.js';

const strictSchema = {
  type: 'object',
  properties: { city: { type: 'string' } },
  required: ['city'],
  additionalProperties: false,
};
// Outside OpenAI's strict subset (an optional property, no additionalProperties: false).
const looseSchema = { properties: { q: { type: 'string', minLength: 1 } } };

async function bundle(): Promise<Bundle> {
  const r = await admitBatch([
    { name: 'weather', description: 'Weather now', inputSchema: strictSchema, backend: () => 'sunny' },
    { name: 'search', inputSchema: looseSchema, backend: () => [] },
  ]);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe('toolsFor shapes are the provider SDKs own types', () => {
  it('Chat Completions: ChatCompletionTool, strict only where the openai-strict profile passes', async () => {
    const tools = (await bundle()).toolsFor('openai');
    expectTypeOf(tools).toExtend<OpenAI.Chat.Completions.ChatCompletionTool[]>();
    const request: OpenAI.Chat.Completions.ChatCompletionCreateParams = { model: 'm', messages: [], tools };
    expect(request.tools).toEqual([
      { type: 'function', function: { name: 'search', parameters: { type: 'object', ...looseSchema } } },
      {
        type: 'function',
        function: { name: 'weather', description: 'Weather now', parameters: strictSchema, strict: true },
      },
    ]);
  });

  it('Responses API: the flat FunctionTool, strict always stated (the API defaults it to true)', async () => {
    const tools = (await bundle()).toolsFor('openai-responses');
    expectTypeOf(tools).toExtend<OpenAI.Responses.FunctionTool[]>();
    expectTypeOf(tools).toExtend<OpenAI.Responses.Tool[]>();
    expect(tools).toEqual([
      { type: 'function', name: 'search', parameters: { type: 'object', ...looseSchema }, strict: false },
      { type: 'function', name: 'weather', description: 'Weather now', parameters: strictSchema, strict: true },
    ]);
  });

  it("Anthropic: the SDK's Tool, input_schema with its root type stated", async () => {
    const tools = (await bundle()).toolsFor('anthropic');
    expectTypeOf(tools).toExtend<Anthropic.Messages.Tool[]>();
    expectTypeOf(tools).toExtend<Anthropic.Messages.ToolUnion[]>();
    expect(tools).toEqual([
      { name: 'search', input_schema: { type: 'object', ...looseSchema } },
      { name: 'weather', description: 'Weather now', input_schema: strictSchema },
    ]);
  });

  it("MCP: the MCP SDK's Tool", async () => {
    const tools = (await bundle()).toolsFor('mcp');
    expectTypeOf(tools).toExtend<SdkMcpTool[]>();
    expect(tools.map((t) => t.inputSchema.type)).toEqual(['object', 'object']);
  });
});

describe('toMessage shapes are the provider SDKs own types', () => {
  it('each format is assignable to its SDK message type', async () => {
    const registry = new Registry();
    registry.register(defineTool({ name: 't', execute: () => 'done' }));
    const result = await registry.call({ id: 'call_1', name: 't', arguments: '{}' });
    expectTypeOf(result.toMessage('openai')).toExtend<OpenAI.Chat.Completions.ChatCompletionToolMessageParam>();
    expectTypeOf(result.toMessage('openai')).toExtend<OpenAI.Chat.Completions.ChatCompletionMessageParam>();
    expectTypeOf(
      result.toMessage('openai-responses'),
    ).toExtend<OpenAI.Responses.ResponseInputItem.FunctionCallOutput>();
    expectTypeOf(result.toMessage('openai-responses')).toExtend<OpenAI.Responses.ResponseInputItem>();
    expectTypeOf(result.toMessage('anthropic')).toExtend<Anthropic.Messages.ToolResultBlockParam>();
    // CallToolResult has a string index signature, which expectTypeOf cannot compare: plain assignment.
    const mcp: CallToolResult = result.toMessage('mcp');
    expect(mcp).toEqual({ content: [{ type: 'text', text: 'done' }], isError: false });
    expect(result.toMessage('openai-responses')).toEqual({
      type: 'function_call_output',
      call_id: 'call_1',
      output: 'done',
    });
  });
});

describe('a plain Registry gives the same typed provider tools as a bundle', () => {
  const registry = new Registry();
  registry.register(
    defineTool({ name: 'weather', description: 'Weather now', inputSchema: strictSchema, execute: () => 'sunny' }),
  );
  registry.register(defineTool({ name: 'search', inputSchema: looseSchema, execute: () => [] }));

  it('each format is assignable to its SDK type with no cast, and equals the bundle shapes', async () => {
    const chat: OpenAI.Chat.Completions.ChatCompletionCreateParams = {
      model: 'm',
      messages: [],
      tools: registry.toolsFor('openai'),
    };
    const responses: OpenAI.Responses.Tool[] = registry.toolsFor('openai-responses');
    const anthropic: Anthropic.Messages.ToolUnion[] = registry.toolsFor('anthropic');
    const mcp: SdkMcpTool[] = registry.toolsFor('mcp');
    expectTypeOf(registry.toolsFor('openai')).toExtend<OpenAI.Chat.Completions.ChatCompletionTool[]>();
    expectTypeOf(registry.toolsFor('anthropic')).toExtend<Anthropic.Messages.Tool[]>();
    const b = await bundle();
    expect(chat.tools).toEqual(b.toolsFor('openai'));
    expect(responses).toEqual(b.toolsFor('openai-responses'));
    expect(anthropic).toEqual(b.toolsFor('anthropic'));
    expect(mcp).toEqual(b.toolsFor('mcp'));
  });

  it('hands out fresh copies: editing one changes neither the registry nor the next', () => {
    const first = registry.toolsFor('anthropic');
    (first[0]?.input_schema as Record<string, unknown>)['mutated'] = true;
    expect(registry.toolsFor('anthropic')[0]?.input_schema).not.toHaveProperty('mutated');
    expect(registry.get('search')?.inputSchema).not.toHaveProperty('mutated');
  });
});
