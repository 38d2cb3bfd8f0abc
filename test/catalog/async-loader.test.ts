import { describe, expect, it, vi } from 'vitest';
import { createBatchLoader } from '../../src/catalog/async-loader.js';
import { admitBatch, DEFAULT_LOADER_TIMEOUT_MS } from '../../src/index.js';

describe('createBatchLoader', () => {
  it('records misses, loads each URI once, then answers synchronously', async () => {
    const calls: string[] = [];
    const loader = createBatchLoader(async (uri) => {
      calls.push(uri);
      return uri.endsWith('/a') ? { type: 'string' } : undefined;
    });
    expect(loader.sync('https://x/a')).toBeUndefined();
    expect(loader.sync('https://x/b')).toBeUndefined();
    expect([...loader.takeMisses()]).toEqual(['https://x/a', 'https://x/b']);
    expect(await loader.loadMissing(['https://x/b', 'https://x/a', 'https://x/a'])).toBe(2);
    expect(loader.sync('https://x/a')).toEqual({ type: 'string' });
    expect(loader.sync('https://x/b')).toBeUndefined();
    expect(loader.takeMisses().size).toBe(0);
    expect(await loader.loadMissing(['https://x/a'])).toBe(0);
    expect(calls.sort()).toEqual(['https://x/a', 'https://x/b']);
    expect(loader.loads()).toBe(2);
  });

  it('turns a rejection or a synchronous throw into a throw of the sync answer', async () => {
    const loader = createBatchLoader((uri) => {
      if (uri === 'u:now') throw new Error('store down');
      return Promise.reject(new Error('timeout'));
    });
    await loader.loadMissing(['u:now', 'u:later']);
    expect(() => loader.sync('u:now')).toThrow('store down');
    expect(() => loader.sync('u:later')).toThrow('timeout');
  });
});

describe('a loader that never settles', () => {
  const schema = { type: 'object', properties: { a: { $ref: 'urn:slow' }, b: { $ref: 'urn:fast' } } };
  const loaderOf =
    (seen: AbortSignal[]) =>
    (uri: string, { signal }: { signal: AbortSignal }) => {
      seen.push(signal);
      return uri === 'urn:fast' ? { type: 'string' } : new Promise<undefined>(() => {});
    };

  it('admitBatch settles after loaderTimeoutMs: execution_failure naming the URI, the signal aborted', async () => {
    const seen: AbortSignal[] = [];
    const r = await admitBatch([{ name: 'slow', inputSchema: schema, backend: () => null }], {
      schemaLoader: loaderOf(seen),
      loaderTimeoutMs: 20,
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const d = r.error.diagnostics;
    expect(d.map((x) => `${x.error.class}: ${x.error.message}`)).toEqual([
      'execution_failure: schemaLoader gave no answer for urn:slow: no answer within 20 ms (loaderTimeoutMs)',
    ]);
    expect(seen.length).toBe(2);
    // Only the URI that passed its deadline has its signal aborted.
    expect(seen.map((s) => s.aborted).sort()).toEqual([false, true]);
  });

  it('the default deadline is DEFAULT_LOADER_TIMEOUT_MS (fake timers)', async () => {
    vi.useFakeTimers();
    try {
      const pending = admitBatch([{ name: 'slow', inputSchema: schema, backend: () => null }], {
        schemaLoader: loaderOf([]),
      });
      let settled = false;
      void pending.then(() => {
        settled = true;
      });
      await vi.advanceTimersByTimeAsync(DEFAULT_LOADER_TIMEOUT_MS - 1);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      const r = await pending;
      expect(r.ok ? 'ok' : r.error.message).toMatch(/urn:slow/);
      expect(DEFAULT_LOADER_TIMEOUT_MS).toBe(10_000);
    } finally {
      vi.useRealTimers();
    }
  });

  it.each([0, -1, 1.5, Number.NaN, '10'])('loaderTimeoutMs %j is a validation error', async (v) => {
    const r = await admitBatch([], { schemaLoader: () => undefined, loaderTimeoutMs: v as number });
    expect(r.ok ? 'ok' : `${r.error.class}: ${r.error.message}`).toMatch(/^validation: .*loaderTimeoutMs/);
  });
});
