// One input that cannot be read does not stop `check`: it is that input's error, the others are still checked,
// and exit 2 is kept for a run where nothing could be checked. With --format json every such error is JSON too.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runInProcess } from './run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'toolgate-inputs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const write = (name: string, text: string): string => {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
};
const good = write('good.json', JSON.stringify([{ name: 'get_weather', inputSchema: { type: 'object' } }]));
const missing = join(dir, 'missing.json');
const empty = write('empty.json', '');
const blank = write('blank.json', ' \n');
// A syntax error on line 3: the message and the JSON report give its line and column.
const broken = write('broken.json', '{\n  "tools": [\n    { "name": "a", }\n  ]\n}\n');
const notCatalog = write('not-catalog.json', '{"hello": 1}');
const emptyDir = join(dir, 'empty-dir');
mkdirSync(emptyDir);

describe('check: an input that cannot be read among others', () => {
  it.each([
    ['a missing file', missing, `${missing}: cannot read (ENOENT)`],
    ['an empty file', empty, `${empty}: empty, expected JSON`],
    ['a file of blanks', blank, `${blank}: empty, expected JSON`],
    [
      'a JSON syntax error',
      broken,
      `${broken}: not JSON: expected a property name in double quotes at line 3 column 20`,
    ],
    ['JSON that is not a catalog', notCatalog, `${notCatalog}: not a catalog`],
    ['a folder without .json files', emptyDir, `${emptyDir}: folder holds no .json files`],
  ])('reports %s as its error and still checks the others (exit 1)', async (_why, bad, message) => {
    const r = await runInProcess(['check', bad, good]);
    expect(r.code).toBe(1);
    expect(r.err).toBe('');
    expect(r.out).toContain(`not checked: ${message}`);
    expect(r.out).toContain(`${good}: admitted\n  accepted    get_weather\n`);
    expect(r.out).toContain(
      'summary: 1 accepted, 0 quarantined, 0 rejected; 1 of 1 catalog admitted; 1 input not checked',
    );
  });

  it('exits 2 only when nothing could be checked, each input named on stderr', async () => {
    const r = await runInProcess(['check', missing, empty]);
    expect(r).toEqual({
      code: 2,
      out: '',
      err: `toolgate check: ${missing}: cannot read (ENOENT)\ntoolgate check: ${empty}: empty, expected JSON\n`,
    });
  });

  it('reads standard input that is empty as an input error of <stdin>', async () => {
    const r = await runInProcess(['check', '-', good], { stdin: '' });
    expect(r.code).toBe(1);
    expect(r.out).toContain('not checked: <stdin>: empty, expected JSON\n');
  });
});

describe('check --format json: input errors are JSON too', () => {
  it('gives an unreadable input its own entry, in input order, with line and column for a syntax error', async () => {
    const r = await runInProcess(['check', '--format', 'json', broken, good, missing]);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.out);
    expect(report.admitted).toBe(false);
    expect(report.summary).toMatchObject({ accepted: 1, catalogs: 1, admittedCatalogs: 1, inputErrors: 2 });
    expect(report.catalogs.map((c: { source: string }) => c.source)).toEqual([broken, good, missing]);
    expect(report.catalogs[0]).toEqual({
      source: broken,
      admitted: false,
      error: {
        kind: 'input',
        message: `${broken}: not JSON: expected a property name in double quotes at line 3 column 20`,
        line: 3,
        column: 20,
      },
      tools: [],
      batchErrors: [],
    });
    expect(report.catalogs[2].error).toEqual({ kind: 'input', message: `${missing}: cannot read (ENOENT)` });
  });

  it('prints the JSON report (and the messages on stderr) when nothing could be checked: exit 2', async () => {
    const r = await runInProcess(['check', '--format', 'json', missing]);
    expect(r.code).toBe(2);
    expect(r.err).toBe(`toolgate check: ${missing}: cannot read (ENOENT)\n`);
    expect(JSON.parse(r.out)).toMatchObject({ admitted: false, summary: { catalogs: 0, inputErrors: 1 } });
  });

  it.each([
    ['a bad option value', ['--mode', 'loose', good], '--mode must be strict or quarantine, got "loose"'],
    [
      'nothing to check',
      [],
      'nothing to check: give files, folders, - for standard input, --mcp "<command>", --url <URL>, ' +
        '--mcp-list <file> or --config <file>',
    ],
    ['an unreadable registry', ['--registry', join(dir, 'no-registry'), good], 'cannot read the registry folder'],
  ])('reports %s as a JSON usage error', async (_why, argv, message) => {
    const r = await runInProcess(['check', '--format', 'json', ...argv]);
    expect(r.code).toBe(2);
    expect(JSON.parse(r.out)).toEqual({
      admitted: false,
      error: { kind: 'usage', message: expect.stringContaining(message) },
    });
    expect(r.err).toContain(message);
  });
});

// Files and standard input were read whole with no bound: `check /dev/zero` read until V8 aborted (exit 134), and
// `lock --out /dev/stdout` on a pipe read its own output as the existing lock, for good.
describe('an input past 64 MiB is that input error, never read to its end', () => {
  it('a file whose size says so is refused before it is read', async () => {
    const big = join(dir, 'big.json');
    writeFileSync(big, '');
    truncateSync(big, 64 * 1024 * 1024 + 1);
    const run = await runInProcess(['check', big]);
    expect([run.code, run.out + run.err]).toEqual([2, expect.stringContaining(`${big}: larger than 64 MiB, the most`)]);
  });

  it.runIf(existsSync('/dev/zero'))('a device without an end is read up to the bound', async () => {
    const run = await runInProcess(['check', '/dev/zero']);
    expect([run.code, run.out + run.err]).toEqual([2, expect.stringContaining('/dev/zero: larger than 64 MiB')]);
  });

  it('standard input too', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'check', '-'], {
      cwd: new URL('../..', import.meta.url).pathname,
      input: Buffer.alloc(64 * 1024 * 1024 + 1, 0x20),
      encoding: 'utf8',
    });
    expect([run.status, run.stderr]).toEqual([2, expect.stringContaining('<stdin>: larger than 64 MiB')]);
  }, 60_000);

  it.runIf(existsSync('/dev/null'))(
    'lock --out names a regular file: a device is refused before anything is read',
    async () => {
      const run = await runInProcess(['lock', '--mcp-list', good, '--out', '/dev/null']);
      expect([run.code, run.err]).toEqual([2, expect.stringContaining('/dev/null: not a regular file')]);
    },
  );
});
