// `toolgate validate --format json`: one JSON object on stdout with a documented shape, and the same exit status
// as the text output for every outcome (valid 0, invalid or refused schema 1, usage or input error 2).
import { describe, expect, it } from 'vitest';
import { runInProcess } from './run-cli.js';

const SCHEMA = JSON.stringify({
  type: 'object',
  properties: { days: { type: 'integer', minimum: 1 } },
  required: ['city'],
});
const run = (format: 'text' | 'json', ...argv: string[]) => runInProcess(['validate', '--format', format, ...argv]);

describe('toolgate validate --format json', () => {
  it('invalid arguments: verdict, class, message, the violations in the order the model reads, its text', async () => {
    const r = await run('json', '--name', 'get_weather', '--schema', SCHEMA, '--args', '{"days":0}');
    expect(r.code).toBe(1);
    expect(r.err).toBe('');
    expect(JSON.parse(r.out)).toEqual({
      verdict: 'invalid',
      tool: 'get_weather',
      class: 'validation',
      message: 'invalid arguments: 2 violations, first at $: missing required property "city"',
      violations: [
        {
          path: '$',
          pointer: '',
          keyword: 'required',
          message: 'missing required property "city"',
          schemaPath: '/required',
        },
        {
          path: '$.days',
          pointer: '/days',
          keyword: 'minimum',
          message: '0 must be >= 1',
          schemaPath: '/properties/days/minimum',
        },
      ],
      modelText:
        'error: invalid arguments for get_weather:\n$: missing required property "city"\n$.days: 0 must be >= 1',
    });
    // The model text is exactly what the text format prints.
    const text = await run('text', '--name', 'get_weather', '--schema', SCHEMA, '--args', '{"days":0}');
    expect(text.out).toBe(`${JSON.parse(r.out).modelText}\n`);
  });

  it('valid arguments', async () => {
    const r = await run('json', '--schema', SCHEMA, '--args', '{"city":"Paris"}');
    expect([r.code, JSON.parse(r.out)]).toEqual([0, { verdict: 'valid', tool: 'tool', violations: [] }]);
  });

  it('a refused schema: its class and where the mistake is, hints naming the flag to use', async () => {
    const draft7 = '{"$schema":"http://json-schema.org/draft-07/schema#","type":"object"}';
    const r = await run('json', '--schema', draft7, '--args', '{}');
    expect(r.code).toBe(1);
    const report = JSON.parse(r.out);
    expect(report).toMatchObject({ verdict: 'schema-refused', class: 'unsupported_capability' });
    expect(report.message).toContain('pass --dialect draft-07');
    expect(report.violations).toEqual([expect.objectContaining({ keyword: '$schema', schemaPath: '/$schema' })]);
    expect(report).not.toHaveProperty('modelText');
  });

  it('a usage or input error once the command line is read: JSON on stdout, message on stderr, exit 2', async () => {
    const r = await run('json', '--schema', '/nonexistent/s.json', '--args', '{}');
    expect(r.code).toBe(2);
    expect(r.err).toContain('toolgate validate: /nonexistent/s.json: cannot read');
    expect(JSON.parse(r.out)).toEqual({
      verdict: 'error',
      error: { kind: 'usage', message: expect.stringContaining('/nonexistent/s.json: cannot read') },
    });
  });

  it('refuses a format it does not have', async () => {
    const r = await runInProcess(['validate', '--format', 'yaml', '--schema', SCHEMA, '--args', '{}']);
    expect(r).toEqual({ code: 2, out: '', err: 'toolgate validate: --format must be text or json, got "yaml"\n' });
  });

  it.each([
    ['valid', ['--schema', SCHEMA, '--args', '{"city":"Paris"}'], 0],
    ['invalid', ['--schema', SCHEMA, '--args', '{}'], 1],
    ['not JSON', ['--schema', SCHEMA, '--args', '{"city":'], 1],
    ['refused', ['--schema', '{"type":"strng"}', '--args', '{}'], 1],
    ['unreadable', ['--schema', '@/nonexistent/s.json', '--args', '{}'], 2],
    ['no --args', ['--schema', SCHEMA], 2],
  ])('exits as the text format does: %s', async (_why, argv, code) => {
    const [text, json] = [await run('text', ...argv), await run('json', ...argv)];
    expect([text.code, json.code]).toEqual([code, code]);
    expect(() => JSON.parse(json.out)).not.toThrow();
  });
});
