// The MCP SDK 2.x client (@modelcontextprotocol/client, the registry's 2.4.0) against `toolgate proxy`: asked to
// negotiate (`versionNegotiation: { mode: 'auto' }`, or pinned to 2026-07-28) it probes with server/discover and
// speaks the stateless revision, per-request `_meta` and routing headers, no session; left at its default it
// initializes with 2025-11-25, and the same proxy serves both. Over --listen and on stdio.
//
// The client is loaded from TOOLGATE_MCP_CLIENT_DIR when set (a folder whose node_modules holds it, e.g. a scratch
// `npm install @modelcontextprotocol/client@2.4.0`), else as node_modules resolves it; without it, or with a
// client that cannot negotiate (1.x has no such package), the tests are skipped, saying why.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { recordOf, startProxy, stopAll } from './http-fixture.js';

const ROOT = new URL('../..', import.meta.url).pathname;
const RECORDING = join(ROOT, 'test/cli/fixtures/recording-server.mjs');
const dir = mkdtempSync(join(tmpdir(), 'toolgate-sdk2-'));
afterAll(() => {
  stopAll();
  rmSync(dir, { recursive: true, force: true });
});

/** The SDK 2.x client's exports this test uses. */
interface Sdk2 {
  readonly version: string;
  readonly Client: new (
    info: { name: string; version: string },
    options: Record<string, unknown>,
  ) => {
    connect(transport: unknown): Promise<void>;
    getNegotiatedProtocolVersion(): string | undefined;
    listTools(): Promise<{ tools: { name: string }[] }>;
    callTool(params: { name: string; arguments: Record<string, unknown> }): Promise<Record<string, unknown>>;
    close(): Promise<void>;
  };
  readonly StreamableHTTPClientTransport: new (url: URL) => { sessionId?: string };
  readonly StdioClientTransport: new (params: { command: string; args: string[]; cwd: string }) => unknown;
}

/** The SDK 2.x client, or why it cannot be tested. */
async function loadSdk2(): Promise<Sdk2 | string> {
  const base = process.env['TOOLGATE_MCP_CLIENT_DIR'];
  const from = base !== undefined ? join(base, 'node_modules', '_') : join(ROOT, 'package.json');
  let entry: string;
  try {
    entry = createRequire(from).resolve('@modelcontextprotocol/client');
  } catch {
    return `@modelcontextprotocol/client is not installed (${base ?? 'node_modules'}); add it as a devDependency`;
  }
  let pkg = dirname(entry);
  while (!existsSync(join(pkg, 'package.json'))) pkg = dirname(pkg);
  const version = (JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8')) as { version: string }).version;
  if (!version.startsWith('2.')) return `@modelcontextprotocol/client ${version} is not the 2.x line`;
  const esm = (path: string): Promise<Record<string, unknown>> => import(pathToFileURL(join(pkg, path)).href);
  const main = await esm('dist/index.mjs');
  const stdio = await esm('dist/stdio.mjs');
  return {
    version,
    Client: main['Client'] as Sdk2['Client'],
    StreamableHTTPClientTransport: main['StreamableHTTPClientTransport'] as Sdk2['StreamableHTTPClientTransport'],
    StdioClientTransport: stdio['StdioClientTransport'] as Sdk2['StdioClientTransport'],
  };
}

const sdk = await loadSdk2();
const skipped = typeof sdk === 'string' ? sdk : undefined;
const textOf = (result: Record<string, unknown>): string =>
  ((result['content'] ?? []) as { text: string }[]).map((c) => c.text).join('');

describe.skipIf(skipped !== undefined)(`the MCP SDK 2.x client${skipped ? ` (skipped: ${skipped})` : ''}`, () => {
  const { Client, StreamableHTTPClientTransport, StdioClientTransport } = sdk as Sdk2;
  const record = join(dir, 'record.jsonl');
  const proxied = () =>
    startProxy(['--listen', '0', '--env', `RECORD_FILE=${record}`, '--', process.execPath, RECORDING]);

  it.each([
    ['negotiating', { mode: 'auto' }],
    ['pinned to 2026-07-28', { mode: { pin: '2026-07-28' } }],
  ])(
    '%s speaks 2026-07-28 through --listen: no session, calls validated, no server request',
    async (_how, how) => {
      const proxy = await proxied();
      const client = new Client(
        { name: 'sdk2', version: '0' },
        { capabilities: { sampling: {} }, versionNegotiation: how },
      );
      const transport = new StreamableHTTPClientTransport(new URL(proxy.url));
      await client.connect(transport);
      expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
      expect(transport.sessionId).toBeUndefined();
      const names = (await client.listTools()).tools.map((t) => t.name);
      expect(names).toContain('echo');
      expect(names).not.toContain('old');
      expect(textOf(await client.callTool({ name: 'echo', arguments: { text: 'sdk2' } }))).toBe('{"text":"sdk2"}');
      const invalid = await client.callTool({ name: 'echo', arguments: { n: 1 } });
      expect(invalid['isError']).toBe(true);
      await expect(client.callTool({ name: 'ask', arguments: {} })).rejects.toThrow(/input_required/);
      await client.close();
      expect(
        recordOf(record)
          .filter((c) => c.name === 'echo')
          .map((c) => c.args),
      ).toContainEqual({ text: 'sdk2' });
      expect(recordOf(record).some((c) => (c.args as { n?: number } | undefined)?.n === 1)).toBe(false);
    },
    60_000,
  );

  it('at its default initializes with 2025-11-25 on the same proxy, in a session', async () => {
    const proxy = await proxied();
    const client = new Client({ name: 'sdk2', version: '0' }, { capabilities: {} });
    const transport = new StreamableHTTPClientTransport(new URL(proxy.url));
    await client.connect(transport);
    expect(client.getNegotiatedProtocolVersion()).toBe('2025-11-25');
    expect(transport.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(textOf(await client.callTool({ name: 'echo', arguments: { text: 'old' } }))).toBe('{"text":"old"}');
    await client.close();
  }, 60_000);

  it('negotiating, speaks 2026-07-28 to the proxy on stdio', async () => {
    const client = new Client(
      { name: 'sdk2', version: '0' },
      { capabilities: {}, versionNegotiation: { mode: 'auto' } },
    );
    const args = ['--import', 'tsx', 'src/cli/main.ts', 'proxy', '--', process.execPath, RECORDING];
    await client.connect(new StdioClientTransport({ command: process.execPath, args, cwd: ROOT }));
    expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
    expect(textOf(await client.callTool({ name: 'echo', arguments: { text: 'io' } }))).toBe('{"text":"io"}');
    expect((await client.callTool({ name: 'echo', arguments: {} }))['isError']).toBe(true);
    await client.close();
  }, 60_000);
});
