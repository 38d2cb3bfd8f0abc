// A hunt's find: a second SIGINT (a double Ctrl-C, a supervisor's second SIGTERM) during the proxy's stop grace
// killed toolgate by the signal's default action before its server, which ignored SIGTERM, got SIGKILL: the server
// was re-parented to init and kept running. The stop signals stay handled until the groups are stopped now
// (src/cli/stop-signals.ts), as serve's already were: the stdio proxy, the gateway and --listen alike.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { killQuietly, readPid, survivors } from '../exec/alive.js';
import { openRawSession, startProxy, stopAll } from './http-fixture.js';
import { RawCli } from './raw-cli.js';

const SERVER = join(new URL('../..', import.meta.url).pathname, 'test/cli/fixtures/lingering-server.mjs');
const dir = mkdtempSync(join(tmpdir(), 'toolgate-second-signal-'));
const pids: number[] = [];
const proxies: RawCli[] = [];

afterAll(async () => {
  for (const p of proxies) p.child.kill('SIGKILL');
  await stopAll();
  for (const pid of pids) killQuietly(pid);
  rmSync(dir, { recursive: true, force: true });
});

/** The server's environment: its pid written, SIGTERM ignored and each one written down. */
const serverEnv = (tag: string) => ({
  PID_FILE: join(dir, `${tag}.pid`),
  SIGNAL_FILE: join(dir, `${tag}.signals`),
  IGNORE_TERM: '1',
});

/** A started proxy: how to signal it and its exit. */
interface Started {
  readonly kill: (signal: NodeJS.Signals) => void;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** The server's env as `--env` words. */
const envWords = (env: Record<string, string>): string[] =>
  Object.entries(env).flatMap(([k, v]) => ['--env', `${k}=${v}`]);

/** Each way the proxy runs a server, started with one session open (so the server runs). */
const ways: [string, (tag: string) => Promise<Started>][] = [
  [
    'the stdio proxy',
    async (tag) => {
      const proxy = new RawCli('proxy', [...envWords(serverEnv(tag)), '--', process.execPath, SERVER]);
      proxies.push(proxy);
      await proxy.initialize();
      return { kill: (s) => proxy.child.kill(s), exited: proxy.exited };
    },
  ],
  [
    'the gateway (--config)',
    async (tag) => {
      const config = join(dir, `${tag}.json`);
      const entry = { command: process.execPath, args: [SERVER], env: serverEnv(tag) };
      writeFileSync(config, JSON.stringify({ mcpServers: { s: entry } }));
      const proxy = new RawCli('proxy', ['--config', config]);
      proxies.push(proxy);
      await proxy.initialize();
      return { kill: (s) => proxy.child.kill(s), exited: proxy.exited };
    },
  ],
  [
    '--listen',
    async (tag) => {
      const proxy = await startProxy(['--listen', '0', ...envWords(serverEnv(tag)), '--', process.execPath, SERVER]);
      await openRawSession(proxy.url);
      return { kill: (s) => proxy.child.kill(s), exited: proxy.exited };
    },
  ],
];

describe('a second stop signal during the stop grace', () => {
  it.each(ways)(
    '%s still stops a server that ignores SIGTERM, then ends by the signal',
    async (_way, start) => {
      const tag = _way.replace(/\W+/g, '-');
      const proxy = await start(tag);
      const pid = await readPid(join(dir, `${tag}.pid`));
      pids.push(pid);
      proxy.kill('SIGINT');
      // The server got its SIGTERM: the proxy is inside the 500 ms grace before SIGKILL. The second signal comes now.
      const signals = join(dir, `${tag}.signals`);
      const until = Date.now() + 10_000;
      while (!readText(signals).includes('SIGTERM') && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
      proxy.kill('SIGINT');
      expect((await proxy.exited).signal).toBe('SIGINT');
      // Before, the server ran on, re-parented to init, for good.
      expect(await survivors([pid], 3000)).toEqual([]);
    },
    30_000,
  );
});

/** The file's text, or '' while it is not there. */
function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}
