/**
 * The one string order toolgate sorts by: UTF-16 code units, as `<` compares strings and as
 * Array.prototype.sort does without a comparator. Never locale order (localeCompare and Intl.Collator
 * depend on the machine's ICU data and locale), so names, diagnostics and provider tools come out in
 * the same order on every run and machine, and a bundle serializes byte-for-byte the same.
 */

/** Compares two strings by UTF-16 code units: negative, zero or positive, for Array.prototype.sort. */
export function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
