// A review's find in the lone-surrogate fix: what an adapted tool returns went to the framework unchecked, and the AI
// SDK, LangChain and the Agents SDK each pass a string (and LangChain and the Agents SDK text blocks) on as it is, so a
// lone surrogate reached the model's next request (not I-JSON: Anthropic answers 400, then every later request of the
// conversation). A returned value holding one, at any depth, fails as a throw of the tool does (docs/adapters.md):
// LangChain and the Agents SDK write a plain object as JSON text, with \u escapes, but which values a framework
// passes on as they are is its own and changes (text blocks, toModelOutput), so one rule holds for every value.
import { Agent, run, setTracingDisabled } from '@openai/agents';
import { ScriptedModel, assistantMessage, functionCall } from '@openai/agents/testing';
import { generateText, isStepCount } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { beforeAll, describe, expect, it } from 'vitest';
import { toAiSdkTool } from '../../src/adapters/ai-sdk.js';
import { toLangChainTool } from '../../src/adapters/langchain.js';
import { toAgentsTool } from '../../src/adapters/openai-agents.js';
import { loneSurrogateAt } from '../../src/util/jcs.js';
import { ONE_CALL_TURNS } from './ai-sdk-turns.js';

beforeAll(() => setTracingDisabled(true));

/** What the model's next turn holds of a tool `t` returning `value`, through one adapter. */
type Seen = (value: unknown) => Promise<unknown>;

/** AI SDK: the tool messages of the second model request. */
const aiSdk: Seen = async (value) => {
  const made = toAiSdkTool({ name: 't', inputSchema: { type: 'object' }, execute: async () => value });
  if (!made.ok) throw new Error(made.error.message);
  const model = new MockLanguageModelV4({ doGenerate: ONE_CALL_TURNS });
  await generateText({ model, tools: { t: made.value }, stopWhen: isStepCount(3), prompt: 'go' });
  return (model.doGenerateCalls[1]?.prompt ?? []).filter((m) => m.role === 'tool');
};

/** LangChain: the ToolMessage's content, or the text of the error an agent loop sends (`String(error)`). */
const langChain: Seen = async (value) => {
  const made = toLangChainTool({ name: 't', inputSchema: { type: 'object' }, execute: async () => value });
  if (!made.ok) throw new Error(made.error.message);
  try {
    const message = await made.value.invoke({ id: 'c1', name: 't', args: {}, type: 'tool_call' });
    return message.content;
  } catch (thrown) {
    return String(thrown);
  }
};

/** OpenAI Agents: the function-call results of the second model request. */
const agents: Seen = async (value) => {
  const made = toAgentsTool({
    name: 't',
    description: 'd',
    inputSchema: { type: 'object' },
    strict: false,
    execute: async () => value,
  });
  if (!made.ok) throw new Error(made.error.message);
  const model = new ScriptedModel([[functionCall('t', {}, { callId: 'c1' })], [assistantMessage('done')]]);
  await run(new Agent({ name: 'a', model, tools: [made.value] }), 'go');
  const input = model.calls[1]?.request.input;
  return Array.isArray(input)
    ? input.filter((i) => typeof i === 'object' && 'type' in i && i.type === 'function_call_result')
    : [];
};

const ADAPTERS = [
  { adapter: 'AI SDK', seen: aiSdk, failed: 'tool t failed' },
  { adapter: 'LangChain', seen: langChain, failed: 'tool t failed' },
  { adapter: 'OpenAI Agents', seen: agents, failed: 'An error occurred while running the tool. Please try again.' },
] as const;

const RETURNED: readonly (readonly [string, unknown])[] = [
  ['a string', 'weather \ud800'],
  ['text blocks', [{ type: 'text', text: '\udc00 sunny' }]],
  ['an object', { forecast: { today: 'x\udbff' } }],
  ['a key', { 'k\ud83d': 1 }],
];

describe('an adapted tool that returns a lone surrogate', () => {
  it.each(ADAPTERS.flatMap((a) => RETURNED.map(([shape, value]) => ({ ...a, shape, value }))))(
    '$adapter, $shape: the model reads that the tool failed, and no lone surrogate',
    async ({ seen, failed, value }) => {
      const text = await seen(value);
      expect(loneSurrogateAt(text)).toBeUndefined();
      expect(JSON.stringify(text)).toContain(failed);
    },
  );

  it.each(ADAPTERS)('$adapter: a surrogate pair is text, passed on', async ({ seen }) => {
    const text = JSON.stringify(await seen('sunny \ud83d\ude00'));
    expect(text).toContain('sunny \u{1F600}');
    expect(text).not.toContain('failed');
  });
});
