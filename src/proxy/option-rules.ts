// The value rules and the reader startProxy's option tables share (options.ts, listen-options.ts,
// upstream-options.ts): one wording per kind of value, and a table's first problem as the error value.
import { fail, type Failure, type GateError } from '../result.js';
import { type OptionRule, readTable, rule } from '../util/option-table.js';

/** A string. */
export const STRING: OptionRule = rule('a string', (v) => typeof v === 'string');
/** An array of strings. */
export const STRINGS: OptionRule = rule(
  'an array of strings',
  (v) => Array.isArray(v) && v.every((s) => typeof s === 'string'),
);
/** A finite number above 0. */
export const POSITIVE: OptionRule = rule(
  'a positive number',
  (v) => typeof v === 'number' && Number.isFinite(v) && v > 0,
);
/** A whole number from `low` to `high`. */
export const WHOLE = (low: number, high: number): OptionRule =>
  rule(
    `a whole number from ${low} to ${high}`,
    (v) => Number.isInteger(v) && (v as number) >= low && (v as number) <= high,
  );

/** An option's problem as the validation failure startProxy returns. */
export const problem = (message: string): Failure<GateError> => fail('validation', message);

/** Reads one options object against its table: its values, or the first problem. */
export function readOptions(source: unknown, table: Parameters<typeof readTable>[1], prefix: string) {
  const r = readTable(source, table, prefix);
  return r.problems.length > 0
    ? fail('validation', r.problems[0] as string, r.violations)
    : { ok: true as const, value: r.values };
}
