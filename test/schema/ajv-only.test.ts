// Ajv's own keywords and options change no verdict in any engine (src/schema/ajv-only.ts, schema/engine/ajv-2020.ts):
// `nullable` and `$async` are unknown keywords, annotations, in every dialect toolgate enables, and Ajv's
// `discriminator`, `$data`, `$comment`, `useDefaults`, `coerceTypes` and `removeAdditional` stay off. Ajv
// acted on `nullable` (null accepted, valid schemas refused) and `$async` (a promise for a verdict: valid
// arguments refused and an unhandled rejection on every call, which ends a Node process by default).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileSchema } from '../../src/schema/compile.js';
import { ENGINE_OPTIONS } from '../../src/schema/engine/ajv-2020.js';
import type { SchemaOptions } from '../../src/schema/options.js';

type Dialect = '2020-12' | '2019-09' | 'draft-07';
const URIS: Readonly<Record<Dialect, string | undefined>> = {
  '2020-12': undefined,
  '2019-09': 'https://json-schema.org/draft/2019-09/schema',
  'draft-07': 'http://json-schema.org/draft-07/schema#',
};
const DIALECTS = Object.keys(URIS) as Dialect[];

function compile(dialect: Dialect, schema: Record<string, unknown>, options: SchemaOptions = {}) {
  const uri = URIS[dialect];
  return compileSchema(
    uri === undefined ? schema : { $schema: uri, ...schema },
    { dialects: ['2020-12', '2019-09', 'draft-07'], ...options },
    { toolRoot: false },
  );
}

/** A schema using an Ajv-only keyword, the same schema without it, and instances with their verdict by the spec. */
interface KeywordCase {
  readonly name: string;
  readonly schema: Record<string, unknown>;
  readonly without: Record<string, unknown>;
  readonly cases: readonly (readonly [unknown, boolean])[];
  readonly options?: SchemaOptions;
}

const BRANCHES = [{ properties: { k: { const: 'a' } } }, { properties: { k: { const: 'b' } } }];
const KEYWORDS: readonly KeywordCase[] = [
  {
    name: 'nullable: true beside a type',
    schema: { type: 'string', nullable: true },
    without: { type: 'string' },
    cases: [
      [null, false],
      ['x', true],
    ],
  },
  {
    name: 'nullable: false beside type null',
    schema: { type: 'null', nullable: false },
    without: { type: 'null' },
    cases: [
      [null, true],
      ['x', false],
    ],
  },
  {
    name: 'nullable without type',
    schema: { nullable: true },
    without: {},
    cases: [
      [null, true],
      [1, true],
    ],
  },
  {
    name: 'nullable in a schema reached only by $ref',
    schema: { properties: { a: { $ref: '#/definitions/s' } }, definitions: { s: { type: 'string', nullable: true } } },
    without: { properties: { a: { $ref: '#/definitions/s' } }, definitions: { s: { type: 'string' } } },
    cases: [
      [{ a: null }, false],
      [{ a: 's' }, true],
    ],
  },
  {
    name: '$async: true at the root',
    schema: { $async: true, properties: { a: { type: 'string' } } },
    without: { properties: { a: { type: 'string' } } },
    cases: [
      [{ a: 'x' }, true],
      [{ a: 1 }, false],
    ],
  },
  {
    name: '$async: true in a subschema',
    schema: { properties: { a: { $async: true, type: 'string' } } },
    without: { properties: { a: { type: 'string' } } },
    cases: [
      [{ a: 'x' }, true],
      [{ a: 1 }, false],
    ],
  },
  {
    name: 'discriminator without required',
    schema: { discriminator: { propertyName: 'k' }, oneOf: BRANCHES },
    without: { oneOf: BRANCHES },
    cases: [
      [{}, false],
      [{ k: 'a' }, true],
      [{ k: 'c' }, false],
    ],
  },
  {
    name: '$data in const is data',
    schema: { properties: { a: { const: { $data: '1/b' } }, b: {} } },
    without: { properties: { a: { const: { $data: '1/b' } }, b: {} } },
    cases: [
      [{ a: 1, b: 1 }, false],
      [{ a: { $data: '1/b' }, b: 1 }, true],
    ],
  },
  {
    name: '$comment',
    schema: { $comment: 'a note', type: 'string' },
    without: { type: 'string' },
    cases: [
      ['x', true],
      [1, false],
    ],
  },
  {
    name: 'formatMinimum (ajv-formats) under format assertion',
    schema: { format: 'date', formatMinimum: '2020-01-01' },
    without: { format: 'date' },
    cases: [
      ['2019-01-01', true],
      ['2019-13-01', false],
    ],
    options: { formatAssertion: true },
  },
];

/** Instances Ajv's options would change (and so pass) were they on: each must stay invalid and untouched. */
const OPTION_CASES: readonly { name: string; schema: Record<string, unknown>; instance: unknown }[] = [
  { name: 'useDefaults', schema: { required: ['a'], properties: { a: { default: 'x' } } }, instance: {} },
  { name: 'coerceTypes', schema: { properties: { a: { type: 'number' } } }, instance: { a: '1' } },
  {
    name: 'removeAdditional',
    schema: { properties: { a: {} }, additionalProperties: false },
    instance: { a: 1, b: 2 },
  },
];

const rejections: unknown[] = [];
const onRejection = (reason: unknown): void => {
  rejections.push(reason);
};
beforeAll(() => {
  process.on('unhandledRejection', onRejection);
});
afterAll(async () => {
  // A rejected promise is reported after the microtask queue drains: give it a turn of the event loop.
  await new Promise((resolve) => setTimeout(resolve, 10));
  process.off('unhandledRejection', onRejection);
  expect(rejections).toEqual([]);
});

describe('Ajv-only keywords are annotations in every dialect', () => {
  for (const dialect of DIALECTS)
    for (const c of KEYWORDS) {
      it(`${dialect}: ${c.name}`, async () => {
        const withIt = compile(dialect, c.schema, c.options);
        const without = compile(dialect, c.without, c.options);
        if (!withIt.ok) throw new Error(withIt.error.message);
        if (!without.ok) throw new Error(without.error.message);
        for (const [instance, expected] of c.cases) {
          const got = withIt.value.validate(instance);
          expect(got.ok, JSON.stringify(instance)).toBe(expected);
          expect(got.ok).toBe(without.value.validate(instance).ok);
          if (!got.ok) expect(got.error.violations.length).toBeGreaterThan(0);
        }
        await new Promise((resolve) => setTimeout(resolve, 0));
        expect(rejections).toEqual([]);
      });
    }
});

describe("Ajv's options that change or coerce the instance stay off in every dialect", () => {
  it('the shared engine options turn them off explicitly', () => {
    expect(ENGINE_OPTIONS).toMatchObject({
      useDefaults: false,
      coerceTypes: false,
      removeAdditional: false,
      $data: false,
      discriminator: false,
    });
    expect(ENGINE_OPTIONS.$comment).toBeUndefined();
  });
  for (const dialect of DIALECTS)
    for (const c of OPTION_CASES) {
      it(`${dialect}: ${c.name}`, () => {
        const compiled = compile(dialect, c.schema);
        if (!compiled.ok) throw new Error(compiled.error.message);
        const before = JSON.stringify(c.instance);
        expect(compiled.value.validate(c.instance).ok).toBe(false);
        expect(JSON.stringify(c.instance)).toBe(before);
      });
    }
});

describe('what the engine-side removal of nullable and $async leaves as it was', () => {
  for (const dialect of DIALECTS) {
    it(`${dialect}: CompiledSchema.schema is the schema as given`, () => {
      const compiled = compile(dialect, { $async: true, properties: { a: { type: 'string', nullable: true } } });
      if (!compiled.ok) throw new Error(compiled.error.message);
      const exposed = compiled.value.schema as { $async: unknown; properties: { a: { nullable: unknown } } };
      expect(exposed.$async).toBe(true);
      expect(exposed.properties.a.nullable).toBe(true);
    });
    it(`${dialect}: unknownKeywords "reject" still refuses them as unknown`, () => {
      for (const schema of [{ type: 'string', nullable: true }, { $async: true }]) {
        const compiled = compile(dialect, schema, { unknownKeywords: 'reject' });
        expect(compiled.ok).toBe(false);
        if (!compiled.ok) expect(compiled.error.message).toMatch(/unknown keyword "(nullable|\$async)"/);
      }
    });
    it(`${dialect}: a $ref into the value of nullable is refused, never followed into nothing`, () => {
      const compiled = compile(dialect, {
        properties: { a: { $ref: '#/x-defs/n/nullable' } },
        'x-defs': { n: { nullable: { type: 'number' } } },
      });
      expect(compiled.ok).toBe(false);
      if (!compiled.ok) expect(compiled.error.class).toBe('unsupported_capability');
    });
    // `definitions` is a map of names in every dialect (an unknown keyword in 2020-12, kept as one); under
    // other unknown keywords a `$ref` through a member named nullable is refused like the one above.
    it(`${dialect}: a property or definition named nullable is a name, not the keyword`, () => {
      const compiled = compile(dialect, {
        properties: { nullable: { $ref: '#/definitions/nullable' } },
        definitions: { nullable: { type: 'number' } },
        required: ['nullable'],
      });
      if (!compiled.ok) throw new Error(compiled.error.message);
      expect(compiled.value.validate({ nullable: 1 }).ok).toBe(true);
      expect(compiled.value.validate({ nullable: null }).ok).toBe(false);
      expect(compiled.value.validate({}).ok).toBe(false);
    });
  }
});

// draft-07 names a plain-name fragment with `$id: "#name"` only (Core §8.3); `$anchor` and `$dynamicAnchor`
// are unknown keywords there, which Ajv's draft-07 engine still indexed.
describe('draft-07: later drafts anchors are annotations', () => {
  const D7 = URIS['draft-07'];
  it('a $ref to #name does not find an $anchor', () => {
    const compiled = compileSchema(
      { $schema: D7, properties: { a: { $ref: '#foo' } }, definitions: { x: { $anchor: 'foo', type: 'string' } } },
      { dialects: ['draft-07'] },
      { toolRoot: false },
    );
    expect(compiled.ok ? 'admitted' : `${compiled.error.class}: ${compiled.error.message}`).toBe(
      'validation: unresolved references: #foo',
    );
  });
  it('a $ref to #name finds the $id that names it', () => {
    const compiled = compileSchema(
      { $schema: D7, properties: { a: { $ref: '#foo' } }, definitions: { x: { $id: '#foo', type: 'string' } } },
      { dialects: ['draft-07'] },
      { toolRoot: false },
    );
    if (!compiled.ok) throw new Error(compiled.error.message);
    expect(compiled.value.validate({ a: 1 }).ok).toBe(false);
    expect(compiled.value.validate({ a: 's' }).ok).toBe(true);
  });
  it.each(['$anchor', '$dynamicAnchor'])('two equal %s values are two annotations', (keyword) => {
    const compiled = compileSchema(
      { $schema: D7, properties: { a: { [keyword]: 'n', type: 'string' }, b: { [keyword]: 'n' } } },
      { dialects: ['draft-07'] },
      { toolRoot: false },
    );
    if (!compiled.ok) throw new Error(compiled.error.message);
    expect(compiled.value.validate({ a: 1 }).ok).toBe(false);
    expect(compiled.value.validate({ a: 's', b: 1 }).ok).toBe(true);
  });
});
