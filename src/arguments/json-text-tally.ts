import type { TextLimits } from './parsed-text.js';
import { SURROGATE } from './json-text-surrogates.js';

/**
 * The length tally: a proof, from the value JSON.parse built and the text's length alone, that a text holds no
 * duplicate key and no number the strict parser refuses, so the native path (arguments/json-text-native.ts)
 * skips its scan. One walk of the value adds up the characters its shortest writing takes: two per object or
 * array, a comma between members, each key and string plus its quotes (and the key's colon), the literals, and
 * each number as its plain digits (sign, digits and point, no exponent; `-0` included). A string's shortest
 * writing is JSON.stringify's: each code unit raw but `"`, `\` and the controls, which RFC 8259 §7 requires
 * escaped, as the shortest escape of each (`\"`, `\n`, `\u0001`); a text without a backslash has none of them
 * in its strings, which are then as long as written. The text holds these tokens (its own spelling of each
 * number, and of each string: an escape where a raw character would do is longer), any whitespace, and every
 * member an object lost to a later duplicate, comma included: at least 5 characters (`"":0,`).
 * So when the text is exactly as long as the tally, its extra characters are exactly the ones its number
 * spellings save on the plain digits, and no more than the exponent forms could (`1e3` saves one on `1000`):
 * - at most 4 saved: no room for a lost member, so no duplicate (and no whitespace);
 * - each number's spelling is then at most `saved` longer than its shortest, so when the most digits of a shortest
 *   spelling plus `saved` is at most 15 no spelling has more than 15 digits: exact (arguments/exact-number.ts;
 *   nonzero integers are normal float64s, and a zero spelt with nonzero digits needs at least 6 characters,
 *   `1e-324`). Past 15, or 4 saved, a text with an exponent is left to the scan.
 * A text without exponents saves nothing, whatever its numbers, and a number with a fraction is tallied only
 * there (addFraction). Numbers of 1e15 or more leave the proof to the scan, as does a text of any other
 * length. A surrogate is tallied as one character, as if raw: the native path takes no text with a raw one, so each
 * came from an escape of six, and a text holding one (a lone one the strict parser refuses included) is longer than
 * its tally; a string tallied by JSON.stringify, which writes a lone one escaped, leaves the proof to the scan when it
 * holds one. The same walk counts the argument limits, as the strict parser does.
 */

/** The tally's answer: not proven (the scan decides), or proven with every limit held or with one passed. */
export const UNPROVEN = 0;
export const PROVEN_WITHIN = 1;
export const PROVEN_OVER = 2;

/** Nesting past which the walk gives up (the scan and the strict parser handle deeper texts). */
const FAST_DEPTH = 64;
/** Characters the shortest member an object can lose to a duplicate takes, comma included: `"":0,`. */
const LOST_MEMBER = 5;
/**
 * Numbers with a fraction the tally takes: each costs it a division per fraction digit, more than the scan
 * spends reading the digits (BENCHMARKS.md, number-heavy texts), so a text with more goes to the scan.
 */
const FRACTION_BUDGET = 64;
/** Digits a number's spelling may have and still be exact, whatever they are (DBL_DIG, C11 §5.2.4.2.2). */
const EXACT_DIGITS = 15;

// The walk in progress (synchronous, no user code), kept at module level like the other hot-path checks.
let maxDepth = 0;
let maxString = 0;
let maxProperties = 0;
let maxItems = 0;
let values = 0;
let over = false;
/** Characters of the shortest plain writing so far. */
let chars = 0;
/** Characters the exponent forms could save on the plain digits of the numbers so far. */
let saved = 0;
/** The most digits the shortest spelling of one number has. */
let digits = 0;
/** Numbers with a fraction tallied (their shortest spelling is known only without exponents). */
let fractions = 0;
/** Whether strings are tallied as JSON.stringify writes them (the text has a backslash), not by their length. */
let written = false;

/** Enumerable members on Object.prototype would show in every for…in: then own keys cannot be counted. */
const PROBE: Record<string, unknown> = {};

/**
 * Whether a text, read by JSON.parse as `value`, is proven free of refusals (and in limits); `escaped`: the text
 * holds a backslash (its strings are then tallied as written, escapes included). The text holds no raw surrogate
 * (both callers ask nativeMayRead first): one would be tallied as the one character it is.
 */
export function tallyText(value: unknown, text: string, limits: TextLimits, escaped: boolean): number {
  for (const _ in PROBE) return UNPROVEN;
  written = escaped;
  maxDepth = Math.min(limits.maxArgumentDepth, FAST_DEPTH);
  maxString = limits.maxStringLength;
  maxProperties = limits.maxObjectProperties;
  maxItems = limits.maxArrayItems;
  values = 1;
  over = false;
  chars = 0;
  saved = 0;
  digits = 0;
  fractions = 0;
  if (!member(value, 0) || chars !== text.length) return UNPROVEN;
  if ((fractions > 0 || saved >= LOST_MEMBER || digits + saved > EXACT_DIGITS) && exponentIn(text)) return UNPROVEN;
  return over || values > limits.maxArgumentValues ? PROVEN_OVER : PROVEN_WITHIN;
}

/**
 * Whether the text may hold a number with an exponent: an `e` or `E` after a digit (a string can hold one
 * too). Without one, no spelling is shorter than the plain digits: nothing is saved, and a text as long as the
 * tally is exactly its shortest writing.
 */
function exponentIn(text: string): boolean {
  for (const mark of ['e', 'E']) {
    for (let i = text.indexOf(mark, 1); i !== -1; i = text.indexOf(mark, i + 1)) {
      const c = text.charCodeAt(i - 1);
      if (c >= 0x30 && c <= 0x39) return true;
    }
  }
  return false;
}

/** Decimal digits of a positive integer below 1e15, and how many of them are trailing zeros. */
function addInteger(x: number, sign: number): void {
  let n = 1;
  while (n < 16 && x >= POWERS[n]!) n++;
  let zeros = 0;
  for (let rest = x; rest % 10 === 0; rest /= 10) zeros++;
  // The shortest exponent form: the significant digits, `e`, then the count of zeros (`12e3` for 12000).
  const exponentForm = zeros === 0 ? n : n - zeros + 1 + (zeros < 10 ? 1 : 2);
  const shortest = Math.min(n, exponentForm);
  chars += sign + n;
  saved += n - shortest;
  if (shortest > digits) digits = shortest;
}

/** Tallies a number; false when the proof cannot be made for it. */
function addNumber(x: number): boolean {
  if (x === 0) chars += Object.is(x, -0) ? 2 : 1;
  else if (!(x < 1e15 && x > -1e15)) return false;
  else if (Number.isInteger(x)) addInteger(x < 0 ? -x : x, x < 0 ? 1 : 0);
  else return addFraction(x < 0 ? -x : x, x < 0 ? 1 : 0);
  return true;
}

/**
 * Tallies a positive number with a fraction, below 1e15, by its shortest spelling without an exponent: its
 * integer digits (no decimal that rounds to it has other ones: the integers below 2^53 are float64s, none in
 * its rounding interval), the point, and the fewest fraction digits k of a decimal that rounds to it. Such a
 * decimal c/10^k lies within ulp(x)/2 of x, so c within ulp(x·10^k) of x·10^k, at most 1/8 below 2^50, and the
 * rounded product within 1/16: c can only be that product rounded. A quotient of exact integers is correctly
 * rounded, as JSON.parse is. False when that spelling takes more than 15 digits: the scan decides.
 */
function addFraction(x: number, sign: number): boolean {
  if (fractions === FRACTION_BUDGET) return false;
  const whole = Math.floor(x);
  let n = 1;
  while (n < 16 && whole >= POWERS[n]!) n++;
  for (let k = 1; n + k <= EXACT_DIGITS; k++) {
    const scale = POWERS[k]!;
    if (Math.round(x * scale) / scale === x) {
      chars += sign + n + 1 + k;
      fractions++;
      if (n + k > digits) digits = n + k;
      return true;
    }
  }
  return false;
}

const POWERS = Array.from({ length: 16 }, (_, k) => 10 ** k);

/** What JSON text must escape in a string: `"`, `\\` and the controls (RFC 8259 §7). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the controls are what JSON escapes
const ESCAPED = /["\\\u0000-\u001f]/;

/**
 * Adds a string or key's characters as written, quotes included: in a text with escapes, one with a character to
 * escape as JSON.stringify writes it (each such character escaped the shortest way; measured on a 43 KB result
 * holding JSON text: JSON.stringify's length in 67 us, a loop over the code units in 104 us). False for such a
 * string with a surrogate (see the top).
 */
function addString(s: string): boolean {
  if (s.length > maxString) over = true;
  if (!written || !ESCAPED.test(s)) {
    chars += s.length + 2;
    return true;
  }
  if (SURROGATE.test(s)) return false;
  chars += JSON.stringify(s).length;
  return true;
}

/** Adds one member at nesting `depth` (the root's is 0); false when the proof cannot be made. */
function member(x: unknown, depth: number): boolean {
  if (typeof x === 'string') return addString(x);
  if (typeof x === 'number') return addNumber(x);
  if (typeof x === 'boolean') {
    chars += x ? 4 : 5;
    return true;
  }
  if (x === null) {
    chars += 4;
    return true;
  }
  if (typeof x !== 'object' || depth >= maxDepth) return false;
  let n = 0;
  if (Array.isArray(x)) {
    n = x.length;
    if (n > maxItems) over = true;
    for (let i = 0; i < n; i++) {
      // Numbers first: an array of them stores doubles unboxed, and addNumber takes one without boxing it.
      const item: unknown = x[i];
      if (typeof item === 'number' ? !addNumber(item) : !member(item, depth + 1)) return false;
    }
  } else {
    for (const key in x) {
      n++;
      chars += 1;
      if (!addString(key) || !member((x as Record<string, unknown>)[key], depth + 1)) return false;
    }
    if (n > maxProperties) over = true;
  }
  values += n;
  chars += n === 0 ? 2 : n + 1;
  return true;
}
