// `check --config` and `check --mcp` without the MCP SDK: a stdio server is listed through the proxy's own stdio
// upstream (src/proxy/stdio-lister.ts), so it is checked as with the SDK. Before, the listers spoke through the SDK's
// client: `--mcp` exited 2 saying to install it, and a config named its stdio server with the same words. The SDK's
// absence is stood for by its loader (src/mcp/sdk.ts) and by its client's and types' modules failing to load.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { runInProcess } from './run-cli.js';

vi.mock('../../src/mcp/sdk.js', async (original) => {
  const actual = await original<typeof import('../../src/mcp/sdk.js')>();
  return {
    ...actual,
    loadMcpSdk: async (feature: string) => ({ ok: false as const, message: actual.missingSdkMessage(feature) }),
  };
});
vi.mock('@modelcontextprotocol/sdk/client/index.js', () => {
  throw new Error("Cannot find package '@modelcontextprotocol/sdk'");
});
vi.mock('@modelcontextprotocol/sdk/types.js', () => {
  throw new Error("Cannot find package '@modelcontextprotocol/sdk'");
});

const dir = mkdtempSync(join(tmpdir(), 'toolgate-config-no-sdk-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A stdio MCP server written without the SDK: one tool, `echo`. */
const server = join(dir, 'server.cjs');
writeFileSync(
  server,
  `require('readline').createInterface({ input: process.stdin }).on('line', (line) => {
  const m = JSON.parse(line);
  if (m.id === undefined) return;
  const result = m.method === 'initialize'
    ? { protocolVersion: '2025-06-18', capabilities: { tools: {} }, serverInfo: { name: 'raw', version: '1' } }
    : { tools: [{ name: 'echo', inputSchema: { type: 'object', properties: {}, additionalProperties: false } }] };
  process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: m.id, result }) + '\\n');
});`,
);
const config = join(dir, 'mcp.json');
writeFileSync(config, JSON.stringify({ mcpServers: { local: { command: process.execPath, args: [server] } } }));

describe('check without the MCP SDK', () => {
  it.each([
    ['--config', ['--config', config], `${config}: server "local": admitted`],
    ['--mcp', ['--mcp', `${JSON.stringify(process.execPath)} ${JSON.stringify(server)}`], 'admitted'],
  ])('%s lists a stdio server and checks its tools', async (_, source, first) => {
    const run = await runInProcess(['check', ...source]);
    expect(run.err).toBe('');
    expect(run.out.split('\n')[0]).toContain(first);
    expect(run.out).toContain('accepted    echo');
    expect(run.code).toBe(0);
  });
});
