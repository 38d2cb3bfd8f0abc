import { decodeALabel, hasRtl, isULabelText, satisfiesBidiRule, toALabel } from './idna.js';

/**
 * Host name and mailbox formats (Validation §7.3.2, §7.3.3): `hostname` (RFC 1123 §2.1 with
 * A-labels checked as IDNA2008 requires, RFC 5890 §2.3.2.1), `idn-hostname` (RFC 5890),
 * `email` (RFC 5321 §4.1.2 Mailbox) and `idn-email` (RFC 6531 §3.3). Never throws.
 */

// RFC 1035 §2.3.4 / RFC 1123 §2.1: at most 63 octets per label, 253 for the name without a final dot.
const MAX_LABEL = 63;
const MAX_NAME = 253;
const LDH_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/;
const codePoints = (s: string): number[] => Array.from(s, (c) => c.codePointAt(0)!);
const hasLoneSurrogate = (s: string): boolean => /[\uD800-\uDFFF]/u.test(s);

/** One label, as ASCII (A-label or LDH) plus its U-label code points when it is internationalized. */
interface Label {
  readonly ascii: string;
  readonly unicode: number[] | undefined;
}

function asciiLabel(label: string): Label | undefined {
  // The cheap bound first: decoding a long A-label costs the square of its length.
  if (label.length > MAX_LABEL) return undefined;
  if (/^xn--/i.test(label)) {
    const cps = decodeALabel(label);
    return cps === undefined ? undefined : { ascii: label, unicode: cps };
  }
  return LDH_LABEL.test(label) && label.length <= MAX_LABEL ? { ascii: label, unicode: undefined } : undefined;
}

/** Checks the labels together: lengths on the ASCII form, then the Bidi rule (RFC 5893 §2). */
function checkName(labels: readonly (Label | undefined)[]): boolean {
  if (labels.some((l) => l === undefined)) return false;
  const ok = labels as readonly Label[];
  if (ok.some((l) => l.ascii.length > MAX_LABEL)) return false;
  if (ok.reduce((n, l) => n + l.ascii.length, 0) + ok.length - 1 > MAX_NAME) return false;
  const cps = ok.map((l) => l.unicode ?? codePoints(l.ascii));
  if (!cps.some(hasRtl)) return true;
  return cps.every(satisfiesBidiRule);
}

/** `hostname`: RFC 1123 labels; an `xn--` label must be a valid A-label (RFC 5891 §5.4). */
export function isHostname(s: string): boolean {
  if (s.length === 0 || s.length > MAX_NAME || !/^[\x21-\x7e]+$/.test(s)) return false;
  return checkName(s.split('.').map(asciiLabel));
}

// RFC 3490 §3.1 (kept by UTS #46 and the official suite): these four dots all separate labels.
const IDN_SEPARATORS = /[.\u3002\uff0e\uff61]/u;

function idnLabel(label: string): Label | undefined {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the whole ASCII range, control characters included
  if (/^[\x00-\x7f]*$/.test(label)) {
    if (/^xn--/i.test(label)) return asciiLabel(label);
    // RFC 5891 §4.2.3.1: "--" in the third and fourth positions is reserved (R-LDH labels).
    return label.slice(2, 4) === '--' ? undefined : asciiLabel(label);
  }
  const cps = codePoints(label);
  // Punycode writes at least one character per code point (RFC 3492 §6.3), so past MAX_LABEL - 4 the
  // A-label "xn--…" is too long: refused before the conversion, which costs the square of the length.
  if (cps.length > MAX_LABEL - 4) return undefined;
  return isULabelText(cps) ? { ascii: toALabel(cps), unicode: cps } : undefined;
}

/** `idn-hostname`: every label an NR-LDH label, a valid A-label or a valid U-label (RFC 5890 §2.3.2). */
export function isIdnHostname(s: string, separators: RegExp = IDN_SEPARATORS): boolean {
  if (s.length === 0 || hasLoneSurrogate(s)) return false;
  // Every code point, separators included, is at least one character of the ASCII form (see idnLabel).
  if (s.length > MAX_NAME && codePoints(s).length > MAX_NAME) return false;
  return checkName(s.split(separators).map(idnLabel));
}

// RFC 5321 §4.1.2: atext (RFC 5322 §3.2.3) and qtextSMTP / quoted-pairSMTP; RFC 6531 §3.3 adds UTF8-non-ascii.
const DOT_STRING = /^[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~]+(?:\.[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~]+)*$/;
const QUOTED = /^"(?:[\x20\x21\x23-\x5b\x5d-\x7e]|\\[\x20-\x7e])*"$/;
const IDN_DOT_STRING =
  /^[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~\u{80}-\u{10FFFF}]+(?:\.[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~\u{80}-\u{10FFFF}]+)*$/u;
const IDN_QUOTED = /^"(?:[\x20\x21\x23-\x5b\x5d-\x7e\u{80}-\u{10FFFF}]|\\[\x20-\x7e])*"$/u;
const IPV4 =
  /^(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])(?:\.(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])){3}$/;
const HEX = /^[0-9A-Fa-f]{1,4}$/;

/** RFC 5321 §4.1.3 IPv6-addr: full, compressed (at most 6 groups beside `::`), and the v4 forms. */
function isIpv6Literal(s: string): boolean {
  let rest = s;
  let groups = 8;
  const lastColon = s.lastIndexOf(':');
  if (s.slice(lastColon + 1).includes('.')) {
    if (!IPV4.test(s.slice(lastColon + 1))) return false;
    rest = s.slice(0, lastColon + 1);
    groups = 6;
    // Keep a trailing "::" whole; otherwise drop the colon that introduced the IPv4 part.
    if (!rest.endsWith('::')) rest = rest.slice(0, -1);
  }
  const parts = rest.split('::');
  if (parts.length > 2) return false;
  const hexes = (p: string): string[] | undefined => {
    if (p === '') return [];
    const list = p.split(':');
    return list.every((h) => HEX.test(h)) ? list : undefined;
  };
  if (parts.length === 1) return hexes(parts[0]!)?.length === groups;
  const left = hexes(parts[0]!);
  const right = hexes(parts[1]!);
  return left !== undefined && right !== undefined && left.length + right.length <= groups - 2;
}

/** RFC 5321 §4.1.3 address-literal; only the IPv4 and IANA-registered `IPv6:` forms are known. */
function isAddressLiteral(s: string): boolean {
  const inner = s.slice(1, -1);
  if (IPV4.test(inner)) return true;
  return /^IPv6:/i.test(inner) && isIpv6Literal(inner.slice(5));
}

// RFC 5321 §4.5.3.1.1: a local part is at most 64 octets (UTF-8 octets for RFC 6531).
const MAX_LOCAL = 64;

function isMailbox(s: string, idn: boolean): boolean {
  if (hasLoneSurrogate(s)) return false;
  const at = s.startsWith('"') ? closingQuote(s) + 1 : s.indexOf('@');
  if (at <= 0 || s[at] !== '@') return false;
  const local = s.slice(0, at);
  const domain = s.slice(at + 1);
  if (Buffer.byteLength(local, 'utf8') > MAX_LOCAL) return false;
  if (!(idn ? IDN_DOT_STRING.test(local) || IDN_QUOTED.test(local) : DOT_STRING.test(local) || QUOTED.test(local)))
    return false;
  if (domain.startsWith('[') && domain.endsWith(']')) return isAddressLiteral(domain);
  // RFC 6532 §3.1 asks for NFC; a domain in another normalization form names the same host, and the official suite
  // holds user@cafe\u0301.com valid: x@a\u0308.com is a mailbox here though idn-hostname refuses a\u0308.com.
  return idn ? isIdnHostname(domain.normalize('NFC'), /\./) : isHostname(domain);
}

/** Index of the quote closing a quoted local part that starts at 0; -2 when it never closes. */
function closingQuote(s: string): number {
  for (let i = 1; i < s.length; i++) {
    if (s[i] === '\\') i++;
    else if (s[i] === '"') return i;
  }
  return -2;
}

/** `email`: an RFC 5321 Mailbox (dot-string or quoted local part; domain or address literal). */
export const isEmail = (s: string): boolean => isMailbox(s, false);

/** `idn-email`: an RFC 6531 Mailbox (UTF-8 in the local part, U-labels in the domain). */
export const isIdnEmail = (s: string): boolean => isMailbox(s, true);
