import { bidiClass, type BidiClass } from './unicode-bidi.js';
import { punycodeDecode, punycodeEncode } from './punycode.js';

/**
 * IDNA2008 label checks (RFC 5890-5893) for the `hostname` and `idn-hostname` formats
 * (Validation §7.3.3). A U-label is checked code point by code point against the RFC 5892
 * derivation, its CONTEXTJ/CONTEXTO rules (RFC 5892 Appendix A) and the Bidi rule (RFC 5893).
 * Code points not assigned in Unicode 14.0 (the version of the Bidi, virama and joining tables) are
 * refused, so a label is never accepted on properties toolgate does not know.
 */

// RFC 5892 §2.6 Exceptions (F).
const EXCEPTION_PVALID = new Set([0xdf, 0x3c2, 0x6fd, 0x6fe, 0xf0b, 0x3007]);
const EXCEPTION_DISALLOWED = new Set([0x640, 0x7fa, 0x302e, 0x302f, 0x3031, 0x3032, 0x3033, 0x3034, 0x3035, 0x303b]);
const CONTEXTO = new Set([0xb7, 0x375, 0x5f3, 0x5f4, 0x30fb, ...range(0x660, 0x669), ...range(0x6f0, 0x6f9)]);
// RFC 5892 §2.8 JoinControl (H): ZERO WIDTH NON-JOINER and ZERO WIDTH JOINER are CONTEXTJ.
const ZWNJ = 0x200c;
const ZWJ = 0x200d;

// Canonical_Combining_Class=Virama (9), Unicode 14.0 (ECMAScript has no such property escape).
const VIRAMAS = new Set([
  0x94d, 0x9cd, 0xa4d, 0xacd, 0xb4d, 0xbcd, 0xc4d, 0xccd, 0xd3b, 0xd3c, 0xd4d, 0xdca, 0xe3a, 0xeba, 0xf84, 0x1039,
  0x103a, 0x1714, 0x1715, 0x1734, 0x17d2, 0x1a60, 0x1b44, 0x1baa, 0x1bab, 0x1bf2, 0x1bf3, 0x2d7f, 0xa806, 0xa82c,
  0xa8c4, 0xa953, 0xa9c0, 0xaaf6, 0xabed, 0x10a3f, 0x11046, 0x11070, 0x1107f, 0x110b9, 0x11133, 0x11134, 0x111c0,
  0x11235, 0x112ea, 0x1134d, 0x11442, 0x114c2, 0x115bf, 0x1163f, 0x116b6, 0x1172b, 0x11839, 0x1193d, 0x1193e, 0x119e0,
  0x11a34, 0x11a47, 0x11a99, 0x11c3f, 0x11d44, 0x11d45, 0x11d97,
]);

// Joining_Type (extracted/DerivedJoiningType.txt, Unicode 14.0.0): `<first>-<last>:<type>` in hex, every L, D and R
// code point, and the T and U ones the rule below gets wrong. Unlisted code points of General_Category Mn, Me or Cf
// are T (transparent); all others are U, Join_Causing (C) among them: RFC 5892 A.1 reads only L, D, R and T.
const JOINING =
  '600-605:U 620:D 622-625:R 626:D 627:R 628:D 629:R 62a-62e:D 62f-632:R 633-63f:D 641-647:D 648:R 649-64a:D ' +
  '66e-66f:D 671-673:R 675-677:R 678-687:D 688-699:R 69a-6bf:D 6c0:R 6c1-6c2:D 6c3-6cb:R 6cc:D 6cd:R 6ce:D 6cf:R ' +
  '6d0-6d1:D 6d2-6d3:R 6d5:R 6dd:U 6ee-6ef:R 6fa-6fc:D 6ff:D 710:R 712-714:D 715-719:R 71a-71d:D 71e:R 71f-727:D ' +
  '728:R 729:D 72a:R 72b:D 72c:R 72d-72e:D 72f:R 74d:R 74e-758:D 759-75b:R 75c-76a:D 76b-76c:R 76d-770:D 771:R 772:D ' +
  '773-774:R 775-777:D 778-779:R 77a-77f:D 7ca-7ea:D 840:R 841-845:D 846-847:R 848:D 849:R 84a-853:D 854:R 855:D ' +
  '856-858:R 860:D 862-865:D 867:R 868:D 869-86a:R 870-882:R 886:D 889-88d:D 88e:R 890-891:U 8a0-8a9:D 8aa-8ac:R ' +
  '8ae:R 8af-8b0:D 8b1-8b2:R 8b3-8b8:D 8b9:R 8ba-8c8:D 8e2:U 1807:D 180e:U 1820-1878:D 1887-18a8:D 18aa:D ' +
  '2066-2069:U a840-a871:D a872:L 10ac0-10ac4:D 10ac5:R 10ac7:R 10ac9-10aca:R 10acd:L 10ace-10ad2:R 10ad3-10ad6:D ' +
  '10ad7:L 10ad8-10adc:D 10add:R 10ade-10ae0:D 10ae1:R 10ae4:R 10aeb-10aee:D 10aef:R 10b80:D 10b81:R 10b82:D ' +
  '10b83-10b85:R 10b86-10b88:D 10b89:R 10b8a-10b8b:D 10b8c:R 10b8d:D 10b8e-10b8f:R 10b90:D 10b91:R 10ba9-10bac:R ' +
  '10bad-10bae:D 10d00:L 10d01-10d21:D 10d22:R 10d23:D 10f30-10f32:D 10f33:R 10f34-10f44:D 10f51-10f53:D 10f54:R ' +
  '10f70-10f73:D 10f74-10f75:R 10f76-10f81:D 10fb0:D 10fb2-10fb3:D 10fb4-10fb6:R 10fb8:D 10fb9-10fba:R 10fbb-10fbc:D ' +
  '10fbd:R 10fbe-10fbf:D 10fc1:D 10fc2-10fc3:R 10fc4:D 10fc9:R 10fca:D 10fcb:L 110bd:U 110cd:U 1171e:T 1e900-1e943:D ' +
  '1e94b:T';

function range(from: number, to: number): number[] {
  const out: number[] = [];
  for (let c = from; c <= to; c++) out.push(c);
  return out;
}

let joiningTable: Map<number, string> | undefined;

function joiningType(cp: number): string {
  if (joiningTable === undefined) {
    joiningTable = new Map();
    for (const entry of JOINING.split(' ')) {
      const [span, type] = entry.split(':') as [string, string];
      const [a, b] = span.split('-');
      for (const c of range(parseInt(a!, 16), parseInt(b ?? a!, 16))) joiningTable.set(c, type);
    }
  }
  const known = joiningTable.get(cp);
  if (known !== undefined) return known;
  return cp !== ZWNJ && cp !== ZWJ && /[\p{Mn}\p{Me}\p{Cf}]/u.test(String.fromCodePoint(cp)) ? 'T' : 'U';
}

const LETTER_DIGIT = /^[\p{Ll}\p{Lu}\p{Lo}\p{Nd}\p{Lm}\p{Mn}\p{Mc}]$/u;
const IGNORABLE = /^[\p{Default_Ignorable_Code_Point}\p{White_Space}\p{Noncharacter_Code_Point}]$/u;
const UNASSIGNED = /^\p{Cn}$/u;

/** RFC 5892 §2.5 IgnorableBlocks (D) and §2.9 OldHangulJamo (I): ECMAScript has no Block property. */
function inDisallowedBlock(cp: number): boolean {
  return (
    (cp >= 0x20d0 && cp <= 0x20ff) ||
    (cp >= 0x1d100 && cp <= 0x1d24f) ||
    (cp >= 0x1100 && cp <= 0x11ff) ||
    (cp >= 0xa960 && cp <= 0xa97f) ||
    (cp >= 0xd7b0 && cp <= 0xd7ff)
  );
}

/** RFC 5892 §2.3 Unstable (B): the code point does not survive NFKC + case folding + NFKC. */
function unstable(ch: string): boolean {
  const nfkc = ch.normalize('NFKC');
  // Cherokee letters fold to the capitals (CaseFolding.txt: 13F8 -> 13F0, AB70 -> 13A0), not to the small
  // letters toLowerCase gives: a capital (U+13A0-13F5) is stable and PVALID, a small letter is not.
  if (CHEROKEE(cpOf(ch))) return nfkc.toUpperCase().normalize('NFKC') !== ch;
  if (nfkc.toLowerCase().normalize('NFKC') !== ch) return true;
  // Full case folding (CaseFolding.txt C+F) of a lower-case letter is upper- then lower-casing
  // (ß -> ss, ς -> σ), except for U+0131 (no folding).
  return cpOf(ch) !== 0x131 && nfkc.toUpperCase().toLowerCase().normalize('NFKC') !== ch;
}

const cpOf = (ch: string): number => ch.codePointAt(0) ?? 0;
const CHEROKEE = (cp: number): boolean =>
  (cp >= 0x13a0 && cp <= 0x13f5) || (cp >= 0x13f8 && cp <= 0x13fd) || (cp >= 0xab70 && cp <= 0xabbf);

type Derived = 'PVALID' | 'CONTEXTJ' | 'CONTEXTO' | 'DISALLOWED';

/** RFC 5892 §3 derivation, in the order the RFC gives. */
export function derivedProperty(cp: number): Derived {
  if (EXCEPTION_PVALID.has(cp)) return 'PVALID';
  if (EXCEPTION_DISALLOWED.has(cp)) return 'DISALLOWED';
  if (CONTEXTO.has(cp)) return 'CONTEXTO';
  const ch = String.fromCodePoint(cp);
  if (UNASSIGNED.test(ch) || bidiClass(cp) === 'U') return 'DISALLOWED';
  if ((cp >= 0x61 && cp <= 0x7a) || (cp >= 0x30 && cp <= 0x39) || cp === 0x2d) return 'PVALID';
  if (cp === ZWNJ || cp === ZWJ) return 'CONTEXTJ';
  if (unstable(ch)) return 'DISALLOWED';
  if (IGNORABLE.test(ch) || inDisallowedBlock(cp)) return 'DISALLOWED';
  return LETTER_DIGIT.test(ch) ? 'PVALID' : 'DISALLOWED';
}

const script =
  (re: RegExp) =>
  (cp: number | undefined): boolean =>
    cp !== undefined && re.test(String.fromCodePoint(cp));
const isGreek = script(/^\p{Script=Greek}$/u);
const isHebrew = script(/^\p{Script=Hebrew}$/u);
const isKanaHan = script(/^[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]$/u);

/** RFC 5892 Appendix A: the contextual rule of the code point at index i. */
function contextHolds(cps: readonly number[], i: number): boolean {
  const cp = cps[i]!;
  const before = cps[i - 1];
  const after = cps[i + 1];
  if (cp === ZWJ) return before !== undefined && VIRAMAS.has(before); // A.2
  if (cp === ZWNJ) {
    // A.1: after a virama, or (Joining_Type:{L,D})(Joining_Type:T)*\u200C(Joining_Type:T)*(Joining_Type:{R,D}).
    if (before !== undefined && VIRAMAS.has(before)) return true;
    let j = i - 1;
    while (j >= 0 && joiningType(cps[j]!) === 'T') j--;
    if (j < 0 || !['L', 'D'].includes(joiningType(cps[j]!))) return false;
    let k = i + 1;
    while (k < cps.length && joiningType(cps[k]!) === 'T') k++;
    return k < cps.length && ['R', 'D'].includes(joiningType(cps[k]!));
  }
  if (cp === 0xb7) return before === 0x6c && after === 0x6c; // A.3 MIDDLE DOT between two 'l'
  if (cp === 0x375) return isGreek(after); // A.4 GREEK LOWER NUMERAL SIGN (KERAIA)
  if (cp === 0x5f3 || cp === 0x5f4) return isHebrew(before); // A.5, A.6 GERESH, GERSHAYIM
  if (cp === 0x30fb) return cps.some((c) => c !== 0x30fb && isKanaHan(c)); // A.7 KATAKANA MIDDLE DOT
  if (cp >= 0x660 && cp <= 0x669) return !cps.some((c) => c >= 0x6f0 && c <= 0x6f9); // A.8
  if (cp >= 0x6f0 && cp <= 0x6f9) return !cps.some((c) => c >= 0x660 && c <= 0x669); // A.9
  return false;
}

/** RFC 5893 §2: the Bidi rule, for every label of a domain name that has any R, AL or AN. */
export function satisfiesBidiRule(cps: readonly number[]): boolean {
  const classes = cps.map(bidiClass);
  const first = classes[0];
  if (first !== 'L' && first !== 'R' && first !== 'A') return false; // rule 1
  let last = classes.length - 1;
  while (last > 0 && classes[last] === 'M') last--;
  const end = classes[last]!;
  if (first === 'L') {
    const allowed: readonly BidiClass[] = ['L', 'E', 'S', 'C', 'T', 'O', 'B', 'M'];
    return classes.every((c) => allowed.includes(c)) && (end === 'L' || end === 'E'); // rules 5, 6
  }
  const allowed: readonly BidiClass[] = ['R', 'A', 'N', 'E', 'S', 'C', 'T', 'O', 'B', 'M'];
  if (!classes.every((c) => allowed.includes(c))) return false; // rule 2
  if (!['R', 'A', 'E', 'N'].includes(end)) return false; // rule 3
  return !(classes.includes('E') && classes.includes('N')); // rule 4
}

/** Does a label make its domain name a Bidi domain name (RFC 5893 §1.4)? */
export function hasRtl(cps: readonly number[]): boolean {
  return cps.some((c) => {
    const b = bidiClass(c);
    return b === 'R' || b === 'A' || b === 'N';
  });
}

/** RFC 5891 §5.4 and §4.2.3: is this string a valid U-label (without the Bidi rule)? */
export function isULabelText(cps: readonly number[]): boolean {
  if (cps.length === 0) return false;
  const text = String.fromCodePoint(...cps);
  if (text.normalize('NFC') !== text) return false; // §5.3: U-labels are in NFC
  if (cps[0] === 0x2d || cps[cps.length - 1] === 0x2d) return false; // §4.2.3.1
  if (cps[2] === 0x2d && cps[3] === 0x2d) return false; // §4.2.3.1: "--" in positions 3 and 4
  if (/^\p{M}/u.test(text)) return false; // §4.2.3.2: no leading combining mark
  for (let i = 0; i < cps.length; i++) {
    const p = derivedProperty(cps[i]!);
    if (p === 'DISALLOWED') return false;
    if ((p === 'CONTEXTJ' || p === 'CONTEXTO') && !contextHolds(cps, i)) return false;
  }
  return true;
}

/** The A-label (`xn--…`) of U-label code points. */
export function toALabel(cps: readonly number[]): string {
  return `xn--${punycodeEncode(cps)}`;
}

/**
 * RFC 5891 §5.3-5.4 for an `xn--` label: decodes, insists the label is the canonical encoding of
 * a non-ASCII U-label, and returns the U-label's code points (undefined when invalid).
 */
export function decodeALabel(label: string): number[] | undefined {
  if (!/^xn--[a-z0-9-]+$/i.test(label)) return undefined;
  // RFC 5891 §5.3: an A-label is made entirely lowercase before it is decoded (DNS labels are
  // case-insensitive, RFC 4343 §3), so "XN--BCHER-KVA" is "xn--bcher-kva", not a U-label with capitals.
  const ascii = label.toLowerCase();
  const cps = punycodeDecode(ascii.slice(4));
  if (cps === undefined || cps.every((c) => c < 0x80)) return undefined;
  if (toALabel(cps) !== ascii) return undefined;
  return isULabelText(cps) ? cps : undefined;
}
