// Regression: a number reaches the tool as the model wrote it, and every keyword judges that number
// exactly. validateJSON once refused exact float64s (9007199254740992, 100000000000000000000), read
// 1.0000000000000000001 as 1, and multipleOf divided in float64 (0.3 was no multiple of 0.1, 1e20 one of 3).
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validate, validateSchema } from '../../src/index.js';
import { decimalOf, sameDecimal, shortestDecimal } from '../../src/arguments/decimal.js';
import { isExactNumber } from '../../src/arguments/exact-number.js';
import { parseNative } from '../../src/arguments/json-text-native.js';
import { DEFAULT_LIMITS } from '../../src/util/limits.js';

type Verdict = 'valid' | 'invalid' | 'inexact' | 'overflow' | 'underflow' | 'malformed';
interface Row {
  readonly item: string;
  readonly schema: Record<string, unknown>;
  readonly text: string;
  readonly expect: Verdict;
  readonly why: string;
}
const rows = (JSON.parse(readFileSync(new URL('./exact-numbers.json', import.meta.url), 'utf8')) as { rows: Row[] })
  .rows;

const REFUSAL: Record<Exclude<Verdict, 'valid' | 'invalid'>, RegExp> = {
  inexact: /^arguments are not valid JSON: number \S+ would be received as \S+ \((a|no) float64 holds it/,
  overflow: /^arguments are not valid JSON: number \S+ overflows a float64/,
  underflow: /^arguments are not valid JSON: number \S+ underflows to zero/,
  malformed: /^arguments are not valid JSON: (?!number)/,
};

function verdictOf(row: Row): string {
  const compiled = validateSchema({ type: 'object', properties: { a: row.schema } });
  if (!compiled.ok) return `schema refused: ${compiled.error.message}`;
  const r = compiled.value.validateJSON(`{"a":${row.text}}`);
  if (r.ok) return 'valid';
  if (r.error.class !== 'validation') return `${r.error.class}: ${r.error.message}`;
  const first = r.error.violations[0];
  if (first?.keyword !== 'json') return first?.pointer.startsWith('/a') ? 'invalid' : `elsewhere: ${r.error.message}`;
  for (const [verdict, pattern] of Object.entries(REFUSAL)) if (pattern.test(r.error.message)) return verdict;
  return `unexplained: ${r.error.message}`;
}

describe('exact numbers: validateJSON verdict per fixture row (exact-numbers.json)', () => {
  it.each(rows.map((row) => ({ ...row, name: `${JSON.stringify(row.schema)} on ${row.text.slice(0, 60)}` })))(
    '$item: $name is $expect ($why)',
    (row) => {
      expect(verdictOf(row)).toBe(row.expect);
    },
  );

  it('covers every verdict and every issue item', () => {
    expect(new Set(rows.map((r) => r.expect))).toEqual(
      new Set(['valid', 'invalid', 'inexact', 'overflow', 'underflow', 'malformed']),
    );
    expect(new Set(rows.map((r) => r.item)).size).toBe(3);
  });
});

describe('an inexact number is refused saying what the tool would receive', () => {
  // A float64 that holds the written integer exactly (2^60) is still written back as its shortest form, so
  // the message must not say it "cannot be represented exactly"; it names the number the tool would get.
  it.each([
    [
      '1152921504606846976',
      'number 1152921504606846976 would be received as 1152921504606847000 (a float64 holds it exactly, ' +
        'but is written back and validated in its shortest form)',
    ],
    [
      '12345678901234567891',
      'number 12345678901234567891 would be received as 12345678901234567000 (no float64 holds it, ' +
        'and the nearest one is written back and validated in its shortest form)',
    ],
    [
      `0.1${'0'.repeat(60)}1`,
      `number 0.1${'0'.repeat(37)}... would be received as 0.1 (no float64 holds it, ` +
        'and the nearest one is written back and validated in its shortest form)',
    ],
  ])('%s', (text, message) => {
    const r = validateSchema({ type: 'object' });
    if (!r.ok) throw new Error(r.error.message);
    const verdict = r.value.validateJSON(`{"a":${text}}`);
    expect(verdict.ok ? 'valid' : verdict.error.message).toBe(
      `arguments are not valid JSON: ${message} at line 1 column 6 (offset 5)`,
    );
  });
});

describe('validate on the parsed value judges as validateJSON on the text', () => {
  // Every accepted text is the shortest form of its float64, so the host's own object, built from
  // the same numbers, must get the same verdict: multipleOf and the comparisons use those decimals.
  const accepted = rows.filter((r) => r.expect === 'valid' || r.expect === 'invalid');
  it.each(accepted.map((row) => ({ ...row, name: `${JSON.stringify(row.schema)} on ${row.text.slice(0, 60)}` })))(
    '$name',
    (row) => {
      const r = validate({ type: 'object', properties: { a: row.schema } }, { a: JSON.parse(row.text) as unknown });
      expect(r.ok ? 'valid' : 'invalid').toBe(row.expect);
    },
  );
});

describe('the number rule: the lexeme equals the shortest form of its float64', () => {
  it('accepts every text JSON.stringify writes for a finite float64', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => {
        expect(isExactNumber(JSON.stringify(x), x)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses a lexeme one digit longer than the shortest form, when it parses to the same float64', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer({ min: 1, max: 9 }), (x, d) => {
        const shortest = JSON.stringify(x);
        const [mantissa = '', exponent] = shortest.split('e');
        const point = mantissa.includes('.') ? '' : '.';
        const tail = exponent === undefined ? '' : `e${exponent}`;
        const longer = `${mantissa}${point}${'0'.repeat(17)}${d}${tail}`;
        fc.pre(Number(longer) === x);
        expect(isExactNumber(longer, x)).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });

  it('a lexeme of at most 15 characters without an exponent is its float64 shortest form (native fast path)', () => {
    // The premise of isExactNumber's fast path and of the native parser's number criterion.
    const digits = fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 1, maxLength: 14 });
    const lexeme = fc
      .tuple(fc.boolean(), digits, fc.option(digits, { nil: undefined }))
      .map(([neg, int, frac]) => `${neg ? '-' : ''}${int.replace(/^0+(?=\d)/, '')}${frac ? `.${frac}` : ''}`)
      .filter((t) => t.length <= 15);
    fc.assert(
      fc.property(lexeme, (t) => {
        expect(sameDecimal(decimalOf(t), shortestDecimal(Number(t)))).toBe(true);
      }),
      { numRuns: 5000 },
    );
  });

  it('a lexeme of at most 15 digits with an exponent is its float64 shortest form when that is normal', () => {
    // The premise of isExactNumber's fast path for exponent forms.
    const lexeme = fc
      .tuple(
        fc.bigInt({ min: 1n, max: 10n ** 15n - 1n }),
        fc.integer({ min: 0, max: 14 }),
        fc.integer({ min: -330, max: 310 }),
      )
      .map(([n, point, e]) => {
        const digits = String(n);
        const cut = Math.min(point, digits.length - 1);
        return `${digits.slice(0, digits.length - cut)}${cut > 0 ? `.${digits.slice(digits.length - cut)}` : ''}e${e}`;
      });
    fc.assert(
      fc.property(lexeme, (t) => {
        const x = Number(t);
        fc.pre(Math.abs(x) >= 2 ** -1022 && Number.isFinite(x));
        expect(sameDecimal(decimalOf(t), shortestDecimal(x))).toBe(true);
      }),
      { numRuns: 5000 },
    );
  });

  it('the native path hands every inexact, overflowing or underflowing row to the strict parser', () => {
    for (const row of rows.filter((r) => r.expect === 'inexact' || r.expect.endsWith('flow')))
      expect(parseNative(`{"a":${row.text}}`, DEFAULT_LIMITS), row.text).toBeUndefined();
  });

  it('float64 order is the order of the shortest decimals, so comparisons on accepted numbers are exact', () => {
    // value of a decimal as a fraction n / 10^k with BigInt, compared by cross-multiplication
    const scaled = (x: number, k: number): bigint => {
      const d = shortestDecimal(x);
      const n = d.digits === '' ? 0n : BigInt(d.digits) * (d.negative ? -1n : 1n);
      return n * 10n ** BigInt(d.exponent + k);
    };
    const k = 1100; // every float64 decimal exponent is above -1100
    fc.assert(
      fc.property(
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        (x, y) => {
          const dx = scaled(x, k);
          const dy = scaled(y, k);
          expect(dx < dy).toBe(x < y);
          expect(dx === dy).toBe(x === y);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('decimalOf reads number texts exactly', () => {
  it.each([
    ['0', { negative: false, digits: '', exponent: 0 }],
    ['-0.000e5', { negative: false, digits: '', exponent: 0 }],
    ['1.50', { negative: false, digits: '15', exponent: -1 }],
    ['15e-1', { negative: false, digits: '15', exponent: -1 }],
    ['-1200', { negative: true, digits: '12', exponent: 2 }],
    ['1e+21', { negative: false, digits: '1', exponent: 21 }],
    ['0.00105E3', { negative: false, digits: '105', exponent: -2 }],
    ['5e-324', { negative: false, digits: '5', exponent: -324 }],
  ])('%s', (text, decimal) => {
    expect(decimalOf(text)).toEqual(decimal);
  });
});

describe('contentSchema documents follow the same number rule', () => {
  const doc = (contentSchema: object) => ({
    properties: { doc: { contentMediaType: 'application/json', contentSchema } },
  });
  it.each([
    {
      name: 'read as 1 it passed maximum 1',
      schema: { properties: { n: { maximum: 1 } } },
      text: '{"n":1.0000000000000000001}',
      ok: false,
    },
    { name: '1.0 is 1', schema: { properties: { n: { maximum: 1 } } }, text: '{"n":1.0}', ok: true },
    {
      name: 'exponent form of 1',
      schema: { properties: { n: { maximum: 1 } } },
      text: '{"n":100000000000000000000e-20}',
      ok: true,
    },
    { name: '2^53 is exact, not refused', schema: { const: { n: 2 ** 53 } }, text: '{"n":9007199254740992}', ok: true },
    { name: '2^53 + 1 is refused', schema: {}, text: '{"n":9007199254740993}', ok: false },
    { name: 'multipleOf 0.1 on 0.3', schema: { properties: { n: { multipleOf: 0.1 } } }, text: '{"n":0.3}', ok: true },
  ])('$name', ({ schema, text, ok }) => {
    expect(validate(doc(schema), { doc: text }, { contentAssertion: true }).ok).toBe(ok);
  });
});
