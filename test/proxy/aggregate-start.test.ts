// The gateway's start (startProxy's `servers`, `proxy --config`): it waits for its servers at most START_WAIT_MS
// once one is up, so one server that is slow to start, or never answers `initialize`, holds neither the start nor
// a `--listen` session's initialize for a whole `--timeout` (30 s); a slow one joins when up, announced to the
// client by tools/list_changed, as a restarted server is. Nothing is left running.
import { afterEach, describe, expect, it } from 'vitest';
import { startProxy } from '../../src/proxy/index.js';
import { START_WAIT_MS } from '../../src/proxy/servers.js';
import { childrenOf, eventually } from '../cli/http-fixture.js';
import { survivors } from '../exec/alive.js';
import { connectClient, stdioServer, textOf } from './aggregate-fixture.js';

const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closing.splice(0).map((close) => close()));
});

describe('the gateway waits for its servers at most START_WAIT_MS', () => {
  it('one never answering initialize holds neither the start nor a session; a slow one joins when up', async () => {
    const lines: string[] = [];
    let at = performance.now();
    const started = await startProxy({
      servers: {
        alpha: stdioServer('alpha'),
        // Up after the wait (each --listen session starts its own), within --timeout: it joins.
        late: stdioServer('late', '--start-after', String(START_WAIT_MS + 1500)),
        mute: stdioServer('mute', '--start-after', '600000'),
      },
      listen: { port: 0 },
      onLog: (l) => lines.push(l),
    });
    if (!started.ok) throw new Error(started.error.message);
    closing.push(() => started.value.close());
    // Before, the start waited for mute's initialize to time out: 30 s.
    expect(performance.now() - at).toBeLessThan(START_WAIT_MS + 3000);
    expect(started.value.tools).toContain('alpha__echo');
    expect(started.value.withheld).toContainEqual(expect.stringMatching(/^mute: server not served: not up when/));
    expect(lines.join('\n')).toContain('server mute is not up yet: served once it is');
    // The start-up's own set, stopped once it was checked, cut mute's start short: no signal, nothing said of it.
    expect(lines.join('\n')).not.toContain('told to exit');

    at = performance.now();
    const { client, changes } = await connectClient(started.value.url as string);
    const waited = performance.now() - at;
    expect(waited).toBeGreaterThan(START_WAIT_MS - 500);
    expect(waited).toBeLessThan(START_WAIT_MS + 1500);
    const first = (await client.listTools()).tools.map((t) => t.name);
    expect(first).toContain('alpha__echo');
    expect(first).not.toContain('late__echo');
    expect(textOf(await client.callTool({ name: 'alpha__echo', arguments: { text: 'x' } }))).toBe('alpha:x');
    // late comes up after the wait: admitted, then announced.
    expect(await eventually(() => changes() >= 1, 6000)).toBe(true);
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toContain('late__echo');
    expect(names.some((n) => n.startsWith('mute__'))).toBe(false);
    expect(textOf(await client.callTool({ name: 'late__echo', arguments: { text: 'y' } }))).toBe('late:y');
    const children = childrenOf(process.pid);
    await client.close();
    await started.value.close();
    expect(await survivors(children, 5000)).toEqual([]);
  }, 40_000);

  it('says no restart of a server a session is still starting when toolgate is told to exit', async () => {
    const lines: string[] = [];
    const started = await startProxy({
      servers: { alpha: stdioServer('alpha'), mute: stdioServer('mute', '--start-after', '600000') },
      listen: { port: 0 },
      onLog: (l) => lines.push(l),
    });
    if (!started.ok) throw new Error(started.error.message);
    // A session whose set is still within its start wait (5 s, mute not settled) when the proxy is closed (as on
    // SIGTERM): mute's start, cut short by the stop signal, ended in the set's failed path, which said a restart.
    const connecting = connectClient(started.value.url as string).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await started.value.close();
    await connecting;
    expect(lines.join('\n')).toContain('told to exit');
    // Before, `mute was stopped: toolgate was told to exit: no tool of it is published; restart 1 in 0.5 s`.
    expect(lines.join('\n')).not.toMatch(/restart/);
  }, 30_000);

  it('still fails a start where no server comes up, and strict mode still waits for every server', async () => {
    const none = await startProxy({
      servers: { a: stdioServer('a', '--fail-start'), b: stdioServer('b', '--fail-start') },
      listen: { port: 0 },
    });
    expect(none.ok).toBe(false);
    const at = performance.now();
    const strict = await startProxy({
      servers: { alpha: stdioServer('alpha'), late: stdioServer('late', '--start-after', String(START_WAIT_MS + 500)) },
      listen: { port: 0 },
      mode: 'strict',
    });
    if (!strict.ok) throw new Error(strict.error.message);
    closing.push(() => strict.value.close());
    expect(performance.now() - at).toBeGreaterThan(START_WAIT_MS);
    expect(strict.value.tools).toContain('late__echo');
  }, 40_000);
});
