// `check --config` without the MCP SDK: a stdio server it cannot list is named, as its other failures are (a
// newcomer's find: a config of a URL server and a stdio one said `not checked: --config needs the MCP SDK ...`
// without naming the server). The SDK's absence is stood for by its loader (src/mcp/sdk.ts).
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

const dir = mkdtempSync(join(tmpdir(), 'toolgate-config-no-sdk-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('check --config without the MCP SDK', () => {
  it('names the stdio server it could not list', async () => {
    const file = join(dir, 'mcp.json');
    writeFileSync(file, JSON.stringify({ mcpServers: { local: { command: 'node', args: ['server.js'] } } }));
    const run = await runInProcess(['check', '--config', file]);
    expect(run.code).toBe(2);
    expect(run.err + run.out).toContain(`${file}: server "local": --config needs the MCP SDK`);
  });
});
