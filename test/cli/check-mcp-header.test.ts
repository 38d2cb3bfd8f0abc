// `check` warns of a tool whose x-mcp-header annotations break MCP 2026-07-28's rules: `toolgate proxy` withholds
// such a tool (a client on Streamable HTTP must leave it out), so a check that only accepted it would promise a
// tool the proxy never publishes. A warning, as lint's: the verdict and the exit status stay.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runInProcess } from './run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'toolgate-mcp-header-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const tool = (name: string, region: Record<string, unknown>) => ({
  name,
  inputSchema: { type: 'object', properties: { region } },
});
const LISTED = {
  tools: [
    tool('fine', { type: 'string', 'x-mcp-header': 'Region' }),
    tool('spaced', { type: 'string', 'x-mcp-header': 'Re gion' }),
    tool('numeric', { type: 'number', 'x-mcp-header': 'Region' }),
    { name: 'nested', inputSchema: { anyOf: [{ properties: { a: { type: 'string', 'x-mcp-header': 'A' } } }] } },
  ],
};
const file = join(dir, 'tools-list.json');
writeFileSync(file, JSON.stringify(LISTED));

interface Report {
  catalogs: { tools: { name: string; verdict: string; warnings?: { rule: string; message: string }[] }[] }[];
}

describe('check and x-mcp-header', () => {
  it('warns of each tool the proxy would withhold for its x-mcp-header, and of no other', async () => {
    const r = await runInProcess(['check', '--format', 'json', '--mcp-list', file]);
    expect(r.code).toBe(0);
    const tools = (JSON.parse(r.out) as Report).catalogs[0]?.tools ?? [];
    const flagged = tools.map((t) => ({
      line: `${t.name} ${t.verdict}`,
      messages: (t.warnings ?? []).filter((w) => w.rule === 'x-mcp-header').map((w) => w.message),
    }));
    expect(flagged.map((f) => `${f.line} ${f.messages.length}`)).toEqual([
      'fine accepted 0',
      'spaced accepted 1',
      'numeric accepted 1',
      'nested accepted 1',
    ]);
    const spaced = flagged[1]?.messages ?? [];
    expect(spaced[0]).toContain('is not an HTTP field-name token');
    expect(spaced[0]).toContain('toolgate proxy withholds it');
  });

  it('says so in text, one warning line per tool', async () => {
    const r = await runInProcess(['check', '--mcp-list', file]);
    expect(r.code).toBe(0);
    expect(r.out.split('\n').filter((l) => l.includes('warning x-mcp-header'))).toHaveLength(3);
  });
});
