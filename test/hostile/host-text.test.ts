// Host text never reaches the model by default: what a getter, a Proxy trap, a toJSON or a host callback
// throws is host data (paths, addresses, credentials). Every path a model's text comes from is a row, each
// against each hostile thing that throws a secret; the model's texts and every GateError the API hands to
// formatForModel must not hold the secret, while the host keeps it (error.cause, onError).
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { aiSdkSchema } from '../../src/adapters/ai-sdk.js';
import { guardClient } from '../../src/adapters/mcp-client.js';
import { agentsErrorFunction, agentsParameters } from '../../src/adapters/openai-agents.js';
import { callCommand } from '../../src/cli/serve.js';
import type { PreparedCommand } from '../../src/exec/command.js';
import { admitBatch, defineTool, formatForModel, Registry, validateSchema, type GateError } from '../../src/index.js';
import { mcpClient, modelText } from './model-text.js';

const SECRET = 'password=hunter2 at 10.0.0.5';
const FORMATS = ['openai', 'openai-responses', 'anthropic', 'mcp'] as const;
const SCHEMA = { type: 'object', properties: { a: { type: 'string' } } };

function thrower(kind: 'error' | 'string'): () => never {
  return () => {
    throw kind === 'error' ? new Error(SECRET) : SECRET;
  };
}

/** Argument values whose reading runs host code that throws the secret. */
const HOSTILE_ARGS: { name: string; make: () => unknown }[] = [
  {
    name: 'a getter that throws an Error',
    make: () => Object.defineProperty({}, 'a', { enumerable: true, get: thrower('error') }),
  },
  {
    name: 'a getter that throws a string',
    make: () => Object.defineProperty({}, 'a', { enumerable: true, get: thrower('string') }),
  },
  {
    name: 'a nested getter',
    make: () => ({ a: Object.defineProperty({}, 'b', { enumerable: true, get: thrower('error') }) }),
  },
  {
    name: 'a Proxy whose traps throw',
    make: () =>
      new Proxy(
        {},
        {
          ownKeys: thrower('error'),
          get: thrower('error'),
          getPrototypeOf: thrower('error'),
          getOwnPropertyDescriptor: thrower('error'),
          has: thrower('error'),
        },
      ),
  },
  {
    // The check reads it and passes; the engine reads it again and it throws (a path of its own).
    name: 'a getter that throws on its second read',
    make: () => {
      let reads = 0;
      const get = () => (++reads > 1 ? thrower('error')() : 'x');
      return Object.defineProperty({}, 'a', { enumerable: true, get });
    },
  },
  { name: 'a toJSON that throws', make: () => ({ a: 'x', toJSON: thrower('error') }) },
  { name: 'a throwing toJSON on a nested value', make: () => ({ a: { toJSON: thrower('error') } }) },
];

/** What one path gave: the texts a model reads, and the GateErrors a host would hand to formatForModel. */
interface Seen {
  readonly texts: string[];
  readonly errors: GateError[];
}

const compiled = (() => {
  const c = validateSchema(SCHEMA);
  if (!c.ok) throw new Error('schema refused');
  return c.value;
})();

function registry(options: ConstructorParameters<typeof Registry>[0] = {}, execute: () => unknown = () => 'ok') {
  const r = new Registry(options);
  r.register(defineTool({ name: 't', inputSchema: SCHEMA, execute }));
  return r;
}

async function callSeen(r: Registry, args: unknown, options?: Parameters<Registry['call']>[1]): Promise<Seen> {
  const result = await r.call({ id: 'c', name: 't', arguments: args }, options);
  const texts = [result.content, ...FORMATS.map((f) => JSON.stringify(result.toMessage(f)))];
  // A validation-stage ToolError is what a host could pass on to formatForModel.
  const errors = result.error !== undefined && result.error.stage === 'validate' ? [result.error] : [];
  return { texts, errors };
}

/** Every path that turns arguments into a model text. */
const ARGUMENT_PATHS: { name: string; run: (args: unknown) => Promise<Seen> }[] = [
  {
    name: 'CompiledSchema.validate',
    run: async (args) => {
      const r = compiled.validate(args);
      return { texts: [], errors: r.ok ? [] : [r.error] };
    },
  },
  {
    name: 'CompiledSchema.validateJSON (a non-string is given)',
    run: async (args) => {
      const r = compiled.validateJSON(args as string);
      return { texts: [], errors: r.ok ? [] : [r.error] };
    },
  },
  {
    name: '~standard.validate',
    run: async (args) => {
      const r = await compiled['~standard'].validate(args);
      return { texts: (r.issues ?? []).map((i) => i.message), errors: [] };
    },
  },
  { name: 'Registry.call', run: (args) => callSeen(registry(), args) },
  {
    name: 'Registry.check',
    run: async (args) => {
      const r = registry().check({ id: 'c', name: 't', arguments: args });
      return { texts: [], errors: r.ok ? [] : [r.error] };
    },
  },
  {
    name: 'guardClient.callTool',
    run: async (args) => ({
      texts: [modelText(await guardClient(mcpClient()).callTool({ name: 't', arguments: args as never }))],
      errors: [],
    }),
  },
  {
    name: 'aiSdkSchema validate',
    run: async (args) => {
      const s = aiSdkSchema(SCHEMA);
      if (!s.ok) throw new Error('refused');
      const r = await s.value.validate?.(args);
      return { texts: r === undefined || r.success ? [] : [String(r.error), r.error.message], errors: [] };
    },
  },
  {
    name: 'agentsParameters validate',
    run: async (args) => {
      const p = agentsParameters('t', SCHEMA);
      if (!p.ok) throw new Error('refused');
      const r = await p.value['~standard'].validate(args);
      return { texts: (r.issues ?? []).map((i) => i.message), errors: [] };
    },
  },
  {
    name: 'serve callCommand',
    run: async (args) => {
      const tool = {
        call: (a: unknown) => {
          const r = compiled.validate(a);
          return r.ok ? thrower('error')() : { kind: 'rejected', error: r.error };
        },
      } as unknown as PreparedCommand;
      return { texts: [modelText(await callCommand(new Map([['t', tool]]), 't', args))], errors: [] };
    },
  },
];

function expectNoSecret(seen: Seen): void {
  for (const text of seen.texts) expect(text).not.toContain('hunter2');
  for (const error of seen.errors) {
    expect(error.message).not.toContain('hunter2');
    expect(formatForModel('t', error)).not.toContain('hunter2');
  }
}

describe('arguments whose reading throws a secret: no model text holds it', () => {
  const rows = ARGUMENT_PATHS.flatMap((path) => HOSTILE_ARGS.map((args) => ({ path, args })));
  it.each(rows)('$path.name x $args.name', async ({ path, args }) => {
    expectNoSecret(await path.run(args.make()));
  });

  it('the host keeps what was thrown, in error.cause (and the model reads that something threw)', async () => {
    const getter = HOSTILE_ARGS[0]!.make();
    const r = compiled.validate(getter);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.message).toBe(
      'validate failed: an exception was thrown (its text is withheld; the host has it in error.cause)',
    );
    expect(r.error.cause).toMatchObject({ message: SECRET });
    const call = await registry().call({ id: 'c', name: 't', arguments: getter });
    expect(call.content).toMatch(/^error: could not check arguments for t: validate failed: an exception was thrown/);
    expect(call.error?.cause).toMatchObject({ message: SECRET });
  });
});

/** Host callbacks and host-made values that throw the secret, each on the path that runs it. */
const HOST_CODE: { name: string; run: () => Promise<Seen> }[] = [
  { name: 'the tool throws', run: () => callSeen(registry({}, thrower('error')), { a: 'x' }) },
  {
    name: 'the tool rejects with a string',
    run: () =>
      callSeen(
        registry({}, () => Promise.reject(SECRET)),
        {},
      ),
  },
  ...(['authorize', 'approve', 'reserveBudget', 'commitIntent'] as const).map((stage) => ({
    name: `the ${stage} stage throws`,
    run: () => callSeen(registry({ stages: { [stage]: thrower('error') } }), {}),
  })),
  {
    name: 'a stage verdict whose getter throws',
    run: () =>
      callSeen(
        registry({ stages: { approve: () => Object.defineProperty({}, 'allow', { get: thrower('error') }) as never } }),
        {},
      ),
  },
  { name: 'settle throws', run: () => callSeen(registry({ stages: { settle: thrower('error') } }), {}) },
  { name: 'onError throws', run: () => callSeen(registry({ onError: thrower('error') }, thrower('error')), {}) },
  {
    name: 'the exposeErrors formatter throws',
    run: () => callSeen(registry({ exposeErrors: thrower('error') }, thrower('error')), {}),
  },
  {
    name: 'the result has a throwing toJSON',
    run: () =>
      callSeen(
        registry({}, () => ({ toJSON: thrower('error') })),
        {},
      ),
  },
  {
    name: 'the result is a Proxy whose traps throw',
    run: () =>
      callSeen(
        registry({}, () => new Proxy({}, { ownKeys: thrower('error'), get: thrower('error') })),
        {},
      ),
  },
  {
    name: 'the host aborts with a secret reason',
    run: () =>
      callSeen(
        registry({}, () => new Promise(() => {})),
        {},
        { signal: AbortSignal.abort(new Error(SECRET)) },
      ),
  },
  {
    name: 'the call object has a throwing getter',
    run: async () => {
      const call = Object.defineProperty({ id: 'c', name: 't' }, 'arguments', { get: thrower('error') });
      const r = await registry().call(call as never);
      return { texts: [r.content], errors: [] };
    },
  },
  {
    name: 'guardClient: tools/list throws',
    run: async () => ({
      texts: [modelText(await guardClient(mcpClient({ listTools: thrower('error') })).callTool({ name: 't' }))],
      errors: [],
    }),
  },
  {
    name: 'guardClient: tools/call throws',
    run: async () => ({
      texts: [modelText(await guardClient(mcpClient({ callTool: thrower('error') })).callTool({ name: 't' }))],
      errors: [],
    }),
  },
  {
    name: 'guardClient: onAdmission and onError throw',
    run: async () => {
      const client = mcpClient({ callTool: thrower('error') });
      const guarded = guardClient(client, { onAdmission: thrower('error'), onError: thrower('error') });
      return { texts: [modelText(await guarded.callTool({ name: 't' }))], errors: [] };
    },
  },
  {
    name: 'guardClient: the params object is a Proxy whose traps throw',
    run: async () => {
      const params = new Proxy({}, { getOwnPropertyDescriptor: thrower('error'), get: thrower('error') });
      return { texts: [modelText(await guardClient(mcpClient()).callTool(params as never))], errors: [] };
    },
  },
  {
    name: 'agentsErrorFunction: the SDK reports a failure carrying the secret',
    run: async () => {
      const p = agentsParameters('t', SCHEMA);
      if (!p.ok) throw new Error('refused');
      const error = Object.assign(new Error(SECRET), { originalError: new Error(SECRET) });
      return { texts: [agentsErrorFunction(p.value)({} as never, error)], errors: [] };
    },
  },
  {
    name: 'admitBatch: a backend throws',
    run: async () => {
      const bundle = await admitBatch([{ name: 't', inputSchema: SCHEMA, backend: thrower('error') }]);
      if (!bundle.ok) throw new Error(bundle.error.message);
      return callSeen(bundle.value.registry, {});
    },
  },
  {
    name: 'serve callCommand: toolgate fails inside',
    run: async () => {
      const tool = { call: thrower('error') } as unknown as PreparedCommand;
      return { texts: [modelText(await callCommand(new Map([['t', tool]]), 't', {}))], errors: [] };
    },
  },
];

describe('host code that throws a secret: no model text holds it', () => {
  it.each(HOST_CODE)('$name', async ({ run }) => {
    const seen = await run();
    expect(seen.texts.length).toBeGreaterThan(0);
    expectNoSecret(seen);
  });

  it('the table can fail: with exposeErrors the same tool throw does reach the model', async () => {
    const seen = await callSeen(registry({ exposeErrors: true }, thrower('error')), {});
    expect(seen.texts[0]).toContain('hunter2');
  });

  it('a guardClient transport failure keeps the thrown text for the host only', async () => {
    const events: unknown[] = [];
    const result = (await guardClient(mcpClient({ callTool: thrower('error') }), {
      onError: (e) => events.push(e.cause),
    }).callTool({ name: 't' })) as CallToolResult;
    expect(modelText(result)).not.toContain('hunter2');
    expect((events[0] as Error).message).toBe(SECRET);
  });
});
