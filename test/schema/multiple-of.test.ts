// multipleOf (Validation §6.2.1) decided on the decimals the two float64s stand for, checked against
// a plain rational reference: value = A / 10^i and divisor = B / 10^j, so the quotient is an integer
// exactly when B·10^i divides A·10^j.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isMultipleOf } from '../../src/schema/engine/multiple-of.js';

/** A float64's shortest form as a fraction A / 10^i with BigInt, read straight from its text. */
function fraction(x: number): { a: bigint; i: number } {
  const [mantissa = '', exponent = '0'] = String(x).split('e');
  const [int = '', frac = ''] = mantissa.split('.');
  const e = Number(exponent) - frac.length;
  const a = BigInt(int + frac);
  return e >= 0 ? { a: a * 10n ** BigInt(e), i: 0 } : { a, i: -e };
}

function referenceMultiple(value: number, divisor: number): boolean {
  const v = fraction(value);
  const d = fraction(divisor);
  return (v.a * 10n ** BigInt(d.i)) % (d.a * 10n ** BigInt(v.i)) === 0n;
}

// Numbers as tool arguments and schemas write them: small integers, a few decimal places, powers
// of ten, and arbitrary float64s (huge, subnormal, 17 significant digits).
const decimal = fc
  .tuple(fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.integer({ min: 0, max: 8 }))
  .map(([n, places]) => Number(`${n}e-${places}`));
const power = fc.integer({ min: -323, max: 308 }).map((k) => Number(`1e${k}`));
const anyDouble = fc.double({ noNaN: true, noDefaultInfinity: true });
// Up to 17 significant digits and 22 places: the fast path's edge (10^15 after scaling) and past it.
const longDecimal = fc
  .tuple(fc.bigInt({ min: -(10n ** 17n), max: 10n ** 17n }), fc.integer({ min: 0, max: 22 }))
  .map(([n, places]) => Number(`${n}e-${places}`));
const value = fc.oneof(decimal, longDecimal, power, anyDouble, fc.integer());
const divisor = fc.oneof(decimal, power, anyDouble, fc.integer()).filter((d) => d > 0);

describe('isMultipleOf agrees with exact rational arithmetic on the shortest forms', () => {
  it('on random values and divisors', () => {
    fc.assert(
      fc.property(value, divisor, (v, d) => {
        expect(isMultipleOf(v, d)).toBe(referenceMultiple(v, d));
      }),
      { numRuns: 3000 },
    );
  });

  it('on multiples built by decimal multiplication (so many answers are true)', () => {
    fc.assert(
      fc.property(
        decimal.filter((d) => d > 0),
        fc.integer({ min: -100_000, max: 100_000 }),
        (d, k) => {
          const v = Number(`${fraction(d).a * BigInt(k)}e-${fraction(d).i}`);
          expect(isMultipleOf(v, d)).toBe(referenceMultiple(v, d));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it.each([
    [0.3, 0.1, true],
    [4.35, 0.01, true],
    [1e20, 3, false],
    [2 ** 60, 3, false],
    [5e-324, 3, false],
    [1e308, 5e-324, true],
    [0, 5e-324, true],
    [-0, 3, true],
    [-6, 3, true],
    [9007199254740991, 9007199254740991, true],
    [2 ** 53, 2 ** 52, true],
    // Divisors rich in factors 2 or 5 need many factors 10 from a large value's exponent.
    [1e300, 2 ** 50, true],
    [1e300, 5 ** 22, true],
    [3e300, 2 ** 52 * 3, true],
    [1e300, 2 ** 52 * 3, false],
    // Around the float64 fast path's edge (value * 100 near 10^15) and past it.
    [9999999999999.98, 0.01, true],
    [9999999999999.99, 0.01, true],
    [99999999999999.98, 0.01, true],
    [0.30000000000000004, 0.01, false],
    // 17 digits: value * 100 rounds to 14399741474056904, an even number of hundredths it is not.
    [143997414740569.03, 0.02, false],
    [543917524893400.75, 0.02, false],
    [1.0000000000000002, 1e-16, true],
    [1.0000000000000002, 1e-15, false],
    [2 ** 53 + 2, 2, true],
    [2 ** 53 + 2, 3, false],
  ])('%s is a multiple of %s: %s', (v, d, expected) => {
    expect(isMultipleOf(v, d)).toBe(expected);
    expect(referenceMultiple(v, d)).toBe(expected);
  });
});
