// The AI SDK sends a tool error's message to the model; what a host's `execute` throws is host text, so
// toAiSdkTool hands the SDK only `tool <name> failed` (the original as its cause) unless exposeErrors opts in.
import { generateText, isStepCount } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import type { LanguageModelV4CallOptions, LanguageModelV4GenerateResult } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { toAiSdkTool, type AiSdkToolSpec } from '../../src/adapters/ai-sdk.js';

const SECRET = 'db at 10.0.0.5 refused admin/hunter2';
const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};
const callTurn: LanguageModelV4GenerateResult = {
  content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'lookup', input: '{"id":"a"}' }],
  finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
  usage,
  warnings: [],
};
const doneTurn: LanguageModelV4GenerateResult = {
  content: [{ type: 'text', text: 'done' }],
  finishReason: { unified: 'stop', raw: 'stop' },
  usage,
  warnings: [],
};

/** A made tool's execute, as the SDK calls it. */
const executeOf = (tool: unknown) => (tool as { execute: (input: unknown, options: unknown) => unknown }).execute;

/** The tool results the model reads in its second turn, as JSON text. */
async function secondPrompt(spec: Partial<AiSdkToolSpec>): Promise<string> {
  const made = toAiSdkTool({ name: 'lookup', inputSchema: { type: 'object' }, ...spec });
  if (!made.ok) throw new Error(made.error.message);
  const model = new MockLanguageModelV4({ doGenerate: [callTurn, doneTurn] });
  await generateText({ model, tools: { lookup: made.value }, stopWhen: isStepCount(3), prompt: 'go' });
  const second: LanguageModelV4CallOptions | undefined = model.doGenerateCalls[1];
  return JSON.stringify((second?.prompt ?? []).filter((m) => m.role === 'tool'));
}

describe('toAiSdkTool: what execute throws stays with the host', () => {
  it.each([
    [
      'a throw',
      () => {
        throw new Error(SECRET);
      },
    ],
    ['a rejection', () => Promise.reject(new Error(SECRET))],
    ['a rejection with a string', () => Promise.reject(SECRET)],
  ])('%s: the model reads that the tool failed, not why', async (_label, execute) => {
    const seen = await secondPrompt({ execute });
    expect(seen).toContain('tool lookup failed');
    expect(seen).not.toContain('hunter2');
  });

  it('a returned Proxy whose trap throws: the model reads that the tool failed, not what the trap threw', async () => {
    const trap = (): never => {
      throw new Error(SECRET);
    };
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    for (const value of [new Proxy({}, { get: trap, getOwnPropertyDescriptor: trap }), proxy]) {
      const seen = await secondPrompt({ execute: () => value });
      expect(seen).toContain('tool lookup failed');
      expect(seen).not.toContain('hunter2');
      expect(seen).not.toContain('revoked');
    }
  });

  it('a returned value whose Symbol.asyncIterator getter throws: the model reads that the tool failed', async () => {
    // Caught and read as a plain value before, the SDK read the getter again and sent what it threw on.
    const value = {
      get [Symbol.asyncIterator]() {
        throw new Error(SECRET);
      },
    };
    const seen = await secondPrompt({ execute: () => value });
    expect(seen).toContain('tool lookup failed');
    expect(seen).not.toContain('hunter2');
  });

  it('exposeErrors: true passes the original on (so the table above can fail)', async () => {
    const seen = await secondPrompt({
      exposeErrors: true,
      execute: () => {
        throw new Error(SECRET);
      },
    });
    expect(seen).toContain('hunter2');
  });

  it('the host keeps the original as the cause, and a value or an async iterable passes unchanged', async () => {
    const made = toAiSdkTool({
      name: 'lookup',
      inputSchema: { type: 'object' },
      execute: () => Promise.reject(new Error(SECRET)),
    });
    if (!made.ok) throw new Error(made.error.message);
    const failed = await Promise.resolve(executeOf(made.value)({}, {})).catch((e: unknown) => e);
    expect(failed).toMatchObject({ message: 'tool lookup failed', cause: { message: SECRET } });

    const value = toAiSdkTool({ inputSchema: { type: 'object' }, execute: () => 42 });
    expect(value.ok && executeOf(value.value)({}, {})).toBe(42);
    const stream = (async function* () {
      yield 1;
      yield { n: 2 };
    })();
    const streamed = toAiSdkTool({ inputSchema: { type: 'object' }, execute: () => stream as never });
    if (!streamed.ok) throw new Error(streamed.error.message);
    const yields: unknown[] = [];
    for await (const v of executeOf(streamed.value)({}, {}) as AsyncIterable<unknown>) yields.push(v);
    expect(yields).toEqual([1, { n: 2 }]);
  });
});

describe('toAiSdkTool: an execute that streams preliminary results (async function*)', () => {
  it('a throw in the middle of the stream reaches the model as "tool lookup failed"', async () => {
    const seen = await secondPrompt({
      execute: async function* () {
        yield 'working';
        throw new Error(SECRET);
      } as never,
    });
    expect(seen).toContain('tool lookup failed');
    expect(seen).not.toContain('hunter2');
  });

  it('a yielded value holding an fs error fails as a returned one: its path never reaches the model', async () => {
    const error = Object.assign(new Error('ENOENT'), { path: '/home/admin/.ssh/id_rsa' });
    const seen = await secondPrompt({
      execute: async function* () {
        yield { error };
      } as never,
    });
    expect(seen).toContain('tool lookup failed');
    expect(seen).not.toContain('id_rsa');
  });
});
