import { schemaViolation, type Violation } from '../result.js';
import { echo } from '../util/describe-value.js';

// Core §8.2 resolves `$id` and `$ref` as RFC 3986 URI references (§5.2). toolgate's reference index reads them with
// WHATWG URL, which reads some of them as other URIs than RFC 3986 does, and than Ajv's engines do (fast-uri). A
// hunt's find: `"$ref": "http:foo"` under an `http:` base reached the resource `foo` beside it in 2020-12, where RFC
// 3986 reads the absolute URI `http:foo`; a review of the first fix found `///c`, a `file:` base's drive letter and
// a `urn:` base read apart too. So each identifier and reference is resolved both ways (references.ts), and one the
// two read as different URIs (references.ts sameReading) is refused in every dialect, rather than a list of
// spellings kept.

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

/**
 * The refusal of a reference whose JSON Pointer fragment the engine splits otherwise: RFC 6901 §6 percent-decodes the
 * whole fragment before reading the pointer, so `%2F` is a `/` that separates tokens; Ajv decodes each token after
 * splitting, so it reads `%2F` as a `/` inside a name (`#/$defs/p%2Fq` is `p`, then `q`, not `p/q`).
 */
export function pointerMisreadMessage(keyword: string, value: string): string {
  return (
    `"${keyword}" ${echo(value)} is read as different JSON Pointer tokens by RFC 6901 (the specification: an escaped ` +
    '"/" separates tokens) and the engine (a "/" inside a name): write a "/" between tokens as is, ' +
    'and one in a name as "~1"'
  );
}

/** The refusal of a reference holding a lone surrogate: no URI holds one (RFC 3987 §3.1 maps characters). */
export function loneSurrogateMessage(keyword: string, value: string): string {
  return (
    `"${keyword}" ${echo(value)} holds a lone surrogate, which is no character of a URI ` +
    '(the engine and RFC 6901 read it otherwise): write the character whole'
  );
}
