// A scripted AI SDK model's two turns for a test that runs one tool `t`: a call with `{}`, then a text answer.
import type { LanguageModelV4GenerateResult } from '@ai-sdk/provider';

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

/** The turns of MockLanguageModelV4's `doGenerate`: tool `t` called once, then "done". */
export const ONE_CALL_TURNS: LanguageModelV4GenerateResult[] = [
  {
    content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 't', input: '{}' }],
    finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
    usage,
    warnings: [],
  },
  { content: [{ type: 'text', text: 'done' }], finishReason: { unified: 'stop', raw: 'stop' }, usage, warnings: [] },
];
