// Every schema toolgate hands to a foreign library is a fresh plain copy: the library may write into it
// (LangChain's validator defines properties on it, SDKs rewrite schemas for strict mode) without a crash,
// and without changing toolgate's verdicts or what toolgate hands out next. One is frozen: LangChain keeps its
// conversion of a toLangChainTool's schema and sends it again every turn, so a write would stay; it throws.
import { toJsonSchema } from '@langchain/core/utils/json_schema';
import { describe, expect, it } from 'vitest';
import { toAiSdkTool } from '../../src/adapters/ai-sdk.js';
import { toLangChainTool } from '../../src/adapters/langchain.js';
import { agentsParameters, toAgentsTool } from '../../src/adapters/openai-agents.js';
import { admitBatch, defineTool, Registry, validateSchema } from '../../src/index.js';

const SCHEMA = {
  type: 'object',
  properties: { city: { type: 'string', minLength: 1 } },
  required: ['city'],
  additionalProperties: false,
};
const GOOD = { city: 'Paris' };
const BAD = { city: '' };

/** Writes into a handed-out schema the ways foreign libraries do: a new key, a deleted one, a defined property. */
function mutate(schema: unknown): void {
  const root = schema as Record<string, unknown>;
  Object.defineProperty(root, '__absolute_uri__', { value: 'urn:x', enumerable: false });
  delete root['required'];
  root['additionalProperties'] = true;
  ((root['properties'] as Record<string, Record<string, unknown>>)['city'] as Record<string, unknown>)['minLength'] = 0;
}

/** The schema inside one provider tool shape (chat `function.parameters`, Responses `parameters`, ...). */
function schemaOf(shape: unknown): unknown {
  const tool = shape as Record<string, unknown>;
  const fn = tool['function'] as Record<string, unknown> | undefined;
  return fn?.['parameters'] ?? tool['parameters'] ?? tool['input_schema'] ?? tool['inputSchema'];
}

/** A hand-out path: a way to get the schema handed out, and toolgate's verdicts on the good and bad arguments. */
interface Path {
  readonly handOut: () => Promise<unknown> | unknown;
  readonly verdicts: () => Promise<[boolean, boolean]> | [boolean, boolean];
  /** Handed out deep-frozen: a write throws. */
  readonly frozen?: true;
}

async function paths(): Promise<[string, Path][]> {
  const registry = new Registry();
  registry.register(defineTool({ name: 'weather', inputSchema: SCHEMA, execute: () => 'ok' }));
  const registryVerdicts = (): [boolean, boolean] => [
    registry.check({ id: '', name: 'weather', arguments: GOOD }).ok,
    registry.check({ id: '', name: 'weather', arguments: BAD }).ok,
  ];
  const admitted = await admitBatch([{ name: 'weather', inputSchema: SCHEMA, backend: () => 'ok' }]);
  if (!admitted.ok) throw new Error(admitted.error.message);
  const bundle = admitted.value;
  const bundleVerdicts = (): [boolean, boolean] => [
    bundle.registry.check({ id: '', name: 'weather', arguments: GOOD }).ok,
    bundle.registry.check({ id: '', name: 'weather', arguments: BAD }).ok,
  ];
  const compiled = validateSchema(SCHEMA);
  if (!compiled.ok) throw new Error(compiled.error.message);
  const compiledVerdicts = (): [boolean, boolean] => [
    compiled.value.validate(GOOD).ok,
    compiled.value.validate(BAD).ok,
  ];
  const ai = toAiSdkTool({ inputSchema: SCHEMA, execute: () => 'ok' });
  const agents = toAgentsTool({ name: 'weather', description: 'd', inputSchema: SCHEMA, execute: () => 'ok' });
  const parameters = agentsParameters('weather', SCHEMA);
  const lc = toLangChainTool({ name: 'weather', inputSchema: SCHEMA, execute: () => 'ok' });
  if (!ai.ok || !agents.ok || !parameters.ok || !lc.ok) throw new Error('an adapter refused the schema');
  const aiSchema = ai.value.inputSchema as unknown as { jsonSchema: unknown; validate: (v: unknown) => unknown };
  const aiVerdicts = async (): Promise<[boolean, boolean]> => {
    const ok = async (v: unknown) => ((await aiSchema.validate(v)) as { success: boolean }).success;
    return [await ok(GOOD), await ok(BAD)];
  };
  const agentsVerdicts = async (): Promise<[boolean, boolean]> => {
    const out = async (v: unknown) => (await agents.value.invoke({} as never, JSON.stringify(v))) === 'ok';
    return [await out(GOOD), await out(BAD)];
  };
  const parameterVerdicts = async (): Promise<[boolean, boolean]> => {
    const ok = async (v: unknown) => 'value' in (await parameters.value['~standard'].validate(v));
    return [await ok(GOOD), await ok(BAD)];
  };
  const lcVerdicts = async (): Promise<[boolean, boolean]> => {
    const out = async (v: unknown) => (await lc.value.invoke(v as never)) === 'ok';
    return [await out(GOOD), await out(BAD)];
  };
  return [
    ['Registry.definitions()', { handOut: () => registry.definitions()[0]?.inputSchema, verdicts: registryVerdicts }],
    ...(['openai', 'openai-responses', 'anthropic', 'mcp'] as const).flatMap((format): [string, Path][] => [
      [
        `Bundle.toolsFor('${format}')`,
        { handOut: () => schemaOf(bundle.toolsFor(format)[0]), verdicts: bundleVerdicts },
      ],
      [
        `Registry.toolsFor('${format}')`,
        { handOut: () => schemaOf(registry.toolsFor(format)[0]), verdicts: registryVerdicts },
      ],
    ]),
    [
      'Bundle.registry.definitions()',
      { handOut: () => bundle.registry.definitions()[0]?.inputSchema, verdicts: bundleVerdicts },
    ],
    [
      "CompiledSchema['~standard'].jsonSchema.input",
      {
        handOut: () => compiled.value['~standard'].jsonSchema.input({ target: 'draft-2020-12' }),
        verdicts: compiledVerdicts,
      },
    ],
    ['toAiSdkTool inputSchema.jsonSchema', { handOut: async () => await aiSchema.jsonSchema, verdicts: aiVerdicts }],
    ['toAgentsTool parameters', { handOut: () => agents.value.parameters, verdicts: agentsVerdicts }],
    [
      'agentsParameters ~standard.jsonSchema.input',
      {
        handOut: () => parameters.value['~standard'].jsonSchema.input({ target: 'draft-2020-12' }),
        verdicts: parameterVerdicts,
      },
    ],
    [
      'toLangChainTool schema, as LangChain converts it',
      { handOut: () => toJsonSchema(lc.value.schema), verdicts: lcVerdicts, frozen: true },
    ],
  ];
}

describe('schemas handed to foreign libraries', async () => {
  it.each(await paths())('%s: a fresh copy that may be mutated without changing toolgate', async (_name, path) => {
    const first = await path.handOut();
    expect(Object.isFrozen(first)).toBe(path.frozen === true);
    const before = JSON.stringify(first);
    expect(await path.verdicts()).toEqual([true, false]);
    if (path.frozen) expect(() => mutate(first)).toThrow(TypeError);
    else mutate(first);
    expect(await path.verdicts()).toEqual([true, false]);
    const again = await path.handOut();
    // LangChain caches its own conversion per schema object: what it keeps is its own, not toolgate's.
    if (again !== first) expect(JSON.stringify(again)).toBe(before);
  });

  it('toLangChainTool hands LangChain a fresh deep-frozen copy per conversion of a new tool', () => {
    const lc = toLangChainTool({ name: 'weather', inputSchema: SCHEMA, execute: () => 'ok' });
    if (!lc.ok) throw new Error(lc.error.message);
    const carrier = lc.value.schema as unknown as { '~standard': { jsonSchema: { input: (o: unknown) => unknown } } };
    const one = carrier['~standard'].jsonSchema.input({ target: 'draft-07' });
    expect(() => mutate(one)).toThrow(TypeError);
    const two = carrier['~standard'].jsonSchema.input({ target: 'draft-07' });
    expect(two).not.toBe(one);
    expect(two).toEqual(SCHEMA);
  });
});
