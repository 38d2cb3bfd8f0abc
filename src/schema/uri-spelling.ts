import { schemaViolation, type Violation } from '../result.js';
import { echo } from '../util/describe-value.js';

// Core §8.2 resolves `$id` and `$ref` as RFC 3986 URI references (§5.2). toolgate's reference index reads them
// with WHATWG URL, which Ajv's engines do not (fast-uri: RFC 3986), and which reads some spellings as other URIs
// than RFC 3986 does. Such a spelling is refused in every dialect, so that what the index resolved is what the
// specification and the engine resolve (a hunt's find: `"$ref": "http:foo"` under an `http:` base reached the
// resource `foo` beside it in 2020-12, where RFC 3986 reads the absolute URI `http:foo`).

/** Schemes WHATWG URL parses with its own rules (the "special" schemes) where RFC 3986 has one rule for all. */
const SPECIAL_SCHEME = /^(?:https?|wss?|ftp|file):/i;

/**
 * How a `$id`, `$ref` or `$dynamicRef` value is spelled where WHATWG URL and RFC 3986 read different URIs:
 * - `invalid`: what RFC 3986 does not allow in a URI reference at all (a backslash, which WHATWG reads as `/`;
 *   a control character, which it drops; a space at either end, which it trims);
 * - `escape`: a percent-escape before the fragment that Ajv normalises (§6.2.2: hex digits upper-cased, unreserved
 *   characters decoded) and WHATWG keeps as written (or reads as a dot segment: `%2e%2e`);
 * - `scheme`: a special scheme not followed by `//` and a host (`http:foo`, `http:/foo`, `https:///foo`): RFC 3986
 *   reads an absolute URI, WHATWG a path relative to the base, or another host; `file:///` is the file scheme's
 *   own form, read alike.
 */
export function uriSpelling(value: string): 'invalid' | 'escape' | 'scheme' | undefined {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x20 || c === 0x7f || c === 0x5c) return 'invalid';
  }
  if (value.startsWith(' ') || value.endsWith(' ')) return 'invalid';
  const scheme = SPECIAL_SCHEME.exec(value)?.[0];
  if (scheme !== undefined) {
    const rest = value.slice(scheme.length);
    const file = scheme.toLowerCase() === 'file:';
    if (!rest.startsWith('//') || (!file && rest.startsWith('///'))) return 'scheme';
  }
  for (const [, hex = ''] of (value.split('#', 1)[0] ?? '').matchAll(/%([0-9a-fA-F]{2})/g))
    if (hex !== hex.toUpperCase() || /[A-Za-z0-9._~-]/.test(String.fromCharCode(Number.parseInt(hex, 16))))
      return 'escape';
  return undefined;
}

/** What a gate makes of one identifier or reference: an invalid schema, a refusal, or nothing. */
export interface SpellingFinding {
  readonly invalid: boolean;
  readonly violation: Violation;
}

/** The finding for `node[keyword]` at `where`, when its spelling is one of uriSpelling's. */
export function spellingFinding(keyword: string, value: unknown, where: string): SpellingFinding | undefined {
  if (typeof value !== 'string') return undefined;
  const spelling = uriSpelling(value);
  if (spelling === undefined) return undefined;
  const shown = `"${keyword}" ${echo(value)}`;
  if (spelling === 'invalid')
    return {
      invalid: true,
      violation: schemaViolation(keyword, `${shown} is not a URI reference`, where, 'schema_invalid'),
    };
  const why =
    spelling === 'escape'
      ? "has a percent-escape the engine normalises and toolgate's references do not; write it with upper-case hex " +
        'and unreserved characters unescaped'
      : 'names a scheme without "//" and a host, which URL parsers read as different URIs (RFC 3986: an absolute ' +
        'URI; WHATWG URL: a path beside the base); write the whole URI, or a relative reference without the scheme';
  return { invalid: false, violation: schemaViolation(keyword, `${shown} ${why}`, where, 'not_enforceable') };
}
