// Every execution_failure says in `kind` what failed, so a retry policy need not parse English: a limit (and
// `limit` names it), a timeout, an abort, a refusing stage, the tool, host code, an upstream server, toolgate.
// One row per way a call, a schema or a batch can end so; the class and the model's text are as before.
import { describe, expect, it } from 'vitest';
import { admitBatch, defineTool, Registry, validateSchema, type GateError } from '../../src/index.js';
import { listAllPages } from '../../src/catalog/mcp-pages.js';
import { MAX_BATCH_DESCRIPTORS } from '../../src/catalog/batch-input.js';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** A registry with one tool `t` running `execute`, and the given stages. */
function registryWith(execute: () => unknown, options: ConstructorParameters<typeof Registry>[0] = {}): Registry {
  const registry = new Registry(options);
  registry.register(defineTool({ name: 't', inputSchema: { type: 'object' }, execute }));
  return registry;
}

async function callError(registry: Registry, options: Parameters<Registry['call']>[1] = {}): Promise<GateError> {
  const r = await registry.call({ id: '1', name: 't', arguments: '{}' }, options);
  if (r.error === undefined) throw new Error('the call succeeded');
  return r.error;
}

const refusal = (r: { ok: boolean; error?: GateError }): GateError => {
  if (r.ok || r.error === undefined) throw new Error('no refusal');
  return r.error;
};

const ROWS: readonly (readonly [string, () => Promise<GateError>, Partial<GateError>])[] = [
  [
    'an argument limit',
    async () => {
      const c = validateSchema({ type: 'object' }, { limits: { maxArgumentBytes: 4 } });
      return refusal(c.ok ? c.value.validateJSON('{"a":1}') : c);
    },
    { kind: 'limit', limit: 'maxArgumentBytes' },
  ],
  [
    'argument depth while parsing',
    async () => {
      const c = validateSchema({ type: 'object' }, { limits: { maxArgumentDepth: 2 } });
      return refusal(c.ok ? c.value.validateJSON('{"a":[[1]]}') : c);
    },
    { kind: 'limit', limit: 'maxArgumentDepth' },
  ],
  [
    'a schema limit',
    async () => refusal(validateSchema({ type: 'object', properties: { a: {} } }, { limits: { maxSubschemas: 1 } })),
    { kind: 'limit', limit: 'maxSubschemas' },
  ],
  [
    'a batch too large',
    async () => refusal(await admitBatch(new Array(MAX_BATCH_DESCRIPTORS + 1).fill({}))),
    { kind: 'limit', limit: 'MAX_BATCH_DESCRIPTORS' },
  ],
  [
    'too many tools/list pages',
    async () => {
      let page = 0;
      return refusal(await listAllPages(async () => ({ tools: [], nextCursor: String(page++) }), 2));
    },
    { kind: 'limit', limit: 'maxPages' },
  ],
  [
    'a cursor repeated by the server',
    async () => refusal(await listAllPages(async () => ({ tools: [], nextCursor: 'same' }), 5)),
    { kind: 'upstream' },
  ],
  ['a timeout', () => callError(registryWith(() => sleep(50), { timeoutMs: 5 })), { kind: 'timeout' }],
  [
    'an abort',
    () =>
      callError(
        registryWith(() => sleep(50)),
        { signal: AbortSignal.abort() },
      ),
    { kind: 'abort', stage: 'execute' } as Partial<GateError>,
  ],
  [
    'a stage that refuses',
    () => callError(registryWith(() => 'ok', { stages: { approve: () => false } })),
    { kind: 'refused' },
  ],
  [
    'a stage that throws',
    () =>
      callError(
        registryWith(() => 'ok', {
          stages: {
            approve: () => {
              throw new Error('x');
            },
          },
        }),
      ),
    { kind: 'host' },
  ],
  [
    'a tool that throws',
    () =>
      callError(
        registryWith(() => {
          throw new Error('x');
        }),
      ),
    { kind: 'tool' },
  ],
  ['a tool whose result is not JSON', () => callError(registryWith(() => 1n)), { kind: 'tool' }],
  // It said kind `tool` with `limit` set, which no other failure does: a retry policy on kind `limit` missed it.
  [
    'a result over maxResultBytes',
    () => callError(registryWith(() => 'x'.repeat(100), { maxResultBytes: 50 })),
    { kind: 'limit', limit: 'maxResultBytes' },
  ],
  [
    'a getter that throws in the arguments',
    async () => {
      const c = validateSchema({ type: 'object' });
      const args = Object.defineProperty({}, 'a', {
        enumerable: true,
        get() {
          throw new Error('secret');
        },
      });
      return refusal(c.ok ? c.value.validate(args) : c);
    },
    { kind: 'host' },
  ],
];

describe('an execution_failure says which kind it is', () => {
  it.each(ROWS.map(([name, run, expected]) => [name, run, expected] as const))('%s', async (_name, run, expected) => {
    const error = await run();
    expect(error.class).toBe('execution_failure');
    expect(error).toMatchObject(expected);
    if (expected.kind !== 'limit') expect(error.limit).toBeUndefined();
  });

  it('a failure of another class has no kind', async () => {
    const c = validateSchema({ type: 'object', required: ['a'] });
    const error = refusal(c.ok ? c.value.validate({}) : c);
    expect(error.class).toBe('validation');
    expect(error.kind).toBeUndefined();
  });
});
