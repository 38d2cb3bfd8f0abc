// A refused schema's report does not depend on the order its keys were written in: two JSON-equal schemas are the
// same input (RFC 8785), so check's text, check --format json and validate --format json give the same bytes for
// both. A hunt's find: the headline named the first problem in written order, and check listed them so.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runInProcess } from './run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'toolgate-refusal-order-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The same JSON value with every object's keys in reverse order. */
function reversed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversed);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([k, v]) => [k, reversed(v)]),
  );
}

const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';
const DIALECT = ['--dialect', 'draft-07'];
const two = (a: unknown, b: unknown): Record<string, unknown> => ({ type: 'object', properties: { a, b } });

/** [what is refused, the schema as first written, flags]: each has two problems at two places. */
const CASES: readonly (readonly [string, Record<string, unknown>, readonly string[]])[] = [
  ['meta-schema errors', two({ type: 'strin' }, { minimum: 'x' }), []],
  ['legacy keywords', two({ dependencies: { x: ['y'] } }, { divisibleBy: 2 }), []],
  ['invalid patterns', two({ pattern: '(' }, { pattern: '[' }), []],
  ['refused patterns', two({ pattern: '(a+)+$' }, { pattern: '(x*)*y' }), []],
  ['identifiers that are not URI references', two({ $ref: ' a' }, { $ref: 'b ' }), []],
  ['formats that cannot be asserted', two({ format: 'nope' }, { format: 'zzz' }), ['--format-assertion']],
  ['draft-07 meta-schema errors', { $schema: DRAFT_07, ...two({ type: 'strin' }, { minimum: 'x' }) }, DIALECT],
  ['draft-07 foreign keywords', { $schema: DRAFT_07, ...two({ prefixItems: [] }, { dependentRequired: {} }) }, DIALECT],
  ['draft-07 invalid patterns', { $schema: DRAFT_07, ...two({ pattern: '(' }, { pattern: '[' }) }, DIALECT],
];

/** What each report prints for `schema`: check's text and JSON of a one-tool catalog, validate's JSON. */
async function reports(schema: unknown, flags: readonly string[]): Promise<string[]> {
  const file = join(dir, 'catalog.json');
  writeFileSync(file, JSON.stringify({ tools: [{ name: 't', inputSchema: schema }] }));
  const text = await runInProcess(['check', file, ...flags]);
  const json = await runInProcess(['check', file, '--format', 'json', ...flags]);
  const validate = await runInProcess([
    'validate',
    '--schema',
    JSON.stringify(schema),
    '--args',
    '{}',
    '--format',
    'json',
    ...flags,
  ]);
  return [text, json, validate].map((r) => `${r.code}\n${r.out}${r.err}`);
}

describe('a refused schema reports the same bytes whatever its key order', () => {
  it.each(CASES)('%s', async (_what, schema, flags) => {
    const written = await reports(schema, flags);
    const turned = await reports(reversed(schema), flags);
    // Refused, each report naming both places (so the order is what is compared).
    for (const report of written) {
      expect(report.startsWith('1\n')).toBe(true);
      expect(report).toContain('/properties/a');
      expect(report).toContain('/properties/b');
    }
    expect(turned).toEqual(written);
  });
});

// A review's find: the keywords beside a draft-07 "$ref" were named in written order in one message.
it('names the keywords beside a draft-07 "$ref" in one order whatever their written order', async () => {
  const schema = {
    $schema: DRAFT_07,
    definitions: { x: {} },
    $ref: '#/definitions/x',
    required: ['a'],
    properties: {},
  };
  const written = await reports(schema, DIALECT);
  expect(written[0]).toContain('("properties", "required")');
  expect(await reports(reversed(schema), DIALECT)).toEqual(written);
});
