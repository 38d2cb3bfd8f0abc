// Numbers given on the command line or in a serve config: seconds as timer milliseconds, byte counts, counts.
// Refused when out of range, never clamped: a timeout the user typed is the timeout that runs. A flag's text is
// read in decimal digits only, every flag alike, and a config's member must be a JSON number: Number() read
// `--max-output 0x8` as 8 bytes, and `"maxOutput": "0x10"` as 16 (a hunt's find).
import type { Problem, Result } from '../result.js';
import { quote } from '../util/describe-value.js';
import { MAX_TIMEOUT_MS } from '../tools/deadline.js';
import { inputError } from './io.js';

/** Decimal text: digits with an optional fraction (`30`, `0.5`, `.5`); no sign, exponent, base prefix or space. */
const DECIMAL = /^(?:\d+(?:\.\d*)?|\.\d+)$/;

/** A flag's decimal text, or a config's JSON number, as a positive number. */
function positiveNumber(raw: string | number, what: string): Result<number, Problem> {
  if (typeof raw === 'string' && !DECIMAL.test(raw))
    return inputError(`${what} must be a positive number in decimal digits (as 30 or 0.5), got ${quote(raw, 40)}`);
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) return inputError(`${what} must be a positive number, got ${JSON.stringify(raw)}`);
  return { ok: true, value: n };
}

/** A config member's value as a number: a JSON number, never text (`"10"`) to be read as one. */
export function jsonNumber(value: unknown, what: string): Result<number, Problem> {
  if (typeof value === 'number') return { ok: true, value };
  return inputError(`${what} must be a JSON number (not text), got ${quote(value, 40)}`);
}

/** A flag's count: decimal digits only, from 1 to `most`. */
export function wholeNumber(raw: string, what: string, most: number): Result<number, Problem> {
  const n = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(n >= 1 && n <= most))
    return inputError(`${what} must be a whole number from 1 to ${most}, got ${quote(raw, 40)}`);
  return { ok: true, value: n };
}

/**
 * A timeout in seconds as whole milliseconds a Node timer honours: refused outside 1 ms .. 2^31-1 ms, never clamped.
 */
export function timeoutMs(raw: string | number, what: string): Result<number, Problem> {
  const seconds = positiveNumber(raw, what);
  if (!seconds.ok) return seconds;
  const ms = Math.round(seconds.value * 1000);
  if (ms < 1 || ms > MAX_TIMEOUT_MS)
    return inputError(
      `${what} must be between 0.001 and ${MAX_TIMEOUT_MS / 1000} seconds (1 ms to 2^31-1 ms, the longest a timer ` +
        `can wait), got ${JSON.stringify(raw)}`,
    );
  return { ok: true, value: ms };
}

/**
 * An output cap in whole bytes, at least one: `1.5` is refused, not floored (the library's maxResultBytes refuses it
 * too), so the cap that runs is the cap the user typed.
 */
export function byteCount(raw: string | number, what: string): Result<number, Problem> {
  const n = positiveNumber(raw, what);
  if (!n.ok) return n;
  if (n.value < 1) return inputError(`${what} must be at least 1 byte, got ${JSON.stringify(raw)}`);
  if (!Number.isSafeInteger(n.value))
    return inputError(`${what} must be a whole number of bytes, got ${JSON.stringify(raw)}`);
  return { ok: true, value: n.value };
}
