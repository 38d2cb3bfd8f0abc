// A hunt's find: in strict mode (the default) the Agents SDK throws for some keywords and rewrites the rest without a
// word: every object with `properties` gets `required` = its declared properties and `additionalProperties: false`.
// anthropic-cookbook's wolfram_alpha (../shared/tool-schemas) requires `query`, which it does not declare: the model
// was shown `required: ["search_query"]`, closed, and toolgate refused every call it could send. toAgentsTool and
// agentsParameters now refuse what that rewrite would make the model unable to send; what it only closes stays.
import { Agent, run, setTracingDisabled } from '@openai/agents';
import { ScriptedModel, assistantMessage, functionCall } from '@openai/agents/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { agentsParameters, toAgentsTool } from '../../src/adapters/openai-agents.js';

beforeAll(() => setTracingDisabled(true));

/** anthropic-cookbook third_party/WolframAlpha/using_llm_api.ipynb, its inputSchema as listed. */
const WOLFRAM = {
  type: 'object',
  properties: { search_query: { type: 'string', description: 'The query to send to the Wolfram Alpha API.' } },
  required: ['query'],
};

const REFUSED: [string, unknown, string[]][] = [
  ['a required name properties does not declare (wolfram_alpha)', WOLFRAM, ['required-undeclared at "/required/0"']],
  [
    'an open map with a required name it does not declare',
    {
      type: 'object',
      properties: { a: { type: 'string' } },
      additionalProperties: { type: 'string' },
      required: ['a', 'b'],
    },
    ['additional-properties-false at "/additionalProperties"', 'required-undeclared at "/required/1"'],
  ],
  [
    'additionalProperties: true beside properties',
    { type: 'object', properties: { a: { type: 'string' } }, required: ['a'], additionalProperties: true },
    ['additional-properties-false at "/additionalProperties"'],
  ],
  [
    'an open object in an array of a property',
    {
      type: 'object',
      properties: {
        rows: {
          type: 'array',
          items: { type: 'object', properties: { id: { type: 'string' } }, additionalProperties: { type: 'number' } },
        },
      },
      required: ['rows'],
      additionalProperties: false,
    },
    ['additional-properties-false at "/properties/rows/items/additionalProperties"'],
  ],
  [
    'an undeclared required name in a definition',
    {
      type: 'object',
      properties: { p: { $ref: '#/$defs/P' } },
      required: ['p'],
      additionalProperties: false,
      $defs: {
        P: { type: 'object', properties: { x: { type: 'string' } }, required: ['y'], additionalProperties: false },
      },
    },
    ['required-undeclared at "/$defs/P/required/0"'],
  ],
  // A review's find: the SDK copies a local $ref's target into $defs and rewrites it wherever it stands; a target
  // under a map's additionalProperties, or under a string's properties, was never walked.
  [
    'an undeclared required name reached by $ref under a map',
    {
      type: 'object',
      properties: {
        p: { $ref: '#/properties/m/additionalProperties' },
        m: {
          type: 'object',
          additionalProperties: { properties: { a: { type: 'string' } }, required: ['a', 'b'] },
        },
      },
    },
    ['required-undeclared at "/properties/m/additionalProperties/required/1"'],
  ],
  [
    'an undeclared required name reached by $ref under a string',
    {
      type: 'object',
      properties: {
        p: { $ref: '#/properties/q/properties/z' },
        q: { type: 'string', properties: { z: { properties: { a: {} }, required: ['b'] } } },
      },
    },
    ['required-undeclared at "/properties/q/properties/z/required/0"'],
  ],
];

describe("schemas the Agents SDK's strict rewrite would make uncallable", () => {
  it.each(REFUSED)('toAgentsTool refuses %s in strict mode, naming the rule and place', (_, schema, hits) => {
    const made = toAgentsTool({ name: 't', description: 'd', inputSchema: schema, execute: () => 'ran' });
    expect(made.ok ? undefined : made.error.class).toBe('unsupported_capability');
    const message = made.ok ? '' : made.error.message;
    for (const hit of hits) expect(message).toContain(hit);
    expect(message).toContain('`strict: false` publishes the schema as it is');
  });

  it.each(REFUSED)('agentsParameters refuses %s (the SDK takes it in strict mode only)', (_, schema, hits) => {
    const parameters = agentsParameters('t', schema);
    expect(parameters.ok ? undefined : parameters.error.class).toBe('unsupported_capability');
    for (const hit of hits) expect(parameters.ok ? '' : parameters.error.message).toContain(hit);
  });

  it('publishes wolfram_alpha with strict: false as written, and its valid call runs', async () => {
    const calls: unknown[] = [];
    const made = toAgentsTool({
      name: 'wolfram_alpha',
      description: 'd',
      inputSchema: WOLFRAM,
      strict: false,
      execute: (a) => {
        calls.push(a);
        return 'ran';
      },
    });
    if (!made.ok) throw new Error(made.error.message);
    const model = new ScriptedModel([
      [functionCall('wolfram_alpha', { search_query: 'pi', query: 'pi' }, { callId: 'c1' })],
      [assistantMessage('done')],
    ]);
    await run(new Agent({ name: 'a', model, tools: [made.value] }), 'go');
    const sent = model.calls[0]?.request.tools.find((t) => t.type === 'function');
    expect(sent && 'parameters' in sent ? sent.parameters : undefined).toEqual(WOLFRAM);
    expect(calls).toEqual([{ search_query: 'pi', query: 'pi' }]);
  });

  // Closing an object that says nothing of other members leaves every call the model can make valid: not refused.
  it('keeps an object without additionalProperties: the SDK closes it, and the calls it allows run', async () => {
    const schema = { type: 'object', properties: { a: { type: 'string' }, b: { type: 'integer' } }, required: ['a'] };
    const calls: unknown[] = [];
    const made = toAgentsTool({
      name: 't',
      description: 'd',
      inputSchema: schema,
      execute: (a) => {
        calls.push(a);
        return 'ran';
      },
    });
    if (!made.ok) throw new Error(made.error.message);
    const model = new ScriptedModel([
      [functionCall('t', { a: 'x', b: null }, { callId: 'c1' })],
      [assistantMessage('done')],
    ]);
    await run(new Agent({ name: 'a', model, tools: [made.value] }), 'go');
    const sent = model.calls[0]?.request.tools.find((t) => t.type === 'function');
    const parameters = sent && 'parameters' in sent ? (sent.parameters as Record<string, unknown>) : {};
    expect([parameters['required'], parameters['additionalProperties']]).toEqual([['a', 'b'], false]);
    expect(calls).toEqual([{ a: 'x' }]);
  });
});
