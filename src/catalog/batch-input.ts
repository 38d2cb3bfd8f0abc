import { fail, failExecution, ok, type Result } from '../result.js';
import { ownField } from '../util/own-field.js';

/**
 * Most descriptors one admission takes. A batch is compiled and checked synchronously, tool by tool;
 * without a bound, `new Array(1e7)` (or a server listing millions of tools) would hold the event loop
 * for as long as it likes. Real catalogs are in the hundreds.
 */
export const MAX_BATCH_DESCRIPTORS = 10_000;

/** One slot of the caller's array: a value, or why there is none (a hole, an accessor). */
export type BatchSlot =
  | { readonly present: true; readonly value: unknown }
  | { readonly present: false; readonly problem: string };

/**
 * Reads a caller's array exactly once, slot by slot, as own data (own-field.ts): no iterator, getter
 * or Proxy `get` trap runs, and a hole is reported instead of skipped. `forEach` and `map` skip holes,
 * so `[good, ,]` used to admit the good tool silently and `new Array(1e7)` to admit nothing "successfully".
 * Only Array.isArray values are read; a length above MAX_BATCH_DESCRIPTORS is an `execution_failure`
 * naming the limit, checked before any slot is read.
 */
export function readBatch(value: unknown, what: string): Result<readonly BatchSlot[]> {
  let isArray: boolean;
  try {
    isArray = Array.isArray(value);
  } catch {
    // Array.isArray throws on a revoked Proxy.
    isArray = false;
  }
  if (!isArray)
    return fail(
      'validation',
      `${what} expects an array of tool descriptors, got ${value === null ? 'null' : typeof value}`,
    );
  const length = ownField(value, 'length');
  if (length.accessor || typeof length.value !== 'number' || !Number.isInteger(length.value) || length.value < 0) {
    return fail('validation', `${what}: the descriptor array's length cannot be read as plain data`);
  }
  const count = length.value;
  if (count > MAX_BATCH_DESCRIPTORS) {
    return failExecution(
      'limit',
      `${what} takes at most ${MAX_BATCH_DESCRIPTORS} descriptors per batch (MAX_BATCH_DESCRIPTORS), got ${count}`,
      [],
      'MAX_BATCH_DESCRIPTORS',
    );
  }
  const slots: BatchSlot[] = [];
  for (let i = 0; i < count; i++) {
    const f = ownField(value, String(i));
    if (f.accessor)
      slots.push({
        present: false,
        problem: `descriptor #${i} is not a plain data element (a getter or a Proxy trap)`,
      });
    else if (!f.present) slots.push({ present: false, problem: `descriptor #${i} is missing (a hole in the array)` });
    else slots.push({ present: true, value: f.value });
  }
  return ok(slots);
}
