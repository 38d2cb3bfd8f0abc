// A `--grants` client's `allow`/`deny` glob that matches no published tool is said once on stderr at start-up, in
// the words of the `--allow`/`--deny` lines: such a glob grants or denies nothing (a typo was never said).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { proxySettings } from '../../src/cli/proxy-options.js';
import { serveHttp } from '../../src/proxy/http.js';
import { eventually } from '../cli/http-fixture.js';
import { stdioServer } from './aggregate-fixture.js';

const dir = mkdtempSync(join(tmpdir(), 'toolgate-client-grants-unmatched-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => vi.unstubAllEnvs());

/** The lines the proxy said of unmatched client globs, started with `args` and these clients, then stopped. */
async function said(args: string[], clients: object[]): Promise<string[]> {
  const grants = join(dir, 'grants.json');
  writeFileSync(grants, JSON.stringify({ clients }));
  vi.stubEnv('CI_TOKEN', 'ci-token-0123456789abcdef');
  vi.stubEnv('OPS_TOKEN', 'ops-token-0123456789abcdef');
  const read = proxySettings(['--listen', '0', '--grants', grants, ...args]);
  if (!read.ok) throw new Error(read.error.message);
  let stderr = '';
  let tell: () => void = () => undefined;
  const told = new Promise<void>((resolve) => (tell = resolve));
  const served = serveHttp(read.value, { err: (t) => (stderr += t) }, told);
  if (!(await eventually(() => stderr.includes('listening on'), 20_000))) throw new Error(`not listening:\n${stderr}`);
  tell();
  expect(await served).toBe(0);
  return stderr
    .split('\n')
    .filter((line) => line.includes('--grants client'))
    .map((line) => line.replace(/^toolgate proxy: /, ''));
}

const solo = stdioServer('solo') as { command: string; args: string[] };
const ci = (allow: string[], deny: string[] = []) => ({ name: 'ci', tokenEnv: 'CI_TOKEN', allow, deny });

describe('--grants: a client glob that matches no published tool', () => {
  it('is said once per glob and client, with a near name; a matching glob is not', async () => {
    const clients = [
      ci(['ehco', 'echo', 'ehco', 'zzz*'], ['crahs']),
      { name: 'ops', tokenEnv: 'OPS_TOKEN', allow: ['*'], deny: ['crash', 'sl?w'] },
    ];
    expect(await said(['--', solo.command, ...solo.args], clients)).toEqual([
      '--grants client "ci": allow "ehco" matches no published tool of this server (did you mean "echo"?)',
      '--grants client "ci": allow "zzz*" matches no published tool of this server',
      '--grants client "ci": deny "crahs" matches no published tool of this server (did you mean "crash"?)',
    ]);
  }, 30_000);

  it('a tool withheld by --deny is not published: a client glob of it matches nothing', async () => {
    const lines = await said(['--deny', 'crash', '--', solo.command, ...solo.args], [ci(['echo'], ['crash'])]);
    expect(lines).toEqual(['--grants client "ci": deny "crash" matches no published tool of this server']);
  }, 30_000);

  it('under --config: the <server>__ form, a near name, and a server that never started named', async () => {
    const config = join(dir, 'config.json');
    const dead = { command: process.execPath, args: ['-e', 'process.exit(3)'] };
    writeFileSync(config, JSON.stringify({ mcpServers: { alpha: stdioServer('alpha'), dead } }));
    const lines = await said(['--config', config], [ci(['echo', 'alpha__ehco', 'alpha__*', 'dead__*'])]);
    const note = '; it might match a tool of server "dead", not up';
    expect(lines).toEqual([
      '--grants client "ci": allow "echo" matches no published tool of the servers up (names under --config are ' +
        `<server>__<tool>: "*__echo" would)${note}`,
      '--grants client "ci": allow "alpha__ehco" matches no published tool of the servers up ' +
        `(did you mean "alpha__echo"?)${note}`,
      `--grants client "ci": allow "dead__*" matches no published tool of the servers up${note}`,
    ]);
  }, 30_000);
});
