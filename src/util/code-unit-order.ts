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

/** Up to this many keys, sortedKeys sorts by insertion. */
const FEW_KEYS = 16;

/**
 * The own enumerable keys of `object` in UTF-16 code unit order (Array.prototype.sort's). A few keys are put in order
 * by insertion, in place: Array.prototype.sort allocates work arrays, about 600 bytes a call, and copying 5,000 tool
 * schemas in this order sorted every object of each (bench/proxy-catalog-start.ts).
 */
export function sortedKeys(object: object): string[] {
  const keys = Object.keys(object);
  if (keys.length > FEW_KEYS) return keys.sort();
  for (let i = 1; i < keys.length; i++) {
    const key = keys[i] as string;
    let j = i - 1;
    for (; j >= 0 && (keys[j] as string) > key; j--) keys[j + 1] = keys[j] as string;
    keys[j + 1] = key;
  }
  return keys;
}
