import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runInProcess } from './run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'toolgate-validate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const schema = {
  type: 'object',
  properties: { city: { type: 'string', minLength: 1 }, days: { type: 'integer', minimum: 1 } },
  required: ['city'],
  additionalProperties: false,
};
const schemaFile = join(dir, 'schema.json');
writeFileSync(schemaFile, JSON.stringify(schema));
const argsFile = join(dir, 'args.json');
writeFileSync(argsFile, '{"city":"Paris","days":2}');

describe('toolgate validate', () => {
  it.each([
    [
      'inline schema and args',
      ['--schema', JSON.stringify(schema), '--args', '{"city":"Paris"}'],
      0,
      'ok: arguments are valid for tool\n',
    ],
    [
      'schema file and @args file',
      ['--schema', schemaFile, '--args', `@${argsFile}`],
      0,
      'ok: arguments are valid for tool\n',
    ],
    [
      'a wrong type, as the model reads it',
      ['--schema', schemaFile, '--args', '{"city":"Paris","days":"3"}', '--name', 'get_weather'],
      1,
      'error: invalid arguments for get_weather:\n$.days: expected integer, got string\n',
    ],
    [
      'arguments text that is not JSON',
      ['--schema', schemaFile, '--args', '{"city":'],
      1,
      'error: invalid arguments for tool: ',
    ],
    [
      'a refused schema',
      ['--schema', '{"type":"object","dependencies":{}}', '--args', '{}'],
      1,
      'schema refused (unsupported_capability)',
    ],
  ])('%s', async (_why, argv, code, out) => {
    const r = await runInProcess(['validate', ...argv]);
    expect(r.code).toBe(code);
    expect(r.out.startsWith(out)).toBe(true);
  });

  it.each([
    ['a missing schema file', ['--schema', '/nonexistent/s.json', '--args', '{}'], '/nonexistent/s.json: cannot read'],
    [
      'a missing args file',
      ['--schema', schemaFile, '--args', '@/nonexistent/a.json'],
      '/nonexistent/a.json: cannot read',
    ],
    ['inline schema that is not JSON', ['--schema', '{oops', '--args', '{}'], '--schema: not JSON'],
    ['no --args', ['--schema', schemaFile], 'validate needs --schema'],
  ])('exits 2 for %s', async (_why, argv, message) => {
    const r = await runInProcess(['validate', ...argv]);
    expect(r.code).toBe(2);
    expect(r.err).toContain(message);
  });
});

describe('toolgate (dispatch)', () => {
  it('exits 2 for an unknown command and prints usage', async () => {
    const r = await runInProcess(['frobnicate']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('unknown command "frobnicate"');
    expect(r.err).toContain('usage:');
  });
});
