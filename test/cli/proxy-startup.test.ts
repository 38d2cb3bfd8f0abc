// `toolgate proxy` fails fast, before any client is read: a usage error, a server that exits or never answers
// initialize (exit 2, naming the server and showing its stderr), and a catalog strict mode refuses (exit 1).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from './run-cli.js';

const NODE = process.execPath;
const SERVER = join(new URL('../..', import.meta.url).pathname, 'test/cli/fixtures/recording-server.mjs');

describe('toolgate proxy start-up', () => {
  it.each([
    [[], /no server to start/],
    [['--mode', 'lenient', '--', 'x'], /--mode must be quarantine or strict/],
    [['--bad-tools', 'skip', '--', 'x'], /--bad-tools must be fail or leave-out/],
    [['--log-args', '--', 'x'], /--log-args needs --log/],
    [['--env', '1X=2', '--', 'x'], /--env needs KEY=VALUE/],
    [['--url', 'http://127.0.0.1:9/mcp', 'node', 's.js'], /either --url or a server command/],
  ])('refuses usage %j with exit 2', async (argv, message) => {
    const r = await runInProcess(['proxy', ...argv]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(message);
  });

  it('exits 2 naming a server that exits at once, with its stderr and no --env value', async () => {
    const r = await runInProcess([
      'proxy',
      '--env',
      'TOKEN=s3cret-value',
      '--',
      NODE,
      '-e',
      'process.stderr.write("boom " + process.env.TOKEN); process.exit(3)',
    ]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/exited \(status 3\)/);
    expect(r.err).toMatch(/server stderr:\nboom <redacted>/);
    expect(r.err).not.toContain('s3cret-value');
  });

  it('exits 2 when the server never answers initialize within --timeout', async () => {
    const r = await runInProcess(['proxy', '--timeout', '0.3', '--', NODE, '-e', 'setInterval(() => {}, 1000)']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/did not answer "initialize" within 0.3 s/);
  });

  it('exits 2 when the program does not exist', async () => {
    const r = await runInProcess(['proxy', '--', '/nonexistent/mcp-server']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/could not be started/);
  });

  it('exits 1 in strict mode when a tool fails admission, naming it', async () => {
    const r = await runInProcess(['proxy', '--mode', 'strict', '--', NODE, SERVER]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/could not be admitted[\s\S]*old: unsupported_capability/);
  }, 20_000);

  it('keeps no fetch timing entries in its process (the memory per request a proxy would hold)', async () => {
    const server = createServer((_req, res) => res.end('{}')).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    try {
      // The default (earlier proxies in this file turned it off): the test shows the buffer the proxy turns off.
      performance.setResourceTimingBufferSize(250);
      await (await fetch(url)).text();
      await new Promise((resolve) => setImmediate(resolve));
      expect(performance.getEntriesByType('resource').length).toBeGreaterThan(0);
      performance.clearResourceTimings();
      expect((await runInProcess(['proxy', '--url', 'http://127.0.0.1:9/mcp'])).code).not.toBe(0);
      await (await fetch(url)).text();
      await new Promise((resolve) => setImmediate(resolve));
      expect(performance.getEntriesByType('resource')).toEqual([]);
    } finally {
      // Node's default again, for what else runs in this worker.
      performance.setResourceTimingBufferSize(250);
      server.close();
    }
  });
});
