import { schemaViolation, type Violation } from '../result.js';
import { echo } from '../util/describe-value.js';

// Core §8.2 resolves `$id` and `$ref` as RFC 3986 URI references (§5.2). toolgate's reference index reads them with
// WHATWG URL, which reads some of them as other URIs than RFC 3986 does, and than Ajv's engines do (fast-uri). A
// hunt's find: `"$ref": "http:foo"` under an `http:` base reached the resource `foo` beside it in 2020-12, where RFC
// 3986 reads the absolute URI `http:foo`; a review of the first fix found `///c`, a `file:` base's drive letter and
// a `urn:` base read apart too. So each identifier and reference is resolved both ways (references.ts), and one the
// two read as different URIs is refused in every dialect, rather than a list of spellings kept.

/**
 * Whether `value` is not a URI reference at all (RFC 3986 §4.1): a backslash, which WHATWG reads as `/`; a control
 * character, which it drops; a space at either end, which it trims. Such a schema is broken (`validation`).
 */
export function notUriReference(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x20 || c === 0x7f || c === 0x5c) return true;
  }
  return value.startsWith(' ') || value.endsWith(' ');
}

/** A URI with an authority that is not empty: `scheme://host…` (what WHATWG URL may normalise as RFC 3986 does). */
const WITH_HOST = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]/;

/**
 * Whether WHATWG URL's resolution `whatwg` and RFC 3986's `rfc` name one URI: the same text, fragments compared
 * decoded (a pointer's escapes are spelled alike by neither), or, for a URI with a host, what WHATWG URL makes of RFC
 * 3986's result (the normalisations of RFC 3986 §6.2.2-6.2.3: host case, a default port, an empty path). A percent-
 * escape RFC 3986 normalises before the fragment (`%7E`, `%2f`) is a difference: Ajv decodes it, WHATWG keeps it.
 */
export function sameReading(whatwg: string | undefined, rfc: string | undefined): boolean {
  if (whatwg === rfc) return true;
  if (whatwg === undefined || rfc === undefined) return false;
  const a = split(whatwg);
  const b = split(rfc);
  if (a.fragment === undefined || a.fragment !== b.fragment) return false;
  if (a.base === b.base) return true;
  // WHATWG URL reads `%2E%2E` as a dot segment, which RFC 3986 resolution does not: an escape is no normalisation here.
  if (!WITH_HOST.test(b.base) || b.base.includes('%')) return false;
  try {
    return new URL(b.base).href === a.base;
  } catch {
    return false;
  }
}

/** A URI's part before `#` and its fragment, decoded (as references.ts splitFragment; undefined: a bad escape). */
function split(uri: string): { base: string; fragment: string | undefined } {
  const i = uri.indexOf('#');
  if (i < 0) return { base: uri, fragment: '' };
  try {
    return { base: uri.slice(0, i), fragment: decodeURIComponent(uri.slice(i + 1)) };
  } catch {
    return { base: uri.slice(0, i), fragment: undefined };
  }
}

/** The violation of a `$id`/`$ref`/`$dynamicRef` that is not a URI reference, at `where`. */
export function notUriViolation(keyword: string, value: unknown, where: string): Violation | undefined {
  if (typeof value !== 'string' || !notUriReference(value)) return undefined;
  return schemaViolation(keyword, `"${keyword}" ${echo(value)} is not a URI reference`, where, 'schema_invalid');
}

/** The refusal of one the two readings disagree on. */
export function misreadMessage(keyword: string, value: string): string {
  return (
    `"${keyword}" ${echo(value)} is read as different URIs by RFC 3986 (the specification, the engine) and WHATWG ` +
    "URL (toolgate's references): write it as a whole URI with a host, or as a plain relative reference"
  );
}
