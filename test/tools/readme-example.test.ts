// The README "Registry" example, verbatim between the markers; the test checks that README carries
// exactly this code and that running it prints exactly the output README shows.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { defineTool, Registry } from '../../src/index.js';
import { BAD_WEATHER_ARGS, BAD_WEATHER_TEXT } from '../fixtures/weather.js';

async function example(console: { log(text: string): void }): Promise<void> {
  // --- example:start
  const registry = new Registry({ timeoutMs: 5_000 });
  registry.register(defineTool({
    name: 'get_weather',
    description: 'Current weather for a city',
    inputSchema: {
      type: 'object',
      properties: {
        city: { type: 'string', minLength: 1 },
        days: { type: 'integer', minimum: 1, maximum: 7 },
        unit: { enum: ['c', 'f'] },
      },
      required: ['city'],
      additionalProperties: false,
    },
    execute: async ({ city, days = 1 }) => ({ city, days, forecast: 'sunny' }),
  }));
  registry.register(defineTool({
    name: 'send_email',
    description: 'Sends an email',
    inputSchema: { type: 'object', properties: { to: { type: 'string' } }, required: ['to'] },
    execute: () => { throw new Error('SMTP server unreachable'); },
  }));

  const calls = [
    { id: 'call_1', name: 'get_weather', arguments: '{"city": "Paris", "days": 3}' },
    { id: 'call_2', name: 'get_weather', arguments: '{"days": "3", "unit": "kelvin", "country": "FR"}' },
    { id: 'call_3', name: 'send_email', arguments: { to: 'ops@example.com' } },
    { id: 'call_4', name: 'get_wether', arguments: '{}' },
  ];
  for (const call of calls) {
    const result = await registry.call(call);
    console.log(`${call.id} -> ${JSON.stringify(result.toMessage('openai'))}`);
  }
  // --- example:end
}

const OUTPUT = [
  'call_1 -> {"role":"tool","tool_call_id":"call_1",' +
    '"content":"{\\"city\\":\\"Paris\\",\\"days\\":3,\\"forecast\\":\\"sunny\\"}"}',
  // The same text the format tests check (test/fixtures/weather.ts): README's schema is the shared one.
  `call_2 -> ${JSON.stringify({ role: 'tool', tool_call_id: 'call_2', content: BAD_WEATHER_TEXT })}`,
  'call_3 -> {"role":"tool","tool_call_id":"call_3",' +
    '"content":"error: tool send_email failed: SMTP server unreachable"}',
  'call_4 -> {"role":"tool","tool_call_id":"call_4",' +
    '"content":"error: unknown tool \\"get_wether\\"; available tools: get_weather, send_email"}',
];

function between(text: string, start: string, end: string): string {
  const a = text.indexOf(start);
  const b = text.indexOf(end, a + 1);
  return a < 0 || b < 0 ? '' : text.slice(a + start.length, b);
}

describe('README registry example', () => {
  it('sends the bad call of the shared get_weather fixture (its text is checked in the output)', () => {
    const self = readFileSync(new URL(import.meta.url), 'utf8');
    const code = between(self, '// --- example:start\n', '  // --- example:end');
    const fixtureCall = JSON.stringify(BAD_WEATHER_ARGS).replace(/":/g, '": ').replace(/,"/g, ', "');
    expect(code).toContain(`arguments: '${fixtureCall}'`);
  });

  it('prints what the model reads, as README shows', async () => {
    const lines: string[] = [];
    await example({ log: (t) => lines.push(t) });
    expect(lines).toEqual(OUTPUT);
  });

  it('README carries this exact code and output', () => {
    const self = readFileSync(new URL(import.meta.url), 'utf8');
    const block = between(self, '// --- example:start\n', '  // --- example:end');
    const code = block.split('\n').map((l) => l.slice(2)).join('\n').trim();
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const section = between(readme, '<!-- section:registry -->', '<!-- /section:registry -->');
    expect(section).toContain(code);
    expect(section).toContain(OUTPUT.join('\n'));
  });
});
