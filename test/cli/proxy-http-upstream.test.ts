// `toolgate proxy --url`: a Streamable HTTP upstream (the SDK's own StreamableHTTPServerTransport) gated for a
// client on stdio. The server's record proves what reached it; --header values, read from the environment,
// reach the server and never the proxy's output.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, type Running, recordOf, startHttpServer, stopAll } from './http-fixture.js';
import { RawCli } from './raw-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'toolgate-proxy-url-'));
const record = join(dir, 'record.jsonl');
const TOKEN = 'Bearer up-7c1e-secret-token';
let server: Running;
const proxies: RawCli[] = [];

beforeAll(async () => {
  server = await startHttpServer({ RECORD_FILE: record, REQUIRE_AUTH: TOKEN });
}, 20_000);
afterAll(async () => {
  for (const p of proxies) p.kill();
  await stopAll();
  rmSync(dir, { recursive: true, force: true });
});

/** A proxy in front of the HTTP server, on stdio. */
function proxy(args: string[] = [], env: Record<string, string> = {}): RawCli {
  const p = new RawCli('proxy', ['--url', server.url, ...args], env);
  proxies.push(p);
  return p;
}

describe('toolgate proxy --url (HTTP upstream, stdio client)', () => {
  it("admits the HTTP server's tools, forwards valid calls, answers invalid ones itself", async () => {
    const p = proxy(['--header', 'Authorization: env:UP_TOKEN'], { UP_TOKEN: TOKEN });
    await p.initialize();
    const list = await p.request('l', 'tools/list', {});
    expect(list.result?.tools?.map((t) => t.name).sort()).toEqual(['ask', 'echo', 'recall', 'remember']);
    p.call('ok', 'echo', { text: 'hi', n: 2 });
    expect(await p.textOf('ok')).toBe('{"text":"hi","n":2}');
    p.call('bad', 'echo', { n: 'x' });
    expect(await p.textOf('bad')).toMatch(/invalid arguments|text/);
    // The arguments are judged as the text they came in: a duplicate key never reaches the server.
    const dup = await p.callText('dup', '{"name":"echo","arguments":{"text":"a","text":"b"}}');
    expect(dup.result?.isError).toBe(true);
    const calls = recordOf(record).filter((r) => r.name === 'echo');
    expect(calls.map((c) => c.args)).toEqual([{ text: 'hi', n: 2 }]);
    expect(p.stderr).toMatch(/withheld: old: unsupported_capability/);
    // Hanging up ends the proxy, and its upstream session is DELETEd.
    const session = recordOf(record).find((r) => r.name === 'echo')?.session;
    p.child.stdin.end();
    expect((await p.exited).code).toBe(0);
    expect(
      await eventually(() => recordOf(record).some((r) => r.name === 'session-closed' && r.session === session)),
    ).toBe(true);
    expect(p.stderr).not.toContain('up-7c1e');
  }, 30_000);

  it('exits 2 when the server refuses the header, without printing the value', async () => {
    const p = proxy(['--header', 'Authorization: Bearer wrong-2b9d-value']);
    expect((await p.exited).code).toBe(2);
    expect(p.stderr).toMatch(/refused "initialize": the MCP server answered HTTP 401/);
    expect(p.stderr).not.toContain('wrong-2b9d');
  }, 20_000);

  it.each([
    [['--header', 'Authorization: env:NOT_SET_ANYWHERE_X'], /NOT_SET_ANYWHERE_X is not set/],
    [['--header', 'no colon here'], /--header needs "Name: value"/],
    [['--header', 'Mcp-Session-Id: x'], /sets this header itself/],
    [['--env', 'A=b'], /--env is for a command, not --url/],
    [['--', 'node'], /either --url or a (server )?command/],
  ])(
    'refuses usage %j with exit 2',
    async (args, message) => {
      const p = proxy(args);
      expect((await p.exited).code).toBe(2);
      expect(p.stderr).toMatch(message);
    },
    20_000,
  );

  // `wrap` moves a URL with a query into env (its key off the command line): the proxy reads `--url env:VAR`.
  it('reads --url env:VAR from the environment; an unset one is a usage error', async () => {
    const p = new RawCli('proxy', ['--url', 'env:UP_URL', '--header', 'Authorization: env:UP_TOKEN'], {
      UP_URL: `${server.url}?api_key=q-4d2a-secret`,
      UP_TOKEN: TOKEN,
    });
    proxies.push(p);
    await p.initialize();
    const list = await p.request('l', 'tools/list', {});
    expect(list.result?.tools?.map((t) => t.name)).toContain('echo');
    p.child.stdin.end();
    expect((await p.exited).code).toBe(0);
    expect(p.stderr).not.toContain('q-4d2a');
    const unset = new RawCli('proxy', ['--url', 'env:NOT_SET_URL_X']);
    proxies.push(unset);
    expect((await unset.exited).code).toBe(2);
    expect(unset.stderr).toMatch(/--url env:NOT_SET_URL_X: NOT_SET_URL_X is not set/);
  }, 30_000);

  it("exits 2 when nothing listens at the URL, saying so, not that it refused (a newcomer's find)", async () => {
    const p = new RawCli('proxy', ['--url', 'http://127.0.0.1:9/mcp', '--timeout', '5']);
    proxies.push(p);
    expect((await p.exited).code).toBe(2);
    expect(p.stderr).toMatch(/could not be reached: connect ECONNREFUSED/);
    expect(p.stderr).toMatch(/server "http:\/\/127\.0\.0\.1:9\/mcp" could not be reached\n/);
    expect(p.stderr).not.toContain('refused "initialize"');
  }, 20_000);
});
