// A `--grants` client's glob was judged at start-up only: after a re-admission (the server's tools/list_changed)
// a glob that matched before could match nothing (its tool renamed), and nothing was said. It is said then, once,
// on the proxy's stderr in the start-up's words (src/proxy/session-tools.ts, unmatched-grants.ts).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { proxySettings } from '../../src/cli/proxy-options.js';
import { serveHttp } from '../../src/proxy/http.js';
import { eventually } from '../cli/http-fixture.js';
import { connectClient } from './aggregate-fixture.js';

const SERVER = join(new URL('.', import.meta.url).pathname, 'fixtures/renaming-server.mjs');
const TOKEN = 'ci-token-0123456789abcdef';
const LINE = '--grants client "ci": allow "read_file" matches no published tool of this server';
const dir = mkdtempSync(join(tmpdir(), 'toolgate-grants-readmission-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => vi.unstubAllEnvs());

describe('--grants: a client glob a re-admission left matching nothing', () => {
  it('is said once after the re-admission, in the start-up words', async () => {
    const grants = join(dir, 'grants.json');
    writeFileSync(
      grants,
      JSON.stringify({ clients: [{ name: 'ci', tokenEnv: 'CI_TOKEN', allow: ['read_*', 'read_file', 'rename'] }] }),
    );
    vi.stubEnv('CI_TOKEN', TOKEN);
    const read = proxySettings(['--listen', '0', '--grants', grants, '--', process.execPath, SERVER]);
    if (!read.ok) throw new Error(read.error.message);
    let stderr = '';
    let tell: () => void = () => undefined;
    const told = new Promise<void>((resolve) => (tell = resolve));
    const served = serveHttp(read.value, { err: (t) => (stderr += t) }, told);
    expect(await eventually(() => stderr.includes('listening on'), 20_000)).toBe(true);
    const url = /listening on (\S+)/.exec(stderr)?.[1] ?? '';
    const lines = (): string[] => stderr.split('\n').filter((l) => l.includes('--grants client'));
    expect(lines()).toEqual([]);
    const { client } = await connectClient(url, { Authorization: `Bearer ${TOKEN}` });
    await client.callTool({ name: 'rename', arguments: {} });
    expect(await eventually(() => lines().length > 0, 10_000), stderr).toBe(true);
    // A second re-admission says nothing more: once per glob and client.
    await client.callTool({ name: 'rename', arguments: {} });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(lines()).toEqual([`toolgate proxy: ${LINE}`]);
    await client.close();
    tell();
    expect(await served).toBe(0);
  }, 40_000);
});
