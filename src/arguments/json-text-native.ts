import { isExactNumber } from './exact-number.js';
import { NO_TEXT_LIMITS, type ParsedText, type TextLimits } from './parsed-text.js';
import { SURROGATE, surrogateEscape, wellFormed } from './json-text-surrogates.js';
import { PROVEN_WITHIN, tallyText, UNPROVEN } from './json-text-tally.js';

/**
 * The native fast path of validateJSON: V8's JSON.parse, used only for texts a linear pre-scan
 * shows it reads exactly as the strict parser (arguments/json-text.ts) would. JSON.parse silently accepts
 * what the strict parser refuses, so the scan looks for every such thing and, on the least doubt,
 * answers undefined and the strict parser takes the text (it also writes every error message):
 * - a byte order mark at the start;
 * - lone surrogates: any raw surrogate code unit sends the text over (a raw pair is exact too, but rare
 *   enough to leave to the strict parser); with a `\uD…` escape, every parsed string and key must be well
 *   formed (arguments/json-text-surrogates.ts);
 * - numbers that would not reach the tool as written (arguments/exact-number.ts): a number of at
 *   most 15 characters without an exponent is finite, nonzero ones are at least 1e-13, and it has at
 *   most 15 significant digits, so it is its float64's shortest form (the fast path of
 *   isExactNumber); every other number is noted and checked with isExactNumber once JSON.parse has
 *   read the text, and a text with one that fails goes over;
 * - duplicate keys, where JSON.parse keeps the last: each key is compared, as written, with the
 *   keys before it in its object, and a duplicate sends the text over;
 * - nesting: deeper than FAST_DEPTH (or maxArgumentDepth) goes over before anything is built.
 * The same pass counts the argument limits (values, string and key lengths, members), as the strict
 * parser does while it builds, so the parsed value is never walked again. Every other difference
 * is a syntax error, which JSON.parse throws on (RFC 8259 and ECMA-404 describe the same grammar,
 * whitespace included). String bodies are jumped over with the native indexOf, never read in a loop.
 *
 * A key written with an escape cannot be compared as written (`"a"` and `"\u0061"` are one key), and
 * an object with very many keys would cost a comparison per pair; for those texts the scan counts
 * the members instead, and a walk of the parsed value counts own keys: JSON.parse makes one own
 * property per distinct key (`__proto__` included), so equal counts mean no duplicate.
 *
 * Most texts need no scan at all: a text whose length matches the length tally of its parsed value
 * (arguments/json-text-tally.ts: its strings as JSON.stringify writes them) cannot hold a duplicate or an inexact
 * number, and the tally's walk counts the limits. Only a text of at most TALLY_TEXT characters is parsed before
 * its nesting is known.
 */

/**
 * Longest text parsed before the scan has bounded its nesting: JSON.parse spends several times longer per
 * character on deep nesting than on flat data (about 10 ms for 64 KiB nested as deep as it goes, measured on
 * the machine of BENCHMARKS.md), within the 50 ms promise of docs/limits.md for arguments of up to 64 KB.
 */
const TALLY_TEXT = 65_536;

/** Nesting past which the text goes to the iterative strict parser. */
const FAST_DEPTH = 64;
/** Keys of one object compared pairwise; an object with more is checked by counting (see above). */
const PAIRWISE_KEYS = 32;

/** The scan's verdict: STRICT, or a set of the flags below. */
const STRICT = -1;
/** Every argument limit held. */
const WITHIN = 1;
/** Duplicates are left to countKeys. */
const COUNTED = 2;

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

/** Marks a value JSON.parse has not read yet (no JSON value is a symbol). */
const UNREAD: unknown = Symbol('unread');

/** The parsed value when the fast path is exact for `text`; undefined means "use the strict parser". */
export function parseNative(text: string, given: TextLimits): ParsedText | undefined {
  if (!nativeMayRead(text)) return undefined;
  const slash = text.indexOf('\\');
  const escapes = slash !== -1;
  let value: unknown = UNREAD;
  if (tallyTakes(text) && (!escapes || writersEscape(text.charCodeAt(slash + 1)))) {
    try {
      value = JSON.parse(text);
    } catch {
      return undefined;
    }
    const proof = tallyText(value, text, given, escapes);
    if (proof !== UNPROVEN) return { value, withinLimits: proof === PROVEN_WITHIN };
  }
  const surrogates = escapes && surrogateEscape(text);
  const verdict = scan(text, given, escapes);
  if (verdict === STRICT) return undefined;
  if (value === UNREAD) {
    try {
      value = JSON.parse(text);
    } catch {
      return undefined;
    }
  }
  for (let k = 0; k < numberCount; k += 2) {
    const lexeme = text.slice(numbers[k], numbers[k + 1]);
    const number = Number(lexeme);
    if (!Number.isFinite(number) || !isExactNumber(lexeme, number)) return undefined;
  }
  if ((verdict & COUNTED) !== 0) {
    keys = 0;
    countKeys(value);
    if (keys !== memberTotal) return undefined;
  }
  if (surrogates && !wellFormed(value)) return undefined;
  return { value, withinLimits: (verdict & WITHIN) !== 0 };
}

/**
 * Whether `value`, JSON.parse's reading of `text` (the caller parsed it already), is proven exact by the tally alone:
 * no duplicate key, no inexact number, no lone surrogate. False means not proven (the caller parses strictly), never
 * that the text holds one: the same conditions as parseNative's first path, without a second JSON.parse.
 */
export function provenByTally(value: unknown, text: string): boolean {
  if (!nativeMayRead(text) || !tallyTakes(text)) return false;
  return tallyText(value, text, NO_TEXT_LIMITS, text.indexOf('\\') !== -1) !== UNPROVEN;
}

/** Whether JSON.parse may read `text` for either path: not empty, no byte order mark, no raw surrogate. */
function nativeMayRead(text: string): boolean {
  return text.length !== 0 && text.charCodeAt(0) !== 0xfeff && !SURROGATE.test(text);
}

/**
 * Whether the escape whose letter is `c` is one JSON.stringify writes for the character it stands for (`\"`, `\\`,
 * `\n`, ...). A text whose first escape is another (`\/`, `\u00e9`: PHP's and Python's defaults) is longer than its
 * tally, which parsing it first to try would cost in vain (a review: +40% on small texts); the scan reads it. A
 * later escape of another kind only costs the tally's walk.
 */
function writersEscape(c: number): boolean {
  return c === 0x22 || c === 0x5c || c === 0x6e || c === 0x74 || c === 0x72 || c === 0x62 || c === 0x66;
}

/** Whether the tally may be tried on a text: short enough to parse first, and not spaced. */
function tallyTakes(text: string): boolean {
  return text.length <= TALLY_TEXT && !spacedColon(text);
}

/**
 * Whether the first name's colon (or a string that starts with one) is followed by a space: pretty-printed
 * text, or Python's default separators. Such a text is longer than its tally, whose walk would be wasted; it
 * goes to the scan. Only the first is looked at: searching the whole text costs a tenth of JSON.parse.
 */
function spacedColon(text: string): boolean {
  const colon = text.indexOf('":');
  return colon !== -1 && text.charCodeAt(colon + 2) === 0x20;
}

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
 * One pass over the text: STRICT when the text must go to the strict parser, else WITHIN when every
 * count stayed within its limit, with COUNTED when duplicates are left to countKeys. `escapes` says
 * whether the text holds any backslash: without one, a string ends at the next quote and is
 * exactly as long as written.
 */
function scan(text: string, limits: TextLimits, escapes: boolean): number {
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

// Own keys met by countKeys so far.
let keys = 0;

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
