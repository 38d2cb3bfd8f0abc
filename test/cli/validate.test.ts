import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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

describe('toolgate validate --args from standard input', () => {
  it.each([['-'], ['@-']])('--args %s reads the arguments text from stdin', async (flag) => {
    const ok = await runInProcess(['validate', '--schema', schemaFile, '--args', flag], { stdin: '{"city":"Paris"}' });
    expect(ok).toEqual({ code: 0, out: 'ok: arguments are valid for tool\n', err: '' });
    const bad = await runInProcess(['validate', '--schema', schemaFile, '--args', flag], { stdin: '{"days":0}' });
    expect(bad.code).toBe(1);
    expect(bad.out).toBe(
      'error: invalid arguments for tool:\n$: missing required property "city"\n$.days: 0 must be >= 1\n',
    );
  });

  // Regression: a file name given to --args without @ was judged as the arguments text (not JSON, exit 1).
  it.each([
    ['an existing file', argsFile],
    ['a .json name that does not exist', 'nonexistent-args.json'],
  ])('--args given %s without @ is a usage error that says to write @', async (_why, value) => {
    const r = await runInProcess(['validate', '--schema', schemaFile, '--args', value]);
    expect(r).toEqual({
      code: 2,
      out: '',
      err:
        `toolgate validate: --args ${JSON.stringify(value)} is read as the arguments text itself, not as a file; ` +
        `to read the file, write --args @${value}\n`,
    });
  });
});

describe('toolgate validate --dialect and --registry', () => {
  const draft07 = JSON.stringify({
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    properties: { id: { type: 'string' } },
    dependencies: { id: ['kind'] },
  });

  it('refuses a draft-07 schema with a hint naming the flag, then enforces it with --dialect draft-07', async () => {
    const refused = await runInProcess(['validate', '--schema', draft07, '--args', '{"id":"x"}']);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('to enforce draft-07 with its own semantics pass --dialect draft-07\n');
    expect(refused.out).not.toContain('dialects:');
    const enforced = await runInProcess([
      'validate',
      '--dialect',
      'draft-07',
      '--schema',
      draft07,
      '--args',
      '{"id":"x"}',
    ]);
    expect(enforced.code).toBe(1);
    expect(enforced.out).toBe('error: invalid arguments for tool:\n$: property "id" requires property "kind"\n');
  });

  it('resolves a $ref through --registry, and says --registry when it is not there', async () => {
    const reg = join(dir, 'registry');
    mkdirSync(reg, { recursive: true });
    writeFileSync(join(reg, 'city.json'), JSON.stringify({ $id: 'https://example.com/city', type: 'string' }));
    const uses = JSON.stringify({ type: 'object', properties: { city: { $ref: 'https://example.com/city' } } });
    const without = await runInProcess(['validate', '--schema', uses, '--args', '{"city":1}']);
    expect(without.out).toContain('(not in --registry; nothing is fetched)');
    const r = await runInProcess(['validate', '--registry', reg, '--schema', uses, '--args', '{"city":1}']);
    expect(r.out).toBe('error: invalid arguments for tool:\n$.city: expected string, got integer\n');
  });

  it('names the bad value of a nested schema typo and the allowed ones', async () => {
    const r = await runInProcess([
      'validate',
      '--schema',
      '{"type":"object","properties":{"a":{"type":"strng"}}}',
      '--args',
      '{}',
    ]);
    expect(r).toEqual({
      code: 1,
      err: '',
      out:
        'schema refused (validation): invalid schema: schema at /properties/a/type: "strng" is not a JSON Schema ' +
        'type; expected one of array, boolean, integer, null, number, object, string\n' +
        '  /properties/a/type: schema at /properties/a/type: "strng" is not a JSON Schema type; expected one of ' +
        'array, boolean, integer, null, number, object, string\n',
    });
  });

  // The refusal's text holds the schema's keys: a key with a newline printed a line of its own, ESC acted on the
  // terminal, and a 3,000-character key printed whole.
  it('writes out and clips the schema text a refusal shows', async () => {
    const key = `x\u001b[2J\nFAKE ok\r${'z'.repeat(3000)}`;
    const r = await runInProcess([
      'validate',
      '--schema',
      JSON.stringify({ type: 'object', properties: { [key]: { type: 'strng' } } }),
      '--args',
      '{}',
    ]);
    expect(r.code).toBe(1);
    expect(r.out).not.toMatch(/^FAKE/m);
    expect([...r.out].filter((c) => c.charCodeAt(0) < 0x20 && c !== '\n')).toEqual([]);
    expect(r.out).toContain('x\\u001b[2J');
    expect(Math.max(...r.out.split('\n').map((l) => l.length))).toBeLessThan(1000);
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

// A newcomer's find: `validate --schema` given README's catalog file (whose `tools` is an unknown keyword) said
// "ok" for any arguments, with nothing to say the schema checked nothing.
describe('a schema that constrains nothing', () => {
  it.each([
    ['a catalog', { tools: [{ name: 'x', inputSchema: { type: 'object' } }] }, 'it looks like a tool catalog'],
    ['an empty schema', {}, 'every object is valid\n'],
  ])('%s: valid, with a note on stderr', async (_, given, said) => {
    const run = await runInProcess(['validate', '--schema', JSON.stringify(given), '--args', '{"anything":"goes"}']);
    expect(run.code).toBe(0);
    expect(run.out).toBe('ok: arguments are valid for tool\n');
    expect(run.err).toContain('toolgate validate: note: the schema constrains nothing');
    expect(run.err).toContain(said);
  });

  it('a schema that constrains: no note', async () => {
    const run = await runInProcess(['validate', '--schema', JSON.stringify(schema), '--args', '{"city":"Paris"}']);
    expect(run.err).toBe('');
  });
});
