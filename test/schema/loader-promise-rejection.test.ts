// validateSchema is synchronous: a schemaLoader that returns a Promise is refused (loader_failed). The Promise is
// the host's, and toolgate drops it: one that rejects later must not become an unhandled rejection, which ends a
// Node process by default (--unhandled-rejections=throw), so a refused schema would take the host down.
import { createHook } from 'node:async_hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { validateSchema } from '../../src/index.js';

const root = { type: 'object', properties: { a: { $ref: 'other.json' } } };
const seen: unknown[] = [];
const listener = (reason: unknown): void => {
  seen.push(reason);
};

afterEach(() => {
  process.off('unhandledRejection', listener);
});

describe('a schemaLoader Promise that rejects', () => {
  it('is refused, and its rejection is not left unhandled', async () => {
    process.on('unhandledRejection', listener);
    const reason = new Error('store unreachable');
    const r = validateSchema(root, { schemaLoader: () => Promise.reject(reason) });
    expect(r.ok ? '' : r.error.violations[0]?.code).toBe('loader_failed');
    await new Promise((done) => setTimeout(done, 20));
    expect(seen).not.toContain(reason);
  });

  it('is marked handled with an async hook enabled too (Node then gives every Promise own keys)', async () => {
    process.on('unhandledRejection', listener);
    const hook = createHook({ init: () => undefined }).enable();
    try {
      const reason = new Error('traced store unreachable');
      const r = validateSchema(root, { schemaLoader: () => Promise.reject(reason) });
      expect(r.ok ? '' : r.error.violations[0]?.code).toBe('loader_failed');
      await new Promise((done) => setTimeout(done, 20));
      expect(seen).not.toContain(reason);
    } finally {
      hook.disable();
    }
  });

  it('an async loader that throws later is refused the same way', async () => {
    process.on('unhandledRejection', listener);
    const reason = new Error('late failure');
    const r = validateSchema(root, {
      schemaLoader: async () => {
        await Promise.resolve();
        throw reason;
      },
    });
    expect(r.ok ? '' : r.error.violations[0]?.code).toBe('loader_failed');
    await new Promise((done) => setTimeout(done, 20));
    expect(seen).not.toContain(reason);
  });
});
