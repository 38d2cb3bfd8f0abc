import { describe, expect, it, vi } from 'vitest';
import { defineTool, Registry } from '../../src/index.js';

/** What the model reads after a tool was started and cut short (src/tools/failure-text.ts). */
const MAY_HAVE_RUN = 'it may still have had effects: check before calling it again, do not retry blindly';

const echo = defineTool({
  name: 'echo',
  description: 'echoes',
  inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  execute: (args) => args['text'],
});

function registryWith(...tools: Parameters<typeof defineTool>[0][]): Registry {
  const r = new Registry();
  for (const t of tools) {
    const res = r.register(defineTool(t));
    if (!res.ok) throw new Error(`fixture tool refused: ${res.error.message}`);
  }
  return r;
}

describe('Registry.register', () => {
  it.each([
    ['', 'empty'],
    ['a'.repeat(65), 'too long'],
    ['has space', 'space'],
    ['dot.name', 'dot'],
    ['ümlaut', 'non-ASCII'],
  ])('refuses the name %j (%s)', (name) => {
    const r = new Registry();
    const res = r.register(defineTool({ name, description: '', execute: () => 'x' }));
    expect(res.ok).toBe(false);
    if (!res.ok) expect(res.error.class).toBe('validation');
    expect(r.names()).toEqual([]);
  });

  it('takes a tool without a description (optional, as in MCP and every provider) and publishes none', async () => {
    const r = new Registry();
    const res = r.register(defineTool({ name: 'bare', execute: () => 'ran' }));
    expect(res.ok && res.value.description).toBe(undefined);
    expect(r.definitions()).toEqual([{ name: 'bare', inputSchema: { type: 'object' } }]);
    expect((await r.call({ id: 'c', name: 'bare' })).content).toBe('ran');
  });

  it('refuses a description that is given but is not a string', () => {
    const res = new Registry().register(defineTool({ name: 't', description: 5 as never, execute: () => 'x' }));
    expect(res).toMatchObject({ ok: false, error: { message: 'tool "t": description must be a string when given' } });
  });

  it('accepts the longest and every allowed character', () => {
    const r = new Registry();
    expect(r.register(defineTool({ name: 'aZ09_-'.padEnd(64, 'x'), description: '', execute: () => 'x' })).ok).toBe(
      true,
    );
  });

  it('a missing schema means {"type":"object"}', () => {
    const r = registryWith({ name: 'noargs', description: 'd', execute: () => 'x' });
    expect(r.definitions()).toEqual([{ name: 'noargs', description: 'd', inputSchema: { type: 'object' } }]);
    expect(r.check({ id: '1', name: 'noargs', arguments: [] }).ok).toBe(false);
  });

  it('a duplicate name is an error and the first tool stays', async () => {
    const r = registryWith({ name: 'a', description: 'first', execute: () => 'first' });
    const res = r.register(defineTool({ name: 'a', description: 'second', execute: () => 'second' }));
    expect(res.ok).toBe(false);
    if (!res.ok) expect(res.error.message).toBe('a tool named "a" is already registered');
    expect((await r.call({ id: '1', name: 'a', arguments: '{}' })).content).toBe('first');
  });

  it.each([
    [{ type: 'string' }, 'validation'],
    [{ type: 'object', properties: { a: { type: 5 } } }, 'validation'],
    [{ $schema: 'http://json-schema.org/draft-07/schema#', type: 'object' }, 'unsupported_capability'],
  ])('refuses the schema %j as %s and registers nothing', (inputSchema, cls) => {
    const r = new Registry();
    const res = r.register(defineTool({ name: 't', description: '', inputSchema, execute: () => 'x' }));
    expect(res.ok ? undefined : res.error.class).toBe(cls);
    expect(r.get('t')).toBeUndefined();
  });

  it('passes its schema options to validateSchema', () => {
    const strict = new Registry({ unknownKeywords: 'reject' });
    expect(
      strict.register(
        defineTool({ name: 't', description: '', inputSchema: { type: 'object', 'x-ui': 1 }, execute: () => '' }),
      ).ok,
    ).toBe(false);
    expect(
      new Registry().register(
        defineTool({ name: 't', description: '', inputSchema: { type: 'object', 'x-ui': 1 }, execute: () => '' }),
      ).ok,
    ).toBe(true);
  });

  it('never mutates the caller schema and exposes a frozen copy', () => {
    const schema = { type: 'object', properties: { a: { type: 'string' } } };
    const before = JSON.stringify(schema);
    const r = new Registry();
    const res = r.register(defineTool({ name: 't', description: '', inputSchema: schema, execute: () => '' }));
    expect(JSON.stringify(schema)).toBe(before);
    expect(res.ok && res.value.inputSchema !== schema && Object.isFrozen(res.value.inputSchema)).toBe(true);
  });

  it('sorts names and definitions by UTF-16 code units, never by locale', () => {
    const r = registryWith(
      ...['b', 'B', '_x', 'a-1', 'a_1', 'A', '9'].map((name) => ({ name, description: '', execute: () => '' })),
    );
    expect(r.names()).toEqual(['9', 'A', 'B', '_x', 'a-1', 'a_1', 'b']);
    expect(r.definitions().map((d) => d.name)).toEqual(r.names());
  });
});

describe('Registry.call', () => {
  it('names the available tools for an unknown name', async () => {
    const r = registryWith(
      { name: 'c', description: '', execute: () => '' },
      { name: 'a', description: '', execute: () => '' },
      { name: 'b', description: '', execute: () => '' },
    );
    const res = await r.call({ id: 'x1', name: 'x', arguments: '{}' });
    expect(res).toMatchObject({
      callId: 'x1',
      name: 'x',
      isError: true,
      content: 'error: unknown tool "x"; available tools: a, b, c',
    });
  });

  it('hands back a call refused before any stage already resolved (no async hop), a valid one later', async () => {
    // The refused call is the common failure and is decided synchronously: its promise settles before a microtask
    // queued after it, while an admitted call still goes through the gateway's awaits.
    const r = registryWith(echo);
    const order: string[] = [];
    const refused = r.call({ id: '1', name: 'echo', arguments: { text: 1 } }).then((res) => {
      order.push(res.isError ? 'refused' : 'ran');
    });
    const unknown = r.call({ id: '2', name: 'nope' }).then(() => order.push('unknown'));
    const valid = r.call({ id: '3', name: 'echo', arguments: { text: 'a' } }).then(() => order.push('valid'));
    await Promise.resolve().then(() => order.push('tick'));
    await Promise.all([refused, unknown, valid]);
    expect(order).toEqual(['refused', 'unknown', 'tick', 'valid']);
  });

  it.each(['', '   ', ' \n\t\r '])('reads the argument text %j as {}', async (text) => {
    const seen = vi.fn((args: unknown) => JSON.stringify(args));
    const r = registryWith({ name: 't', description: '', execute: seen });
    expect((await r.call({ id: '1', name: 't', arguments: text })).content).toBe('{}');
    expect(seen).toHaveBeenCalledTimes(1);
  });

  it('refuses blank argument text past maxArgumentBytes, as any text that long', async () => {
    const seen = vi.fn(() => 'ran');
    const r = new Registry({ limits: { maxArgumentBytes: 1000 } });
    r.register(defineTool({ name: 't', execute: seen }));
    const res = await r.call({ id: '1', name: 't', arguments: ' '.repeat(1001) });
    expect(res.error).toMatchObject({ class: 'execution_failure', kind: 'limit', limit: 'maxArgumentBytes' });
    expect((await r.call({ id: '2', name: 't', arguments: ' '.repeat(1000) })).content).toBe('ran');
    expect(seen).toHaveBeenCalledTimes(1);
  });

  it('parses a JSON text strictly and says where it broke; the tool does not run', async () => {
    const execute = vi.fn(() => 'ran');
    const r = registryWith({ ...echo, execute });
    const res = await r.call({ id: '1', name: 'echo', arguments: '{"text": "a", "text": "b"}' });
    expect(res.isError).toBe(true);
    expect(res.content).toMatch(/^error: invalid arguments for echo: arguments are not valid JSON: duplicate key/);
    expect(res.error?.stage).toBe('validate');
    expect(execute).not.toHaveBeenCalled();
  });

  it('passes object arguments to the tool as the same reference', async () => {
    const args = { text: 'hi' };
    let seen: unknown;
    const r = registryWith({
      ...echo,
      execute: (a) => {
        seen = a;
        return 'ok';
      },
    });
    await r.call({ id: '1', name: 'echo', arguments: args });
    expect(seen).toBe(args);
  });

  it('renders schema violations with formatForModel', async () => {
    const r = registryWith(echo);
    const res = await r.call({ id: '1', name: 'echo', arguments: { text: 1, extra: true } });
    expect(res.content).toBe('error: invalid arguments for echo:\n$.text: expected string, got integer');
    expect(res.error?.class).toBe('validation');
  });

  it.each([
    [{ a: 1, b: [true] }, '{"a":1,"b":[true]}'],
    [42, '42'],
    [null, 'null'],
    [undefined, ''],
    ['plain text', 'plain text'],
  ])('sends the return value %j as %j', async (value, content) => {
    const r = registryWith({ name: 't', description: '', execute: async () => value });
    expect(await r.call({ id: '1', name: 't', arguments: '{}' })).toMatchObject({ isError: false, content });
  });

  it('a return value that is not JSON is an error, not a crash', async () => {
    const r = registryWith({ name: 't', description: '', execute: () => ({ n: 1n }) });
    expect((await r.call({ id: '1', name: 't', arguments: '{}' })).content).toBe(
      'error: tool t returned a value that cannot be sent as JSON',
    );
  });

  it.each([
    [
      'an Error',
      () => {
        throw new Error('disk full');
      },
      'error: tool t failed: disk full',
    ],
    ['a rejected promise', () => Promise.reject(new TypeError('bad')), 'error: tool t failed: bad'],
    [
      'a string',
      () => {
        throw 'plain';
      },
      'error: tool t failed: plain',
    ],
    [
      'a number',
      () => {
        throw 42;
      },
      'error: tool t failed: non-Error value thrown (number)',
    ],
    [
      'null',
      () => {
        throw null;
      },
      'error: tool t failed: non-Error value thrown (null)',
    ],
    [
      'an object with a hostile getter',
      () => {
        throw Object.defineProperty({}, 'message', {
          get() {
            throw new Error('gotcha');
          },
        });
      },
      'error: tool t failed: non-Error value thrown (object)',
    ],
  ])(
    'with exposeErrors, a tool that throws %s gives one line; the cause goes to the host',
    async (_label, execute, content) => {
      const onError = vi.fn();
      const r = new Registry({ onError, exposeErrors: true });
      r.register(defineTool({ name: 't', description: '', execute }));
      const res = await r.call({ id: 'c1', name: 't', arguments: '{}' });
      expect(res.content).toBe(content);
      expect(res.content).not.toMatch(/\n\s+at /);
      expect(res.error).toMatchObject({ class: 'execution_failure', stage: 'execute' });
      expect(onError).toHaveBeenCalledTimes(1);
      expect(onError.mock.calls[0]?.[0]).toMatchObject({ callId: 'c1', name: 't', stage: 'execute' });
      expect(onError.mock.calls[0]?.[0].cause).toBe(res.error?.cause);
    },
  );

  it('an onError hook that throws does not change the result', async () => {
    const r = new Registry({
      onError: () => {
        throw new Error('logger down');
      },
    });
    r.register(
      defineTool({
        name: 't',
        description: '',
        execute: () => {
          throw new Error('x');
        },
      }),
    );
    expect((await r.call({ id: '1', name: 't' })).content).toBe('error: tool t failed');
  });

  it('reports a per-call timeout and aborts the tool signal', async () => {
    let signal: AbortSignal | undefined;
    const r = new Registry({ timeoutMs: 20 });
    r.register(
      defineTool({
        name: 'slow',
        description: '',
        execute: (_a, ctx) => {
          signal = ctx.signal;
          return new Promise(() => {});
        },
      }),
    );
    const res = await r.call({ id: '1', name: 'slow', arguments: '{}' });
    expect(res.content).toBe(`error: tool slow was started but did not finish within 20 ms; ${MAY_HAVE_RUN}`);
    expect(res.error?.started).toBe(true);
    expect(signal?.aborted).toBe(true);
    const quick = await r.call({ id: '2', name: 'slow', arguments: '{}' }, { timeoutMs: 5 });
    expect(quick.content).toBe(`error: tool slow was started but did not finish within 5 ms; ${MAY_HAVE_RUN}`);
  });

  it('reports an AbortSignal that fires during the call, and one already fired before it', async () => {
    const execute = vi.fn(() => new Promise(() => {}));
    const r = registryWith({ name: 't', description: '', execute });
    const controller = new AbortController();
    const pending = r.call({ id: '1', name: 't', arguments: '{}' }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 5);
    expect((await pending).content).toBe(`error: tool t was aborted after it started; ${MAY_HAVE_RUN}`);
    expect(execute).toHaveBeenCalledTimes(1);
    expect((await r.call({ id: '2', name: 't', arguments: '{}' }, { signal: controller.signal })).content).toBe(
      'error: tool t was aborted before it started; it did not run',
    );
    expect(execute).toHaveBeenCalledTimes(1);
  });

  it('never rejects, whatever the call object is', async () => {
    const r = registryWith(echo);
    const hostile = Object.defineProperty({ id: '1' }, 'name', {
      get() {
        throw new Error('boom');
      },
    });
    for (const call of [null, undefined, 5, 'x', {}, hostile] as unknown[]) {
      const res = await r.call(call as never);
      expect(res.isError).toBe(true);
      expect(res.content.startsWith('error: ')).toBe(true);
    }
  });

  it('check() validates without running anything', () => {
    const execute = vi.fn(() => 'x');
    const r = registryWith({ ...echo, execute });
    const args = { text: 'a' };
    const good = r.check({ id: '1', name: 'echo', arguments: args });
    expect(good.ok && good.value === args).toBe(true);
    expect(r.check({ id: '1', name: 'echo', arguments: '{"text":1}' }).ok).toBe(false);
    expect(r.check({ id: '1', name: 'nope', arguments: '{}' })).toMatchObject({
      ok: false,
      error: { class: 'validation', message: 'unknown tool "nope"; available tools: echo' },
    });
    expect(execute).not.toHaveBeenCalled();
  });
});

// Regression: defineTool and new Registry destructured caller objects, so a throwing getter escaped.
describe('caller objects are read as plain data, and nothing throws', () => {
  const throwing = (base: object, key: string): object =>
    Object.defineProperty({ ...base }, key, {
      get: () => {
        throw new Error('getter ran');
      },
      enumerable: true,
    });
  const hostileProxy = new Proxy(
    {},
    {
      get: () => {
        throw new Error('trap');
      },
      getOwnPropertyDescriptor: () => {
        throw new Error('trap');
      },
      ownKeys: () => {
        throw new Error('trap');
      },
      getPrototypeOf: () => {
        throw new Error('trap');
      },
    },
  );
  const base = { name: 'ok_tool', description: 'd', execute: () => 'ran' };

  it.each([
    ['a throwing name getter', throwing(base, 'name'), /"name" is not a plain data property/],
    ['a throwing execute getter', throwing(base, 'execute'), /"execute" is not a plain data property/],
    ['a Proxy whose traps throw', hostileProxy, /is not a plain data property/],
  ])('defineTool with %s does not throw, and register refuses the tool', (_why, definition, message) => {
    const tool = defineTool(definition as Parameters<typeof defineTool>[0]);
    const r = new Registry();
    const res = r.register(tool);
    expect(res.ok).toBe(false);
    if (!res.ok) {
      expect(res.error.class).toBe('validation');
      expect(res.error.message).toMatch(message);
    }
    expect(r.names()).toEqual([]);
  });

  it('defineTool still finds execute declared in a class body (on the prototype)', async () => {
    class Clock {
      readonly name = 'clock';
      readonly description = 'tells the time';
      execute(): string {
        return 'noon';
      }
    }
    const r = new Registry();
    expect(r.register(defineTool(new Clock())).ok).toBe(true);
    expect((await r.call({ id: 'c', name: 'clock' })).content).toBe('noon');
  });

  it.each([
    ['a throwing timeoutMs getter', throwing({}, 'timeoutMs'), /"timeoutMs" is not a plain data property/],
    [
      'a throwing schema option getter',
      throwing({}, 'formatAssertion'),
      /"formatAssertion" is not a plain data property/,
    ],
    ['a throwing stage getter', { stages: throwing({}, 'approve') }, /stages: "approve" is not a plain data property/],
    ['a Proxy whose traps throw', hostileProxy, /the options must be plain data, not a Proxy/],
  ])(
    'new Registry with %s does not throw; register, check and call report the options',
    async (_why, options, message) => {
      let r: Registry | undefined;
      expect(() => {
        r = new Registry(options as ConstructorParameters<typeof Registry>[0]);
      }).not.toThrow();
      if (r === undefined) return;
      const res = r.register(defineTool(base));
      expect(res.ok).toBe(false);
      if (!res.ok) expect([res.error.class, res.error.message]).toEqual(['validation', expect.stringMatching(message)]);
      const checked = r.check({ id: 'c', name: 'ok_tool', arguments: {} });
      expect(checked.ok).toBe(false);
      if (!checked.ok) expect(checked.error.message).toMatch(message);
      const called = await r.call({ id: 'c', name: 'ok_tool', arguments: {} });
      expect([called.isError, called.error?.stage, called.content]).toEqual([
        true,
        'lookup',
        "error: tool ok_tool cannot be called: the host's tool registry is misconfigured",
      ]);
    },
  );

  it('plain-data options still apply (timeoutMs reaches the call)', async () => {
    const r = new Registry({ timeoutMs: 20 });
    expect(
      r.register(defineTool({ name: 'slow', description: '', execute: () => new Promise(() => undefined) })).ok,
    ).toBe(true);
    expect((await r.call({ id: 'c', name: 'slow' })).content).toBe(
      `error: tool slow was started but did not finish within 20 ms; ${MAY_HAVE_RUN}`,
    );
  });
});
