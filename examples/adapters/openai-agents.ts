// OpenAI Agents JS: a toolgate-validated function tool. README copies the lines between the
// "readme" markers; test/adapters/openai-agents.test.ts runs this file with the SDK's ScriptedModel.
import { Agent, run, type Model } from '@openai/agents';
import { toAgentsTool } from '../../src/adapters/openai-agents.js';

/** Runs one conversation with the given model; returns what the weather tool was called with. */
export async function runWeather(model: Model): Promise<{ calls: unknown[]; output: unknown }> {
  const calls: unknown[] = [];
  // readme:start
  const weather = toAgentsTool({
    name: 'weather',
    description: 'Forecast for a city',
    inputSchema: {
      type: 'object',
      properties: { city: { type: 'string', minLength: 1 }, days: { type: 'integer', minimum: 1, maximum: 7 } },
      required: ['city', 'days'],
      additionalProperties: false,
    },
    execute: async (args) => { calls.push(args); return 'sunny'; },
  });
  if (!weather.ok) throw new Error(weather.error.message); // refused by toolgate, or outside OpenAI's strict subset

  const agent = new Agent({
    name: 'forecaster',
    instructions: 'Answer with the forecast.',
    model,
    tools: [weather.value],
  });
  const result = await run(agent, 'Weather in Paris?');
  // readme:end
  return { calls, output: result.finalOutput };
}
