// Cherokee capital letters (U+13A0-13F5) are PVALID (RFC 5892 §2.3: case folding maps the small letters to the
// capitals, so the capitals are stable; Unicode's Idna2008-14.0.0.txt lists "13A0..13F5 ; PVALID"), the small
// letters DISALLOWED. Found by a hunt: toLowerCase stood in for case folding, and "ᎠᎡ" and "xn--58dc" were refused.
import { describe, expect, it } from 'vitest';
import { validate } from '../../src/index.js';
import { isEmail, isHostname, isIdnEmail, isIdnHostname } from '../../src/formats/host.js';
import { derivedProperty } from '../../src/formats/idna.js';

const CHECKERS = { hostname: isHostname, 'idn-hostname': isIdnHostname, email: isEmail, 'idn-email': isIdnEmail };
type Format = keyof typeof CHECKERS;

const hex = (cp: number): string => cp.toString(16).toUpperCase();

// [capital, PVALID; its small letter, DISALLOWED]
const LETTERS: [string, number, number][] = [
  [0x13a0, 0xab70], // A
  [0x13ef, 0xabbf], // YA, the last with a small letter in the Cherokee Supplement block
  [0x13f0, 0x13f8], // YE, the first of the six whose small letters are in the Cherokee block
  [0x13f5, 0x13fd], // MV, the last capital
].map(([capital, small]) => [`U+${hex(capital!)} / U+${hex(small!)}`, capital!, small!]);

// [format, with capitals (valid), the same with a small letter (invalid)], as U-labels and as A-labels.
const CASES: [Format, string, string][] = [
  ['idn-hostname', '\u13a0\u13a1', '\u13a0\uab71'],
  ['idn-hostname', '\u13e3\u13b3\u13a9.example', '\u13e3\u13b3\uab79.example'], // ᏣᎳᎩ, "Cherokee"
  ['idn-hostname', 'xn--f9dt7l.example', 'xn--p9d9gq571c.example'],
  ['hostname', 'xn--58dc', 'xn--58d4488e'],
  ['hostname', 'xn--lce.example', 'xn--kz9a.example'], // U+13F5; U+AB70
  ['email', 'a@xn--58dc.com', 'a@xn--58d4488e.com'],
  ['idn-email', 'a@\u13a0\u13a1.com', 'a@\u13a0\uab71.com'],
];

const DIALECTS = [
  'https://json-schema.org/draft/2020-12/schema',
  'https://json-schema.org/draft/2019-09/schema',
  'http://json-schema.org/draft-07/schema#',
];
const OPTIONS = { formatAssertion: true, dialects: ['2019-09', 'draft-07'] } as const;

describe('Cherokee capital letters are PVALID, small letters DISALLOWED', () => {
  it.each(LETTERS)('%s: the capital is PVALID, its small letter DISALLOWED', (_, capital, small) => {
    expect([derivedProperty(capital), derivedProperty(small)]).toEqual(['PVALID', 'DISALLOWED']);
  });

  it('holds for every capital, U+13A0 to U+13F5', () => {
    const capitals = Array.from({ length: 0x13f6 - 0x13a0 }, (_, i) => 0x13a0 + i);
    expect(capitals.filter((cp) => derivedProperty(cp) !== 'PVALID').map((cp) => cp.toString(16))).toEqual([]);
  });

  it.each(CASES)('%s %j is valid, %j invalid, in every dialect', (format, capitals, small) => {
    expect([CHECKERS[format](capitals), CHECKERS[format](small)]).toEqual([true, false]);
    for (const $schema of DIALECTS) {
      const schema = { $schema, type: 'object', properties: { v: { type: 'string', format } } };
      const verdicts = [validate(schema, { v: capitals }, OPTIONS).ok, validate(schema, { v: small }, OPTIONS).ok];
      expect(verdicts, $schema).toEqual([true, false]);
    }
  });
});
