// Values that must never be printed (`--env` values, `KEY=VALUE` words), masked in every form they take in
// text toolgate shows: as they are, inside a JSON string (escaped once, or twice when JSON text is itself put
// in a JSON string, as a report does with a server's message), with non-ASCII escaped as \uXXXX (Python's
// json.dumps) or `/` as `\/`, and single-quoted for a shell. A value with `"` or `\` has no raw occurrence
// in JSON output, so masking the raw form alone would show it. JSON text (what the proxy sends its client, its
// --log lines) is masked string by string, each decoded first: whatever escapes its writer chose, the value is
// found, and the text stays JSON.

import { printable } from '../util/describe-value.js';

/** What replaces a value that is never printed. */
export const REDACTED = '<redacted>';

/** Values shorter than this are left alone: masking every `1` or `on` would garble text and hide nothing. */
export const MIN_SECRET_LENGTH = 4;

/**
 * The shortest value masked in what a client reads (the proxy) and in the reports and lock files of `check` and
 * `lock`: `--env MODE=prod` or `LOG_LEVEL=warn` would turn every "prod" of every result, or a report's own
 * `warnings` key, into the mask, and a value that short hides little.
 */
export const MIN_SHOWN_SECRET_LENGTH = 8;

/** The inside of a JSON string for `value` (JSON.stringify without the quotes). */
function jsonInside(value: string): string {
  return JSON.stringify(value).slice(1, -1);
}

/** JSON string content with every non-ASCII character as \uXXXX (a surrogate pair as two). */
function asciiJson(value: string, upper: boolean): string {
  return jsonInside(value).replace(/[\u0080-\uffff]/g, (c) => {
    const hex = (c.codePointAt(0) ?? 0).toString(16).padStart(4, '0');
    return `\\u${upper ? hex.toUpperCase() : hex}`;
  });
}

/** Every form of `value` masked, longest first, each at least MIN_SECRET_LENGTH long. */
export function secretForms(value: string): string[] {
  if (value.length < MIN_SECRET_LENGTH) return [];
  const once = jsonInside(value);
  const forms = [
    value,
    once,
    jsonInside(once),
    asciiJson(value, false),
    asciiJson(value, true),
    once.replace(/\//g, '\\/'),
    value.replace(/'/g, `'\\''`),
    // As a message shows it (clip writes control characters as \uXXXX), and that text inside JSON.
    printable(value),
    jsonInside(printable(value)),
  ];
  return [...new Set(forms)].sort((a, b) => b.length - a.length);
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
}

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
  const forms = [...new Set(kept.flatMap(secretForms))].sort((a, b) => b.length - a.length);
  const clipped = heads === 'clipped-heads' ? clippedHeads(forms, minLength) : undefined;
  const text = (t: string): string => {
    let out = t;
    for (const f of forms) if (out.includes(f)) out = out.split(f).join(REDACTED);
    return clipped !== undefined && out.includes(CLIP_MARK) ? clipped(out) : out;
  };
  return { empty: forms.length === 0, text, json: (t) => (forms.length === 0 ? t : maskJsonText(t, text)) };
}

/** What `clip` (util/describe-value.ts) ends a shortened text with. */
const CLIP_MARK = '…';

/**
 * Masks a secret's beginning where a text was clipped right after it (`clip` shortens a foreign string before
 * it is echoed; a long secret cut there would pass whole-value masking with all but its end shown). Only a
 * clip mark preceded by a window of some secret form is looked at closely, so text without one costs a scan.
 */
function clippedHeads(forms: readonly string[], minLength: number): (text: string) => string {
  const windows = new Set<string>();
  for (const f of forms) for (let i = 0; i + minLength <= f.length; i++) windows.add(f.slice(i, i + minLength));
  return (text) => {
    let out = text;
    for (let at = out.indexOf(CLIP_MARK); at !== -1; at = out.indexOf(CLIP_MARK, at + 1)) {
      if (at < minLength || !windows.has(out.slice(at - minLength, at))) continue;
      let head = 0;
      for (const f of forms)
        for (let k = Math.min(f.length - 1, at); k > head && k >= minLength; k--)
          if (out.startsWith(f.slice(0, k), at - k)) head = k;
      if (head === 0) continue;
      out = `${out.slice(0, at - head)}${REDACTED}${out.slice(at)}`;
      at += REDACTED.length - head;
    }
    return out;
  };
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
function maskJsonText(json: string, mask: (value: string) => string): string {
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
      const masked = mask(value);
      if (masked !== value) {
        out += `${json.slice(copied, i)}${JSON.stringify(masked)}`;
        copied = end;
      }
    }
    i = end;
  }
  return copied === 0 ? json : out + json.slice(copied);
}
