// Every entry point reads its options through one table (util/option-table.ts): an unknown key and a value of
// the wrong type are refused the same way everywhere, each in the entry point's own failure channel (a Result,
// the Registry's options error, guardClient's admission and refused calls, the MCP validator's errorMessage),
// never by a throw and never silently ignored. One row per entry point x (unknown key, wrong type); the rows
// marked `was ignored` passed unnoticed before the tables.
import { describe, expect, it } from 'vitest';
import {
  admitBatch,
  admitMcpTools,
  configureCache,
  defineTool,
  formatForModel,
  lintSchema,
  pinTools,
  preflight,
  Registry,
  checkProvider,
  validate,
  validateSchema,
  type GateError,
  type Result,
} from '../../src/index.js';
import { guardClient } from '../../src/adapters/mcp-client.js';
import { ToolgateJsonSchemaValidator } from '../../src/adapters/mcp-validator.js';
import { aiSdkSchema } from '../../src/adapters/ai-sdk.js';
import { agentsParameters } from '../../src/adapters/openai-agents.js';
import { toLangChainTool } from '../../src/adapters/langchain.js';
import { mcpClient } from '../hostile/model-text.js';

const SCHEMA = { type: 'object' };
const DESCRIPTOR = { name: 't', description: 'd', inputSchema: SCHEMA, backend: () => 'ok' };

/** The refusal's text, or undefined when the options were accepted. */
type Refusal = (options: Record<string, unknown>) => Promise<string | undefined>;

const textOf = (r: Result<unknown, GateError>): string | undefined => (r.ok ? undefined : r.error.message);

/** Each entry point, how it reports refused options, and a known option to misspell and to mistype. */
const ENTRY_POINTS: readonly (readonly [name: string, refusal: Refusal, key: string, wrong: unknown])[] = [
  ['validateSchema', async (o) => textOf(validateSchema(SCHEMA, o)), 'formatAssertion', 'yes'],
  ['validate', async (o) => textOf(validate(SCHEMA, {}, o)), 'unknownKeywords', 'rejct'],
  ['validateSchema limits', async (o) => textOf(validateSchema(SCHEMA, { limits: o })), 'maxSubschemas', '10'],
  ['configureCache', async (o) => textOf(configureCache(o)), 'size', 'big'],
  [
    'new Registry (register)',
    async (o) => textOf(new Registry(o).register(defineTool({ name: 't', execute: () => 'ok' }))),
    'maxViolationLines',
    'ten',
  ],
  [
    'new Registry (its stages)',
    async (o) => textOf(new Registry({ stages: o }).register(defineTool({ name: 't', execute: () => 'ok' }))),
    'approve',
    true,
  ],
  [
    'Registry.call options',
    async (o) => {
      const registry = new Registry();
      registry.register(defineTool({ name: 't', execute: () => 'ok' }));
      return (await registry.call({ id: '1', name: 't', arguments: '{}' }, o)).error?.message;
    },
    'signal',
    'abort',
  ],
  ['preflight', async (o) => textOf(preflight(DESCRIPTOR, o)), 'invoke', 'run'],
  ['admitBatch', async (o) => textOf(await admitBatch([DESCRIPTOR], o)), 'unknownGrants', 1],
  [
    'admitMcpTools',
    // The options' own prototype kept: an inherited option must reach admitMcpTools to be refused there.
    async (o) =>
      textOf(
        await admitMcpTools(
          { tools: [] },
          Object.setPrototypeOf({ backend: () => () => 'ok', ...o }, Object.getPrototypeOf(o) as object | null),
        ),
      ),
    'revision',
    'r1',
  ],
  ['lintSchema', async (o) => textOf(lintSchema(SCHEMA, o)), 'limits', 5],
  // A misspelt `withhold` was ignored: the secrets it names were then written into a lock meant to be committed.
  ['pinTools', async (o) => textOf(pinTools({ tools: [] }, o)), 'withhold', 'secret'],
  ['checkProvider', async (o) => textOf(checkProvider(SCHEMA, 'openai', o)), 'limits', 'none'],
  // It returns text: the refusal takes the violations' place in it. `{ maxLinez: 3 }` was ignored, "ten" read as 20.
  [
    'formatForModel',
    async (o) => {
      const text = formatForModel('t', { class: 'validation', message: 'm', violations: [] }, o);
      return text.includes('invalid formatForModel options') ? text : undefined;
    },
    'maxLines',
    'ten',
  ],
  ['aiSdkSchema', async (o) => textOf(aiSdkSchema(SCHEMA, o)), 'contentAssertion', 1],
  ['agentsParameters', async (o) => textOf(agentsParameters('t', SCHEMA, o)), 'schemaLoader', {}],
  [
    'toLangChainTool',
    async (o) => textOf(toLangChainTool({ name: 't', inputSchema: SCHEMA, execute: () => 'ok' }, o)),
    'dialects',
    ['draft-04'],
  ],
  [
    'ToolgateJsonSchemaValidator',
    async (o) => {
      const answer = new ToolgateJsonSchemaValidator(o).getValidator(SCHEMA)({});
      return answer.valid ? undefined : answer.errorMessage;
    },
    'schemaRegistry',
    'none',
  ],
  [
    'guardClient (admission, then a call)',
    async (o) => {
      const guarded = guardClient(mcpClient(), o);
      const admitted = await guarded.admit();
      if (admitted.ok) return undefined;
      // A call is refused too, locally: nothing reaches the server.
      const call = await guarded.callTool({ name: 't', arguments: {} });
      expect(call.isError).toBe(true);
      return admitted.error.message;
    },
    'maxPages',
    'all',
  ],
];

/** A key the table lacks: the known one misspelt. */
const misspelt = (key: string): string => `${key}X`;

describe('options are read through one table per entry point', () => {
  it.each(ENTRY_POINTS.map(([name, refusal, key]) => [name, refusal, key] as const))(
    '%s: an unknown option is refused',
    async (_name, refusal, key) => {
      const text = await refusal({ [misspelt(key)]: 1 });
      // A nested table (limits, stages) names the option under its parent: "limits.maxSubschemasX".
      expect(text).toMatch(new RegExp(`unknown option "(\\w+\\.)?${misspelt(key)}" \\(known: `));
      expect(text).toContain(key);
    },
  );

  it.each(ENTRY_POINTS.map(([name, refusal, key, wrong]) => [name, refusal, key, wrong] as const))(
    '%s: an option of the wrong type is refused',
    async (_name, refusal, key, wrong) => {
      const text = await refusal({ [key]: wrong });
      expect(text).toMatch(new RegExp(`\\b${key} must be `));
    },
  );

  it.each(ENTRY_POINTS.map(([name, refusal]) => [name, refusal] as const))(
    '%s: no options, or undefined ones, are accepted',
    async (_name, refusal) => {
      expect(await refusal({})).toBeUndefined();
    },
  );

  // A hunt's find: an option on a prototype was neither read nor refused, so `stages: new Policy()` (authorize a
  // class method) ran no stage and every call was authorized, and an inherited `signal` aborted nothing.
  it.each(ENTRY_POINTS.map(([name, refusal, key, wrong]) => [name, refusal, key, wrong] as const))(
    '%s: an option inherited from a prototype is refused, never ignored',
    async (_name, refusal, key, wrong) => {
      const text = await refusal(Object.create({ [key]: wrong }) as Record<string, unknown>);
      expect(text).toMatch(new RegExp(`\\b${key} is inherited from a prototype`));
      const deep = (n: number): object => (n === 0 ? {} : Object.create(deep(n - 1)));
      expect(await refusal(deep(20) as Record<string, unknown>)).toMatch(/prototype chain is longer than 16/);
      const trap = Object.create(new Proxy({}, {})) as Record<string, unknown>;
      expect(await refusal(trap)).toMatch(/prototype chain holds a Proxy/);
    },
  );

  it('a class instance as the stages is refused: its authorize is not an own property', async () => {
    class Policy {
      authorize(): boolean {
        return false;
      }
    }
    let ran = 0;
    const registry = new Registry({ stages: new Policy() as never });
    const registered = registry.register(defineTool({ name: 'delete_all', execute: () => ran++ }));
    expect(textOf(registered)).toContain('stages: authorize is inherited from a prototype');
    const r = await registry.call({ id: '1', name: 'delete_all', arguments: '{}' });
    expect(r.error?.message).toContain('stages: authorize is inherited');
    expect(ran).toBe(0);
  });

  it('a refusal names each problem as a violation with code invalid_option', () => {
    const r = validateSchema(SCHEMA, { formatAssertion: 'yes', formatAsertion: true } as never);
    expect(r.ok ? [] : r.error.violations.map((v) => [v.code, v.params])).toEqual([
      ['invalid_option', { option: 'formatAsertion' }],
      ['invalid_option', { option: 'formatAssertion' }],
    ]);
  });
});
