// `toolgate check <file>` given an MCP client config (a project's MCP config, Claude Desktop's, VS Code's
// `servers`) instead of a catalog: named so, with the option that reads it. A newcomer's find: check said only
// "not a catalog (expected a JSON array of tools, ...)".
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runInProcess } from './run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'toolgate-client-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('check given an MCP client config as a catalog', () => {
  it.each([
    ['mcpServers', { mcpServers: { memory: { command: 'npx', args: ['-y', 'server-memory'] } } }, true],
    ['servers (VS Code)', { servers: { web: { type: 'http', url: 'http://127.0.0.1:1/mcp' } } }, true],
    ['an object that is neither', { name: 'x' }, false],
  ])('%s', async (_, value, isConfig) => {
    const file = join(dir, 'input.json');
    writeFileSync(file, JSON.stringify(value));
    const run = await runInProcess(['check', file]);
    expect(run.code).toBe(2);
    expect(run.err.includes('this is an MCP client config, not a catalog: give it with --config')).toBe(isConfig);
    expect(run.err.includes('not a catalog (expected')).toBe(!isConfig);
  });
});
