// `lock --url` and `check --url --lock`: a Streamable HTTP server's tools pinned and compared like a command's,
// its header values (read from the environment) never printed nor written to the lock, its session ended.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, recordOf, type Running, startHttpServer, stopAll } from './http-fixture.js';
import { runInProcess } from './run-cli.js';

const TOKEN = 'lock-url-token-0123456789';
const dir = mkdtempSync(join(tmpdir(), 'toolgate-lock-url-'));
const record = join(dir, 'record.jsonl');
let server: Running;

beforeAll(async () => {
  server = await startHttpServer({ REQUIRE_AUTH: `Bearer ${TOKEN}`, RECORD_FILE: record });
  process.env['TOOLGATE_LOCK_URL_TOKEN'] = TOKEN;
});
afterAll(async () => {
  delete process.env['TOOLGATE_LOCK_URL_TOKEN'];
  await stopAll();
  rmSync(dir, { recursive: true, force: true });
});

describe('lock --url and check --url', () => {
  it('pins every tool of an HTTP server, with no URL or header value in the lock, and ends its session', async () => {
    const out = join(dir, 'pins.json');
    const auth = ['--header', 'Authorization: env:TOOLGATE_LOCK_URL_TOKEN'];
    process.env['TOOLGATE_LOCK_URL_TOKEN'] = `Bearer ${TOKEN}`;
    try {
      const run = await runInProcess(['lock', '--url', `${server.url}?key=query-secret`, ...auth, '--out', out]);
      expect(run.code, run.err).toBe(0);
      const text = readFileSync(out, 'utf8');
      expect(Object.keys((JSON.parse(text) as { tools: object }).tools)).toEqual([
        'ask',
        'echo',
        'old',
        'recall',
        'remember',
      ]);
      expect(text).not.toContain(new URL(server.url).host);
      for (const secret of [TOKEN, 'query-secret']) {
        expect(text).not.toContain(secret);
        expect(run.out + run.err).not.toContain(secret);
      }
      // The session was ended with DELETE, not left to the server's memory.
      const opened = recordOf(record).filter((r) => r.name === 'session-open').length;
      expect(
        await eventually(() => recordOf(record).filter((r) => r.name === 'session-closed').length === opened),
      ).toBe(true);
      const check = await runInProcess(['check', '--url', server.url, ...auth, '--lock', out, '--format', 'json']);
      const report = JSON.parse(check.out) as { lock: Record<string, unknown[]> };
      expect([report.lock['new'], report.lock['changed'], report.lock['gone']]).toEqual([[], [], []]);
      expect(check.err).not.toContain(TOKEN);
    } finally {
      process.env['TOOLGATE_LOCK_URL_TOKEN'] = TOKEN;
    }
  });

  it('reports a server that refuses the token as an input error that never shows the token', async () => {
    process.env['TOOLGATE_WRONG_TOKEN'] = 'Bearer wrong-token-value-42';
    try {
      const run = await runInProcess([
        'lock',
        '--url',
        server.url,
        '--header',
        'Authorization: env:TOOLGATE_WRONG_TOKEN',
        '--out',
        join(dir, 'never.json'),
      ]);
      expect(run.code).toBe(2);
      expect(run.err).toContain('the MCP server answered HTTP 401 to "initialize"');
      expect(run.err).not.toContain('wrong-token-value-42');
    } finally {
      delete process.env['TOOLGATE_WRONG_TOKEN'];
    }
  });

  it.each([
    [['check', '--header', 'X-A: b', 'tools.json'], '--header needs --url'],
    [['lock', '--header', 'X-A: b', 'tools.json'], '--header needs --url'],
    [['check', '--url', 'file:///etc/passwd'], '--url needs an http:// or https:// URL'],
    [['lock', '--url', 'ftp://example.com/mcp'], '--url needs an http:// or https:// URL'],
    [['lock', '--url', 'https://me:pw@example.com/mcp'], '--url must not carry credentials'],
    [['check', '--url', 'http://127.0.0.1:9/mcp', '--header', 'Host: x'], 'toolgate sets this header itself'],
  ])('refuses %j as a usage error', async (argv, message) => {
    const run = await runInProcess(argv);
    expect(run.code).toBe(2);
    expect(run.err).toContain(message);
  });
});
