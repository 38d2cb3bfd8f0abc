import { decimalOf, exactDecimal, sameDecimal } from './decimal.js';

/**
 * Whether a JSON number lexeme (RFC 8259 §6) reaches the tool as the number the model wrote: its
 * exact decimal value equals that of the shortest round-trip form of the float64 it parses to (what
 * JSON.stringify writes, and what every comparison in validation stands for). So 0.1, 1e20,
 * 100000000000000000000, 9007199254740992 and 1.50 pass; 9007199254740993, 1.0000000000000000001
 * and 0.3000000000000000444 do not, whatever their spelling. `value` is Number(lexeme), finite.
 *
 * Fast path: a lexeme with at most 15 digits before any exponent (so any of at most 15 characters)
 * whose value is a normal float64 is its float64's shortest form: every such decimal survives the
 * round trip through a float64 unchanged (15 is DBL_DIG, C11 §5.2.4.2.2). The native parser relies
 * on this for lexemes of at most 15 characters without an exponent (their value is 0 or >= 1e-13).
 */
export function isExactNumber(lexeme: string, value: number): boolean {
  if (Math.abs(value) >= MIN_NORMAL && (lexeme.length <= 15 || mantissaDigits(lexeme) <= 15)) return true;
  const shortest = String(value);
  return lexeme === shortest || sameDecimal(decimalOf(lexeme), decimalOf(shortest));
}

/** The smallest normal float64, 2^-1022. */
const MIN_NORMAL = 2.2250738585072014e-308;

/** The digits before any exponent, leading zeros included (so never fewer than the significant ones). */
function mantissaDigits(lexeme: string): number {
  let count = 0;
  for (let k = 0; k < lexeme.length; k++) {
    const c = lexeme.charCodeAt(k);
    if (c >= 0x30 && c <= 0x39) count++;
    else if (c === 0x65 || c === 0x45) break;
  }
  return count;
}

/**
 * Why a lexeme isExactNumber refuses would not reach the tool as written: the number it would be received as
 * (the shortest form, which is what JSON.stringify writes back and every keyword judges), and whether a
 * float64 holds the written value at all. A float64 that holds it exactly (2^60 written out) is still
 * refused: accepting it would validate, and send on, 1152921504606847000 for 1152921504606846976
 * (`multipleOf: 1000` would pass a number that is no multiple of 1000).
 */
export function inexactReason(lexeme: string, value: number): string {
  const shown = lexeme.length > 40 ? `${lexeme.slice(0, 40)}...` : lexeme;
  const held = sameDecimal(decimalOf(lexeme), exactDecimal(value));
  return (
    `number ${shown} would be received as ${value} (` +
    (held
      ? 'a float64 holds it exactly, but is written back and validated in its shortest form'
      : 'no float64 holds it, and the nearest one is written back and validated in its shortest form') +
    ')'
  );
}
