// The standard 2020-12 meta-schema check runs in code Ajv generated ahead of time (meta-schema.generated.ts in
// src/schema). It must be what the generator makes from today's Ajv (regenerated here, compared byte for byte),
// and it must say exactly what the meta-schema compiled at run time says: the same error lists, and so the same
// summarised violations, on every schema of the official suite, on the real tool schemas and on invalid ones made
// by putting a wrong value under every keyword of those schemas.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { GENERATED_PATH, metaValidatorSource } from '../../scripts/generate-meta-validator.js';
import { metaValidate } from '../../src/schema/engine/ajv-2020.js';
import { META_ENGINE_OPTIONS, newMetaEngine } from '../../src/schema/engine/meta-engine.js';
import { metaViolations } from '../../src/schema/meta-errors.js';
import { validate as precompiled } from '../../src/schema/engine/meta-schema.generated.js';
import { loadCorpus, SKIP_CORPUS, SKIP_NOTE } from '../fixtures/tool-corpus.js';
import { SUITE_DIR } from '../suite/suite.js';

const DIALECT = 'https://json-schema.org/draft/2020-12/schema';
const runtime = newMetaEngine().getSchema(DIALECT)!;

/** The schema of every group of the suite's draft2020-12 tests, optional ones included. */
function suiteSchemas(): unknown[] {
  const out: unknown[] = [];
  const visit = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (entry.name.endsWith('.json'))
        for (const group of JSON.parse(readFileSync(path, 'utf8')) as { schema: unknown }[]) out.push(group.schema);
    }
  };
  visit(join(SUITE_DIR, 'tests', 'draft2020-12'));
  return out;
}

/** Values of the wrong type or range for some keyword or other. */
const WRONG: readonly unknown[] = [null, -1, 1.5, '1 x', [], ['a', 'a'], { a: 5 }, true];

/** Copies of `schema`, each with one member of one object (at any depth) replaced by one wrong value. */
function mutations(schema: unknown): unknown[] {
  const out: unknown[] = [];
  const visit = (node: unknown, replace: (value: unknown) => unknown): void => {
    if (Array.isArray(node)) {
      for (const [i, item] of node.entries()) visit(item, (v) => replace(node.with(i, v)));
    } else if (node !== null && typeof node === 'object')
      for (const [key, value] of Object.entries(node)) {
        const put = (v: unknown): unknown => replace({ ...node, [key]: v });
        for (const wrong of WRONG) out.push(put(wrong));
        visit(value, put);
      }
  };
  visit(schema, (v) => v);
  return out;
}

/** What one check says of a schema: its errors (a failed check leaves a fresh list on the function) as text. */
function verdict(check: { (data: unknown): boolean; errors?: ErrorObject[] | null }, schema: unknown): string {
  if (check(schema)) return 'valid';
  const errors = check.errors ?? [];
  return JSON.stringify({ errors, violations: metaViolations(schema, errors, (p) => p) });
}

/** The schemas on which the two checks differ, and how many of them were invalid. */
function compare(schemas: readonly unknown[]): { differing: string[]; invalid: number } {
  const differing: string[] = [];
  let invalid = 0;
  for (const schema of schemas) {
    const said = verdict(runtime, schema);
    if (said !== 'valid') invalid++;
    if (verdict(precompiled, schema) !== said) differing.push(JSON.stringify(schema).slice(0, 200));
  }
  return { differing, invalid };
}

describe('the generated 2020-12 meta-schema check', () => {
  it('is what `npm run generate` makes from the installed Ajv (run it when this fails)', () => {
    expect(readFileSync(GENERATED_PATH, 'utf8')).toBe(metaValidatorSource());
  });

  it('is what metaValidate runs for a standard schema', () => {
    const schema = { type: 'object', properties: { a: { type: 'strng' } } };
    const errors = metaValidate(schema);
    expect(errors.length).toBeGreaterThan(0);
    expect(JSON.stringify({ errors, violations: metaViolations(schema, errors, (p) => p) })).toBe(
      verdict(precompiled, schema),
    );
  });

  it('gives the runtime errors on every schema of the official suite, and on each with a wrong value put in', () => {
    const schemas = suiteSchemas();
    expect(schemas.length).toBeGreaterThan(400);
    const plain = compare(schemas);
    expect(plain.differing).toEqual([]);
    const wrong = schemas.flatMap(mutations);
    expect(wrong.length).toBeGreaterThan(15_000);
    const broken = compare(wrong);
    expect(broken.differing).toEqual([]);
    // Most wrong values break the meta-schema (under annotations such as `default`, anything goes).
    expect(broken.invalid).toBeGreaterThan(wrong.length / 2);
  });

  it.skipIf(SKIP_CORPUS)(`gives the runtime errors on the real tool schemas and broken copies${SKIP_NOTE}`, () => {
    const schemas = loadCorpus().map((t) => t.inputSchema);
    expect(compare(schemas).differing).toEqual([]);
    // Every 20th broken copy: the large catalogs would take seconds, and the suite's copies cover each keyword.
    const wrong = schemas.flatMap(mutations).filter((_, i) => i % 20 === 0);
    expect(wrong.length).toBeGreaterThan(1500);
    const broken = compare(wrong);
    expect(broken.differing).toEqual([]);
    expect(broken.invalid).toBeGreaterThan(wrong.length / 2);
  });

  // The meta-schema checks' uniqueItems is toolgate's (meta-unique-items.ts): its errors name another pair than
  // Ajv's own keyword, so the comparison above cannot hold it to Ajv; its verdicts are held here.
  it("decides every schema as Ajv's own uniqueItems does: the suite's, each broken copy, and repeating arrays", () => {
    const stock = new Ajv2020({ ...META_ENGINE_OPTIONS }).getSchema(DIALECT)!;
    const names = ['string', 'number', 'integer', 'object', 'array', 'boolean', 'null', 'strng', 1, 1.0, null, ['a']];
    const arrays: unknown[][] = [];
    for (let a = 0; a < names.length; a++)
      for (let b = 0; b < names.length; b++) {
        arrays.push([names[a], names[b]], [names[a], 'string', names[b]], [names[a], names[b], names[a]]);
      }
    const repeating = arrays.flatMap((list) => [
      { type: list },
      { required: list },
      { dependentRequired: { k: list } },
      { properties: { p: { type: list, required: list } } },
    ]);
    const schemas = [...suiteSchemas(), ...suiteSchemas().flatMap(mutations), ...repeating];
    const differing = schemas.filter((schema) => stock(schema) !== precompiled(schema));
    expect(differing.map((x) => JSON.stringify(x).slice(0, 120))).toEqual([]);
    expect(repeating.filter((schema) => !stock(schema)).length).toBeGreaterThan(repeating.length / 2);
  });

  it('the comparison can fail: errors of another meta-schema differ', () => {
    const other = newMetaEngine({ allErrors: false }).getSchema(DIALECT)!;
    const schema = { type: 'strng', minLength: -1 };
    expect(verdict(other, schema)).not.toBe(verdict(precompiled, schema));
    expect(compare([schema]).differing).toEqual([]);
  });
});
