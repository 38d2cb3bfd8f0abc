// `check --mcp` against real servers from the npm registry and a deliberately broken fixture server.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { splitCommandLine } from '../../src/cli/mcp-list.js';
import { runInProcess } from './run-cli.js';

const ROOT = new URL('../..', import.meta.url).pathname;
const NODE = JSON.stringify(process.execPath);
const server = (pkg: string): string =>
  `${NODE} ${join(ROOT, 'node_modules/@modelcontextprotocol', pkg, 'dist/index.js')}`;
const dir = mkdtempSync(join(tmpdir(), 'toolgate-mcp-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Three pages of tools (so pagination must be followed), mixing a good tool, a broken schema, a refused keyword,
// a missing inputSchema and a bad name. The SDK's own client would throw on the missing schema.
const sdk = (p: string): string => pathToFileURL(join(ROOT, 'node_modules/@modelcontextprotocol/sdk/dist/esm', p)).href;
const FIXTURE = `
import { Server } from ${JSON.stringify(sdk('server/index.js'))};
import { StdioServerTransport } from ${JSON.stringify(sdk('server/stdio.js'))};
import { ListToolsRequestSchema } from ${JSON.stringify(sdk('types.js'))};
const pages = [
  [{ name: 'good', inputSchema: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] } },
   { name: 'bad_type', inputSchema: { type: 'object', properties: { n: { type: 'int' } } } }],
  [{ name: 'old_deps', inputSchema: { type: 'object', dependencies: { a: ['b'] } } }],
  [{ name: 'no_schema' }, { name: 'bad name!', inputSchema: { type: 'object' } }],
];
const server = new Server({ name: 'broken', version: '0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, (req) => {
  const i = Number(req.params?.cursor ?? 0);
  return { tools: pages[i], ...(i + 1 < pages.length ? { nextCursor: String(i + 1) } : {}) };
});
await server.connect(new StdioServerTransport());
`;
const fixture = join(dir, 'broken-server.mjs');
writeFileSync(fixture, FIXTURE);

describe('toolgate check --mcp', () => {
  it('lists a real server (server-everything) and checks every tool', async () => {
    const r = await runInProcess(['check', '--format', 'json', '--mcp', server('server-everything')]);
    const report = JSON.parse(r.out);
    const tools = report.catalogs[0].tools as { name: string; verdict: string; class?: string }[];
    expect(tools.length).toBeGreaterThan(5);
    expect(tools.map((t) => t.name)).toContain('echo');
    // Its schemas declare draft-07 (zod-to-json-schema); toolgate enforces only 2020-12 and says so per tool.
    expect(r.code).toBe(report.admitted ? 0 : 1);
    for (const t of tools) if (t.verdict !== 'accepted') expect(t.class).toBe('unsupported_capability');
  });

  it('quarantines the refused dialect of a real server (server-filesystem) and admits the batch', async () => {
    const r = await runInProcess([
      'check',
      '--mode',
      'quarantine',
      '--mcp',
      `${server('server-filesystem')} ${JSON.stringify(dir)}`,
    ]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/quarantined read_text_file {2}unsupported_capability/);
    expect(r.out).toMatch(/summary: \d+ accepted, \d+ quarantined, 0 rejected; 1 of 1 catalog admitted/);
  });

  it('follows pagination of a broken server and names every broken tool', async () => {
    const r = await runInProcess(['check', '--mcp', `${NODE} ${fixture}`]);
    expect(r.code).toBe(1);
    const lines = r.out.split('\n');
    expect(
      lines
        .filter((l) => /^ {2}\w/.test(l))
        .map((l) => l.trim().replace('ok (batch not admitted)', 'ok').split(/\s+/).slice(0, 2).join(' ')),
    ).toEqual(['ok good', 'rejected bad_type', 'rejected old_deps', 'rejected no_schema', 'rejected bad']);
    expect(r.out).toContain('inputSchema#/properties/n/type');
    expect(r.out).toContain(
      'summary: 0 accepted, 1 ok (batch not admitted), 0 quarantined, 4 rejected; 0 of 1 catalog admitted',
    );
  });

  it.each([
    ['a command that is not an MCP server', `${NODE} -e "process.exit(0)"`],
    ['a program that does not exist', '/nonexistent/mcp-server'],
    ['an unclosed quote', `${NODE} "oops`],
  ])('exits 2 for %s, naming the command', async (_why, command) => {
    const r = await runInProcess(['check', '--mcp', command]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('--mcp');
    expect(r.out).toBe('');
  });
});

describe('splitCommandLine', () => {
  it.each([
    ['node server.js', ['node', 'server.js']],
    [`npx -y "@scope/pkg" 'a b' c\\ d`, ['npx', '-y', '@scope/pkg', 'a b', 'c d']],
    [`x "" y`, ['x', '', 'y']],
    [`"a \\"q\\""`, ['a "q"']],
    ['  ', []],
  ])('%j splits into %j', (line, words) => {
    expect(splitCommandLine(line)).toEqual(words);
  });
});
