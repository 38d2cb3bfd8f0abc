// For each keyword toolgate replaces or refuses because raw Ajv gets it wrong (docs/architecture.md, "Ajv patch
// points"): a concrete case on which the pinned Ajv is still wrong. When a new Ajv gets the case right, the test
// fails and says which replacement may be dropped (after the official suite agrees).
import { Ajv } from 'ajv';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';

type Engine = 'draft-07' | '2019-09' | '2020-12';
/** What raw Ajv answers: a verdict, or a throw at compile time or on the first call. */
type Outcome = 'valid' | 'invalid' | 'throws';

interface Case {
  readonly keyword: string;
  /** toolgate's replacement (or refusal), which a right Ajv would make unneeded. */
  readonly file: string;
  readonly engine: Engine;
  readonly schema: object;
  readonly data: unknown;
  /** The verdict the specification gives. */
  readonly right: 'valid' | 'invalid';
  /** Ajv's option `unevaluated` as toolgate's engines run it (ajv-2020.ts turns it off). */
  readonly tracking?: boolean;
}

function outcome(c: Case): Outcome {
  const options = { strict: false, allErrors: true, logger: false } as const;
  const ajv =
    c.engine === 'draft-07' ? new Ajv(options) : c.engine === '2019-09' ? new Ajv2019(options) : new Ajv2020(options);
  if (c.tracking === false) ajv.opts.unevaluated = false;
  (addFormats as unknown as (a: object, o: object) => void)(ajv, { mode: 'full' });
  try {
    const result: unknown = ajv.compile(c.schema)(c.data);
    // An `$async` validator answers a promise, which is no verdict.
    return result === true ? 'valid' : 'invalid';
  } catch {
    return 'throws';
  }
}

// `{"valueOf": 1}` as an argument: an own member named like an Object.prototype method.
const VALUE_OF = JSON.parse('{"valueOf": 1}') as unknown;

const CASES: readonly Case[] = [
  {
    keyword: 'not',
    file: 'src/schema/engine/not-if.ts',
    engine: '2020-12',
    schema: { not: { required: [''] } },
    data: {},
    right: 'valid',
  },
  {
    keyword: 'if',
    file: 'src/schema/engine/not-if.ts',
    engine: '2020-12',
    schema: { if: { required: [''] }, then: false },
    data: {},
    right: 'valid',
  },
  {
    keyword: 'const',
    file: 'src/schema/engine/const-enum.ts',
    engine: '2020-12',
    schema: { const: { valueOf: 1 } },
    data: VALUE_OF,
    right: 'valid',
  },
  {
    keyword: 'enum',
    file: 'src/schema/engine/const-enum.ts',
    engine: '2020-12',
    schema: { enum: [{ valueOf: 1 }] },
    data: VALUE_OF,
    right: 'valid',
  },
  {
    keyword: 'uniqueItems',
    file: 'src/schema/engine/unique-items.ts',
    engine: '2020-12',
    schema: { uniqueItems: true },
    data: [VALUE_OF, JSON.parse('{"valueOf": 1}')],
    right: 'invalid',
  },
  {
    keyword: 'multipleOf',
    file: 'src/schema/engine/multiple-of.ts',
    engine: '2020-12',
    schema: { multipleOf: 0.1 },
    data: 0.3,
    right: 'valid',
  },
  {
    keyword: 'contains',
    file: 'src/schema/engine/contains.ts',
    engine: '2020-12',
    schema: { items: { contains: { const: 1 } } },
    data: [[1], []],
    right: 'invalid',
  },
  {
    keyword: 'unevaluatedItems',
    file: 'src/schema/engine/unevaluated.ts',
    engine: '2020-12',
    schema: { if: { prefixItems: [true] }, unevaluatedItems: false },
    data: [1],
    right: 'valid',
  },
  {
    keyword: 'unevaluatedProperties (2019-09)',
    file: 'src/schema/legacy-engine-gaps.ts',
    engine: '2019-09',
    schema: { if: { properties: { a: true } }, unevaluatedProperties: false },
    data: { a: 1 },
    right: 'valid',
  },
  {
    keyword: '$ref siblings (draft-07)',
    file: 'src/schema/legacy-engine-gaps.ts',
    engine: 'draft-07',
    schema: { $ref: '#/definitions/a', definitions: { a: true }, type: 'string' },
    data: 5,
    right: 'valid',
  },
  {
    keyword: 'nullable',
    file: 'src/schema/ajv-only.ts',
    engine: '2020-12',
    schema: { type: 'string', nullable: true },
    data: null,
    right: 'invalid',
  },
  {
    keyword: '$async',
    file: 'src/schema/ajv-only.ts',
    engine: '2020-12',
    schema: { $async: true, type: 'string' },
    data: 'x',
    right: 'valid',
  },
  {
    keyword: '$anchor (draft-07)',
    file: 'src/schema/ajv-only.ts',
    engine: 'draft-07',
    schema: { definitions: { a: { $anchor: 'x', type: 'string' } }, $ref: '#x' },
    data: 5,
    // draft-07 has no `$anchor`: `#x` names nothing, so the schema cannot compile (never a verdict on 5).
    right: 'valid',
  },
];

/** Formats toolgate checks itself (src/formats/own.ts): a value on which ajv-formats is wrong, from the suite. */
const FORMATS: readonly (readonly [format: string, data: string, right: 'valid' | 'invalid'])[] = [
  ['time', '12:00:00+0100', 'invalid'],
  ['date-time', '1985-04-12T23:20:50+01', 'invalid'],
  ['duration', 'P1Y2D', 'invalid'],
  ['uri', 'http://example.com:abc/path', 'invalid'],
  ['uri-reference', '/a"b', 'invalid'],
  ['uri-template', '{a.b}', 'valid'],
  ['hostname', 'example.', 'invalid'],
  ['email', '"joe bloggs"@example.com', 'valid'],
  ['uuid', 'urn:uuid:2eb8aa08-aa98-11ea-b4aa-73b441d16380', 'invalid'],
];

/** Formats ajv-formats lacks, which toolgate checks itself. */
const LACKED = ['iri', 'iri-reference', 'idn-hostname', 'idn-email'];

/** The deepest nesting of blocks in a function's source (the messages in Ajv's code hold no braces). */
function nesting(code: string): number {
  let depth = 0;
  let max = 0;
  for (const ch of code) {
    if (ch === '{') max = Math.max(max, ++depth);
    else if (ch === '}') depth--;
  }
  return max;
}

describe('replaced keywords: raw Ajv is still wrong', () => {
  // Ajv nests one block per branch: 2,000 branches overflow V8's parser on the first call (flat-unions.ts).
  it.each([
    ['oneOf', true],
    ['anyOf', false],
  ] as const)('%s (tracking %s): src/schema/engine/flat-unions.ts', (keyword, tracking) => {
    const ajv = new Ajv2020({ strict: false, allErrors: true, logger: false });
    ajv.opts.unevaluated = tracking;
    const code = String(ajv.compile({ [keyword]: Array.from({ length: 50 }, (_, i) => ({ const: i })) }));
    expect(
      nesting(code),
      `raw Ajv now gets ${keyword} right: toolgate's replacement src/schema/engine/flat-unions.ts may be dropped`,
    ).toBeGreaterThan(50);
  });

  it.each(CASES)('$keyword ($engine): $file', (c) => {
    const got = outcome(c);
    expect(got, `raw Ajv now gets ${c.keyword} right: toolgate's replacement ${c.file} may be dropped`).not.toBe(
      c.right,
    );
  });

  it.each(FORMATS)('format %s (%s): src/formats/own.ts', (format, data, right) => {
    const got = outcome({ keyword: format, file: '', engine: '2020-12', schema: { format }, data, right });
    expect(
      got,
      `raw Ajv now gets format "${format}" right: toolgate's replacement src/formats/own.ts may be dropped`,
    ).toBe(right === 'valid' ? 'invalid' : 'valid');
  });

  it.each(LACKED)('format %s: ajv-formats still lacks it (src/formats/own.ts)', async (format) => {
    const { fullFormats } = (await import('ajv-formats/dist/formats.js')) as { fullFormats: Record<string, unknown> };
    expect(fullFormats[format], `ajv-formats now has "${format}": compare it with src/formats/own.ts`).toBeUndefined();
  });
});
