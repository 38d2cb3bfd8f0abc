// Schema texts the CLI reads (a catalog, an `--mcp-list` result, `--schema`, a `--schema-dir` document) are read
// exactly: JSON.parse kept the last of a key given twice and rounded a number no float64 holds, so `validate` and
// `check` passed a schema other than the one written (`minimum: 9007199254740993` enforced as ...992, a
// `properties` given twice checked as the second). Each is refused as the text it is, with its line and column.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runInProcess } from './run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'toolgate-exact-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, text: string): string => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

/** Schema texts JSON.parse reads as another schema, what the refusal names, and arguments that schema passed. */
const INEXACT = [
  [
    'a minimum no float64 holds',
    '{"type":"object","properties":{"n":{"minimum":9007199254740993}}}',
    /would be received as/,
  ],
  [
    'a const no float64 holds',
    '{"type":"object","properties":{"n":{"const":9007199254740993}}}',
    /would be received as/,
  ],
  ['properties given twice', '{"type":"object","properties":{"n":{"type":"string"}},"properties":{}}', /duplicate key/],
  ['required given twice', '{"type":"object","required":["n"],"required":[]}', /duplicate key "required"/],
] as const;

describe('schema texts are read exactly', () => {
  it.each(INEXACT)('validate --schema <file>: %s is refused, not checked as another schema', async (_, text, why) => {
    const run = await runInProcess(['validate', '--schema', file('s.json', text), '--args', '{"n":9007199254740992}']);
    expect(run.code).toBe(2);
    expect(run.err).toMatch(why);
    expect(run.err).toMatch(/at line 1 column \d+/);
    expect(run.out).toBe('');
  });

  it.each(INEXACT)('validate --schema <inline>: %s is refused', async (_, text, why) => {
    const run = await runInProcess(['validate', '--schema', text, '--args', '{}']);
    expect([run.code, run.err]).toEqual([2, expect.stringMatching(why)]);
  });

  it.each(INEXACT)('check <catalog>: %s in a tool is refused, not admitted', async (_, text, why) => {
    const catalog = `{"tools":[{"name":"t","description":"d","inputSchema":${text}}]}`;
    const run = await runInProcess(['check', file('c.json', catalog)]);
    expect(run.code).toBe(2);
    expect(run.err + run.out).toMatch(why);
    expect(run.out).not.toMatch(/admitted/);
  });

  it.each(INEXACT)('check --mcp-list <file>: %s is refused', async (_, text, why) => {
    const listed = `{"tools":[{"name":"t","inputSchema":${text}}]}`;
    const run = await runInProcess(['check', '--mcp-list', file('l.json', listed)]);
    expect(run.code).toBe(2);
    expect(run.err + run.out).toMatch(why);
  });

  it('the same schemas written exactly pass as before', async () => {
    const exact = '{"type":"object","properties":{"n":{"minimum":9007199254740992}},"required":["n"]}';
    const run = await runInProcess([
      'validate',
      '--schema',
      file('ok.json', exact),
      '--args',
      '{"n":9007199254740992}',
    ]);
    expect([run.code, run.out]).toEqual([0, 'ok: arguments are valid for tool\n']);
    const catalog = file('ok-c.json', `{"tools":[{"name":"t","description":"d","inputSchema":${exact}}]}`);
    expect((await runInProcess(['check', catalog])).code).toBe(0);
  });
});
