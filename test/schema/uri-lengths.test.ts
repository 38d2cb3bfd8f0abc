// maxSchemaUriLength bounds every URI a schema names, as written and once resolved, in every dialect's schema
// positions, before anything resolves or indexes them (src/schema/uri-lengths.ts). A review found each way past
// a bound on the written values alone: a 400,000-character `$id` under `definitions` of a 2020-12 root (18.5 s,
// Ajv's resolver and the compile-cost estimate read it), 60 nested relative `$id`s of 2,000 characters (a base of
// 120,000 resolved; 55 s with 2,000 anchors), and a referenced document's `$schema` handed to the loader whole.
import { describe, expect, it } from 'vitest';
import { validateSchema } from '../../src/schema/compile.js';
import type { Result } from '../../src/result.js';

const said = (r: Result<unknown>): string => (r.ok ? 'ok' : `${r.error.class}: ${r.error.message}`);
const LONG = 'u'.repeat(400_000);

/** `levels` nested relative `$id`s of `seg` characters each, from https://example.com/. */
function chain(levels: number, seg: number): unknown {
  let s: Record<string, unknown> = { $defs: { d: { $anchor: 'a' } } };
  for (let l = 0; l < levels; l++) s = { items: { $id: `${String(l).padStart(3, '0')}${'s'.repeat(seg - 4)}/`, ...s } };
  return { $id: 'https://example.com/', type: 'object', ...s };
}

describe('maxSchemaUriLength: as written and once resolved, in every position, before use', () => {
  it.each([
    {
      where: 'definitions',
      schema: { definitions: { d: { $id: `https://e.test/${LONG}` } } },
      at: '/definitions/d/$id',
      seen: 400015,
    },
    {
      where: 'dependencies',
      schema: { dependencies: { a: { $anchor: LONG } } },
      at: '/dependencies/a/$anchor',
      seen: 400000,
    },
    { where: 'array-form items', schema: { items: [{ $ref: `#${LONG}` }] }, at: '/items/0/$ref', seen: 400001 },
  ])('an older position under a 2020-12 root: $where', ({ schema, at, seen }) => {
    expect(said(validateSchema({ type: 'object', ...schema }))).toBe(
      `execution_failure: limit maxSchemaUriLength exceeded: limit 2048, seen ${seen} characters ` +
        `in the schema at ${at}`,
    );
  });

  it('nested relative $ids: the resolved base is bounded, not only each value', () => {
    expect(said(validateSchema(chain(1, 2_000)))).toBe('ok');
    expect(said(validateSchema(chain(60, 2_000)))).toMatch(
      new RegExp(
        '^execution_failure: limit maxSchemaUriLength exceeded: limit 2048, seen 4020 characters once resolved ' +
          'in the schema at /items/items/\\$id$',
      ),
    );
  });

  it('a reference resolved: percent-encoding makes 1,000 CJK characters 9,000', () => {
    const ref = `#/$defs/${'中'.repeat(1_000)}`;
    expect(said(validateSchema({ $defs: { ['中'.repeat(1_000)]: {} }, properties: { a: { $ref: ref } } }))).toMatch(
      new RegExp(
        '^execution_failure: limit maxSchemaUriLength exceeded: limit 2048, seen 90\\d\\d characters once resolved ' +
          'in the schema at /properties/a/\\$ref$',
      ),
    );
  });

  it("a referenced document's $schema is bounded before the loader is asked for it", () => {
    const asked: string[] = [];
    const r = validateSchema(
      { $ref: 'urn:doc' },
      {
        schemaRegistry: { 'urn:doc': { $schema: `https://meta.test/${LONG}` } },
        schemaLoader: (uri: string) => {
          asked.push(uri);
          return undefined;
        },
      },
    );
    expect(said(r)).toBe(
      'execution_failure: limit maxSchemaUriLength exceeded: limit 2048, seen 400018 characters ' +
        'in document urn:doc at /$schema',
    );
    expect(asked).toEqual([]);
  });

  it('the same in draft-07: a fragment $id resolved against a long base', () => {
    let s: Record<string, unknown> = { definitions: { d: { $id: `#${'a'.repeat(300)}` } } };
    for (let l = 0; l < 2; l++) s = { items: { $id: `${l}${'s'.repeat(900)}/`, ...s } };
    const r = validateSchema(
      { $schema: 'http://json-schema.org/draft-07/schema#', $id: 'https://example.com/', ...s },
      { dialects: ['2020-12', 'draft-07'] },
    );
    expect(said(r)).toBe(
      'execution_failure: limit maxSchemaUriLength exceeded: limit 2048, seen 2125 characters once resolved ' +
        'in the schema at /items/items/definitions/d/$id',
    );
  });

  // A second review: Ajv's resolver reads `$id` in every member's object value but data keywords' (json-schema-
  // traverse with allKeys), unknown keywords' too: 400 anchors under an `x-meta` keyword took 17.5 s to admit.
  it.each([
    { where: 'an unknown keyword', schema: { 'x-meta': { $id: `https://e.test/${LONG}` } }, at: '/x-meta/$id' },
    {
      where: 'a property named enum',
      schema: { properties: { enum: { $id: `https://e.test/${LONG}` } } },
      at: '/properties/enum/$id',
    },
    {
      where: 'a 2020-12 prefixItems entry',
      schema: { prefixItems: [{ $anchor: LONG }] },
      at: '/prefixItems/0/$anchor',
    },
  ])('every object Ajv searches for identifiers: $where', ({ schema, at }) => {
    expect(said(validateSchema({ type: 'object', ...schema }))).toMatch(
      new RegExp(`^execution_failure: limit maxSchemaUriLength exceeded: .* at ${at.replaceAll('$', '\\$')}$`),
    );
  });

  it('data is not searched: an $id in enum, const, default or examples is a value', () => {
    const data = { $id: `https://e.test/${LONG}` };
    for (const k of ['enum', 'const', 'default', 'examples'])
      expect([
        k,
        said(validateSchema({ type: 'object', [k]: k === 'enum' || k === 'examples' ? [data] : data })),
      ]).toEqual([k, 'ok']);
  });

  // Under a base no URL parser resolves against (urn:), Ajv's resolver still joins relative `$id`s (urn:abc/def/),
  // and so did the compile-cost estimate from its own base: 11.6 s for a draft-07 registry document.
  it('a chain of relative $ids under a urn: base is bounded as it grows', () => {
    let s: Record<string, unknown> = { type: 'string' };
    for (let l = 0; l < 3; l++) s = { items: { $id: `${l}${'s'.repeat(900)}/`, ...s } };
    const r = validateSchema(
      { type: 'object', properties: { p: { $ref: 'urn:x:doc' } } },
      {
        schemaRegistry: { 'urn:x:doc': s },
      },
    );
    expect(said(r)).toMatch(
      new RegExp(
        '^execution_failure: limit maxSchemaUriLength exceeded: limit 2048, seen 27\\d\\d characters once resolved ' +
          'in document urn:x:doc at /items/items/items/\\$id$',
      ),
    );
  });

  // A third review: json-schema-traverse's `key in arrayKeywords` also matches Object.prototype's names, so Ajv reads
  // `toString: [...]` and `constructor: {...}` as schema arrays and maps (17 s admitted).
  it.each<{ where: string; schema: Record<string, unknown>; at: string }>([
    { where: 'toString: [...]', schema: { toString: [{ $id: `https://e.test/${LONG}` }] }, at: '/toString/0/$id' },
    {
      where: 'constructor: { enum: ... }',
      schema: { constructor: { enum: { $id: `https://e.test/${LONG}` } } },
      at: '/constructor/enum/$id',
    },
  ])('a member named after Object.prototype is searched as Ajv searches it: $where', ({ schema, at }) => {
    expect(said(validateSchema({ type: 'object', ...schema }))).toMatch(
      new RegExp(`^execution_failure: limit maxSchemaUriLength exceeded: .* at ${at.replaceAll('$', '\\$')}$`),
    );
  });

  // A third review: Ajv resolves with fast-uri, which percent-encodes tabs (URL deletes them) and keeps `%2e%2e/`
  // (URL climbs): 20 such `$id`s each short by URL's measure made Ajv's base 119,507 characters (19 s).
  it.each([
    { what: 'tabs', segment: (l: number) => `${'\t'.repeat(700)}${l}/` },
    { what: 'encoded dot segments', segment: (l: number) => `${'%2e%2e/'.repeat(100)}${l}/` },
  ])("a relative id is measured as Ajv's resolver resolves it too: $what", ({ segment }) => {
    let s: Record<string, unknown> = { $defs: { d: { $anchor: 'a' } } };
    for (let l = 0; l < 20; l++) s = { items: { $id: segment(l), ...s } };
    const r = validateSchema({ type: 'object', 'x-meta': { $id: 'https://example.com/', ...s } });
    expect(said(r)).toMatch(
      /^execution_failure: limit maxSchemaUriLength exceeded: limit 2048, seen \d+ characters once resolved/,
    );
  });

  // A fourth review: the 2020-12 engine compiles the root with no base, and against "" fast-uri keeps a leading
  // `../`: 40 nested `$id`s of `../` x 682 (each 2,046 characters) made Ajv's keys 81,845 long (21.7 s admitted).
  it("relative ids piled up against no base, as Ajv's 2020-12 root resolves them", () => {
    let s: Record<string, unknown> = { d: { $anchor: 'a' } };
    for (let l = 0; l < 8; l++) s = { x: { $id: '../'.repeat(682), ...s } };
    expect(said(validateSchema({ type: 'object', 'x-meta': s }))).toBe(
      'execution_failure: limit maxSchemaUriLength exceeded: limit 2048, seen 4092 characters once resolved ' +
        'in the schema at /x-meta/x/x/$id',
    );
  });
});
