// A hunt's find: @langchain/core's toJsonSchema keeps its first conversion of a tool's schema object (a WeakMap) and
// hands that very object out on every later conversion, so what an integration edited in it (a `minLength` loosened,
// a property added) was sent to the model for the rest of the process. toLangChainTool's conversion is now deep-frozen:
// an edit throws and the next turn sends the schema as written. Through the real @langchain/core.
import { AIMessageChunk } from '@langchain/core/messages';
import { convertToOpenAIFunction, convertToOpenAITool } from '@langchain/core/utils/function_calling';
import { FakeStreamingChatModel } from '@langchain/core/utils/testing';
import { describe, expect, it } from 'vitest';
import { toLangChainTool } from '../../src/adapters/langchain.js';

const SCHEMA = {
  type: 'object',
  properties: { city: { type: 'string', minLength: 1 } },
  required: ['city'],
  additionalProperties: false,
};

/** The edits an integration could make in place, each on its own. */
const EDITS: [string, (parameters: Record<string, unknown>) => void][] = [
  [
    'a nested keyword loosened',
    (p) => {
      (p['properties'] as { city: { minLength: number } }).city.minLength = 0;
    },
  ],
  [
    'a property added',
    (p) => {
      (p['properties'] as Record<string, unknown>)['injected'] = { type: 'string' };
    },
  ],
  ['a required list emptied', (p) => void (p['required'] as string[]).splice(0)],
  ['a root member deleted', (p) => void delete p['additionalProperties']],
];

function weather() {
  const made = toLangChainTool({ name: 'weather', inputSchema: SCHEMA, execute: ({ city }) => `sunny in ${city}` });
  if (!made.ok) throw new Error(made.error.message);
  return made.value;
}

describe("LangChain's cached conversion of a toLangChainTool schema", () => {
  it.each(EDITS)('%s: the edit throws and a later conversion is the schema as written', (_, edit) => {
    const tool = weather();
    const first = convertToOpenAITool(tool).function.parameters as Record<string, unknown>;
    let thrown: unknown;
    try {
      edit(first);
    } catch (error) {
      thrown = error;
    }
    expect(convertToOpenAITool(tool).function.parameters).toEqual(SCHEMA);
    expect(convertToOpenAIFunction(tool).parameters).toEqual(SCHEMA);
    expect(thrown).toBeInstanceOf(TypeError);
  });

  it('still binds and runs: a model bound in each tool style, then the tool called', async () => {
    const tool = weather();
    for (const toolStyle of ['openai', 'anthropic', 'bedrock', 'google'] as const) {
      const call = { id: 'c1', name: 'weather', args: { city: 'Paris' }, type: 'tool_call' as const };
      const model = new FakeStreamingChatModel({
        toolStyle,
        chunks: [new AIMessageChunk({ content: '', tool_calls: [call] })],
      }).bindTools([tool]);
      const reply = await model.invoke('Weather?');
      const answer = await tool.invoke(reply.tool_calls?.[0] ?? call);
      expect([toolStyle, answer.content]).toEqual([toolStyle, 'sunny in Paris']);
    }
  });
});
