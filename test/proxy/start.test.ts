// toolgate/proxy as a library: startProxy in front of a real stdio server, with the MCP SDK client over HTTP; every
// refused start is an error value (never a throw); the CLI's flags and the API's fields are one table.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, describe, expect, it } from 'vitest';
import { PROXY } from '../../src/cli/commands.js';
import { PROXY_FLAGS, readProxyOptions } from '../../src/proxy/options.js';
import { PROXY_DEFAULTS, type ProxyUpstream, startProxy } from '../../src/proxy/index.js';
import { survivors } from '../exec/alive.js';
import { childrenOf } from '../cli/http-fixture.js';

const ROOT = new URL('../..', import.meta.url).pathname;
const RECORDING = join(ROOT, 'test/cli/fixtures/recording-server.mjs');
const dir = mkdtempSync(join(tmpdir(), 'toolgate-proxy-api-'));

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const recording = (record: string): ProxyUpstream => ({
  command: process.execPath,
  args: [RECORDING],
  env: { RECORD_FILE: record },
});

describe('startProxy', () => {
  it('serves the SDK client over HTTP, publishes only granted tools, and close() ends every server', async () => {
    const record = join(dir, 'served.jsonl');
    const lines: string[] = [];
    const started = await startProxy({
      upstream: recording(record),
      listen: { port: 0 },
      deny: ['admin.*'],
      onLog: (line) => lines.push(line),
    });
    if (!started.ok) throw new Error(started.error.message);
    const proxy = started.value;
    expect(proxy.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    expect(proxy.tools).toContain('echo');
    expect(proxy.tools).not.toContain('admin.reset');
    expect(proxy.withheld.some((l) => l.startsWith('admin.reset: not granted'))).toBe(true);

    const client = new Client({ name: 'api-test', version: '0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(proxy.url as string)));
    const listed = await client.listTools();
    expect(listed.tools.map((t) => t.name)).toEqual(proxy.tools);
    const called = await client.callTool({ name: 'echo', arguments: { text: 'hi' } });
    expect(called.isError).not.toBe(true);
    const refused = await client.callTool({ name: 'echo', arguments: { text: 7 } });
    expect(refused.isError).toBe(true);
    const children = childrenOf(process.pid);
    expect(children.length).toBeGreaterThan(0);
    await client.close();
    await proxy.close();
    expect(await proxy.closed).toBe(0);
    expect(await survivors(children, 3000)).toEqual([]);
    // Only the valid call reached the server.
    const calls = readFileSync(record, 'utf8').trim().split('\n');
    expect(calls.map((l) => JSON.parse(l).args)).toEqual([{ text: 'hi' }]);
    expect(lines.some((l) => l.includes('listening on'))).toBe(true);
  });

  it('resolves to execution_failure (upstream) when the server cannot be started, throwing nothing', async () => {
    const r = await startProxy({ upstream: { command: join(dir, 'no-such-server') }, listen: { port: 0 } });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.class).toBe('execution_failure');
    expect(r.error.kind).toBe('upstream');
    expect(r.error.message).toContain('could not be started');
  });

  // Found by a hunt: past the listing's bounds the failure did not read as the catalog's, so a gateway restarted
  // such a server every 30 s for good, listing its whole catalog each time.
  it('names a catalog over the listing bounds as one that cannot be admitted', async () => {
    const catalog = join(ROOT, 'bench/catalog-server.mjs');
    const upstream: ProxyUpstream = { command: process.execPath, args: [catalog], env: { TOOLS: '10001' } };
    const r = await startProxy({ upstream, listen: { port: 0 } });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.message).toContain('the tools could not be admitted: tools/list listed more than 10000 tools');
  }, 30_000);

  it('resolves to validation when strict mode refuses the catalog', async () => {
    const r = await startProxy({ upstream: recording(join(dir, 'strict.jsonl')), listen: { port: 0 }, mode: 'strict' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.class).toBe('validation');
    expect(r.error.message).toContain('the tools could not be admitted');
  });
});

describe('readProxyOptions: a wrong option is an error value naming it', () => {
  const upstream = { command: 'node' };
  it.each([
    [{ upstream, maxSession: 3 }, 'unknown option "maxSession"'],
    [{ upstream, listen: { port: 0, maxSesions: 3 } }, 'unknown option "listen.maxSesions"'],
    [{ upstream, mode: 'lenient' }, "mode must be 'quarantine' or 'strict'"],
    [{ upstream, timeoutSeconds: 0 }, 'timeoutSeconds must be a positive number'],
    [{ upstream, listen: { port: 70000 } }, 'listen.port must be a whole number from 0 to 65535'],
    [{ upstream, listen: { port: 0, authToken: 'short' } }, 'listen.authToken must be at least 16 characters'],
    [{ upstream, listen: { port: 0, host: '0.0.0.0' } }, 'reachable from other machines'],
    [{ upstream, listen: { port: 0, allowOrigins: ['http://a/b'] } }, 'listen.allowOrigins needs scheme://host'],
    [{ upstream, listen: { port: 0, stateless: true, maxSessions: 2 } }, 'listen.stateless keeps no sessions'],
    [{ upstream, logArgs: true }, 'logArgs needs log'],
    [{ upstream, providerPolicy: 'quarantine' }, 'providerPolicy needs provider'],
    [{ upstream: { url: 'ftp://x' } }, 'upstream.url needs an http:// or https:// URL'],
    [{ upstream: { url: 'http://u:p@x/' } }, 'upstream.url must not carry credentials'],
    [{ upstream: { url: 'http://x/', headers: { Host: 'y' } } }, 'toolgate sets this header itself'],
    [{ upstream: { url: 'http://x/', headers: { 'a b': 'y' } } }, 'an HTTP header name'],
    [{ upstream: { command: '' } }, 'upstream.command is required'],
    [{}, 'upstream is required'],
    [{ upstream, lock: join(tmpdir(), 'toolgate-no-such-lock.json') }, 'cannot read (ENOENT)'],
  ])('%j', (options, message) => {
    const r = readProxyOptions(options);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.class).toBe('validation');
      expect(r.error.message).toContain(message);
    }
  });

  it('never runs a getter of the options', () => {
    let ran = false;
    const options = Object.defineProperty({ upstream }, 'mode', {
      enumerable: true,
      get: () => {
        ran = true;
        return 'strict';
      },
    });
    const r = readProxyOptions(options);
    expect(r.ok).toBe(false);
    expect(ran).toBe(false);
  });

  it('applies PROXY_DEFAULTS and masks every value given as a secret', () => {
    const r = readProxyOptions({
      upstream: { url: 'https://example.test/mcp?key=querysecret', headers: { Authorization: 'Bearer tokentoken1' } },
      listen: { port: 0, authToken: 'a-listen-token-0123' },
    });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.timeoutMs).toBe(PROXY_DEFAULTS.timeoutSeconds * 1000);
    expect(r.value.maxResultBytes).toBe(PROXY_DEFAULTS.maxResultBytes);
    expect(r.value.listen?.maxSessions).toBe(PROXY_DEFAULTS.maxSessions);
    expect(r.value.listen?.host).toBe(PROXY_DEFAULTS.host);
    expect(r.value.mode).toBe(PROXY_DEFAULTS.mode);
    expect(r.value.secrets).toEqual(
      expect.arrayContaining(['querysecret', 'Bearer tokentoken1', 'tokentoken1', 'a-listen-token-0123']),
    );
  });
});

describe('one table for the CLI and the API', () => {
  it('maps every `toolgate proxy` flag to an option field and nothing else', () => {
    const flags = PROXY.options.map((o) => o.name).filter((n) => n !== 'help');
    expect(Object.keys(PROXY_FLAGS).sort()).toEqual([...flags].sort());
  });

  it('names in the help text every default PROXY_DEFAULTS holds', () => {
    const help = PROXY.options.map((o) => o.description).join('\n');
    for (const value of [
      PROXY_DEFAULTS.timeoutSeconds,
      PROXY_DEFAULTS.maxResultBytes,
      PROXY_DEFAULTS.sessionIdleSeconds,
      PROXY_DEFAULTS.maxSessions,
    ])
      expect(help).toContain(`(default ${value})`);
    expect(help).toContain(`binds ${PROXY_DEFAULTS.host}`);
  });
});
