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

/**
 * The exact decimal value of a float64 (IEEE 754 binary64: ±m·2^e, so ±m·5^-e·10^e when e < 0), all of
 * its up to 767 significant digits. Used only to word a refusal, so its BigInt cost is paid once per call.
 */
export function exactDecimal(x: number): Decimal {
  if (x === 0) return ZERO;
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const bits = view.getBigUint64(0);
  const biased = Number((bits >> 52n) & 0x7ffn);
  const fraction = bits & 0xfffffffffffffn;
  const mantissa = biased === 0 ? fraction : fraction | 0x10000000000000n;
  const e = (biased === 0 ? 1 : biased) - 1075;
  const scaled = e >= 0 ? mantissa << BigInt(e) : mantissa * 5n ** BigInt(-e);
  const all = scaled.toString();
  let last = all.length;
  while (all.charCodeAt(last - 1) === 0x30) last--;
  return { negative: x < 0, digits: all.slice(0, last), exponent: Math.min(e, 0) + (all.length - last) };
}
