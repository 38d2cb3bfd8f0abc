// A VS Code MCP config with comments and trailing commas (JSONC, as VS Code reads it): a newcomer's find was
// check, lock and proxy --config refusing it as "not JSON" (`expected a property name in double quotes at line 2
// column 3`). They read it now; wrap prints it, but --write, which would drop its comments, refuses and writes
// nothing. Files that are not MCP client configs stay strict JSON.
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serversFromConfig } from '../../src/proxy/servers-options.js';
import { runInProcess } from './run-cli.js';

const ROOT = new URL('../..', import.meta.url).pathname;
const RECORDING = join(ROOT, 'test/cli/fixtures/recording-server.mjs');
const dir = mkdtempSync(join(tmpdir(), 'toolgate-config-jsonc-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A VS Code MCP config as a user writes it: a comment first, a block comment, trailing commas. */
const VSCODE = [
  '{',
  '  // The servers of this workspace.',
  '  "servers": {',
  '    /* records every call; see',
  '       test/cli/fixtures */',
  `    "recording": { "command": ${JSON.stringify(process.execPath)}, "args": [${JSON.stringify(RECORDING)},], },`,
  '  },',
  '}',
  '',
].join('\n');

let n = 0;
/** Writes `text` as a config file; its path. */
function configFile(text: string): string {
  const file = join(dir, `config-${++n}.json`);
  writeFileSync(file, text);
  return file;
}

describe('an MCP client config with comments and trailing commas', () => {
  it('check --config reads it and checks its server', async () => {
    const file = configFile(VSCODE);
    const r = await runInProcess(['check', '--mode', 'quarantine', '--config', file, '--timeout', '10']);
    expect(r.err).not.toContain('not JSON');
    expect(r.out).toContain(`${file}: server "recording": admitted`);
    expect(r.code).toBe(0);
  }, 30_000);

  it('lock --config pins its server', async () => {
    const file = configFile(VSCODE);
    const out = join(dir, 'jsonc.lock.json');
    const r = await runInProcess(['lock', '--config', file, '--out', out, '--timeout', '10']);
    expect([r.code, r.err]).toEqual([0, '']);
    expect(r.out).toMatch(new RegExp(`^wrote ${out}: \\d+ tools of 1 server pinned\\n$`));
  }, 30_000);

  it('proxy --config reads its servers', () => {
    const r = serversFromConfig(VSCODE, 'mcp.json');
    expect(r.ok ? r.value.map((s) => s.name) : r.error.message).toEqual(['recording']);
  });

  it('wrap prints it wrapped, and says its comments are not in what it printed', async () => {
    const file = configFile(VSCODE);
    const r = await runInProcess(['wrap', file, '--launcher', 'toolgate']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out).servers.recording.args.slice(0, 2)).toEqual(['proxy', process.execPath]);
    expect(r.err).toBe(
      `toolgate wrap: ${file}: its comments and trailing commas (JSONC; the first at line 2 column 3) are not in ` +
        'what was printed\n',
    );
  });

  it('wrap --write refuses it, and the file is left as it was, with no backup', async () => {
    const file = configFile(VSCODE);
    const r = await runInProcess(['wrap', file, '--write', '--launcher', 'toolgate']);
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      `toolgate wrap: ${file}: this file has comments or trailing commas (JSONC), which wrap --write cannot keep: ` +
        'the first at line 2 column 3; run wrap without --write and copy the entries it prints into the file, or ' +
        'remove them first (unchanged)\n',
    );
    expect(readFileSync(file, 'utf8')).toBe(VSCODE);
    expect(existsSync(`${file}.bak`)).toBe(false);
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('wrap --write of plain JSON still writes it', async () => {
    const file = configFile(`${JSON.stringify({ servers: { s: { command: 'x' } } }, null, 2)}\n`);
    const r = await runInProcess(['wrap', file, '--write', '--launcher', 'toolgate']);
    expect(r.code).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8')).servers.s.command).toBe('toolgate');
  });
});

describe('files that are not MCP client configs stay strict JSON', () => {
  it.each([
    ['a catalog', ['check', '-'], '// tools\n[]', '<stdin>: not JSON: unexpected character "/" at line 1 column 1'],
    [
      'a serve config',
      ['serve', '--config'],
      '{\n  // tools\n  "tools": []\n}',
      'not JSON: expected a property name in double quotes at line 2 column 3',
    ],
    [
      'a lock',
      ['check', '--mcp', 'true', '--lock'],
      '{\n  // pins\n}',
      'not JSON: expected a property name in double quotes at line 2 column 3',
    ],
  ])('%s with a comment is refused', async (_what, argv, text, message) => {
    const file = configFile(text);
    const args = argv.at(-1) === '-' ? argv : [...argv, file];
    const r = await runInProcess(args, { stdin: text });
    expect(r.code).not.toBe(0);
    expect(r.out + r.err).toContain(message);
  });
});
