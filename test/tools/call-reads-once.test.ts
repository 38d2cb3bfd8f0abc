import { describe, expect, it } from 'vitest';
import { defineTool, Registry, type StageContext, type ToolCall } from '../../src/index.js';
import { MAX_TIMEOUT_MS } from '../../src/tools/deadline.js';

/** What the model reads after a tool was started and cut short (src/tools/failure-text.ts). */
const MAY_HAVE_RUN = 'it may still have had effects: check before calling it again, do not retry blindly';

/** A registry with a harmless and a dangerous tool; authorize allows only the harmless one and records what it saw. */
function guarded(): { registry: Registry; seen: string[]; ran: string[] } {
  const seen: string[] = [];
  const ran: string[] = [];
  const registry = new Registry({
    stages: {
      authorize: (ctx: StageContext) => {
        seen.push(`${ctx.name}/${ctx.tool.name}`);
        return ctx.name === 'read_only';
      },
    },
  });
  registry.register(
    defineTool({
      name: 'read_only',
      description: 'r',
      execute: (_a, ctx) => {
        ran.push(`read_only:${ctx.name}`);
        return 'read';
      },
    }),
  );
  registry.register(
    defineTool({
      name: 'delete_all',
      description: 'd',
      execute: (_a, ctx) => {
        ran.push(`delete_all:${ctx.name}`);
        return 'deleted';
      },
    }),
  );
  return { registry, seen, ran };
}

/** Calls whose `name` answers 'read_only' to the first reads and 'delete_all' afterwards. */
const swappingCalls: [string, () => unknown][] = [
  [
    'a getter',
    () => {
      let n = 0;
      return {
        id: '1',
        get name() {
          return n++ < 2 ? 'read_only' : 'delete_all';
        },
        arguments: '{}',
      };
    },
  ],
  [
    'a Proxy get trap',
    () => {
      let n = 0;
      return new Proxy(
        { id: '1', name: 'x', arguments: '{}' },
        {
          get: (t, k) =>
            k === 'name' ? (n++ < 2 ? 'read_only' : 'delete_all') : (t as Record<string | symbol, unknown>)[k],
        },
      );
    },
  ],
];

describe('Registry.call reads id, name and arguments once, as own data', () => {
  it.each(swappingCalls)('never authorizes one tool and runs another when name is %s', async (_label, make) => {
    const { registry, seen, ran } = guarded();
    const r = await registry.call(make() as ToolCall);
    expect(r.isError).toBe(true);
    expect(ran).toEqual([]);
    // The stage saw nothing, or saw the same tool it would have run: never a read_only/delete_all split.
    for (const s of seen) expect(s.split('/')[0]).toBe(s.split('/')[1]);
  });

  it('refuses a getter name with a validation error naming the field (lookup stage)', async () => {
    const { registry } = guarded();
    const r = await registry.call(swappingCalls[0]![1]() as ToolCall);
    expect(r.error).toMatchObject({ class: 'validation', stage: 'lookup' });
    expect(r.content).toBe('error: a tool call must hold plain data: "name" is not a plain data property');
  });

  it('refuses a getter on arguments in check() and call(), without running it', async () => {
    const { registry, ran } = guarded();
    let reads = 0;
    const call = {
      id: '1',
      name: 'read_only',
      get arguments() {
        reads++;
        return {};
      },
    };
    const checked = registry.check(call as ToolCall);
    expect(checked.ok ? 'ok' : checked.error.message).toBe(
      'a tool call must hold plain data: "arguments" is not a plain data property',
    );
    expect((await registry.call(call as ToolCall)).isError).toBe(true);
    expect(reads).toBe(0);
    expect(ran).toEqual([]);
  });

  it('passes the registered tool name to stages and to execute', async () => {
    const { registry, seen, ran } = guarded();
    const r = await registry.call({ id: '7', name: 'read_only', arguments: {} });
    expect([r.isError, r.name, r.callId]).toEqual([false, 'read_only', '7']);
    expect(seen).toEqual(['read_only/read_only']);
    expect(ran).toEqual(['read_only:read_only']);
  });
});

describe('timeoutMs must be honoured exactly or refused', () => {
  // Node turns a delay above 2^31-1 into 1 ms; 0, negatives and NaN used to mean "no timeout".
  const refused: [string, number][] = [
    ['3e9', 3e9],
    ['2^31', 2 ** 31],
    ['0', 0],
    ['-5', -5],
    ['NaN', NaN],
    ['1.5', 1.5],
    ['-Infinity', -Infinity],
  ];
  const tool = defineTool({
    name: 'slow',
    description: 's',
    execute: async () => {
      await new Promise((r) => setTimeout(r, 20));
      return 'done';
    },
  });

  it.each(refused)('refuses timeoutMs %s in Registry options as an options error', async (_label, ms) => {
    const registry = new Registry({ timeoutMs: ms });
    const reg = registry.register(tool);
    expect(reg.ok ? 'ok' : reg.error.class).toBe('validation');
    expect(reg.ok ? '' : reg.error.message).toContain(
      'timeoutMs must be a whole number of milliseconds from 1 to 2147483647',
    );
  });

  it.each(refused)('refuses per-call timeoutMs %s and runs nothing', async (_label, ms) => {
    let ran = 0;
    const registry = new Registry();
    registry.register(
      defineTool({
        name: 'slow',
        description: 's',
        execute: () => {
          ran++;
          return 'done';
        },
      }),
    );
    const r = await registry.call({ id: '1', name: 'slow' }, { timeoutMs: ms });
    expect([r.isError, r.error?.class, r.error?.stage, ran]).toEqual([true, 'validation', 'lookup', 0]);
    expect(r.content).toBe("error: tool slow cannot be called: the host's call options are invalid");
  });

  it.each([
    ['Infinity', Infinity],
    ['2^31-1', MAX_TIMEOUT_MS],
    ['absent', undefined],
  ] as const)('accepts timeoutMs %s as no practical timeout', async (_label, ms) => {
    const registry = new Registry(ms === undefined ? {} : { timeoutMs: ms });
    expect(registry.register(tool).ok).toBe(true);
    const r = await registry.call({ id: '1', name: 'slow' }, ms === undefined ? {} : { timeoutMs: ms });
    expect([r.isError, r.content]).toEqual([false, 'done']);
  });

  it('still times out with a valid small timeoutMs', async () => {
    const registry = new Registry({ timeoutMs: 1 });
    registry.register(tool);
    const r = await registry.call({ id: '1', name: 'slow' });
    expect(r.content).toBe(`error: tool slow was started but did not finish within 1 ms; ${MAY_HAVE_RUN}`);
  });
});

describe('register describes a bad name without running caller code', () => {
  it.each([
    ['an object with toJSON', { toJSON: () => 'read_only' }],
    [
      'an object with a getter',
      {
        get length() {
          throw new Error('ran');
        },
      },
    ],
    ['a function', () => 'x'],
  ])('names %s by its typeof only', (_label, name) => {
    let ran = false;
    const hostile =
      typeof name === 'object'
        ? new Proxy(name, {
            get: (t, k) => {
              ran = true;
              return (t as Record<string | symbol, unknown>)[k];
            },
          })
        : name;
    const r = new Registry().register({
      name: hostile,
      description: 'd',
      inputSchema: undefined,
      execute: () => 1,
    } as never);
    const shown = typeof name === 'function' ? 'a function' : 'an object';
    expect(r.ok ? '' : r.error.message).toBe(`invalid tool name ${shown}: must match /^[A-Za-z0-9_-]{1,64}$/`);
    expect(ran).toBe(false);
  });

  it('still quotes a primitive name as JSON', () => {
    const r = new Registry().register({
      name: 'bad name',
      description: 'd',
      inputSchema: undefined,
      execute: () => 1,
    } as never);
    expect(r.ok ? '' : r.error.message).toBe('invalid tool name "bad name": must match /^[A-Za-z0-9_-]{1,64}$/');
  });
});
