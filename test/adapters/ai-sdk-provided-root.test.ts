// A hunt's find: aiSdkSchema and toAiSdkTool handed the provider a plain copy of the schema, where toolsFor, LangChain
// and the Agents SDK get the tool root as published (src/schema/tool-root.ts): a root without `type` went out typeless
// (OpenAI and Anthropic answer 400) and a draft-07 root `$ref` was not inlined. Through the real `ai` and its mock
// model.
import { generateText } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { toAiSdkTool } from '../../src/adapters/ai-sdk.js';
import { Registry } from '../../src/index.js';
import { ONE_CALL_TURNS } from './ai-sdk-turns.js';

const OPTIONS = { dialects: ['2020-12', 'draft-07'] } as const;

const ROOTS: [string, Record<string, unknown>, Record<string, unknown>][] = [
  [
    'a root without type',
    { properties: { a: { type: 'string' } }, required: ['a'] },
    { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
  ],
  ['the empty schema', {}, { type: 'object' }],
  [
    'a draft-07 root $ref to one definition',
    {
      $schema: 'http://json-schema.org/draft-07/schema#',
      $ref: '#/definitions/Args',
      definitions: { Args: { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] } },
    },
    {
      type: 'object',
      $schema: 'http://json-schema.org/draft-07/schema#',
      definitions: { Args: { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] } },
      properties: { a: { type: 'string' } },
      required: ['a'],
    },
  ],
];

describe('what the AI SDK sends the provider: the tool root as toolsFor publishes it', () => {
  it.each(ROOTS)('%s', async (_, schema, published) => {
    const made = toAiSdkTool({ name: 't', inputSchema: schema, execute: () => 'x' }, OPTIONS);
    if (!made.ok) throw new Error(made.error.message);
    const model = new MockLanguageModelV4({ doGenerate: ONE_CALL_TURNS.slice(1) });
    await generateText({ model, tools: { t: made.value }, prompt: 'x' });
    const sent = model.doGenerateCalls[0]?.tools?.[0];
    const registry = new Registry(OPTIONS);
    registry.register({ name: 't', inputSchema: schema, execute: () => 'x' });
    const shapes = registry.toolsFor('openai') as unknown as [{ function: { parameters: unknown } }];
    expect(sent && 'inputSchema' in sent ? sent.inputSchema : undefined).toEqual(published);
    expect(shapes[0].function.parameters).toEqual(published);
  });
});
