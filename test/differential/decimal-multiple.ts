// Validation §6.2.1 on JSON's data model (Core §4.2.1: a number is a base-10 decimal value). A
// float64 argument stands for the decimal it serialises to (its shortest round-trip text), so
// 0.3 is a multiple of 0.1 and 1e-8 is not a multiple of 1, whatever float64 division rounds to.

interface Decimal {
  readonly digits: bigint;
  readonly exponent: number;
}

/** The shortest round-trip decimal of a finite float64 as digits × 10^exponent. */
export function decimalOf(value: number): Decimal {
  const text = String(value);
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/.exec(text);
  if (m === null) throw new Error(`not a finite number: ${text}`);
  const fraction = m[3] ?? '';
  const digits = BigInt(`${m[1]}${m[2]}${fraction}`);
  return { digits, exponent: Number(m[4] ?? '0') - fraction.length };
}

/** Whether `value / divisor` is an integer, computed exactly on the two decimals. */
export function isDecimalMultiple(value: number, divisor: number): boolean {
  const v = decimalOf(value);
  const d = decimalOf(divisor);
  if (d.digits === 0n) throw new Error('multipleOf must be greater than 0');
  const e = Math.min(v.exponent, d.exponent);
  const scaledValue = v.digits * 10n ** BigInt(v.exponent - e);
  const scaledDivisor = d.digits * 10n ** BigInt(d.exponent - e);
  return scaledValue % scaledDivisor === 0n;
}
