// `toolgate proxy --config`: a glob said at the end of the start-up while a server was not up ("it might match a
// tool of server "late", not up") was never judged again: once that server came up, a typo of its tool stayed
// silent. It is judged again once every server is up, and said then if it still matches nothing, once
// (src/proxy/unmatched-grants.ts); a glob that matches the late server's tools is not said again.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { START_WAIT_MS } from '../../src/proxy/servers.js';
import { eventually } from './http-fixture.js';
import { stdioServer } from '../proxy/aggregate-fixture.js';

const ROOT = new URL('../..', import.meta.url).pathname;
const CLI = join(ROOT, 'dist/cli/main.js');
const dir = mkdtempSync(join(tmpdir(), 'toolgate-unmatched-late-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const NOT_UP = '; it might match a tool of server "late", not up';

describe('toolgate proxy --config: a glob said while its server was not up', () => {
  it('is judged again once the server is up, and said once if it still matches nothing', async () => {
    const config = join(dir, 'config.json');
    const late = stdioServer('late', '--start-after', String(START_WAIT_MS + 1000));
    writeFileSync(config, JSON.stringify({ mcpServers: { alpha: stdioServer('alpha'), late } }));
    const args = ['proxy', '--deny', 'late__ehco', '--deny', 'late__slow', '--config', config];
    const child = spawn(process.execPath, [CLI, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const lines = (): string[] =>
      stderr
        .split('\n')
        .filter((l) => l.includes('matches no tool'))
        .map((l) => l.replace(/^toolgate proxy: /, ''));
    try {
      expect(await eventually(() => lines().length >= 3, 20_000), stderr).toBe(true);
      // Nothing more once late has been judged.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(lines()).toEqual([
        `--deny "late__ehco" matches no tool of the servers up${NOT_UP}`,
        `--deny "late__slow" matches no tool of the servers up${NOT_UP}`,
        '--deny "late__ehco" matches no tool of these servers (did you mean "late__echo"?)',
      ]);
    } finally {
      // The client hangs up (MCP's stdio shutdown): the proxy stops its servers and exits.
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.stdin.end();
      if (!(await Promise.race([exited.then(() => true), new Promise((r) => setTimeout(() => r(false), 10_000))])))
        child.kill('SIGKILL');
    }
  }, 40_000);
});
