// The forms a secret takes in printed text, worked out once per value for the masker (mask-secrets.ts): as it is,
// inside a JSON string (escaped once, or twice when JSON text is itself put in a JSON string, as a report does with a
// server's message), with non-ASCII escaped as \uXXXX (Python's json.dumps, also escaped twice), `/` as `\/`,
// single-quoted for a shell, as a message shows it, as a JSON Pointer token, URL-encoded (as components and as forms
// are), base64 at any offset, and hex. A value on several lines (a PEM key) adds each line's forms.

import { oneLine, printable } from '../util/describe-value.js';

/** Values shorter than this are left alone: masking every `1` or `on` would garble text and hide nothing. */
export const MIN_SECRET_LENGTH = 4;

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

/** A value's lines: a multi-line secret (a PEM key) can come out a line at a time (a server's stderr writes). */
const LINE_SPLIT = /[\r\n\u2028\u2029]+/;

/** A PEM armor line (RFC 7468 §2): it names the kind of key, the same in every key and every public one. */
const PEM_ARMOR = /^-----(?:BEGIN|END) [^-]*-----$/;

/**
 * Every form of `value` masked, longest first, each at least MIN_SECRET_LENGTH long; for a value on several
 * lines, each line's forms too.
 */
export function secretForms(value: string): string[] {
  if (value.length < MIN_SECRET_LENGTH) return [];
  const forms = piecesOf(value).flatMap(valueForms);
  return [...new Set(forms)].filter((f) => f.length >= MIN_SECRET_LENGTH).sort((a, b) => b.length - a.length);
}

/** The value, and for a value on several lines each line but a PEM armor line. */
function piecesOf(value: string): string[] {
  const lines = value.split(LINE_SPLIT);
  return lines.length > 1 ? [value, ...lines.filter((l) => !PEM_ARMOR.test(l.trim()))] : [value];
}

/** The pieces of a value that have encoded forms: none shorter than the minimum, none with a lone surrogate. */
const encodedPieces = (value: string): string[] =>
  value.length < MIN_SECRET_LENGTH ? [] : piecesOf(value).filter(wellFormed);

/** Which of secretForms(value) are base64 forms (masked with the groups beside them: widened). */
export function base64SecretForms(value: string): string[] {
  return encodedPieces(value).flatMap(base64Forms);
}

/** Whether `value` has no lone surrogate. */
const wellFormed = (value: string): boolean =>
  !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(value);

/** The forms of one value (secretForms), of any length. */
function valueForms(value: string): string[] {
  const once = jsonInside(value);
  const forms = [
    // A value holding escapes itself (a URL-encoded token) is found with them in either case too.
    ...escapeCases(value),
    once,
    jsonInside(once),
    asciiJson(value, false),
    asciiJson(value, true),
    // Escaped twice with \u escapes: Python's default `json.dumps(json.dumps(s))` (a hunt's find).
    jsonInside(asciiJson(value, false)),
    jsonInside(asciiJson(value, true)),
    once.replace(/\//g, '\\/'),
    value.replace(/'/g, `'\\''`),
    // As a message shows it (clip writes control characters as \uXXXX; oneLine makes each run of line breaks a
    // space), and that text inside JSON.
    printable(value),
    jsonInside(printable(value)),
    oneLine(value),
    printable(oneLine(value)),
    jsonInside(oneLine(value)),
    // As a JSON Pointer token (RFC 6901 §3: a member name carrying it, in a schema location) and URL-encoded.
    value.replace(/~/g, '~0').replace(/\//g, '~1'),
  ];
  // A lone surrogate has no UTF-8, so no URL-encoded or base64 form (encodeURIComponent throws on it).
  return wellFormed(value) ? [...forms, ...urlForms(value), ...base64Forms(value), ...hexForms(value)] : forms;
}

/** A value's UTF-8 bytes in hex, lowercase and uppercase (`xxd -p`, hexdump, Python's `.hex()`; a hunt's find). */
function hexForms(value: string): string[] {
  const hex = Buffer.from(value, 'utf8').toString('hex');
  return [hex, hex.toUpperCase()];
}

/**
 * Which of secretForms(value) a program may write wrapped onto several lines, base64's (GNU base64, openssl and MIME
 * at 76 columns, Python's encodebytes) and hex's (`xxd -p` at 60): looked for across line breaks too (a hunt's find:
 * a token piped through `base64` came back unmasked wherever a line break fell inside its form).
 */
export function wrappedSecretForms(value: string): string[] {
  return encodedPieces(value).flatMap((piece) => [...base64Forms(piece), ...hexForms(piece)]);
}

/**
 * A value URL-encoded: as encodeURIComponent writes it, with `!'()*` written out too (Python's `quote`), and as forms
 * are (a space as `+`: WHATWG's application/x-www-form-urlencoded, Python's `quote_plus`; a hunt's find), as .NET's
 * HttpUtility.UrlEncode, PHP's urlencode, Python's `quote` by default and encodeURI write it; each with its escapes'
 * hex digits all uppercase and all lowercase (RFC 3986 §2.1: `%2f` is `%2F`; .NET writes lowercase; a review's find).
 */
function urlForms(value: string): string[] {
  const component = encodeURIComponent(value);
  // Python's `quote(s, safe='')` and curl's --data-urlencode write `!'()*` out too (a review's find).
  const strict = component.replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  const plus = (encoded: string): string => encoded.replace(/%20/g, '+');
  // .NET's HttpUtility.UrlEncode: `!()*` as they are, `'` and `~` escaped; PHP's urlencode: all of them escaped.
  const dotnet = plus(component.replace(/'/g, '%27').replace(/~/g, '%7E'));
  const php = plus(strict).replace(/~/g, '%7E');
  const whatwg = new URLSearchParams([['', value]]).toString().slice(1);
  // Python's `quote(s)` keeps `/` by default (safe='/'), and encodeURI keeps a URL's delimiters (a review's find).
  const pythonPath = strict.replace(/%2F/g, '/');
  const forms = [component, plus(component), strict, plus(strict), whatwg, dotnet, php, pythonPath, encodeURI(value)];
  return forms.flatMap(escapeCases);
}

/** A percent escape (RFC 3986 §2.1). */
const PERCENT_ESCAPE = /%[0-9A-Fa-f]{2}/g;

/** A form with its percent escapes' hex digits as they are, all uppercase and all lowercase. */
function escapeCases(form: string): string[] {
  if (!form.includes('%')) return [form];
  return [
    form,
    form.replace(PERCENT_ESCAPE, (e) => e.toUpperCase()),
    form.replace(PERCENT_ESCAPE, (e) => e.toLowerCase()),
  ];
}

/**
 * The parts of a value's base64 (RFC 4648 §4) and base64url (§5) that hold whatever bytes come before and after it:
 * MCP carries binary data (a resource's `blob`, an image) as base64, so a secret in a file a server reads comes
 * out encoded. The value may start at any of three offsets in the encoded bytes; for each, the characters its own
 * bytes alone decide (whole groups of three of its bytes) are the form.
 */
function base64Forms(value: string): string[] {
  const bytes = Buffer.from(value, 'utf8');
  const forms: string[] = [];
  for (const offset of [0, 1, 2]) {
    const padded = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
    // The first group shares its bytes with what comes before (offset > 0); the last with what comes after.
    const decided = padded.slice(offset === 0 ? 0 : 4, Math.floor((offset + bytes.length) / 3) * 4);
    forms.push(decided, decided.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return forms;
}
