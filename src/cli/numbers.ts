// Numbers given on the command line or in a serve config: seconds as timer milliseconds, byte counts. Refused
// when out of range, never clamped: a timeout the user typed is the timeout that runs.
import type { Problem, Result } from '../result.js';
import { MAX_TIMEOUT_MS } from '../tools/deadline.js';
import { inputError } from './io.js';

function positiveNumber(raw: unknown, what: string): Result<number, Problem> {
  const n = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
  if (typeof n !== 'number' || !Number.isFinite(n) || n <= 0)
    return inputError(`${what} must be a positive number, got ${JSON.stringify(raw)}`);
  return { ok: true, value: n };
}

/**
 * A timeout in seconds as whole milliseconds a Node timer honours: refused outside 1 ms .. 2^31-1 ms, never clamped.
 */
export function timeoutMs(raw: unknown, what: string): Result<number, Problem> {
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
export function byteCount(raw: unknown, what: string): Result<number, Problem> {
  const n = positiveNumber(raw, what);
  if (!n.ok) return n;
  if (n.value < 1) return inputError(`${what} must be at least 1 byte, got ${JSON.stringify(raw)}`);
  if (!Number.isSafeInteger(n.value))
    return inputError(`${what} must be a whole number of bytes, got ${JSON.stringify(raw)}`);
  return { ok: true, value: n.value };
}
