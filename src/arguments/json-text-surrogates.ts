/**
 * Lone surrogates on the native path (arguments/json-text-native.ts). The strict parser refuses a string with
 * an unpaired surrogate, raw or escaped (RFC 8259 §8.2: such text is not interoperable); JSON.parse keeps it.
 * A text with no raw surrogate (the native path sends any raw one over) gets every surrogate of its strings
 * from a `\u` escape, and two code units are neighbours in a parsed string exactly when their escapes are
 * neighbours in the text. So a high escape followed by a low one, all the strict parser accepts, is what a
 * well-formed parsed string holds: the value JSON.parse built answers for the text.
 */

/** Any surrogate code unit (no `u` flag: the pattern sees code units, paired or not). */
export const SURROGATE = /[\uD800-\uDFFF]/;

/**
 * Whether the text holds a `\u` escape of a surrogate (`\uD…`). An escaped backslash followed by
 * `ud` also answers true: that only costs a walk of the value.
 */
export function surrogateEscape(text: string): boolean {
  for (let i = text.indexOf('\\u'); i !== -1; i = text.indexOf('\\u', i + 2)) {
    const h = text.charCodeAt(i + 2);
    if (h === 0x64 || h === 0x44) return true;
  }
  return false;
}

/** String.prototype.isWellFormed (ES2024, in every Node this package supports): no unpaired surrogate. */
const wellFormedString = (s: string): boolean => (s as unknown as { isWellFormed(): boolean }).isWellFormed();

/** Whether every string and key of a value JSON.parse built is well formed; its nesting is bounded by the scan. */
export function wellFormed(value: unknown): boolean {
  if (typeof value === 'string') return wellFormedString(value);
  if (value === null || typeof value !== 'object') return true;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (!wellFormed(value[i])) return false;
    return true;
  }
  for (const key in value)
    if (!wellFormedString(key) || !wellFormed((value as Record<string, unknown>)[key])) return false;
  return true;
}
