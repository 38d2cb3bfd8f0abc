// `check --mcp-list <file|->`: a saved tools/list result is judged exactly as `--mcp` judges the live server
// (MCP default dialects, MCP names), while a plain catalog file keeps the library's defaults.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { corpusOrSkip, SKIP_NOTE, TOOL_SCHEMAS_DIR } from '../fixtures/tool-corpus.js';
import { runInProcess } from './run-cli.js';

const ROOT = new URL('../..', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'toolgate-mcp-list-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// What an SDK-built server lists: a dotted name (MCP allows it) and a schema stamped draft-07.
const LISTED = {
  tools: [
    {
      name: 'files.read',
      inputSchema: {
        $schema: 'http://json-schema.org/draft-07/schema#',
        type: 'object',
        properties: { path: { type: 'string' } },
        required: ['path'],
        additionalProperties: false,
      },
    },
    { name: 'ping', description: 'Ping', inputSchema: { type: 'object' } },
  ],
};
const listFile = join(dir, 'tools-list.json');
writeFileSync(listFile, JSON.stringify(LISTED));

interface Report {
  admitted: boolean;
  catalogs: { source: string; dialects: string[]; admitted: boolean; tools: { name: string; verdict: string }[] }[];
}
const report = (out: string): Report => JSON.parse(out) as Report;
const verdicts = (r: Report, i = 0) => r.catalogs[i]?.tools.map((t) => `${t.name} ${t.verdict}`);

describe('toolgate check --mcp-list', () => {
  it('admits a saved tools/list as --mcp would (draft-07, a dotted name); a plain file: 2020-12 only', async () => {
    const saved = await runInProcess(['check', '--format', 'json', '--mcp-list', listFile]);
    expect(saved.code).toBe(0);
    const r = report(saved.out);
    expect(r.catalogs[0]?.source).toBe(`mcp-list: ${listFile}`);
    expect(r.catalogs[0]?.dialects).toEqual(['2020-12', 'draft-07']);
    expect(verdicts(r)).toEqual(['files.read accepted', 'ping accepted']);
    const plain = await runInProcess(['check', '--format', 'json', '--mode', 'quarantine', listFile]);
    expect(report(plain.out).catalogs[0]?.dialects).toEqual(['2020-12']);
    expect(verdicts(report(plain.out))).toEqual(['files.read quarantined', 'ping accepted']);
  });

  it('reads standard input with -, and is repeatable', async () => {
    const r = await runInProcess(['check', '--format', 'json', '--mcp-list', '-', '--mcp-list', listFile], {
      stdin: JSON.stringify({ tools: [{ name: 'a.b', inputSchema: { type: 'object' } }] }),
    });
    expect(r.code).toBe(0);
    expect(report(r.out).catalogs.map((c) => c.source)).toEqual(['mcp-list: <stdin>', `mcp-list: ${listFile}`]);
  });

  it('--dialect replaces the MCP default, as for --mcp', async () => {
    const r = await runInProcess([
      'check',
      '--format',
      'json',
      '--mode',
      'quarantine',
      '--dialect',
      '2020-12',
      '--mcp-list',
      listFile,
    ]);
    expect(report(r.out).catalogs[0]?.dialects).toEqual(['2020-12']);
    expect(verdicts(report(r.out))).toEqual(['files.read quarantined', 'ping accepted']);
  });

  it.each([
    ['an array of tools', JSON.stringify(LISTED.tools), 'not a tools/list result'],
    ['not JSON', '{', 'mcp-list: '],
  ])('refuses %s as that input error', async (_what, text, message) => {
    const file = join(dir, `bad-${message.length}.json`);
    writeFileSync(file, text);
    const r = await runInProcess(['check', '--mcp-list', file]);
    expect(r.code).toBe(2);
    expect(r.err).toContain(message);
  });

  // A hunt's find: a refused outputSchema's violations were located in the inputSchema (`inputSchema#/$schema`).
  it('locates a refused outputSchema violation in the outputSchema', async () => {
    const file = join(dir, 'output-2019.json');
    const outputSchema = { $schema: 'https://json-schema.org/draft/2019-09/schema', type: 'object' };
    writeFileSync(file, JSON.stringify({ tools: [{ name: 'out', inputSchema: { type: 'object' }, outputSchema }] }));
    const r = await runInProcess(['check', '--mcp-list', file]);
    expect(r.code).toBe(1);
    expect(r.out).toContain('      outputSchema#/$schema: unsupported dialect');
    const json = await runInProcess(['check', '--format', 'json', '--mcp-list', file]);
    const tool = JSON.parse(json.out).catalogs[0].tools[0];
    expect(tool.violations.map((v: { location: string }) => v.location)).toEqual(['outputSchema#/$schema']);
  });

  // A hunt's find: with both schemas refused, check showed the first refusal alone (the batch error had both).
  it('shows both refusals of a tool whose inputSchema and outputSchema both fail', async () => {
    const file = join(dir, 'both-refused.json');
    const inputSchema = { type: 'object', properties: { a: { type: 'strng' } } };
    const outputSchema = { $schema: 'https://json-schema.org/draft/2019-09/schema', type: 'object' };
    writeFileSync(file, JSON.stringify({ tools: [{ name: 'both', inputSchema, outputSchema }] }));
    const r = await runInProcess(['check', '--mcp-list', file]);
    expect(r.code).toBe(1);
    expect(r.out).toContain('      inputSchema#/properties/a/type: ');
    expect(r.out).toContain('      outputSchema#/$schema: unsupported dialect');
    const json = await runInProcess(['check', '--format', 'json', '--mcp-list', file]);
    const tool = JSON.parse(json.out).catalogs[0].tools[0];
    const locations = [tool, ...tool.also].flatMap((e: { violations: { location: string }[] }) =>
      e.violations.map((v) => v.location),
    );
    expect(locations).toEqual(['inputSchema#/properties/a/type', 'outputSchema#/$schema']);
  });

  it('reads standard input once only', async () => {
    const r = await runInProcess(['check', '-', '--mcp-list', '-'], { stdin: '[]' });
    expect(r.code).toBe(2);
    expect(r.err).toContain('standard input (-) can be read once');
  });

  it('gives the same verdicts as --mcp on the live server it was saved from (server-filesystem)', async () => {
    const entry = join(ROOT, 'node_modules/@modelcontextprotocol/server-filesystem/dist/index.js');
    const client = new Client({ name: 'test', version: '0' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [entry, dir] }));
    const saved = join(dir, 'filesystem-tools-list.json');
    try {
      writeFileSync(saved, JSON.stringify(await client.listTools()));
    } finally {
      await client.close();
    }
    const live = report(
      (await runInProcess(['check', '--format', 'json', '--mcp', `${process.execPath} ${entry} ${dir}`])).out,
    );
    const fromFile = report((await runInProcess(['check', '--format', 'json', '--mcp-list', saved])).out);
    const { source: _a, ...liveCatalog } = live.catalogs[0]!;
    const { source: _b, ...savedCatalog } = fromFile.catalogs[0]!;
    expect(savedCatalog).toEqual(liveCatalog);
    expect(savedCatalog.admitted).toBe(true);
  });
});

describe(`check --mcp-list on server-github's saved tools/list (../shared/tool-schemas)${SKIP_NOTE}`, () => {
  it('admits every tool, where the same list as a plain file admits none', async (ctx) => {
    corpusOrSkip(ctx);
    // The real tools/list output of server-github (see the corpus README), one file per tool: put back
    // together as the listing was, in a temporary file, never in the repository.
    const folder = join(TOOL_SCHEMAS_DIR, 'mcp-github-legacy');
    const tools = readdirSync(folder)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map((f) => {
        const { name, description, inputSchema } = JSON.parse(readFileSync(join(folder, f), 'utf8'));
        return { name, description, inputSchema };
      });
    const file = join(dir, 'server-github-tools-list.json');
    writeFileSync(file, JSON.stringify({ tools }));
    const saved = report((await runInProcess(['check', '--format', 'json', '--mcp-list', file])).out);
    expect(saved.catalogs[0]?.tools.filter((t) => t.verdict === 'accepted')).toHaveLength(tools.length);
    const plain = report((await runInProcess(['check', '--format', 'json', '--mode', 'quarantine', file])).out);
    expect(plain.catalogs[0]?.tools.filter((t) => t.verdict === 'accepted')).toHaveLength(0);
  });
});
