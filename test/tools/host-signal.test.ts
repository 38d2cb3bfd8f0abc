// A host's AbortSignal is host code, and a throw from one of its members was thrown where toolgate settles a call:
// a signal whose own removeEventListener throws left Registry.call pending for good with an unhandled rejection
// (the tool's answer), or ended the process (a timeout's timer); guardClient's callTool the same with a signal-like
// object (the SDK's RequestOptions take any). Each call now settles, and a signal that cannot be read or listened
// to fails closed: the call is not run.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { guardClient } from '../../src/adapters/mcp-client.js';
import { defineTool, Registry } from '../../src/index.js';

/** Settles with the promise's value, or 'pending' if it has not settled within `ms`. */
function within<T>(promise: Promise<T>, ms: number): Promise<T | 'pending'> {
  return Promise.race([promise, new Promise<'pending'>((r) => setTimeout(() => r('pending'), ms))]);
}

/** A real signal with one of its members replaced by an own property that throws. */
function hostile(member: 'removeEventListener' | 'addEventListener' | 'aborted' | 'reason'): AbortSignal {
  const controller = new AbortController();
  const throwing = (): never => {
    throw new Error('from host');
  };
  if (member === 'aborted' || member === 'reason') Object.defineProperty(controller.signal, member, { get: throwing });
  else Object.defineProperty(controller.signal, member, { value: throwing });
  return controller.signal;
}

/** Runs `body`, counting unhandled rejections and uncaught exceptions while it runs and just after. */
async function noStrays<T>(body: () => Promise<T>): Promise<{ value: T; strays: number }> {
  let strays = 0;
  const count = (): void => {
    strays++;
  };
  process.on('unhandledRejection', count);
  process.on('uncaughtException', count);
  try {
    const value = await body();
    await new Promise((r) => setTimeout(r, 50));
    return { value, strays };
  } finally {
    process.off('unhandledRejection', count);
    process.off('uncaughtException', count);
  }
}

const answering = () => defineTool({ name: 't', execute: () => 'ran' });
const hanging = () => defineTool({ name: 't', execute: () => new Promise<never>(() => {}) });

describe('a host signal whose members throw', () => {
  it('a removeEventListener that throws: the tool answers and the call settles with it', async () => {
    const registry = new Registry();
    registry.register(answering());
    const { value, strays } = await noStrays(() =>
      within(registry.call({ id: '1', name: 't' }, { signal: hostile('removeEventListener') }), 1000),
    );
    expect(value === 'pending' ? value : value.isError).toBe(false);
    expect(strays).toBe(0);
  });

  it('a removeEventListener that throws: a timeout settles the call, the process goes on', async () => {
    const registry = new Registry();
    registry.register(hanging());
    const signal = hostile('removeEventListener');
    const { value, strays } = await noStrays(() =>
      within(registry.call({ id: '1', name: 't' }, { signal, timeoutMs: 20 }), 1000),
    );
    expect(value === 'pending' ? value : value.isError).toBe(true);
    expect(strays).toBe(0);
  });

  it.each(['addEventListener', 'aborted'] as const)('an %s that throws: refused, the tool not run', async (member) => {
    let ran = false;
    const registry = new Registry();
    registry.register(
      defineTool({
        name: 't',
        execute: () => {
          ran = true;
          return 'ran';
        },
      }),
    );
    const { value, strays } = await noStrays(() =>
      within(registry.call({ id: '1', name: 't' }, { signal: hostile(member) }), 1000),
    );
    expect(value === 'pending' ? value : value.isError).toBe(true);
    expect(ran).toBe(false);
    expect(strays).toBe(0);
  });

  it('a reason that throws: the abort is still an abort', async () => {
    const controller = new AbortController();
    Object.defineProperty(controller.signal, 'reason', {
      get: () => {
        throw new Error('from host');
      },
    });
    const registry = new Registry();
    registry.register(hanging());
    const call = registry.call({ id: '1', name: 't' }, { signal: controller.signal });
    const { value, strays } = await noStrays(async () => {
      setTimeout(() => controller.abort(), 10);
      return within(call, 1000);
    });
    expect(value === 'pending' ? value : value.isError).toBe(true);
    expect(strays).toBe(0);
  });
});

// A review's find: a signal that calls its listener inside addEventListener settled the call as aborted, and the
// timeout's timer was set after it anyway: the process stayed up for the whole timeoutMs.
const SYNC_ABORT = `
const { defineTool, Registry } = await import('./src/index.ts');
const signal = new AbortController().signal;
const listeners = new Set();
const add = (_type, listener) => {
  listeners.add(listener);
  listener();
};
Object.defineProperty(signal, 'addEventListener', { value: add });
Object.defineProperty(signal, 'removeEventListener', { value: (_type, listener) => listeners.delete(listener) });
const registry = new Registry();
let ran = false;
registry.register(defineTool({ name: 't', execute: () => { ran = true; return 'ran'; } }));
const r = await registry.call({ id: '1', name: 't' }, { signal, timeoutMs: 20000 });
console.log(JSON.stringify({ isError: r.isError, ran, listening: listeners.size }));
`;

describe('a host signal that aborts inside addEventListener', () => {
  it('the call is aborted, the tool not run, and no timer keeps the process up', () => {
    const started = Date.now();
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', SYNC_ABORT], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(JSON.parse(run.stdout)).toEqual({ isError: true, ran: false, listening: 0 });
    expect(Date.now() - started).toBeLessThan(15_000);
  }, 30_000);
});

describe("guardClient's callTool with a signal-like object", () => {
  const slowClient = () => ({
    listTools: () =>
      new Promise((r) => setTimeout(() => r({ tools: [{ name: 't', inputSchema: { type: 'object' } }] }), 200)),
    callTool: async () => ({ content: [{ type: 'text', text: 'ran' }] }),
  });

  it.each([
    ['with a timeout', { timeout: 20 }],
    ['without a timeout', {}],
  ])('one without removeEventListener, %s: settles, nothing stray', async (_, extra) => {
    const guarded = guardClient(slowClient() as never);
    const signal = { aborted: false, addEventListener() {} } as unknown as AbortSignal;
    const { value, strays } = await noStrays(() =>
      within(guarded.callTool({ name: 't', arguments: {} }, undefined, { signal, ...extra }), 1000),
    );
    expect(value).not.toBe('pending');
    expect(strays).toBe(0);
  });
});
