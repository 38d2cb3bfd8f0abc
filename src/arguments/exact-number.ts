/**
 * Whether a JSON number lexeme (RFC 8259 §6) denotes exactly the float64 it parses to, for magnitudes
 * at or beyond 2^53. Below that, decimal fractions round as every JSON parser rounds them; above it
 * every float64 is an integer, so a lexeme whose decimal value differs (9007199254740993,
 * 9007199254740993.0, 12345678901234567890.5, 1e300) would reach the tool as another number.
 */
export function isExactLargeNumber(lexeme: string, value: number): boolean {
  if (Math.abs(value) < 2 ** 53) return true;
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(lexeme);
  if (m === null) return false;
  const [, sign = '', int = '', frac = '', exp = '0'] = m;
  const digits = BigInt(int + frac);
  const exp10 = Number(exp) - frac.length;
  let decimal: bigint;
  if (exp10 >= 0) {
    // A float64 is below 1.8e308, so an exponent this large can only be an overflow already refused.
    if (exp10 > 400) return false;
    decimal = digits * 10n ** BigInt(exp10);
  } else {
    if (-exp10 > 400) return false;
    const scale = 10n ** BigInt(-exp10);
    if (digits % scale !== 0n) return false;
    decimal = digits / scale;
  }
  return (sign === '-' ? -decimal : decimal) === BigInt(value);
}
