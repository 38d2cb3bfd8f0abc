/**
 * The exact decimal value of a number's text: a JSON number lexeme (RFC 8259 §6) or what
 * `String(x)` writes for a float64 (`1e+21`, `5e-324`, `0.001`). The value is
 * (negative ? -1 : 1) · digits · 10^exponent, with `digits` free of leading and trailing zeros,
 * so two texts denote the same number exactly when their decimals are equal field by field.
 * Zero (and -0) is `digits: ''`, `exponent: 0`, `negative: false`.
 */
export interface Decimal {
  readonly negative: boolean;
  readonly digits: string;
  readonly exponent: number;
}

const ZERO: Decimal = { negative: false, digits: '', exponent: 0 };

function digitRunEnd(text: string, from: number): number {
  let k = from;
  for (let c = text.charCodeAt(k); c >= 0x30 && c <= 0x39; c = text.charCodeAt(++k));
  return k;
}

/**
 * The decimal of a number text already known to be well formed (the strict parser's lexeme, or
 * String of a finite number). An exponent too large for a finite float64 cannot come with a finite
 * value, so reading it with Number is exact wherever it matters.
 */
export function decimalOf(text: string): Decimal {
  const negative = text.charCodeAt(0) === 0x2d;
  const intStart = negative ? 1 : 0;
  const intEnd = digitRunEnd(text, intStart);
  let fracEnd = intEnd;
  if (text.charCodeAt(intEnd) === 0x2e) fracEnd = digitRunEnd(text, intEnd + 1);
  const fracStart = fracEnd === intEnd ? intEnd : intEnd + 1;
  const exp = fracEnd < text.length ? Number(text.slice(fracEnd + 1)) : 0;
  const all =
    fracStart === fracEnd
      ? text.slice(intStart, intEnd)
      : text.slice(intStart, intEnd) + text.slice(fracStart, fracEnd);
  let first = 0;
  while (all.charCodeAt(first) === 0x30) first++;
  if (first === all.length) return ZERO;
  let last = all.length;
  while (all.charCodeAt(last - 1) === 0x30) last--;
  return { negative, digits: all.slice(first, last), exponent: exp - (fracEnd - fracStart) + (all.length - last) };
}

/**
 * The decimal a float64 stands for: its shortest round-trip form (ECMA-262 Number::toString, what
 * JSON.stringify writes). Distinct float64s have distinct shortest forms, in the same order, so
 * comparing float64s is comparing these decimals exactly.
 */
export function shortestDecimal(x: number): Decimal {
  return decimalOf(String(x));
}

/** Whether two decimals are the same number. */
export function sameDecimal(a: Decimal, b: Decimal): boolean {
  return a.digits === b.digits && a.exponent === b.exponent && a.negative === b.negative;
}
