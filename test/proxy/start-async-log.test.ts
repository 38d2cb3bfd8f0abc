// startProxy's `onLog` written `async` (a logger that awaits its sink): when it fails its promise rejects, and left
// unhandled that ends the host's process (Node's default). The proxy ignores what its logger throws; it ignores
// such a rejection too (found by review: the hooks of the library had been guarded, onLog not).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startProxy } from '../../src/proxy/index.js';

const ROOT = new URL('../..', import.meta.url).pathname;
const unhandled: unknown[] = [];
const record = (reason: unknown): void => {
  unhandled.push(reason);
};
beforeEach(() => {
  unhandled.length = 0;
  process.on('unhandledRejection', record);
});
afterEach(() => {
  process.off('unhandledRejection', record);
});

describe('startProxy with an async onLog that rejects', () => {
  it('serves and stops, and leaves no unhandled rejection', async () => {
    let logged = 0;
    const started = await startProxy({
      upstream: { command: process.execPath, args: [`${ROOT}test/cli/fixtures/recording-server.mjs`] },
      listen: { port: 0 },
      onLog: async () => {
        logged++;
        throw new Error('log sink down');
      },
    });
    if (!started.ok) throw new Error(started.error.message);
    await started.value.close();
    expect(await started.value.closed).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(logged).toBeGreaterThan(0);
    expect(unhandled).toEqual([]);
  });
});
