// Host code may admit a schema while an argument validation runs (a getter of the argument object calling
// validateSchema). Admission's own runs of generated code (the meta-schema checks, the warm-up of a new validator)
// must neither spend that validation's steps nor number items in its uniqueItems table: two reviews found the
// meta-schema check's uniqueItems, then the warm-up, charging the outer call (maxValidationSteps where it passed).
import { describe, expect, it } from 'vitest';
import { validateSchema } from '../../src/schema/compile.js';

const names = Array.from({ length: 50_000 }, (_, i) => `t${i}`);
const DRAFT_07 = { dialects: ['2020-12', 'draft-07'] } as const;
let serial = 0;

describe('admission inside a validation spends none of its steps', () => {
  it.each([
    {
      what: "the 2020-12 meta-schema check's uniqueItems",
      admit: (n: number) => validateSchema({ description: `${n}`, properties: { b: { type: names } } }),
      inner: 'validation',
    },
    {
      what: "draft-07's meta-schema check",
      admit: (n: number) =>
        validateSchema(
          { $schema: 'http://json-schema.org/draft-07/schema#', description: `${n}`, type: names },
          DRAFT_07,
        ),
      inner: 'validation',
    },
    // At the root, so that the warm-up's run on null applies them.
    {
      what: "a new validator's warm-up (an enum of 50,000 strings)",
      admit: (n: number) => validateSchema({ description: `${n}`, type: 'object', enum: names }),
      inner: 'ok',
    },
    {
      what: 'the warm-up of 250 not/const branches',
      admit: () =>
        validateSchema({
          type: 'object',
          allOf: Array.from({ length: 250 }, (_, i) => ({ not: { const: i } })),
        }),
      inner: 'ok',
    },
  ])('$what', ({ admit, inner }) => {
    const outer = validateSchema({ properties: { a: { type: 'array' } } }, { limits: { maxValidationSteps: 20_000 } });
    if (!outer.ok) throw new Error(outer.error.message);
    const said: string[] = [];
    const args = {};
    Object.defineProperty(args, 'a', {
      enumerable: true,
      get() {
        // Each schema new (the compile cache would answer a second admission without a warm-up).
        for (let i = 0; i < 3; i++) {
          const r = admit(serial++);
          said.push(r.ok ? 'ok' : r.error.class);
        }
        return [];
      },
    });
    const r = outer.value.validate(args);
    // The getter runs at each read of the arguments (their check, then the validation): every admission alike.
    expect(said.length).toBeGreaterThanOrEqual(3);
    expect([[...new Set(said)], r.ok ? 'ok' : r.error.message]).toEqual([[inner], 'ok']);
  });
});
