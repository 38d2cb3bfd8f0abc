// `contains` applied once per element (src/schema/engine/contains.ts): Ajv's generated code kept the verdict of
// the previous application, so an empty array passed once an earlier element had matched (Core §10.3.1.3).
// Every case runs in each dialect toolgate enables; 2019-09 and draft-07 roots declare their `$schema`.
import { describe, expect, it } from 'vitest';
import { compileSchema } from '../../src/schema/compile.js';

const N = { type: 'number' };
const C = { contains: N };

/** A schema that applies `contains` more than once per instance, and instances with their verdict by the spec. */
interface Case {
  readonly name: string;
  readonly schema: Record<string, unknown>;
  readonly cases: readonly (readonly [unknown, boolean])[];
  /** Dialects whose keywords the schema uses (all three when absent). */
  readonly dialects?: readonly Dialect[];
}
type Dialect = '2020-12' | '2019-09' | 'draft-07';

const CASES: readonly Case[] = [
  {
    name: 'items of a property',
    schema: { properties: { a: { items: C } } },
    cases: [
      [{ a: [[1], []] }, false],
      [{ a: [[1], ['x']] }, false],
      [{ a: [[1], [2]] }, true],
      [{ a: [[], [1]] }, false],
    ],
  },
  {
    name: 'items at the root',
    schema: { items: C },
    cases: [
      [[[1], []], false],
      [[['x', 1], []], false],
      [[[1], [1]], true],
    ],
  },
  {
    name: 'additionalProperties',
    schema: { additionalProperties: C },
    cases: [
      [{ a: [1], b: [] }, false],
      [{ a: [1], b: [2] }, true],
    ],
  },
  {
    name: 'patternProperties',
    schema: { patternProperties: { '^x': C } },
    cases: [
      [{ x1: [1], x2: [] }, false],
      [{ x1: [1], y: [] }, true],
    ],
  },
  {
    name: 'a referenced definition',
    schema: { definitions: { d: C }, $defs: { d: C }, items: { $ref: '#/$defs/d' } },
    cases: [
      [[[1], []], false],
      [[[1], [2]], true],
    ],
    dialects: ['2020-12', '2019-09'],
  },
  {
    name: 'a referenced definition (draft-07 definitions)',
    schema: { definitions: { d: C }, items: { $ref: '#/definitions/d' } },
    cases: [
      [[[1], []], false],
      [[[1], [2]], true],
    ],
    dialects: ['draft-07'],
  },
  {
    name: 'anyOf inside the loop',
    schema: { items: { anyOf: [C, { type: 'string' }] } },
    cases: [
      [[[1], []], false],
      [[[1], 's'], true],
    ],
  },
  {
    name: 'allOf inside the loop',
    schema: { items: { allOf: [C] } },
    cases: [
      [[[1], []], false],
      [[[1], [1]], true],
    ],
  },
  {
    name: 'not inside the loop',
    schema: { items: { not: C } },
    cases: [
      [[[1], []], false],
      [[[], []], true],
      [[['x'], []], true],
    ],
  },
  {
    name: 'if inside the loop',
    schema: { items: { if: C, then: { minItems: 2 }, else: { maxItems: 0 } } },
    cases: [
      [[[1, 2], ['x']], false],
      [[[1, 2], []], true],
      [[[1, 2], [1]], false],
    ],
  },
  {
    name: 'array-form items of older dialects',
    schema: { items: [C, C] },
    cases: [
      [[[1], []], false],
      [[[1], [1]], true],
    ],
    dialects: ['2019-09', 'draft-07'],
  },
  {
    name: 'prefixItems',
    schema: { prefixItems: [C, C] },
    cases: [
      [[[1], []], false],
      [[[1], [1]], true],
    ],
    dialects: ['2020-12'],
  },
  {
    name: 'minContains 2 per element',
    schema: { items: { contains: N, minContains: 2 } },
    cases: [
      [[[1, 2], []], false],
      [[[1, 2], [3]], false],
      [
        [
          [1, 2],
          [3, 4],
        ],
        true,
      ],
    ],
    dialects: ['2020-12', '2019-09'],
  },
  {
    name: 'maxContains per element',
    schema: { items: { contains: N, maxContains: 1 } },
    cases: [
      [[[1], []], false],
      [[[1], [1, 2]], false],
      [[[1], ['x', 2]], true],
    ],
    dialects: ['2020-12', '2019-09'],
  },
  {
    name: 'minContains 0 with maxContains per element',
    schema: { items: { contains: N, minContains: 0, maxContains: 1 } },
    cases: [
      [[[1, 2], []], false],
      [[[], [1]], true],
      [[[1], [1, 2]], false],
    ],
    dialects: ['2020-12', '2019-09'],
  },
  {
    name: 'per element beside unevaluatedItems (toolgate annotations)',
    schema: { items: { contains: N, unevaluatedItems: { type: 'string' } } },
    cases: [
      [[[1], []], false],
      [[[1, 's'], [2]], true],
      [[[1, null], [2]], false],
    ],
    dialects: ['2020-12'],
  },
  {
    name: 'contains of contains',
    schema: { contains: C },
    cases: [
      [[[], ['x']], false],
      [[['x'], [1]], true],
    ],
  },
];

const URIS: Readonly<Record<Dialect, string | undefined>> = {
  '2020-12': undefined,
  '2019-09': 'https://json-schema.org/draft/2019-09/schema',
  'draft-07': 'http://json-schema.org/draft-07/schema#',
};
const OPTIONS = { dialects: ['2020-12', '2019-09', 'draft-07'] } as const;

describe('contains applied once per element keeps no verdict from the previous element', () => {
  for (const dialect of Object.keys(URIS) as Dialect[]) {
    for (const c of CASES.filter((k) => (k.dialects ?? [dialect]).includes(dialect))) {
      it(`${dialect}: ${c.name}`, () => {
        const uri = URIS[dialect];
        const schema = uri === undefined ? c.schema : { $schema: uri, ...c.schema };
        const compiled = compileSchema(schema, OPTIONS, { toolRoot: false });
        if (!compiled.ok) throw new Error(compiled.error.message);
        for (const [instance, expected] of c.cases)
          expect(compiled.value.validate(instance).ok, JSON.stringify(instance)).toBe(expected);
      });
    }
  }
});
