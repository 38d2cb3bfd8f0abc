// The AI SDK adapter through the real `ai` 7 generateText with MockLanguageModelV4: the tool is named by
// its key, execute's argument type comes from the schema, the SDK's own tool options pass through, and a
// compiled schema works as a Standard Schema `inputSchema` when its meaning is the same in draft-07.
import { describe, expect, expectTypeOf, it } from 'vitest';
import { generateText, isStepCount, tool } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import type { LanguageModelV4CallOptions, LanguageModelV4GenerateResult } from '@ai-sdk/provider';
import { toAiSdkTool } from '../../src/adapters/ai-sdk.js';
import { validateSchema } from '../../src/index.js';

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};
const callTurn = (toolName: string, input: string): LanguageModelV4GenerateResult => ({
  content: [{ type: 'tool-call', toolCallId: 'c1', toolName, input }],
  finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
  usage,
  warnings: [],
});
const textTurn = (text: string): LanguageModelV4GenerateResult => ({
  content: [{ type: 'text', text }],
  finishReason: { unified: 'stop', raw: 'stop' },
  usage,
  warnings: [],
});
function outputs(call: LanguageModelV4CallOptions | undefined): unknown[] {
  const out: unknown[] = [];
  for (const m of call?.prompt ?? [])
    if (m.role === 'tool') for (const part of m.content) if (part.type === 'tool-result') out.push(part.output);
  return out;
}

const FORECAST = {
  type: 'object',
  properties: { city: { type: 'string', minLength: 1 }, days: { type: 'integer', minimum: 1, maximum: 7 } },
  required: ['city'],
  additionalProperties: false,
} as const;

describe('toAiSdkTool with the real generateText', () => {
  it('names the tool by its key in the tools object, whatever spec.name says', async () => {
    const made = toAiSdkTool({ name: 'weather', inputSchema: FORECAST, execute: () => 'sunny' });
    if (!made.ok) throw new Error(made.error.message);
    const model = new MockLanguageModelV4({ doGenerate: [callTurn('forecast', '{"days":9}'), textTurn('ok')] });
    await generateText({ model, tools: { forecast: made.value }, stopWhen: isStepCount(2), prompt: 'p' });
    expect(outputs(model.doGenerateCalls[1])).toEqual([
      {
        type: 'error-text',
        value:
          'AI_InvalidToolInputError: Invalid input for tool forecast: ' +
          '$: missing required property "city"\n$.days: 9 must be <= 7',
      },
    ]);
  });

  it("types execute's input from the literal schema, and the SDK's tool calls with it", async () => {
    const made = toAiSdkTool({
      inputSchema: FORECAST,
      execute: ({ city, days = 1 }) => {
        expectTypeOf(city).toEqualTypeOf<string>();
        expectTypeOf(days).toEqualTypeOf<number>();
        return `${city} for ${days} days`;
      },
    });
    if (!made.ok) throw new Error(made.error.message);
    const model = new MockLanguageModelV4({
      doGenerate: [callTurn('forecast', '{"city":"Oslo"}'), textTurn('done')],
    });
    const result = await generateText({
      model,
      tools: { forecast: made.value },
      stopWhen: isStepCount(2),
      prompt: 'p',
    });
    const call = result.steps[0]?.toolCalls[0];
    if (call !== undefined && !call.dynamic) expectTypeOf(call.input).toEqualTypeOf<{ city: string; days?: number }>();
    expect(outputs(model.doGenerateCalls[1])).toEqual([{ type: 'text', value: 'Oslo for 1 days' }]);
  });

  it('passes needsApproval through, and an invalid call never reaches it', async () => {
    const asked: unknown[] = [];
    let ran = 0;
    const made = toAiSdkTool({
      inputSchema: FORECAST,
      needsApproval: (input) => {
        asked.push(input);
        return true;
      },
      execute: () => {
        ran++;
        return 'x';
      },
    });
    if (!made.ok) throw new Error(made.error.message);
    const invalid = new MockLanguageModelV4({ doGenerate: [callTurn('forecast', '{"city":""}'), textTurn('ok')] });
    await generateText({ model: invalid, tools: { forecast: made.value }, stopWhen: isStepCount(2), prompt: 'p' });
    expect(asked).toEqual([]);
    const valid = new MockLanguageModelV4({ doGenerate: [callTurn('forecast', '{"city":"Oslo"}'), textTurn('ok')] });
    const result = await generateText({ model: valid, tools: { forecast: made.value }, prompt: 'p' });
    expect(asked).toEqual([{ city: 'Oslo' }]);
    expect(result.content.map((p) => p.type)).toContain('tool-approval-request');
    expect(ran).toBe(0);
  });

  it('passes toModelOutput, strict and providerOptions through', async () => {
    const made = toAiSdkTool({
      description: 'Forecast',
      inputSchema: FORECAST,
      strict: true,
      providerOptions: { openai: { parallel: false } },
      execute: () => ({ forecast: 'sunny', internal: 'do not show' }),
      toModelOutput: ({ output }) => ({ type: 'text', value: `forecast: ${output.forecast}` }),
    });
    if (!made.ok) throw new Error(made.error.message);
    const model = new MockLanguageModelV4({ doGenerate: [callTurn('forecast', '{"city":"Oslo"}'), textTurn('ok')] });
    await generateText({ model, tools: { forecast: made.value }, stopWhen: isStepCount(2), prompt: 'p' });
    expect(outputs(model.doGenerateCalls[1])).toEqual([{ type: 'text', value: 'forecast: sunny' }]);
    expect(model.doGenerateCalls[0]?.tools?.[0]).toMatchObject({
      type: 'function',
      name: 'forecast',
      strict: true,
      providerOptions: { openai: { parallel: false } },
      inputSchema: FORECAST,
    });
  });
});

describe('a compiled schema as the Standard Schema inputSchema of tool()', () => {
  it('works when the schema means the same in draft-07, and toolgate validates the input', async () => {
    const compiled = validateSchema(FORECAST);
    if (!compiled.ok) throw new Error(compiled.error.message);
    const seen: unknown[] = [];
    const forecast = tool({
      inputSchema: compiled.value,
      execute: (input) => {
        seen.push(input);
        return 'sunny';
      },
    });
    const model = new MockLanguageModelV4({
      doGenerate: [callTurn('forecast', '{"city":""}'), callTurn('forecast', '{"city":"Oslo"}'), textTurn('ok')],
    });
    await generateText({ model, tools: { forecast }, stopWhen: isStepCount(3), prompt: 'p' });
    expect(seen).toEqual([{ city: 'Oslo' }]);
    expect(model.doGenerateCalls[0]?.tools?.[0]).toMatchObject({ inputSchema: FORECAST });
  });

  it('still throws at generateText for a schema whose meaning draft-07 would change (use toAiSdkTool)', async () => {
    const tuple = validateSchema({ type: 'object', properties: { at: { prefixItems: [{ type: 'number' }] } } });
    if (!tuple.ok) throw new Error(tuple.error.message);
    const model = new MockLanguageModelV4({ doGenerate: [textTurn('ok')] });
    const tools = { locate: tool({ inputSchema: tuple.value, execute: () => 'x' }) };
    await expect(generateText({ model, tools, prompt: 'p' })).rejects.toThrow(/translating would loosen it/);
  });
});
