// `proxy --config --listen`: a glob said at the end of the start-up while a server was not up ("it might match a
// tool of server "late", not up") was never judged again, --allow/--deny's and a --grants client's alike: the
// start-up's set of servers is stopped once it has proved them, and a session's own set never judged (the gateway
// on stdio judges again once every server is up). A session's set of every server judges them now once its late
// server is up, as on stdio, the client's globs in the words of the start-up's; each is said once, not per session
// (src/proxy/servers.ts, src/proxy/unmatched-grants.ts).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { startProxy } from '../../src/proxy/index.js';
import { START_WAIT_MS } from '../../src/proxy/start-wait.js';
import { connectClient, stdioServer } from './aggregate-fixture.js';

const dir = mkdtempSync(join(tmpdir(), 'toolgate-listen-unmatched-late-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => vi.unstubAllEnvs());
const NOT_UP = '; it might match a tool of server "late", not up';
const TOKEN = 'ci-token-0123456789abcdef';

describe('proxy --config --listen --grants: a glob said while its server was not up', () => {
  it("is judged again once a session's late server is up, and said once, not per session", async () => {
    const grants = join(dir, 'grants.json');
    const clients = [{ name: 'ci', tokenEnv: 'CI_TOKEN', allow: ['alpha__*', 'late__ehco', 'late__echo'] }];
    writeFileSync(grants, JSON.stringify({ clients }));
    vi.stubEnv('CI_TOKEN', TOKEN);
    const lines: string[] = [];
    const late = stdioServer('late', '--start-after', String(START_WAIT_MS + 1000));
    const started = await startProxy({
      servers: { alpha: stdioServer('alpha'), late },
      deny: ['late__slwo'],
      listen: { port: 0, grants },
      onLog: (line) => lines.push(line),
    });
    if (!started.ok) throw new Error(started.error.message);
    const said = (): string[] =>
      lines.filter((l) => l.includes('matches no')).map((l) => l.replace(/^toolgate proxy: /, '').trimEnd());
    try {
      for (let session = 0; session < 2; session++) {
        const { client } = await connectClient(started.value.url as string, { Authorization: `Bearer ${TOKEN}` });
        // The session's late server is up once its echo is listed.
        let up = false;
        for (const until = Date.now() + 20_000; !up && Date.now() < until; ) {
          up = (await client.listTools()).tools.some((t) => t.name === 'late__echo');
          if (!up) await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect(up).toBe(true);
        await client.close();
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(said()).toEqual([
        `--deny "late__slwo" matches no tool of the servers up${NOT_UP}`,
        `--grants client "ci": allow "late__ehco" matches no published tool of the servers up${NOT_UP}`,
        `--grants client "ci": allow "late__echo" matches no published tool of the servers up${NOT_UP}`,
        '--deny "late__slwo" matches no tool of these servers (did you mean "late__slow"?)',
        '--grants client "ci": allow "late__ehco" matches no published tool of these servers ' +
          '(did you mean "late__echo"?)',
      ]);
    } finally {
      await started.value.close();
    }
  }, 60_000);
});
