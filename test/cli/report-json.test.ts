// The JSON reports of check and validate echo a catalog's own strings (a tool's name, a key in a location): a
// hostile catalog's 2 MB name or 1 MB key came out whole, where the text report clips both. Cut at 4,096 now.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_REPORT_STRING, reportJson } from '../../src/cli/report-json.js';
import { runInProcess } from './run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'toolgate-report-json-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Every string value in a parsed report, however deep. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value === null || typeof value !== 'object') return [];
  return Object.values(value).flatMap(strings);
}

const longName = 'a'.repeat(2_000_000);
const longKey = 'k'.repeat(1_000_000);

describe('JSON reports clip the strings they echo', () => {
  it('check --format json cuts a 2 MB tool name and a 1 MB key in a location', async () => {
    const file = join(dir, 'tools.json');
    writeFileSync(
      file,
      JSON.stringify([
        { name: longName, inputSchema: { type: 'object' } },
        { name: 'ok', inputSchema: { type: 'object', properties: { [longKey]: { type: 'strang' } } } },
      ]),
    );
    const run = await runInProcess(['check', '--format', 'json', file]);
    expect(run.code).toBe(1);
    expect(run.out.length).toBeLessThan(40_000);
    const report = JSON.parse(run.out);
    const name = report.catalogs[0].tools[0].name as string;
    expect(name).toBe(`${'a'.repeat(MAX_REPORT_STRING - 1)}…`);
    for (const s of strings(report)) expect(s.length).toBeLessThanOrEqual(MAX_REPORT_STRING);
  });

  it('validate --format json cuts a 1 MB key in a schema path, keeps the model text whole', async () => {
    const schema = JSON.stringify({ type: 'object', properties: { [longKey]: { type: 'string' } } });
    const refused = await runInProcess(['validate', '--format', 'json', '--schema', schema, '--args', '{}']);
    expect(refused.out.length).toBeLessThan(20_000);
    for (const s of strings(JSON.parse(refused.out))) expect(s.length).toBeLessThanOrEqual(MAX_REPORT_STRING);
    const many = JSON.stringify({ type: 'object', patternProperties: { '': { type: 'string', maxLength: 1 } } });
    const args = JSON.stringify(
      Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`${'x'.repeat(190)}${i}`, 5])),
    );
    const invalid = await runInProcess(['validate', '--format', 'json', '--schema', many, '--args', args]);
    const body = JSON.parse(invalid.out);
    expect(body.verdict).toBe('invalid');
    expect(body.modelText.length).toBeGreaterThan(MAX_REPORT_STRING);
    expect(body.modelText.endsWith('…')).toBe(false);
  });

  // A review's find: the usage error's JSON (and its stderr line) quoted a registry's duplicate 500 KB "$id" whole.
  it('a usage error quoting a 500 KB "$id" of --registry: clipped in the JSON and on stderr', async () => {
    const reg = join(dir, 'reg');
    mkdirSync(reg);
    const id = `https://x.test/${'k'.repeat(500_000)}`;
    writeFileSync(join(reg, 'a.json'), JSON.stringify({ $id: id }));
    writeFileSync(join(reg, 'b.json'), JSON.stringify({ $id: id }));
    const file = join(dir, 'one.json');
    writeFileSync(file, JSON.stringify([{ name: 't', inputSchema: { type: 'object' } }]));
    const check = await runInProcess(['check', '--format', 'json', '--registry', reg, file]);
    const schema = '{"type":"object"}';
    const validate = await runInProcess([
      'validate',
      '--format',
      'json',
      '--registry',
      reg,
      '--schema',
      schema,
      '--args',
      '{}',
    ]);
    for (const run of [check, validate]) {
      expect(run.code).toBe(2);
      expect(run.out).toContain('is already declared by');
      expect(run.out.length + run.err.length).toBeLessThan(5_000);
    }
  });

  it('reportJson leaves a nested field of the kept name cut, and short strings as they are', () => {
    const out = JSON.parse(
      reportJson({ modelText: 'm'.repeat(5000), nested: { modelText: 'n'.repeat(5000) } }, 'modelText'),
    );
    expect(out.modelText).toHaveLength(5000);
    expect(out.nested.modelText).toHaveLength(MAX_REPORT_STRING);
    expect(JSON.parse(reportJson({ a: 'short', b: ['é', 1, null] }))).toEqual({ a: 'short', b: ['é', 1, null] });
  });
});
