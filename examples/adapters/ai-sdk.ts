// AI SDK: a toolgate-validated tool for generateText/streamText. README copies the lines between
// the "readme" markers; test/adapters/ai-sdk.test.ts runs this file with a mock model.
import { generateText, isStepCount, type LanguageModel } from 'ai';
import { toAiSdkTool } from '../../src/adapters/ai-sdk.js';

/** Runs one conversation with the given model; returns what the weather tool was called with. */
export async function runWeather(model: LanguageModel): Promise<{ calls: unknown[]; text: string }> {
  const calls: unknown[] = [];
  // readme:start
  const weather = toAiSdkTool({
    name: 'weather',
    description: 'Forecast for a city',
    inputSchema: {
      type: 'object',
      properties: { city: { type: 'string', minLength: 1 }, days: { type: 'integer', minimum: 1, maximum: 7 } },
      required: ['city'],
      additionalProperties: false,
    },
    execute: async (args) => { calls.push(args); return { forecast: 'sunny' }; },
  });
  if (!weather.ok) throw new Error(weather.error.message); // a refused schema never becomes a tool

  const result = await generateText({
    model,
    tools: { weather: weather.value },
    stopWhen: isStepCount(3),
    prompt: 'Weather in Paris?',
  });
  // readme:end
  return { calls, text: result.text };
}
