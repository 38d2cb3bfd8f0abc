// The gateway's start-up summary (`proxy --config`, stderr) is said in the config's order of servers, whichever
// finished admission first: the same config says the same bytes. A hunt's find: it followed the order the servers
// were admitted in. Here the first server of the config is the slower to start (it answers nothing for a while).
// Servers that fail at start are named in config order too (they were named in the order they failed).
import { afterEach, describe, expect, it } from 'vitest';
import { startProxy } from '../../src/proxy/index.js';
import { stdioServer } from './aggregate-fixture.js';

const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closing.splice(0).map((close) => close()));
});

describe("the gateway's start-up summary", () => {
  it('names its servers in config order, not in the order they were admitted', async () => {
    const lines: string[] = [];
    const started = await startProxy({
      // Strict: the start waits for every server, so the slow one is served at start (not joining later).
      mode: 'strict',
      servers: { alpha: stdioServer('alpha', '--start-after', '3000'), beta: stdioServer('beta') },
      listen: { port: 0 },
      onLog: (l) => lines.push(l),
    });
    if (!started.ok) throw new Error(started.error.message);
    closing.push(() => started.value.close());
    const summary = (server: string): number => lines.findIndex((l) => l.includes(`("${server}: `));
    expect(summary('alpha')).toBeGreaterThanOrEqual(0);
    expect(summary('beta')).toBeGreaterThanOrEqual(0);
    expect(summary('alpha')).toBeLessThan(summary('beta'));
  }, 40_000);

  it('names servers that failed at start in config order, not in the order they failed', async () => {
    const lines: string[] = [];
    const fails = (status: number, after: number) => ({
      command: process.execPath,
      args: ['-e', `setTimeout(() => process.exit(${status}), ${after})`],
    });
    const started = await startProxy({
      // alpha fails last, beta at once; gamma is served, so the gateway starts (quarantine).
      servers: { alpha: fails(3, 1500), beta: fails(4, 0), gamma: stdioServer('gamma') },
      listen: { port: 0 },
      onLog: (l) => lines.push(l),
    });
    if (!started.ok) throw new Error(started.error.message);
    closing.push(() => started.value.close());
    const failure = (status: number): number => lines.findIndex((l) => l.includes(`exited (status ${status})`));
    expect(failure(3)).toBeGreaterThanOrEqual(0);
    expect(failure(4)).toBeGreaterThanOrEqual(0);
    expect(failure(3)).toBeLessThan(failure(4));
  }, 40_000);
});
