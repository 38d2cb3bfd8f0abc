import type { Ajv2020 } from 'ajv/dist/2020.js';
import { type Decimal, shortestDecimal } from '../../arguments/decimal.js';

/**
 * Validation §6.2.1: valid when value / multipleOf is an integer, decided exactly on the decimals
 * the two float64s stand for (their shortest forms, arguments/decimal.ts). So 0.3 is a multiple of
 * 0.1 and 4.35 of 0.01, while 1e20, 1e308 and 5e-324 are not multiples of 3; Ajv's float64 division
 * gets each of these wrong. The divisor's decimal is read once, here. The returned check stays in
 * float64 arithmetic wherever that is provably exact (see integerStep and fractionStep) and reads
 * the value's decimal only for the rest: integers beyond 2^53, values of 15 digits or more.
 */
export function divisibleBy(divisor: number): (value: number) => boolean {
  const d = shortestDecimal(divisor);
  const exact = (value: number): boolean => decimalMultiple(shortestDecimal(value), d);
  if (Number.isSafeInteger(divisor)) return integerStep(divisor, exact);
  const b = Number(d.digits);
  // 1e1 ... 1e22 are float64s exactly, and reading the text rounds correctly (no Math.pow doubt).
  const scale = Number(`1e${-d.exponent}`);
  if (d.exponent < 0 && d.exponent >= -22 && Number.isSafeInteger(b)) return fractionStep(b, scale, exact);
  return exact;
}

/**
 * An integer divisor: `%` is exact on safe integers. A float64 that is no integer lies below 2^52,
 * where an integer is its own float64, so its shortest form is no integer either and no integer
 * divides it.
 */
function integerStep(divisor: number, exact: (value: number) => boolean): (value: number) => boolean {
  return (value) => {
    if (Number.isSafeInteger(value)) return value % divisor === 0;
    return Number.isInteger(value) && exact(value);
  };
}

/**
 * A divisor b / scale (scale = 10^k, k <= 22, so exact). If the value's shortest form is N / scale
 * with |N| < 10^15, then value * scale is within 0.23 of N, Math.round finds N, and N / scale (one
 * rounding) gives the value back. Conversely, when N / scale gives the value back, N / scale has at
 * most 15 significant digits and rounds to the value, so it is the value's shortest form (15 is
 * DBL_DIG, C11 §5.2.4.2.2). A value below 10^15 / scale that does not come back has more than k
 * decimal places and is no multiple. Larger values take the exact path.
 */
function fractionStep(b: number, scale: number, exact: (value: number) => boolean): (value: number) => boolean {
  return (value) => {
    const y = value * scale;
    if (!(Math.abs(y) < 999_999_999_999_999)) return exact(value);
    const n = Math.round(y);
    return n / scale === value && n % b === 0;
  };
}

/** Whether `value` is a multiple of `divisor` (Validation §6.2.1), exactly; see divisibleBy. */
export function isMultipleOf(value: number, divisor: number): boolean {
  return divisibleBy(divisor)(value);
}

/** Below this, r * 10 for any r < b is still a safe integer. */
const SMALL_DIVISOR = Math.floor(Number.MAX_SAFE_INTEGER / 10);

/**
 * With value = a·10^p and divisor = b·10^q (a, b without trailing zeros): for p < q the quotient is
 * a / (b·10^(q-p)), never an integer as 10 does not divide a; for p >= q it is an integer exactly
 * when b divides a·10^(p-q). Write b = 2^x·5^y·c with c prime to 10: b divides a·10^s iff c divides
 * a and 2^x·5^y divides a·10^s, which for every s >= max(x, y) holds or fails alike. b < 10^17 < 2^57
 * gives x, y < 57, so s is capped there and the arithmetic stays small even for 1e308 / 5e-324.
 */
function decimalMultiple(v: Decimal, d: Decimal): boolean {
  if (v.digits === '') return true;
  const shift = v.exponent - d.exponent;
  if (shift < 0) return false;
  const s = Math.min(shift, 57);
  const a = Number(v.digits);
  const b = Number(d.digits);
  if (Number.isSafeInteger(a) && Number.isSafeInteger(b) && b <= SMALL_DIVISOR) {
    let r = a % b;
    for (let k = 0; k < s && r !== 0; k++) r = (r * 10) % b;
    return r === 0;
  }
  return (BigInt(v.digits) * 10n ** BigInt(s)) % BigInt(d.digits) === 0n;
}

/** Replaces Ajv's multipleOf with divisibleBy. */
export function installMultipleOf(ajv: Ajv2020): void {
  ajv.removeKeyword('multipleOf');
  ajv.addKeyword({
    keyword: 'multipleOf',
    type: 'number',
    schemaType: 'number',
    errors: true,
    compile(divisor: number) {
      const divides = divisibleBy(divisor);
      const check = (data: number): boolean => {
        if (divides(data)) return true;
        check.errors = [
          { keyword: 'multipleOf', params: { multipleOf: divisor }, message: `must be multiple of ${divisor}` },
        ];
        return false;
      };
      check.errors = null as null | object[];
      return check as never;
    },
  });
}
