// Values that must never be printed (`--env` values, `KEY=VALUE` words), masked in every form they take in text
// toolgate shows (secret-forms.ts: escaped for JSON once or twice, URL-encoded, base64, ...). A value with `"` or `\`
// has no raw occurrence in JSON output, so masking the raw form alone would show it. JSON text (what the proxy sends
// its client, its --log lines) is masked string by string, each decoded first: whatever escapes its writer chose,
// the value is found, and the text stays JSON.

import { isExactNumber } from '../arguments/exact-number.js';
import { holdsNumber } from './numbers-held.js';
import { base64SecretForms, MIN_SECRET_LENGTH, secretForms, wrappedSecretForms } from './secret-forms.js';
import { unwrapped } from './wrapped-text.js';

/** What replaces a value that is never printed. */
export const REDACTED = '<redacted>';

/**
 * The shortest value masked in what a client reads (the proxy) and in the reports and lock files of `check` and
 * `lock`: `--env MODE=prod` or `LOG_LEVEL=warn` would turn every "prod" of every result, or a report's own
 * `warnings` key, into the mask, and a value that short hides little.
 */
export const MIN_SHOWN_SECRET_LENGTH = 8;

/** Characters of base64 (RFC 4648 §4) and base64url (§5) text, padding included. */
const BASE64_CHAR = '[A-Za-z0-9+/_=-]';

/** Whether one character (a UTF-16 unit or a byte) is base64's or base64url's, padding included. */
export const isBase64Char = (code: number | undefined): boolean =>
  code !== undefined && BASE64_ONE.test(String.fromCharCode(code));
const BASE64_ONE = new RegExp(BASE64_CHAR);

/** Characters of one base64 group: the group on either side of a form is masked with it (widened). */
export const BASE64_GROUP = 4;

/**
 * Where a base64 form found at [start, end) is masked: with the group before it and the one after it, a form being
 * the groups the value's own bytes alone decide, and the groups on either side holding one or two of its bytes
 * beside its neighbours' (decoding `<redacted>NDU=` showed the last two characters of the secret).
 */
function widened(text: string, start: number, end: number): readonly [number, number] {
  let from = start;
  if (start >= BASE64_GROUP) {
    from = start - BASE64_GROUP;
    for (let i = from; i < start; i++) if (!isBase64Char(text.charCodeAt(i))) from = start;
  }
  let to = end;
  while (to < text.length && to - end < BASE64_GROUP && isBase64Char(text.charCodeAt(to))) to++;
  return [from, to];
}

/**
 * `text` with the given ranges (flat start, end pairs) each replaced by REDACTED, overlapping ones as one: every
 * occurrence of every form is found in the text as given, so one form's mask never takes part of another's and
 * leaves the rest of it whole-less and shown (a review's find: a secret's base64 written twice, back to back, showed
 * 18 of its 21 characters after the first one's widened mask took the second's first group).
 */
function masked(text: string, ranges: number[]): string {
  const order = Array.from({ length: ranges.length / 2 }, (_, i) => i).sort(
    (a, b) => (ranges[2 * a] as number) - (ranges[2 * b] as number),
  );
  let out = '';
  let copied = 0;
  let end = -1;
  for (const i of order) {
    const [from, to] = [ranges[2 * i] as number, ranges[2 * i + 1] as number];
    if (from < end) {
      end = Math.max(end, to);
      continue;
    }
    if (end !== -1) copied = end;
    out += `${text.slice(copied, from)}${REDACTED}`;
    end = to;
  }
  return `${out}${text.slice(end)}`;
}

/** `text` with every form of every secret masked. */
export function maskSecrets(text: string, secrets: readonly string[]): string {
  return createMasker(secrets).text(text);
}

/** The masking of one fixed list of secrets, their forms worked out once. */
export interface Masker {
  /** Whether there is nothing to mask (every secret shorter than the minimum). */
  readonly empty: boolean;
  /** Plain text with every form of every secret masked. */
  text(text: string): string;
  /** JSON text with every string (keys too) and number masked as its decoded value; still JSON, same layout. */
  json(text: string): string;
  /**
   * Whether `json` would turn a number of `value` (parsed JSON, as JSON.stringify writes it) into a string: a
   * number holding a secret has no masked form that is a number, so where a changed type would mislead (a
   * published schema's `default` or `maximum`) the value is not sent at all (src/proxy/unpublishable.ts).
   */
  retypes(value: unknown): boolean;
  /**
   * Whether `json` would turn a number token of `json` (JSON text, as written) into a string: a token's digits past
   * what a double holds (123456780000000000000000, parsed 1.2345678e+23) are masked as written, not as parsed.
   */
  retypesText(json: string): boolean;
}

/** A text made of a JSON number token's characters alone. */
const NUMBER_CHARS = /^[-+.0-9eE]+$/;

/**
 * A masker of `secrets`; values shorter than `minLength` (at least MIN_SECRET_LENGTH) are left alone. `heads`:
 * also mask a secret's beginning that ends at a clip mark (clippedHeads), for what the host reads (stderr,
 * `--log`). Never for what a client reads: a client that makes text come back (a tool name it gave, an echo
 * tool) with a guess before a `…` would learn from the mask whether the guess begins a secret, and so read the
 * secret out one character at a time. Text a client reads is masked whole-value only, each foreign string
 * masked before it is clipped.
 */
export function createMasker(
  secrets: readonly string[],
  minLength = MIN_SECRET_LENGTH,
  heads: 'clipped-heads' | 'whole-values' = 'clipped-heads',
): Masker {
  const kept = secrets.filter((s) => s.length >= minLength);
  // A line of a multi-line secret shorter than the minimum is left alone, as a value that short would be.
  const forms = [...new Set(kept.flatMap(secretForms))]
    .filter((f) => f.length >= minLength)
    .sort((a, b) => b.length - a.length);
  const clipped = heads === 'clipped-heads' ? clippedHeads(forms, Math.min(minLength, CLIPPED_HEAD)) : undefined;
  const wide = new Set(kept.flatMap(base64SecretForms).filter((f) => f.length >= minLength));
  const wrappable = new Set(kept.flatMap(wrappedSecretForms).filter((f) => f.length >= minLength));
  // A loop, not Math.min(...): 60,000 secrets' forms overflow the stack as arguments (a review's find).
  let shortestWrappable = Number.POSITIVE_INFINITY;
  for (const f of wrappable) shortestWrappable = Math.min(shortestWrappable, f.length);
  // Most strings of a JSON result are shorter than any form (forms are sorted longest first): no search for them.
  const shortest = forms.at(-1)?.length ?? 0;
  const text = (t: string): string => {
    // Made at the first occurrence: most strings of a result hold none.
    let ranges: number[] | undefined;
    // The text read as one line where a program wrapped encoded data (wrapped-text.ts): the encoded forms are looked
    // for there alone (an occurrence on one line is there too), each masked in the text as given, breaks and all.
    const view = wrappable.size > 0 && t.length > shortestWrappable ? unwrapped(t) : undefined;
    if (t.length >= shortest)
      // Every occurrence, overlapping ones too (`secretXYZsecret` twice, sharing `secret`: a review's find), one
      // overlapping the form's last range extending it (a text of a million `a` makes one range, not a million).
      for (const f of forms) {
        const inView = view !== undefined && wrappable.has(f);
        const searched = inView ? view.text : t;
        for (let at = searched.indexOf(f), last = -1; at !== -1; at = searched.indexOf(f, at + 1)) {
          const [a, b] = wide.has(f) ? widened(searched, at, at + f.length) : [at, at + f.length];
          const [from, to] = inView ? [view.at(a), view.at(b - 1) + 1] : [a, b];
          if (ranges === undefined) ranges = [];
          if (last !== -1 && from < (ranges[last + 1] as number)) ranges[last + 1] = to;
          else {
            last = ranges.length;
            ranges.push(from, to);
          }
        }
      }
    const out = ranges === undefined ? t : masked(t, ranges);
    return clipped !== undefined && out.includes(CLIP_MARK) ? clipped(out) : out;
  };
  // A secret that is a number as JavaScript writes it (12345678) is found however a JSON writer spelled that
  // number (1.2345678e7, 12345678.0): a number token that holds its value exactly is compared by value. One spelled
  // otherwise (00012345) is not a number's only spelling, and a token a double does not hold as written
  // (99999999999999999999, read as 1e20) is another number than the one it rounds to.
  const numbers = new Set(kept.filter((s) => String(Number(s)) === s && Number.isFinite(Number(s))).map(Number));
  const number = (token: string): string => {
    const value = Number(token);
    return numbers.has(value) && isExactNumber(token, value) ? REDACTED : text(token);
  };
  // A number token is made of NUMBER_CHARS alone: where no form is, and no secret is a number, no token is masked
  // (most secrets hold a letter), so retypes and retypesText read nothing.
  const retyping = numbers.size > 0 || forms.some((f) => NUMBER_CHARS.test(f));
  return {
    empty: forms.length === 0,
    text,
    json: (t) => (forms.length === 0 ? t : maskJsonText(t, text, numbers.size === 0 ? text : number)),
    retypes: (value) =>
      retyping &&
      holdsNumber(value, (n) => {
        const token = JSON.stringify(n);
        return (numbers.size === 0 ? text(token) : number(token)) !== token;
      }),
    retypesText: (json) =>
      // The masking's own reading of the text, its strings left alone: any change is a number masked.
      retyping && maskJsonText(json, (t) => t, numbers.size === 0 ? text : number) !== json,
  };
}

/** What `clip` (util/describe-value.ts) ends a shortened text with. */
const CLIP_MARK = '…';

/**
 * The shortest beginning masked at a clip mark, whatever the masker's minimum: a text toolgate clips before it is
 * masked (a tool name in a report, a pattern in a library message) would show the head of a secret the clip cuts,
 * up to seven characters of it in check's reports. Shorter heads are left: one or two characters before every `…`
 * that begin some secret would be masked everywhere.
 */
const CLIPPED_HEAD = 3;

/**
 * Masks a secret's beginning (`minLength` characters or more) where a text was clipped right after it (`clip`
 * shortens a foreign string before it is echoed; a long secret cut there would pass whole-value masking with all
 * but its end shown). Only a clip mark preceded by a window of some secret form is looked at closely, so text
 * without one costs a scan. Then one pass of each form over the text (Knuth-Morris-Pratt) finds the longest
 * beginning of it that ends at each such mark, and the text is copied once: trying each form at each length at
 * each mark, and copying the text at each, made `sup…` repeated 36 s for 256 K characters and a PEM key's `IVA…`
 * 15 s (a hunt's and a review's finds).
 */
function clippedHeads(forms: readonly string[], minLength: number): (text: string) => string {
  const windows = new Set<string>();
  for (const f of forms) for (let i = 0; i + minLength <= f.length; i++) windows.add(f.slice(i, i + minLength));
  const borders = forms.map(bordersOf);
  return (text) => {
    const marks: number[] = [];
    for (let at = text.indexOf(CLIP_MARK); at !== -1; at = text.indexOf(CLIP_MARK, at + 1))
      if (at >= minLength && windows.has(text.slice(at - minLength, at))) marks.push(at);
    if (marks.length === 0) return text;
    const heads = longestHeads(text, marks, forms, borders, minLength);
    let out = '';
    let copied = 0;
    for (const [m, at] of marks.entries()) {
      const head = heads[m] as number;
      if (head === 0) continue;
      out += `${text.slice(copied, Math.max(copied, at - head))}${REDACTED}`;
      copied = at;
    }
    return copied === 0 ? text : `${out}${text.slice(copied)}`;
  };
}

/** For each prefix of `f`, the length of its longest proper prefix that is also its suffix (KMP's table). */
function bordersOf(f: string): Int32Array {
  const border = new Int32Array(f.length);
  for (let i = 1, k = 0; i < f.length; i++) {
    while (k > 0 && f.charCodeAt(i) !== f.charCodeAt(k)) k = border[k - 1] as number;
    if (f.charCodeAt(i) === f.charCodeAt(k)) k++;
    border[i] = k;
  }
  return border;
}

/**
 * At each of `marks` (ascending), the longest proper beginning of a form, at least `minLength` long, that ends
 * there (0 when none does): a whole form there was masked already.
 */
function longestHeads(
  text: string,
  marks: readonly number[],
  forms: readonly string[],
  borders: readonly Int32Array[],
  minLength: number,
): Int32Array {
  const heads = new Int32Array(marks.length);
  for (const [fi, f] of forms.entries()) {
    const border = borders[fi] as Int32Array;
    let q = 0;
    let i = 0;
    for (const [m, at] of marks.entries()) {
      // Only the form's length before a mark can hold a beginning of it ending there: a pass starts over at that
      // window when the last one ended before it (a review's find: one mark at the end of 1 MB read all of it per
      // form, 1.7 s for a PEM key's 326 forms).
      if (i < at - f.length) {
        i = at - f.length;
        q = 0;
      }
      for (; i < at; i++) {
        const c = text.charCodeAt(i);
        while (q > 0 && (q === f.length || f.charCodeAt(q) !== c)) q = border[q - 1] as number;
        if (f.charCodeAt(q) === c) q++;
      }
      const k = q === f.length ? (border[q - 1] as number) : q;
      if (k >= minLength && k > (heads[m] as number)) heads[m] = k;
    }
  }
  return heads;
}

/** Where the JSON string token opening at `start` ends (after its closing quote), and whether it has escapes. */
function stringEnd(json: string, start: number): { end: number; escaped: boolean } {
  let escaped = false;
  for (let i = start + 1; i < json.length; i++) {
    const c = json.charCodeAt(i);
    if (c === 0x5c) {
      escaped = true;
      i++;
    } else if (c === 0x22) return { end: i + 1, escaped };
  }
  return { end: json.length, escaped };
}

/** Characters of a JSON number token. */
const NUMBER_CHAR = /[-+.0-9eE]/;

/**
 * `json` with each string and number token replaced by the JSON string of its masked value when masking changes
 * it (a number that holds a secret's digits becomes a string); tokens left unchanged keep their bytes.
 */
function maskJsonText(json: string, mask: (value: string) => string, maskNumber: (token: string) => string): string {
  let out = '';
  let copied = 0;
  let i = 0;
  while (i < json.length) {
    const c = json[i] as string;
    let end = i + 1;
    let value: string | undefined;
    if (c === '"') {
      const token = stringEnd(json, i);
      end = token.end;
      value = json.slice(i + 1, end - 1);
      if (token.escaped)
        try {
          value = JSON.parse(json.slice(i, end)) as string;
        } catch {
          // Not JSON after all (never for text the proxy made or parsed): masked as it stands.
        }
    } else if (NUMBER_CHAR.test(c)) {
      while (end < json.length && NUMBER_CHAR.test(json[end] as string)) end++;
      value = json.slice(i, end);
    }
    if (value !== undefined) {
      const masked = c === '"' ? mask(value) : maskNumber(value);
      if (masked !== value) {
        out += `${json.slice(copied, i)}${JSON.stringify(masked)}`;
        copied = end;
      }
    }
    i = end;
  }
  return copied === 0 ? json : out + json.slice(copied);
}
