// An A-label is read without regard to letter case (RFC 5891 §5.3: lowercased before it is decoded;
// RFC 4343 §3: DNS labels are case-insensitive), in every format that reads host names and in every
// dialect. Found by the differential test: "XN--BCHER-KVA.DE" was refused as a U-label with capitals.
import { describe, expect, it } from 'vitest';
import { validate } from '../../src/index.js';
import { isEmail, isHostname, isIdnEmail, isIdnHostname } from '../../src/formats/host.js';

const CHECKERS = { hostname: isHostname, 'idn-hostname': isIdnHostname, email: isEmail, 'idn-email': isIdnEmail };
type Format = keyof typeof CHECKERS;

// [format, value, valid]: the same names in upper, lower and mixed case, and upper-case labels that stay invalid.
const CASES: [Format, string, boolean][] = [
  ['hostname', 'XN--BCHER-KVA.DE', true],
  ['hostname', 'xn--Bcher-kva.example', true],
  ['hostname', 'Xn--BcHeR-KvA.example', true],
  ['hostname', 'xn--bcher-kva.example', true],
  ['hostname', 'XN--BCHER-KVB.DE', false], // decodes, but to a different U-label than it re-encodes from
  ['hostname', 'XN--X', false], // not Punycode
  ['hostname', 'XN--AA---O47JG78Q', false], // the U-label has "--" in positions 3 and 4 (RFC 5891 §4.2.3.1)
  ['hostname', 'XN--S-JIB3P', false], // Greek KERAIA not followed by Greek (RFC 5892 Appendix A.4)
  ['hostname', 'XN--EXAMPLE-', false], // decodes to ASCII only
  ['idn-hostname', 'XN--BCHER-KVA.DE', true],
  ['idn-hostname', 'XN--IHQWCRB4CV8A8DQG056PQJYE', true],
  ['idn-hostname', 'XN--7A', false], // decodes to a DISALLOWED code point
  ['idn-hostname', 'B\u00dcCHER.DE', false], // a U-label keeps its case: upper case is DISALLOWED (RFC 5892)
  ['email', 'a@XN--BCHER-KVA.DE', true],
  ['email', 'a@XN--X.DE', false],
  ['idn-email', '\u00e9@XN--BCHER-KVA.DE', true],
  ['idn-email', 'a@XN--7A.DE', false],
];

const DIALECTS = [
  'https://json-schema.org/draft/2020-12/schema',
  'https://json-schema.org/draft/2019-09/schema',
  'http://json-schema.org/draft-07/schema#',
];
const OPTIONS = { formatAssertion: true, dialects: ['2019-09', 'draft-07'] } as const;

describe('A-labels are case-insensitive', () => {
  it.each(CASES)('%s %j -> %s', (format, value, valid) => {
    expect(CHECKERS[format](value)).toBe(valid);
  });

  it.each(CASES)('%s %j -> %s in every dialect, through validate', (format, value, valid) => {
    for (const $schema of DIALECTS) {
      const schema = { $schema, type: 'object', properties: { v: { type: 'string', format } } };
      expect(validate(schema, { v: value }, OPTIONS).ok, $schema).toBe(valid);
    }
  });
});
