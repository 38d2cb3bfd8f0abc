// A Proxy given as options, or as an option's object value, is refused before anything looks into it: a revoked
// one threw across the public API (Array.isArray throws on it) or came back as an `internal` defect, and a live
// one had its ownKeys and getOwnPropertyDescriptor traps run although options are read as plain data.
import { describe, expect, it } from 'vitest';
import {
  admitBatch,
  admitMcpTools,
  checkProvider,
  configureCache,
  defineTool,
  lintSchema,
  preflight,
  Registry,
  validateSchema,
  type GateError,
  type Result,
} from '../../src/index.js';
import { guardClient } from '../../src/adapters/mcp-client.js';
import { ToolgateJsonSchemaValidator } from '../../src/adapters/mcp-validator.js';
import { mcpClient } from '../hostile/model-text.js';

const SCHEMA = { type: 'object' };
const DESCRIPTOR = { name: 't', description: 'd', inputSchema: SCHEMA, backend: () => 'ok' };
const TOOL = defineTool({ name: 't', execute: () => 'ok' });

const revoked = (): object => {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
};

/** A Proxy over `target` that records each trap it runs. */
function recording(target: object, log: string[]): object {
  const noted = <T>(what: string, value: T): T => {
    log.push(what);
    return value;
  };
  return new Proxy(target, {
    ownKeys: (t) => noted('ownKeys', Reflect.ownKeys(t)),
    getOwnPropertyDescriptor: (t, k) => noted(`gopd ${String(k)}`, Reflect.getOwnPropertyDescriptor(t, k)),
    get: (t, k) => noted(`get ${String(k)}`, Reflect.get(t, k)),
    getPrototypeOf: (t) => noted('getPrototypeOf', Reflect.getPrototypeOf(t)),
  });
}

/** The refusal as a GateError, or undefined when accepted. */
type Refusal = (options: object) => Promise<GateError | undefined>;

const errorOf = (r: Result<unknown, GateError>): GateError | undefined => (r.ok ? undefined : r.error);

const ENTRY_POINTS: readonly (readonly [name: string, refusal: Refusal])[] = [
  ['new Registry', async (o) => errorOf(new Registry(o as never).register(TOOL))],
  ['new Registry stages', async (o) => errorOf(new Registry({ stages: o as never }).register(TOOL))],
  ['new Registry limits', async (o) => errorOf(new Registry({ limits: o as never }).register(TOOL))],
  ['new Registry dialects', async (o) => errorOf(new Registry({ dialects: o as never }).register(TOOL))],
  ['new Registry schemaRegistry', async (o) => errorOf(new Registry({ schemaRegistry: o as never }).register(TOOL))],
  [
    'Registry.call options',
    async (o) => {
      const registry = new Registry();
      registry.register(TOOL);
      return (await registry.call({ id: '1', name: 't', arguments: '{}' }, o as never)).error;
    },
  ],
  ['validateSchema', async (o) => errorOf(validateSchema(SCHEMA, o as never))],
  ['validateSchema limits', async (o) => errorOf(validateSchema(SCHEMA, { limits: o as never }))],
  ['configureCache', async (o) => errorOf(configureCache(o as never))],
  ['preflight', async (o) => errorOf(preflight(DESCRIPTOR, o as never))],
  ['admitBatch', async (o) => errorOf(await admitBatch([], o as never))],
  ['admitMcpTools', async (o) => errorOf(await admitMcpTools({ tools: [] }, o as never))],
  ['lintSchema', async (o) => errorOf(lintSchema(SCHEMA, o as never))],
  ['checkProvider', async (o) => errorOf(checkProvider(SCHEMA, 'openai', o as never))],
  ['guardClient', async (o) => errorOf(await guardClient(mcpClient(), o as never).admit())],
];

describe('a Proxy as options is refused, never read', () => {
  it.each(ENTRY_POINTS)('%s: a revoked Proxy is an invalid_option refusal, not a throw', async (_name, refusal) => {
    const error = await refusal(revoked());
    expect(error?.class).toBe('validation');
    expect(error?.kind).not.toBe('internal');
    expect(error?.message).toMatch(/must be plain data, not a Proxy/);
    expect(error?.violations.some((v) => v.code === 'invalid_option')).toBe(true);
  });

  it.each(ENTRY_POINTS)('%s: a revoked function Proxy is a validation refusal, not a throw', async (_n, refusal) => {
    const { proxy, revoke } = Proxy.revocable(() => undefined, {});
    revoke();
    const error = await refusal(proxy);
    expect(error?.class).toBe('validation');
    expect(error?.kind).not.toBe('internal');
  });

  it.each(ENTRY_POINTS)('%s: no trap of a live Proxy runs', async (_name, refusal) => {
    const log: string[] = [];
    const error = await refusal(recording({}, log));
    expect(error?.message).toMatch(/must be plain data, not a Proxy/);
    expect(log).toEqual([]);
  });

  it('ToolgateJsonSchemaValidator: a revoked Proxy is refused in every errorMessage, not thrown', () => {
    const answer = new ToolgateJsonSchemaValidator(revoked() as never).getValidator(SCHEMA)({});
    expect(answer.valid).toBe(false);
    expect(answer.errorMessage).toMatch(/must be plain data, not a Proxy/);
  });

  it('a Proxy as the context is handed to the tool, not refused: toolgate never reads it', async () => {
    const registry = new Registry();
    registry.register(TOOL);
    const log: string[] = [];
    const result = await registry.call({ id: '1', name: 't', arguments: '{}' }, { context: recording({}, log) });
    expect(result.isError).toBe(false);
  });

  it('preflight and admitBatch: a revoked Proxy as the descriptor is a validation refusal', async () => {
    expect(errorOf(preflight(revoked()))?.message).toMatch(/descriptor must be plain data/);
    const batch = errorOf(await admitBatch([revoked()]));
    expect(batch?.kind).not.toBe('internal');
    expect(batch?.message).toMatch(/descriptor must be plain data/);
  });
});
