import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  Agent,
  run,
  setSensitiveDataLoggingEnabled,
  setTracingDisabled,
  tool,
  type Model,
  type RunContext,
} from '@openai/agents';
import { ScriptedModel, assistantMessage, functionCall, type RecordedModelCall } from '@openai/agents/testing';
import { agentsErrorFunction, agentsParameters, toAgentsTool } from '../../src/adapters/openai-agents.js';
import { formatForModel } from '../../src/errors/format.js';
import { validate } from '../../src/index.js';
import { importSample } from '../docs/samples.js';

// The docs sample (docs/adapters.md, sample openai-agents), run as written.
const { runWeather } = await importSample<{
  runWeather(model: Model): Promise<{ calls: unknown[]; output: unknown }>;
}>('docs/adapters.md', 'openai-agents');

const WEATHER = {
  type: 'object',
  properties: { city: { type: 'string', minLength: 1 }, days: { type: 'integer', minimum: 1, maximum: 7 } },
  required: ['city', 'days'],
  additionalProperties: false,
};
const GENERIC = 'An error occurred while running the tool. Please try again.';
const BAD = { city: '', days: 9 };

/** toolgate's text for the bad call, computed independently of the adapter. */
function expectedText(toolName: string, schema: unknown, args: unknown): string {
  const r = validate(schema, args);
  if (r.ok) throw new Error('the bad call must be invalid');
  return formatForModel(toolName, r.error);
}

/** The function-call outputs the runner sent in a model request, as JSON text for searching. */
function callOutputs(call: RecordedModelCall | undefined): string {
  const input = call?.request.input;
  return JSON.stringify(
    Array.isArray(input)
      ? input.filter((i) => typeof i === 'object' && i !== null && 'type' in i && i.type === 'function_call_result')
      : [],
  );
}
/** A JSON-escaped form of a text, as it appears inside callOutputs. */
const escaped = (text: string): string => JSON.stringify(text).slice(1, -1);

beforeAll(() => setTracingDisabled(true));
// The SDK's default: tool data is sensitive (redacted). Tests that switch it on switch it back.
afterEach(() => setSensitiveDataLoggingEnabled(false));

describe('toAgentsTool, end to end with ScriptedModel', () => {
  it("runs the tool only for the good call and shows the bad call's toolgate text to the next turn", async () => {
    const model = new ScriptedModel([
      [functionCall('weather', BAD, { callId: 'c1' })],
      [functionCall('weather', { city: 'Paris', days: 3 }, { callId: 'c2' })],
      [assistantMessage('Sunny in Paris.')],
    ]);
    const { calls, output } = await runWeather(model);

    expect(calls).toEqual([{ city: 'Paris', days: 3 }]);
    expect(output).toBe('Sunny in Paris.');
    model.assertComplete();
    const text = expectedText('weather', WEATHER, BAD);
    expect(text.split('\n')).toHaveLength(3);
    expect(callOutputs(model.calls[1])).toContain(escaped(text));
    expect(callOutputs(model.calls[2])).toContain('sunny');
  });

  it('sends the schema as a strict tool definition by default', async () => {
    const model = new ScriptedModel([[assistantMessage('no tools needed')]]);
    await runWeather(model);
    const sent = model.calls[0]?.request.tools.find((t) => t.type === 'function');
    expect(sent && 'parameters' in sent ? sent.parameters : undefined).toEqual(WEATHER);
    expect(sent && 'strict' in sent ? sent.strict : undefined).toBe(true);
  });

  it(
    "with strict: false sends a schema outside OpenAI's strict subset unchanged and still enforces all of " + 'it',
    async () => {
      const schema = {
        type: 'object',
        properties: { tags: { type: 'array', items: { type: 'string' }, uniqueItems: true } },
        patternProperties: { '^x-': { type: 'number' } },
      };
      const calls: unknown[] = [];
      const made = toAgentsTool({
        name: 'tagger',
        description: 'tags',
        inputSchema: schema,
        strict: false,
        execute: (a) => {
          calls.push(a);
          return 'ok';
        },
      });
      if (!made.ok) throw new Error(made.error.message);
      const bad = { tags: ['a', 'a'], 'x-n': 'one' };
      const model = new ScriptedModel([
        [functionCall('tagger', bad, { callId: 'c1' })],
        [functionCall('tagger', { tags: ['a', 'b'], 'x-n': 1 }, { callId: 'c2' })],
        [assistantMessage('done')],
      ]);
      await run(new Agent({ name: 't', model, tools: [made.value] }), 'tag it');
      expect(calls).toEqual([{ tags: ['a', 'b'], 'x-n': 1 }]);
      expect(callOutputs(model.calls[1])).toContain(escaped(expectedText('tagger', schema, bad)));
      const sent = model.calls[0]?.request.tools.find((t) => t.type === 'function');
      expect(sent && 'parameters' in sent ? sent.parameters : undefined).toEqual(schema);
      expect(sent && 'strict' in sent ? sent.strict : undefined).toBe(false);
    },
  );

  // Found by a hunt: the Agents SDK rewrites other names without a word (`files.delete` as `files_delete`), so two
  // tools could end under one name and one be lost; a 100-character name was accepted.
  it.each([['files.delete'], ['files-delete'], ['ünï'], ['x'.repeat(65)], ['a b']])(
    'refuses the name %j, which OpenAI does not take',
    (name) => {
      const made = toAgentsTool({ name, description: '', inputSchema: { type: 'object' }, execute: () => 'x' });
      expect(made.ok ? undefined : made.error.class).toBe('unsupported_capability');
      if (!made.ok) expect(made.error.message).toContain('is not one the Agents SDK sends unchanged');
    },
  );

  it('refuses what toolgate refuses, and what the SDK refuses for strict mode', () => {
    const legacy = toAgentsTool({
      name: 'old',
      description: '',
      inputSchema: { type: 'object', dependencies: {} },
      execute: () => 'x',
    });
    expect(legacy.ok ? undefined : legacy.error.class).toBe('unsupported_capability');
    const outsideSubset = toAgentsTool({
      name: 'pat',
      description: '',
      inputSchema: {
        type: 'object',
        properties: { a: { type: 'string' } },
        required: ['a'],
        additionalProperties: false,
        patternProperties: { '^x': {} },
      },
      execute: () => 'x',
    });
    expect(outsideSubset.ok ? undefined : outsideSubset.error.message).toMatch(/strict mode/);
  });
});

describe("agentsParameters with the SDK's own tool(), end to end", () => {
  function weatherTool(calls: unknown[]) {
    const parameters = agentsParameters('weather', WEATHER);
    if (!parameters.ok) throw new Error(parameters.error.message);
    return tool({
      name: 'weather',
      description: 'Forecast',
      parameters: parameters.value,
      execute: (a) => {
        calls.push(a);
        return 'sunny';
      },
      errorFunction: agentsErrorFunction(parameters.value),
    });
  }
  async function conversation(): Promise<{ calls: unknown[]; model: ScriptedModel }> {
    const calls: unknown[] = [];
    const model = new ScriptedModel([
      [functionCall('weather', BAD, { callId: 'c1' })],
      [functionCall('weather', { city: 'Paris', days: 3 }, { callId: 'c2' })],
      [assistantMessage('done')],
    ]);
    await run(new Agent({ name: 'w', model, tools: [weatherTool(calls)] }), 'Weather?');
    return { calls, model };
  }

  it("when the SDK keeps tool data, the invalid-input path carries toolgate's text", async () => {
    setSensitiveDataLoggingEnabled(true);
    const { calls, model } = await conversation();
    expect(calls).toEqual([{ city: 'Paris', days: 3 }]);
    expect(callOutputs(model.calls[1])).toContain(escaped(expectedText('weather', WEATHER, BAD)));
  });

  it(
    "with the SDK's default redaction, the tool still does not run and the model gets the fixed " + 'sentence',
    async () => {
      const { calls, model } = await conversation();
      expect(calls).toEqual([{ city: 'Paris', days: 3 }]);
      expect(callOutputs(model.calls[1])).toContain(GENERIC);
      expect(callOutputs(model.calls[1])).not.toContain('$.days');
    },
  );
});

describe('agentsParameters / agentsErrorFunction', () => {
  const context = {} as RunContext<unknown>;

  it(
    "a failed validation is one issue without a path carrying formatForModel's text; success keeps the " + 'reference',
    () => {
      const p = agentsParameters('weather', WEATHER);
      if (!p.ok) throw new Error(p.error.message);
      expect(p.value['~standard'].validate(BAD)).toEqual({
        issues: [{ message: expectedText('weather', WEATHER, BAD) }],
      });
      const args = { city: 'Oslo', days: 2 };
      const good = p.value['~standard'].validate(args);
      expect('value' in good ? good.value : undefined).toBe(args);
    },
  );

  it('errorFunction passes on only texts its own parameters produced', () => {
    const p = agentsParameters('weather', WEATHER);
    if (!p.ok) throw new Error(p.error.message);
    const errorFunction = agentsErrorFunction(p.value);
    const text = expectedText('weather', WEATHER, {});
    p.value['~standard'].validate({});
    expect(errorFunction(context, { originalError: new Error(text) })).toBe(text);
    // Anything else (a secret in a backend error, say) never reaches the model.
    expect(errorFunction(context, { originalError: new Error('db password is hunter2') })).toBe(GENERIC);
    expect(errorFunction(context, new Error('boom'))).toBe(GENERIC);
    const other = agentsParameters('weather', WEATHER);
    if (!other.ok) throw new Error(other.error.message);
    expect(agentsErrorFunction(other.value)(context, { originalError: new Error(text) })).toBe(GENERIC);
  });

  it('refuses an unusable tool name and schemas toolgate refuses', () => {
    expect(agentsParameters('', WEATHER).ok).toBe(false);
    const r = agentsParameters('x', { type: 'object', $schema: 'http://json-schema.org/draft-07/schema#' });
    expect(r.ok ? undefined : r.error.class).toBe('unsupported_capability');
  });
});
