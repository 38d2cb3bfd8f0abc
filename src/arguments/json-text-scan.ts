import { isExactNumber } from './exact-number.js';
import type { TextLimits } from './parsed-text.js';

/**
 * The native path's scan (arguments/json-text-native.ts): one pass over a text that says whether JSON.parse reads
 * it exactly as the strict parser would, counting the argument limits on the way.
 *
 * A key written with an escape cannot be compared as written (`"a"` and `"\u0061"` are one key), and
 * an object with very many keys would cost a comparison per pair; for those texts the scan counts
 * the members instead, and a walk of the parsed value counts own keys: JSON.parse makes one own
 * property per distinct key (`__proto__` included), so equal counts mean no duplicate.
 */

/** Nesting past which the text goes to the iterative strict parser. */
const FAST_DEPTH = 64;
/** Keys of one object compared pairwise; an object with more is checked by counting (see above). */
const PAIRWISE_KEYS = 32;

/** The scan's verdict: STRICT, or a set of the flags below. */
export const STRICT = -1;
/** Every argument limit held. */
export const WITHIN = 1;
/** Duplicates are left to keysMatch. */
export const COUNTED = 2;

const OBJECT = 1;
const ARRAY = 2;

// The scan in progress (synchronous, no user code), kept at module level and reused: per level of
// nesting its kind, its members so far and where its keys start in the key list; the keys of the
// open objects; the numbers to check after parsing (start, end pairs); the members for a counted text.
const kinds = new Uint8Array(FAST_DEPTH + 1);
const members = new Int32Array(FAST_DEPTH + 1);
const keyBase = new Int32Array(FAST_DEPTH + 1);
const keyStarts = new Int32Array(FAST_DEPTH * PAIRWISE_KEYS);
const keyEnds = new Int32Array(FAST_DEPTH * PAIRWISE_KEYS);
const numbers: number[] = [];
let numberCount = 0;
let memberTotal = 0;
// Own keys met by countKeys so far.
let keys = 0;

/** Whether the quote at `at` is escaped: preceded by an odd number of backslashes. */
function escapedAt(text: string, at: number): boolean {
  let k = at - 1;
  while (k >= 0 && text.charCodeAt(k) === 0x5c) k--;
  return ((at - 1 - k) & 1) === 1;
}

/** Length of the string body between `start` and `end` once its escapes are read (the text is JSON there). */
function decodedLength(text: string, start: number, end: number): number {
  let length = end - start;
  for (let k = text.indexOf('\\', start); k !== -1 && k < end; k = text.indexOf('\\', k + 2)) {
    const e = text.charCodeAt(k + 1);
    length -= e === 0x75 ? 5 : 1;
    if (e === 0x75) k += 4;
  }
  return length;
}

/** Counts one more member of the open container at `depth`; returns its count so far. */
function addMember(depth: number): number {
  const count = (members[depth] as number) + 1;
  members[depth] = count;
  return count;
}

/** Whether two spans of the text of one length hold the same characters. */
function sameSpan(text: string, a: number, b: number, length: number): boolean {
  for (let k = 0; k < length; k++) if (text.charCodeAt(a + k) !== text.charCodeAt(b + k)) return false;
  return true;
}

/**
 * count stayed within its limit, with COUNTED when duplicates are left to keysMatch. `escapes` says
 * whether the text holds any backslash: without one, a string ends at the next quote and is
 * exactly as long as written.
 */
export function scan(text: string, limits: TextLimits, escapes: boolean): number {
  const n = text.length;
  const maxDepth = Math.min(limits.maxArgumentDepth, FAST_DEPTH);
  const { maxArgumentValues, maxStringLength, maxObjectProperties, maxArrayItems } = limits;
  let depth = 0;
  let values = 0;
  let within = true;
  let expectKey = false;
  let counted = false;
  let keyTop = 0;
  let compared = 0;
  numberCount = 0;
  memberTotal = 0;
  kinds[0] = 0;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      const start = i + 1;
      let end = text.indexOf('"', start);
      if (escapes) while (end !== -1 && escapedAt(text, end)) end = text.indexOf('"', end + 1);
      if (end === -1) return STRICT;
      let escaped = false;
      if (escapes) {
        const backslash = text.indexOf('\\', start);
        escaped = backslash !== -1 && backslash < end;
      }
      const length = escaped ? decodedLength(text, start, end) : end - start;
      if (length > maxStringLength) within = false;
      if (expectKey) {
        expectKey = false;
        memberTotal++;
        if (addMember(depth) > maxObjectProperties) within = false;
        // Keys compared as written: without escapes, equal text is equal key and different text different.
        const base = keyBase[depth] as number;
        if (escaped || keyTop - base >= PAIRWISE_KEYS || compared > 4 * n) counted = true;
        if (!counted) {
          for (let k = base; k < keyTop; k++) {
            const other = keyStarts[k] as number;
            if ((keyEnds[k] as number) - other !== end - start) continue;
            compared += end - start;
            if (sameSpan(text, other, start, end - start)) return STRICT;
          }
          keyStarts[keyTop] = start;
          keyEnds[keyTop] = end;
          keyTop++;
        }
      } else {
        if (++values > maxArgumentValues) within = false;
        if (kinds[depth] === ARRAY && addMember(depth) > maxArrayItems) within = false;
      }
      i = end;
    } else if (c === 0x7b || c === 0x5b) {
      if (++values > maxArgumentValues) within = false;
      if (kinds[depth] === ARRAY && addMember(depth) > maxArrayItems) within = false;
      if (++depth > maxDepth) return STRICT;
      kinds[depth] = c === 0x7b ? OBJECT : ARRAY;
      members[depth] = 0;
      keyBase[depth] = keyTop;
      expectKey = c === 0x7b;
    } else if (c === 0x7d || c === 0x5d) {
      if (depth === 0) return STRICT;
      keyTop = keyBase[depth] as number;
      depth--;
      expectKey = false;
    } else if (c === 0x2c) {
      expectKey = kinds[depth] === OBJECT;
    } else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      if (++values > maxArgumentValues) within = false;
      if (kinds[depth] === ARRAY && addMember(depth) > maxArrayItems) within = false;
      const start = i;
      let exponent = false;
      while (i + 1 < n) {
        const d = text.charCodeAt(i + 1);
        if ((d >= 0x30 && d <= 0x39) || d === 0x2e || d === 0x2d || d === 0x2b) i++;
        else if (d === 0x65 || d === 0x45) {
          exponent = true;
          i++;
        } else break;
      }
      if (exponent || i + 1 - start > 15) {
        numbers[numberCount++] = start;
        numbers[numberCount++] = i + 1;
      }
    } else if (c === 0x74 || c === 0x66 || c === 0x6e) {
      // true, false, null: JSON.parse checks the spelling.
      if (++values > maxArgumentValues) within = false;
      if (kinds[depth] === ARRAY && addMember(depth) > maxArrayItems) within = false;
      while (i + 1 < n && text.charCodeAt(i + 1) >= 0x61 && text.charCodeAt(i + 1) <= 0x7a) i++;
    }
    // Whitespace and `:` need nothing; any other character is a syntax error JSON.parse throws on.
  }
  return (within ? WITHIN : 0) | (counted ? COUNTED : 0);
}

/** Whether every number the last scan noted (an exponent, or more than 15 characters) is exact (exact-number.ts). */
export function notedNumbersExact(text: string): boolean {
  for (let k = 0; k < numberCount; k += 2) {
    const lexeme = text.slice(numbers[k], numbers[k + 1]);
    const number = Number(lexeme);
    if (!Number.isFinite(number) || !isExactNumber(lexeme, number)) return false;
  }
  return true;
}

/** Whether `value`, JSON.parse's reading of the last scanned text, has one own key per member the scan counted. */
export function keysMatch(value: unknown): boolean {
  keys = 0;
  countKeys(value);
  return keys === memberTotal;
}

/** Adds the own keys of a value JSON.parse built to `keys`; its nesting is bounded by the scan (FAST_DEPTH). */
function countKeys(value: unknown): void {
  if (value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) countKeys(value[i]);
    return;
  }
  // for…in sees own keys only here: checkArgumentsText refuses a process whose prototypes have enumerable members.
  for (const key in value) {
    keys++;
    countKeys((value as Record<string, unknown>)[key]);
  }
}
