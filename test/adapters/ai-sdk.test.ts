import { describe, expect, it } from 'vitest';
import type { LanguageModel } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import type { LanguageModelV4CallOptions, LanguageModelV4GenerateResult } from '@ai-sdk/provider';
import { aiSdkSchema, toAiSdkTool } from '../../src/adapters/ai-sdk.js';
import { importSample } from '../docs/samples.js';

// The docs sample (docs/adapters.md, sample ai-sdk), run as written.
const { runWeather } = await importSample<{
  runWeather(model: LanguageModel): Promise<{ calls: unknown[]; text: string }>;
}>('docs/adapters.md', 'ai-sdk');

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

function toolCallTurn(id: string, input: string): LanguageModelV4GenerateResult {
  return {
    content: [{ type: 'tool-call', toolCallId: id, toolName: 'weather', input }],
    finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
    usage,
    warnings: [],
  };
}
function textTurn(text: string): LanguageModelV4GenerateResult {
  return { content: [{ type: 'text', text }], finishReason: { unified: 'stop', raw: 'stop' }, usage, warnings: [] };
}
/** The tool results the SDK put into a model call's prompt, as JSON text for searching. */
function toolMessages(call: LanguageModelV4CallOptions | undefined): string {
  return JSON.stringify((call?.prompt ?? []).filter((m) => m.role === 'tool'));
}
/** The error texts of the tool results in a model call's prompt: exactly what the model reads. */
function errorTexts(call: LanguageModelV4CallOptions | undefined): string[] {
  const out: string[] = [];
  for (const m of call?.prompt ?? [])
    if (m.role === 'tool')
      for (const part of m.content)
        if (part.type === 'tool-result' && part.output.type === 'error-text') out.push(part.output.value);
  return out;
}

const WEATHER = {
  type: 'object',
  properties: { city: { type: 'string', minLength: 1 }, days: { type: 'integer', minimum: 1, maximum: 7 } },
  required: ['city'],
  additionalProperties: false,
};

describe('AI SDK adapter, end to end with MockLanguageModelV4', () => {
  it("runs the tool only for the good call and shows the bad call's toolgate text to the next turn", async () => {
    const bad = '{"city":"","days":"3"}';
    const model = new MockLanguageModelV4({
      doGenerate: [
        toolCallTurn('c1', bad),
        toolCallTurn('c2', '{"city":"Paris","days":3}'),
        textTurn('Sunny in Paris.'),
      ],
    });
    const { calls, text } = await runWeather(model);

    expect(calls).toEqual([{ city: 'Paris', days: 3 }]);
    expect(text).toBe('Sunny in Paris.');
    expect(model.doGenerateCalls).toHaveLength(3);
    // The second model call carries the error tool result: the SDK's one-line frame naming the tool by its
    // key, then toolgate's violation lines once (no echo of the whole argument, no nested error names).
    expect(errorTexts(model.doGenerateCalls[1])).toEqual([
      'AI_InvalidToolInputError: Invalid input for tool weather: ' +
        '$.city: must be at least 1 character long\n$.days: expected integer, got string',
    ]);
    // The provider saw the 2020-12 schema as written (no additionalProperties added, no draft-07 rewrite).
    const sent = model.doGenerateCalls[0]?.tools?.[0];
    expect(sent && 'inputSchema' in sent ? sent.inputSchema : undefined).toEqual(WEATHER);
  });

  it('a call that is not JSON takes the same invalid-input path and never runs the tool', async () => {
    const model = new MockLanguageModelV4({ doGenerate: [toolCallTurn('c1', '{"city":'), textTurn('gave up')] });
    const { calls } = await runWeather(model);
    expect(calls).toEqual([]);
    expect(toolMessages(model.doGenerateCalls[1])).toContain('error-text');
  });
});

describe('aiSdkSchema / toAiSdkTool', () => {
  it('refuses a schema toolgate cannot enforce instead of returning a tool that checks nothing', () => {
    const refused = toAiSdkTool({ name: 'old', inputSchema: { type: 'object', dependencies: { a: ['b'] } } });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.class).toBe('unsupported_capability');
  });

  it('validates with toolgate and returns the same reference on success', async () => {
    const schema = aiSdkSchema(WEATHER);
    if (!schema.ok) throw new Error(schema.error.message);
    const args = { city: 'Oslo' };
    const good = await schema.value.validate?.(args);
    expect(good).toEqual({ success: true, value: args });
    expect(good?.success ? good.value : undefined).toBe(args);
    const bad = await schema.value.validate?.({ city: 'Oslo', extra: 1 });
    expect(bad?.success).toBe(false);
    if (bad && !bad.success) expect(String(bad.error)).toBe('$: unexpected property "extra"');
  });

  it("hands the SDK a private copy: rewriting it changes neither the caller's schema nor validation", async () => {
    const caller = structuredClone(WEATHER);
    const schema = aiSdkSchema(caller);
    if (!schema.ok) throw new Error(schema.error.message);
    const given = (await schema.value.jsonSchema) as Record<string, unknown>;
    expect(given).toEqual(WEATHER);
    expect(given).not.toBe(caller);
    given['additionalProperties'] = true;
    expect(caller).toEqual(WEATHER);
    expect((await schema.value.validate?.({ city: 'Oslo', extra: 1 }))?.success).toBe(false);
  });
});
