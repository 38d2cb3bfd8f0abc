// The grants file of `--grants` / `listen.grants`, read strictly: every refusal a table row, each named without
// ever showing a token; the clients' tokens compared in constant time, one client per token; the CLI refuses a bad
// file, --grants without --listen, beside --auth-token-env or --stateless with exit 2 before anything starts.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { bearerClient } from '../../src/proxy/bearer.js';
import { readGrants } from '../../src/proxy/client-grants.js';
import { startProxy } from '../../src/proxy/index.js';
import { readProxyOptions } from '../../src/proxy/options.js';
import { runInProcess } from '../cli/run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'toolgate-grants-'));
const A = 'token-a-0123456789abcdef';
const B = 'token-b-0123456789abcdef';
const ENV = { A_TOKEN: A, B_TOKEN: B, SHORT: 'short-token', SAME: A, EMPTY: '', SPACED: `${A} `, ACCENT: `${B}\u00e9` };

afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => vi.unstubAllEnvs());

const client = (more: object = {}) => ({ name: 'ci', tokenEnv: 'A_TOKEN', allow: ['*'], ...more });
const file = (text: string): string => {
  const path = join(dir, `grants-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(path, text);
  return path;
};

describe('readGrants refuses', () => {
  it.each([
    ['text that is not JSON', '{"clients": [', /not JSON/],
    ['a key given twice', '{"clients": [], "clients": []}', /not JSON/],
    ['an array', '[]', /must be a JSON object/],
    ['an unknown top-level member', JSON.stringify({ clients: [client()], tokens: [] }), /unknown member "tokens"/],
    ['no clients', '{}', /"clients" must be a non-empty array/],
    ['an empty client list', '{"clients": []}', /"clients" must be a non-empty array/],
    ['a client that is not an object', '{"clients": ["ci"]}', /clients\[0\] must be an object/],
    ['an unknown client member', JSON.stringify({ clients: [client({ token: A })] }), /unknown member "token"/],
    ['a client without a name', JSON.stringify({ clients: [client({ name: undefined })] }), /clients\[0\]\.name/],
    ['an empty name', JSON.stringify({ clients: [client({ name: '' })] }), /clients\[0\]\.name must be 1 to 64/],
    ['a name with a newline', JSON.stringify({ clients: [client({ name: 'a\nb' })] }), /\.name must be/],
    ['a name given twice', JSON.stringify({ clients: [client(), client({ tokenEnv: 'B_TOKEN' })] }), /named twice/],
    ['a missing tokenEnv', JSON.stringify({ clients: [client({ tokenEnv: undefined })] }), /"tokenEnv" must name/],
    ['a variable not set', JSON.stringify({ clients: [client({ tokenEnv: 'NOT_SET' })] }), /"NOT_SET" is not set/],
    ['a variable set empty', JSON.stringify({ clients: [client({ tokenEnv: 'EMPTY' })] }), /"EMPTY" is not set/],
    ['a short token', JSON.stringify({ clients: [client({ tokenEnv: 'SHORT' })] }), /at least 16 characters/],
    [
      'two clients with one token',
      JSON.stringify({ clients: [client(), client({ name: 'dev', tokenEnv: 'SAME' })] }),
      /client "dev" has the same token as client "ci" \("A_TOKEN"\)/,
    ],
    [
      // HTTP drops the space and the header is read as latin1: sent, it would name client "ci" or no client.
      "a token only a space apart from another client's",
      JSON.stringify({ clients: [client(), client({ name: 'dev', tokenEnv: 'SPACED' })] }),
      /client "dev": the token in "SPACED" must be visible ASCII/,
    ],
    [
      'a token no Authorization header carries as is',
      JSON.stringify({ clients: [client({ tokenEnv: 'ACCENT' })] }),
      /the token in "ACCENT" must be visible ASCII/,
    ],
    ['no allow', JSON.stringify({ clients: [client({ allow: undefined })] }), /"allow" must be an array/],
    ['an allow of numbers', JSON.stringify({ clients: [client({ allow: [1] })] }), /"allow" must be an array/],
    ['a deny that is a string', JSON.stringify({ clients: [client({ deny: 'x' })] }), /"deny" must be an array/],
    ['methods that are a string', JSON.stringify({ clients: [client({ methods: 'resources/*' })] }), /"methods" must/],
    [
      // A typo would grant nothing, silently.
      'a methods glob that grants no method',
      JSON.stringify({ clients: [client({ methods: ['resource/*'] })] }),
      /"methods" glob "resource\/\*" grants none of resources\/list/,
    ],
    [
      // Tools are granted by allow/deny, not by methods.
      'a methods glob naming a tool method',
      JSON.stringify({ clients: [client({ methods: ['tools/call'] })] }),
      /"methods" glob "tools\/call" grants none/,
    ],
  ])('%s', (_, text, expected) => {
    const r = readGrants(text, ENV);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.message).toMatch(expected);
    expect(r.error.message).not.toContain(A);
    expect(r.error.message).not.toContain('short-token');
  });
});

describe('readGrants reads', () => {
  it('each client with its grant: an empty allow grants nothing, deny wins', () => {
    const text = JSON.stringify({
      clients: [
        client({ allow: ['github__*'], deny: ['github__delete_*'] }),
        client({ name: 'none', tokenEnv: 'B_TOKEN', allow: [] }),
      ],
    });
    const r = readGrants(text, ENV);
    if (!r.ok) throw new Error(r.error.message);
    const [ci, none] = r.value;
    expect(ci?.grants.granted('github__list_repos')).toBe(true);
    expect(ci?.grants.granted('github__delete_repo')).toBe(false);
    expect(ci?.grants.granted('slack__post')).toBe(false);
    expect(none?.grants.granted('github__list_repos')).toBe(false);
    expect(bearerClient(`Bearer ${B}`, r.value)?.name).toBe('none');
    expect(bearerClient(`bearer ${A}`, r.value)?.name).toBe('ci');
    for (const header of [undefined, '', 'Bearer ', `Basic ${A}`, `Bearer ${A}x`, `Bearer ${A.slice(1)}`])
      expect(bearerClient(header, r.value)).toBeUndefined();
  });
});

describe('the sample grants file of docs/proxy.md', () => {
  it('is read as shown: ci gets github tools but the delete ones, the auditor nothing', () => {
    const doc = readFileSync(new URL('../../docs/proxy.md', import.meta.url), 'utf8');
    const section = doc.slice(doc.indexOf('### Per-client grants'));
    const text = /```json\n([\s\S]*?)\n```/.exec(section)?.[1] as string;
    const env = { CI_TOKEN: A, LAPTOP_TOKEN: B, AUDIT_TOKEN: 'token-c-0123456789abcdef' };
    const r = readGrants(text, env);
    if (!r.ok) throw new Error(r.error.message);
    const [ci, laptop, auditor] = r.value;
    expect(r.value.map((c) => c.name)).toEqual(['ci', 'laptop', 'auditor']);
    expect([ci?.grants.granted('github__list_issues'), ci?.grants.granted('github__delete_repo')]).toEqual([
      true,
      false,
    ]);
    expect([laptop?.grants.granted('slack__post'), laptop?.grants.granted('github__admin_keys')]).toEqual([
      true,
      false,
    ]);
    expect(auditor?.grants.granted('github__list_issues')).toBe(false);
  });
});

describe('listen.grants (startProxy) and --grants (CLI)', () => {
  const good = file(JSON.stringify({ clients: [client()] }));
  const upstream = { command: process.execPath, args: ['server.mjs'] };

  it('reads the file and keeps every token as a secret', () => {
    vi.stubEnv('A_TOKEN', A);
    const r = readProxyOptions({ upstream, listen: { port: 0, grants: good } });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.listen?.clients?.map((c) => c.name)).toEqual(['ci']);
    expect(r.value.secrets).toContain(A);
  });

  it.each([
    [{ port: 0, grants: good, authToken: B }, /listen\.authToken .* and listen\.grants .*: give one/],
    [{ port: 0, grants: good, stateless: true }, /listen\.grants needs sessions/],
    [{ port: 0, grants: join(dir, 'absent.json') }, /listen\.grants .*absent\.json: cannot read \(ENOENT\)/],
    [{ port: 0, grants: file('{"clients": []}') }, /listen\.grants .*: "clients" must be a non-empty array/],
  ])('refuses listen %o', (listen, expected) => {
    vi.stubEnv('A_TOKEN', A);
    const r = readProxyOptions({ upstream, listen });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(expected);
  });

  it.each([
    [['--grants', good], /--grants needs --listen/],
    [['--listen', '0', '--grants', good, '--auth-token-env', 'A_TOKEN'], /--auth-token-env .* or --grants .*not both/],
    [['--listen', '0', '--grants', good, '--stateless'], /--grants needs sessions/],
    [['--listen', '0', '--grants', file('{"clients": [{"name": "x"}]}')], /--grants .*: client "x": "tokenEnv"/],
    [
      ['--listen', '0', '--grants', file(JSON.stringify({ clients: [client(), client({ name: 'b' })] }))],
      /client "b" has the same token as client "ci"/,
    ],
  ])('the CLI exits 2 for %j, never printing a token', async (flags, expected) => {
    vi.stubEnv('A_TOKEN', A);
    const run = await runInProcess(['proxy', ...flags, process.execPath, 'no-server.mjs']);
    expect(run.code).toBe(2);
    expect(run.err).toMatch(expected);
    expect(run.err).not.toContain(A);
  });

  it('startProxy serves each SDK client its own tools, and 401 to a token of no client', async () => {
    vi.stubEnv('A_TOKEN', A);
    vi.stubEnv('B_TOKEN', B);
    const grants = file(
      JSON.stringify({
        clients: [client({ allow: ['echo'] }), client({ name: 'dev', tokenEnv: 'B_TOKEN', allow: ['count'] })],
      }),
    );
    const recording = new URL('../cli/fixtures/recording-server.mjs', import.meta.url).pathname;
    const started = await startProxy({
      upstream: { command: process.execPath, args: [recording] },
      listen: { port: 0, grants },
    });
    if (!started.ok) throw new Error(started.error.message);
    const proxy = started.value;
    const url = new URL(proxy.url as string);
    const names = async (token: string): Promise<string[]> => {
      const sdk = new Client({ name: 'grants-api', version: '0' });
      const headers = { Authorization: `Bearer ${token}` };
      await sdk.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers } }));
      const listed = (await sdk.listTools()).tools.map((t) => t.name);
      await sdk.close();
      return listed;
    };
    try {
      expect(await names(A)).toEqual(['echo']);
      expect(await names(B)).toEqual(['count']);
      const wrong = new Client({ name: 'grants-api', version: '0' });
      const headers = { Authorization: 'Bearer token-z-0123456789abcdef' };
      await expect(wrong.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers } }))).rejects.toThrow(
        /Unauthorized/,
      );
    } finally {
      await proxy.close();
    }
  }, 30_000);

  it('serves a host other than loopback with grants and no --auth-token-env', () => {
    vi.stubEnv('A_TOKEN', A);
    const r = readProxyOptions({ upstream, listen: { port: 0, host: '0.0.0.0', grants: good } });
    expect(r.ok).toBe(true);
  });
});
