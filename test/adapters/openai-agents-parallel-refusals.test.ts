// agentsErrorFunction recognises toolgate's texts when one model turn holds many parallel invalid calls: the Agents
// SDK validates every call of a turn before any errorFunction runs. A hunt's find: 64 texts were kept per parameters
// object, so with more than 64 distinct invalid calls the oldest read the SDK's generic sentence instead of
// toolgate's text. Each text is now counted until errorFunction takes it, within a documented bound.
import { Agent, run, setSensitiveDataLoggingEnabled, setTracingDisabled, tool } from '@openai/agents';
import { ScriptedModel, assistantMessage, functionCall } from '@openai/agents/testing';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { agentsErrorFunction, agentsParameters } from '../../src/adapters/openai-agents.js';
import { KEPT_CHARS, KEPT_TEXTS, PendingTexts } from '../../src/adapters/openai-agents-texts.js';

const GENERIC = 'An error occurred while running the tool. Please try again.';
const ITEM = {
  type: 'object',
  properties: { id: { type: 'integer', maximum: 0 } },
  required: ['id'],
  additionalProperties: false,
};

beforeAll(() => setTracingDisabled(true));
afterEach(() => setSensitiveDataLoggingEnabled(false));

describe('agentsErrorFunction, many parallel invalid calls in one turn (the real @openai/agents Runner)', () => {
  it.each([80, 200])('%i distinct invalid calls each read their own toolgate text', async (n) => {
    setSensitiveDataLoggingEnabled(true);
    const parameters = agentsParameters('get_item', ITEM);
    if (!parameters.ok) throw new Error(parameters.error.message);
    const runs: unknown[] = [];
    const getItem = tool({
      name: 'get_item',
      description: 'An item',
      parameters: parameters.value,
      errorFunction: agentsErrorFunction(parameters.value),
      execute: (input) => {
        runs.push(input);
        return 'ran';
      },
    });
    const calls = Array.from({ length: n }, (_, i) => functionCall('get_item', { id: i + 1 }, { callId: `c${i}` }));
    const model = new ScriptedModel([calls, [assistantMessage('done')]]);
    const result = await run(new Agent({ name: 'a', model, tools: [getItem] }), 'Items?');
    const outputs = new Map<string, string>();
    for (const item of result.newItems) {
      const raw = item.rawItem as { type?: string; callId?: string; output?: { text?: string } | string };
      if (raw.type !== 'function_call_result' || raw.callId === undefined) continue;
      outputs.set(raw.callId, typeof raw.output === 'string' ? raw.output : (raw.output?.text ?? ''));
    }
    expect(runs).toEqual([]);
    expect(outputs.size).toBe(n);
    const generic = [...outputs.values()].filter((text) => text === GENERIC);
    expect(generic).toHaveLength(0);
    for (let i = 0; i < n; i++) expect(outputs.get(`c${i}`)).toContain(`$.id: ${i + 1} must be <= 0`);
  });
});

describe('PendingTexts: each text taken once per call that produced it, within KEPT_TEXTS and KEPT_CHARS', () => {
  it('counts a text produced twice and takes it twice, then no more', () => {
    const texts = new PendingTexts();
    texts.add('a');
    texts.add('a');
    expect([texts.take('a'), texts.take('a'), texts.take('a'), texts.take('b')]).toEqual([true, true, false, false]);
  });

  it.each([
    ['KEPT_TEXTS texts', KEPT_TEXTS + 1, 1],
    ['KEPT_CHARS characters', Math.floor(KEPT_CHARS / 2000) + 1, 2000],
  ])('past %s the oldest text is forgotten first', (_label, count, length) => {
    const texts = new PendingTexts();
    const text = (i: number): string => String(i).padStart(length, '-');
    for (let i = 0; i < count; i++) texts.add(text(i));
    expect(texts.take(text(0))).toBe(false);
    expect(texts.take(text(1))).toBe(true);
    expect(texts.take(text(count - 1))).toBe(true);
  });
});
