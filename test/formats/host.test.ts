// Host name and mailbox formats (src/formats/host.ts) and the IDNA2008 pieces under them
// (formats/punycode.ts, formats/idna.ts, formats/unicode-bidi.ts). The official suite's optional/format run covers the
// suite's cases; these guard rules the suite does not reach and the building blocks.
import { describe, expect, it } from 'vitest';
import { validate } from '../../src/index.js';
import { ASSERTED_FORMATS } from '../../src/formats/asserted.js';
import { isEmail, isHostname, isIdnEmail, isIdnHostname } from '../../src/formats/host.js';
import { derivedProperty, satisfiesBidiRule } from '../../src/formats/idna.js';
import { punycodeDecode, punycodeEncode } from '../../src/formats/punycode.js';
import { bidiClass } from '../../src/formats/unicode-bidi.js';

const cps = (s: string): number[] => Array.from(s, (c) => c.codePointAt(0)!);

describe('punycode (RFC 3492)', () => {
  // RFC 3492 §7.1 sample strings (A: Arabic/Egyptian, L: Japanese) and a Latin one.
  it.each([
    [
      '\u0644\u064A\u0647\u0645\u0627\u0628\u062A\u0643\u0644\u0645\u0648\u0634\u0639\u0631\u0628\u064A\u061F',
      'egbpdaj6bu4bxfgehfvwxn',
    ],
    ['3\u5E74B\u7D44\u91D1\u516B\u5148\u751F', '3B-ww4c5e180e575a65lsy2b'],
    ['b\u00FCcher', 'bcher-kva'],
  ])('%s <-> %s', (unicode, encoded) => {
    expect(punycodeEncode(cps(unicode))).toBe(encoded);
    expect(punycodeDecode(encoded)).toEqual(cps(unicode));
  });

  it.each(['X', '-9uc', 'a\u00e9', 'zzzzzzzzzzzzzzzzzzzz'])('refuses malformed input %j', (s) => {
    expect(punycodeDecode(s)).toBeUndefined();
  });
});

describe('IDNA2008 derived property (RFC 5892)', () => {
  it.each([
    [0x61, 'PVALID'],
    [0x41, 'DISALLOWED'],
    [0xdf, 'PVALID'],
    [0x131, 'PVALID'],
    [0x130, 'DISALLOWED'],
    [0x3c2, 'PVALID'],
    [0x17f, 'DISALLOWED'],
    [0xab70, 'DISALLOWED'],
    [0x1100, 'DISALLOWED'],
    [0x20d0, 'DISALLOWED'],
    [0x200c, 'CONTEXTJ'],
    [0xb7, 'CONTEXTO'],
    [0x302e, 'DISALLOWED'],
    [0xad, 'DISALLOWED'],
    [0x20, 'DISALLOWED'],
    [0xfdd0, 'DISALLOWED'],
    [0x378, 'DISALLOWED'],
    [0xac00, 'PVALID'],
    [0x5d0, 'PVALID'],
    [0x2460, 'DISALLOWED'],
  ])('U+%s is %s', (cp, expected) => {
    expect(derivedProperty(cp)).toBe(expected);
  });

  it('reads Bidi classes from the table and applies the Bidi rule', () => {
    expect([0x61, 0x5d0, 0x627, 0x660, 0x30, 0x300].map(bidiClass)).toEqual(['L', 'R', 'A', 'N', 'E', 'M']);
    expect(satisfiesBidiRule(cps('\u05d0\u05d1'))).toBe(true);
    expect(satisfiesBidiRule(cps('\u05d0a'))).toBe(false); // rule 2: L inside an RTL label
    expect(satisfiesBidiRule(cps('a\u0300'))).toBe(true); // rule 6: trailing NSM after L
  });
});

const cases: [string, (s: string) => boolean, string, boolean][] = [
  ['hostname', isHostname, 'example.com', true],
  ['hostname', isHostname, 'xn--bcher-kva.example', true],
  ['hostname', isHostname, 'XN--bcher-kva.example', true], // the prefix is case-insensitive
  ['hostname', isHostname, 'xn--Bcher-kva.example', true], // lowercased before decoding (RFC 5891 §5.3)
  ['hostname', isHostname, 'xn--bcher-kvb.example', false], // decodes to a different code point
  ['hostname', isHostname, 'b\u00fccher.example', false], // hostname is ASCII only
  ['hostname', isHostname, `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(61)}`, true],
  ['hostname', isHostname, `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(62)}`, false],
  ['idn-hostname', isIdnHostname, 'b\u00fccher.example', true],
  ['idn-hostname', isIdnHostname, 'B\u00fccher.example', false], // upper case is DISALLOWED
  ['idn-hostname', isIdnHostname, 'bu\u0308cher.example', false], // not NFC
  ['idn-hostname', isIdnHostname, 'ab--c', false], // reserved R-LDH label
  ['idn-hostname', isIdnHostname, '\u05d0\u05d1.example', true], // Bidi domain name, LTR label ends in L
  ['idn-hostname', isIdnHostname, '\u05d0\u05d1.1example', false], // a label starting with a digit
  ['idn-hostname', isIdnHostname, 'a\ud800b', false], // lone surrogate
  ['email', isEmail, 'a+tag@sub.example.com', true],
  ['email', isEmail, '"a\\"b"@example.com', true],
  ['email', isEmail, '"a"b"@example.com', false],
  ['email', isEmail, 'a@[IPv6:2001:db8::1]', true],
  ['email', isEmail, 'a@[IPv6:1:2:3:4:5:6:7::]', false], // RFC 5321: at most 6 groups beside "::"
  ['email', isEmail, 'a@[IPv6:::ffff:192.0.2.1]', true],
  ['email', isEmail, 'a@[X-tag:abc]', false], // general literals need an IANA-registered tag
  ['email', isEmail, `${'a'.repeat(65)}@example.com`, false],
  ['email', isEmail, 'j\u00f6rg@example.com', false],
  ['idn-email', isIdnEmail, 'j\u00f6rg@b\u00fccher.example', true],
  ['idn-email', isIdnEmail, `${'\u00e9'.repeat(33)}@example.com`, false], // 66 UTF-8 octets
  ['idn-email', isIdnEmail, 'a@B\u00fccher.example', false],
  ['idn-email', isIdnEmail, 'a@b\u3002example', false], // only "." separates labels in a mailbox
];

describe('host name and mailbox formats', () => {
  it.each(cases.map(([format, check, value, expected]) => ({ format, check, value, expected })))(
    '$format $value -> $expected',
    ({ check, value, expected }) => {
      expect(check(value)).toBe(expected);
    },
  );

  it('asserts all four under formatAssertion, and only strings', () => {
    for (const f of ['hostname', 'idn-hostname', 'email', 'idn-email']) expect(ASSERTED_FORMATS).toContain(f);
    const schema = { type: 'object', properties: { to: { format: 'email' }, host: { format: 'idn-hostname' } } };
    expect(validate(schema, { to: 'a@example.com', host: 'b\u00fccher.example' }, { formatAssertion: true }).ok).toBe(
      true,
    );
    const bad = validate(schema, { to: 'a@@example.com', host: 5 }, { formatAssertion: true });
    expect(bad.ok ? [] : bad.error.violations.map((v) => [v.path, v.keyword])).toEqual([['$.to', 'format']]);
  });
});
