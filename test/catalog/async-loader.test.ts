import { describe, expect, it } from 'vitest';
import { createBatchLoader } from '../../src/catalog/async-loader.js';

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
