import { isIPv6 } from 'node:net';

/**
 * toolgate's own checkers for `uri`, `uri-reference` (RFC 3986), `iri`, `iri-reference`
 * (RFC 3987) and `uri-template` (RFC 6570), Validation §7.3.5 and §7.3.6.
 */

const UNRESERVED = 'A-Za-z0-9\\-._~';
const SUB_DELIMS = "!$&'()*+,;=";
// RFC 3987 section 2.2: ucschar and iprivate.
const UCSCHAR =
  '\\u{A0}-\\u{D7FF}\\u{F900}-\\u{FDCF}\\u{FDF0}-\\u{FFEF}\\u{10000}-\\u{1FFFD}\\u{20000}-\\u{2FFFD}' +
  '\\u{30000}-\\u{3FFFD}\\u{40000}-\\u{4FFFD}\\u{50000}-\\u{5FFFD}\\u{60000}-\\u{6FFFD}\\u{70000}-\\u{7FFFD}' +
  '\\u{80000}-\\u{8FFFD}\\u{90000}-\\u{9FFFD}\\u{A0000}-\\u{AFFFD}\\u{B0000}-\\u{BFFFD}\\u{C0000}-\\u{CFFFD}' +
  '\\u{D0000}-\\u{DFFFD}\\u{E1000}-\\u{EFFFD}';
const IPRIVATE = '\\u{E000}-\\u{F8FF}\\u{F0000}-\\u{FFFFD}\\u{100000}-\\u{10FFFD}';
const PCT = '%[0-9A-Fa-f]{2}';

function charset(extra: string, iri: boolean, priv = false): RegExp {
  return new RegExp(
    `^(?:[${UNRESERVED}${SUB_DELIMS.replace(/[\]\\^-]/g, '\\$&')}${extra}` +
      `${iri ? UCSCHAR : ''}${priv ? IPRIVATE : ''}]|${PCT})*$`,
    'u',
  );
}

const SETS = {
  uri: {
    user: charset(':', false),
    host: charset('', false),
    path: charset(':@/', false),
    query: charset(':@/?', false),
    segment0: charset('@', false),
  },
  iri: {
    user: charset(':', true),
    host: charset('', true),
    path: charset(':@/', true),
    query: charset(':@/?', true, true),
    segment0: charset('@', true),
  },
};
const FRAGMENT = { uri: charset(':@/?', false), iri: charset(':@/?', true) };
const SCHEME = /^[A-Za-z][A-Za-z0-9+\-.]*$/;
// RFC 3986 Appendix B splits any string into the five components.
const SPLIT = /^(?:([^:/?#]+):)?(?:\/\/([^/?#]*))?([^?#]*)(?:\?([^#]*))?(?:#(.*))?$/su;
const IP_FUTURE = new RegExp(`^[vV][0-9A-Fa-f]+\\.[${UNRESERVED}${SUB_DELIMS}:]+$`);

function validHost(host: string, iri: boolean): boolean {
  if (host.startsWith('[')) {
    if (!host.endsWith(']')) return false;
    const inner = host.slice(1, -1);
    return (isIPv6(inner) && !inner.includes('%')) || IP_FUTURE.test(inner);
  }
  return SETS[iri ? 'iri' : 'uri'].host.test(host);
}

function validAuthority(authority: string, iri: boolean): boolean {
  const at = authority.lastIndexOf('@');
  const userinfo = at >= 0 ? authority.slice(0, at) : undefined;
  const hostPort = at >= 0 ? authority.slice(at + 1) : authority;
  if (userinfo !== undefined && !SETS[iri ? 'iri' : 'uri'].user.test(userinfo)) return false;
  const m = /^(\[[^\]]*\]|[^:]*)(?::(\d*))?$/u.exec(hostPort);
  return m !== null && validHost(m[1] ?? '', iri);
}

/** An RFC 3986 URI-reference (or RFC 3987 IRI-reference); `absolute` requires a scheme. */
export function isUriReference(s: string, options: { iri: boolean; absolute: boolean }): boolean {
  const sets = SETS[options.iri ? 'iri' : 'uri'];
  const m = SPLIT.exec(s);
  if (m === null) return false;
  const [, scheme, authority, path = '', query, fragment] = m;
  if (scheme === undefined ? options.absolute : !SCHEME.test(scheme)) return false;
  if (authority !== undefined && !validAuthority(authority, options.iri)) return false;
  if (!sets.path.test(path)) return false;
  // RFC 3986 §4.2: a relative reference's first segment may not contain a colon (path-noscheme).
  if (scheme === undefined && authority === undefined && !sets.segment0.test(path.split('/')[0] ?? '')) return false;
  if (query !== undefined && !sets.query.test(query)) return false;
  if (fragment !== undefined && !FRAGMENT[options.iri ? 'iri' : 'uri'].test(fragment)) return false;
  return true;
}

const VARNAME = '(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})(?:\\.?(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2}))*';
const VARSPEC = `${VARNAME}(?::[1-9][0-9]{0,3}|\\*)?`;
// RFC 6570 §2.1 literals (the suite, following the erratum, also admits the apostrophe).
const LITERAL = `[\\x21\\x23-\\x24\\x26-\\x3B\\x3D\\x3F-\\x5B\\x5D\\x5F\\x61-\\x7A\\x7E${UCSCHAR}${IPRIVATE}]`;
const TEMPLATE = new RegExp(`^(?:${LITERAL}|%[0-9A-Fa-f]{2}|\\{[+#./;?&=,!@|]?${VARSPEC}(?:,${VARSPEC})*\\})*$`, 'u');

/** RFC 6570 URI Template, level 4 syntax. */
export function isUriTemplate(s: string): boolean {
  return TEMPLATE.test(s);
}
