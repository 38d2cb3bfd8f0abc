import type { ParsedText, TextLimits } from './json-text.js';

/**
 * The native fast path of validateJSON: V8's JSON.parse, used only for texts a linear pre-scan
 * shows it reads exactly as the strict parser (arguments/json-text.ts) would. JSON.parse silently accepts
 * what the strict parser refuses, so the scan looks for every such thing and, on the least doubt,
 * answers undefined and the strict parser takes the text (it also writes every error message):
 * - a byte order mark at the start;
 * - lone surrogates, raw or escaped: any surrogate code unit or `\uD…` escape sends the text
 *   over (a pair is exact too, but rare enough to leave to the strict parser);
 * - numbers that would not reach the tool as written (arguments/exact-number.ts): any number with
 *   an exponent or longer than 15 characters goes over; shorter ones are finite, nonzero ones are
 *   at least 1e-13, and they have at most 15 significant digits, so each is its float64's shortest
 *   form (the fast path of isExactNumber);
 * - duplicate keys, where JSON.parse keeps the last: the scan counts the members in the text
 *   (each is one `:` outside strings) and the walk of the parsed value counts own keys; JSON.parse
 *   makes one own property per distinct key (`__proto__` included), so equal counts mean none;
 * - nesting: deeper than FAST_DEPTH (or maxArgumentDepth) goes over before anything is built, so
 *   the walk below recurses at most that far.
 * Every other difference is a syntax error, which JSON.parse throws on (RFC 8259 and ECMA-404
 * describe the same grammar, whitespace included).
 */

/** Nesting past which the text goes to the iterative strict parser. */
const FAST_DEPTH = 64;

// Counts of the walk in progress (synchronous, no user code), kept at module level.
let keys = 0;
let values = 0;
let within = true;
let limits: TextLimits;

/** The parsed value when the fast path is exact for `text`; undefined means "use the strict parser". */
export function parseNative(text: string, given: TextLimits): ParsedText | undefined {
  const members = scan(text, Math.min(given.maxArgumentDepth, FAST_DEPTH));
  if (members < 0) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  keys = 0;
  values = 0;
  within = true;
  limits = given;
  count(value);
  if (keys !== members) return undefined;
  return { value, withinLimits: within && values <= given.maxArgumentValues };
}

/** Any surrogate code unit (no `u` flag: the pattern sees code units, paired or not). */
const SURROGATE = /[\uD800-\uDFFF]/;

/**
 * Whether the text holds a `\u` escape of a surrogate (`\uD…`). An escaped backslash followed by
 * `ud` also answers true: that only sends the text over.
 */
function surrogateEscape(text: string): boolean {
  for (let i = text.indexOf('\\u'); i !== -1; i = text.indexOf('\\u', i + 2)) {
    const h = text.charCodeAt(i + 2);
    if (h === 0x64 || h === 0x44) return true;
  }
  return false;
}

/** Members in the text (one `:` each outside strings), or -1 when the text must go to the strict parser. */
function scan(text: string, maxDepth: number): number {
  const n = text.length;
  if (n === 0 || text.charCodeAt(0) === 0xfeff || SURROGATE.test(text) || surrogateEscape(text)) return -1;
  let depth = 0;
  let members = 0;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // Jump over the string with the native search: it ends at a quote after an even run of backslashes.
      let end = text.indexOf('"', i + 1);
      while (end !== -1 && escapedAt(text, end)) end = text.indexOf('"', end + 1);
      if (end === -1) return -1;
      i = end;
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > maxDepth) return -1;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    } else if (c === 0x3a) {
      members++;
    } else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      const start = i;
      while (i + 1 < n) {
        const d = text.charCodeAt(i + 1);
        if ((d >= 0x30 && d <= 0x39) || d === 0x2e || d === 0x2d || d === 0x2b) i++;
        else if (d === 0x65 || d === 0x45) return -1;
        else break;
      }
      if (i + 1 - start > 15) return -1;
    }
  }
  return members;
}

/** Whether the quote at `at` is escaped: preceded by an odd number of backslashes. */
function escapedAt(text: string, at: number): boolean {
  let k = at - 1;
  while (k >= 0 && text.charCodeAt(k) === 0x5c) k--;
  return ((at - 1 - k) & 1) === 1;
}

/** Counts own keys and values of a value JSON.parse built, noting any argument limit passed. */
function count(value: unknown): void {
  values++;
  if (typeof value === 'string') {
    if (value.length > limits.maxStringLength) within = false;
    return;
  }
  if (value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    if (value.length > limits.maxArrayItems) within = false;
    for (let i = 0; i < value.length; i++) count(value[i]);
    return;
  }
  const names = Object.keys(value);
  keys += names.length;
  if (names.length > limits.maxObjectProperties) within = false;
  for (let i = 0; i < names.length; i++) {
    const name = names[i] as string;
    if (name.length > limits.maxStringLength) within = false;
    count((value as Record<string, unknown>)[name]);
  }
}
