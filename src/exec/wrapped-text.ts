// Text a program wrapped onto lines, read as one: base64 is written at 76 columns by GNU base64, openssl and MIME
// (RFC 2045 §6.8), and hex at 60 by `xxd -p`, so a secret's encoded form may hold a line break anywhere in it. The
// masker (mask-secrets.ts) looks for those forms in the text with such breaks taken out as well, and masks what it
// finds there in the text as given, the breaks inside included.

/** The ASCII characters of base64, base64url and hex (the encodings that are wrapped), as a table by code. */
const ENCODED = new Uint8Array(128);
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=-_') ENCODED[c.charCodeAt(0)] = 1;

/** Whether a UTF-16 unit is a character of base64, base64url or hex. */
const encodedChar = (code: number): boolean => code < 128 && ENCODED[code] === 1;

/**
 * Encoded characters a line must end with for its break to be read as a wrap: wrapped data fills its lines (60 or
 * 76 characters), where prose ends a line with a word or a number, so most text has no such break and costs a scan.
 */
export const WRAPPED_LINE = 16;

/** `text` read as one line: its text with the wraps taken out, and where each of its characters stands in `text`. */
export interface Unwrapped {
  readonly text: string;
  /** The index in `text` of the character at `index` of the unwrapped text. */
  readonly at: (index: number) => number;
}

/** Whether the `n` characters before `end` are all encoded ones. */
function encodedBefore(text: string, end: number, n: number): boolean {
  if (end < n) return false;
  // From the break back: prose fails at its last space, a few characters in.
  for (let i = end - 1; i >= end - n; i--) if (!encodedChar(text.charCodeAt(i))) return false;
  return true;
}

/** What a line break is written as: raw (LF, CR, U+2028, U+2029), or escaped as JSON text inside a string writes it. */
const BREAKS = ['\n', '\r', '\u2028', '\u2029', '\\n', '\\r'];

/** The length of a wrap's break or blank at `i` (a line break, space, tab, or `\\n` `\\r` `\\t` escaped), or 0. */
function wrapUnit(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c === 0x0a || c === 0x0d || c === 0x20 || c === 0x09 || c === 0x2028 || c === 0x2029) return 1;
  if (c === 0x5c) {
    const next = text.charCodeAt(i + 1);
    return next === 0x6e || next === 0x72 || next === 0x74 ? 2 : 0;
  }
  return 0;
}

/**
 * `text` with each wrap taken out: a run of line breaks and blanks (raw, or escaped as in JSON text a tool returned:
 * `\n`; blank lines, indentation, spaces at a line's end; a review's find) that ends a line of at least
 * WRAPPED_LINE encoded characters and is followed by one; or undefined when it has none (nothing is copied then).
 */
export function unwrapped(text: string): Unwrapped | undefined {
  // Where a break may begin, found with indexOf per kind (a scan of each character in JavaScript costs more).
  const candidates: number[] = [];
  let kinds = 0;
  for (const needle of BREAKS)
    if (text.includes(needle)) {
      kinds++;
      for (let i = text.indexOf(needle); i !== -1; i = text.indexOf(needle, i + 1)) candidates.push(i);
    }
  if (candidates.length === 0) return undefined;
  // One kind (most texts: LF alone) is in order already; a sort of 60,000 places cost more than the scan.
  const inOrder: Iterable<number> = kinds > 1 ? Int32Array.from(candidates).sort() : candidates;
  // Flat pairs: where each wrap starts and ends.
  const wraps: number[] = [];
  let done = 0;
  for (const i of inOrder) {
    if (i < done) continue;
    let start = i;
    while (start > 0 && (text.charCodeAt(start - 1) === 0x20 || text.charCodeAt(start - 1) === 0x09)) start--;
    let end = i;
    for (let n = wrapUnit(text, end); n > 0; n = wrapUnit(text, end)) end += n;
    done = end;
    if (end < text.length && encodedChar(text.charCodeAt(end)) && encodedBefore(text, start, WRAPPED_LINE))
      wraps.push(start, end);
  }
  if (wraps.length === 0) return undefined;
  // Where each part starts in the unwrapped text and in `text`. Joined with += (V8's ropes, flattened once by the
  // first search): an array of 60,000 parts joined cost three times as much.
  const starts = new Int32Array(wraps.length / 2 + 1);
  const origins = new Int32Array(wraps.length / 2 + 1);
  let joined = '';
  let copied = 0;
  for (let w = 0; w < wraps.length; w += 2) {
    const start = wraps[w] as number;
    joined += text.slice(copied, start);
    starts[w / 2 + 1] = joined.length;
    copied = origins[w / 2 + 1] = wraps[w + 1] as number;
  }
  joined += text.slice(copied);
  const at = (index: number): number => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] as number) <= index) lo = mid;
      else hi = mid - 1;
    }
    return (origins[lo] as number) + index - (starts[lo] as number);
  };
  return { text: joined, at };
}
