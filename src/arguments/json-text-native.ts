import { NO_TEXT_LIMITS, type ParsedText, type TextLimits } from './parsed-text.js';
import { SURROGATE, surrogateEscape, wellFormed } from './json-text-surrogates.js';
import { PROVEN_WITHIN, tallyText, UNPROVEN } from './json-text-tally.js';
import { COUNTED, keysMatch, notedNumbersExact, scan, STRICT, WITHIN } from './json-text-scan.js';

/**
 * The native fast path of validateJSON: V8's JSON.parse, used only for texts a linear pre-scan
 * shows it reads exactly as the strict parser (arguments/json-text-strict.ts) would. JSON.parse silently accepts
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
  if (!notedNumbersExact(text)) return undefined;
  if ((verdict & COUNTED) !== 0 && !keysMatch(value)) return undefined;
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
