// Joining types are Unicode 14.0's (extracted/DerivedJoiningType.txt), the version of every other table under
// the IDNA2008 checks: RFC 5892 A.1 allows ZERO WIDTH NON-JOINER between a left-joining letter (L or D) and a
// right-joining one (R or D), transparent marks (T) skipped. Found by a hunt: the table was Unicode 12.1's, so letters
// typed since (U+0856-0858, 0870-0882, 0886-088E, 08B5, 08BE-08C8, Old Uyghur, Chorasmian) and the T of U+1171E
// and U+1E94B were U, and "\u0628\u200c\u0870" and "\u0628\u200c\u08be" were refused.
import { describe, expect, it } from 'vitest';
import { validate } from '../../src/index.js';
import { isHostname, isIdnEmail, isIdnHostname } from '../../src/formats/host.js';

// [what, U-label with a ZWNJ whose context holds only by a Unicode 14.0 joining type, its A-label]
const LABELS: [string, string, string][] = [
  ['BEH (D), ZWNJ, U+0870 ALEF WITH ATTACHED FATHA (R)', '\u0628\u200c\u0870', 'xn--ngb28ib29a'],
  ['BEH (D), ZWNJ, U+08BE PEHEH WITH SMALL V (D)', '\u0628\u200c\u08be', 'xn--ngb83km56a'],
  ['U+08BE (D), ZWNJ, BEH (D)', '\u08be\u200c\u0628', 'xn--ngb73kn56a'],
  ['U+0886 THIN YEH (D), ZWNJ, BEH', '\u0886\u200c\u0628', 'xn--ngb52jg09a'],
  ['U+08B5 QAF WITH DOT BELOW AND NO DOTS ABOVE (D), ZWNJ, BEH', '\u08b5\u200c\u0628', 'xn--ngb91kfw9a'],
  ['MANDAIC AB (D), ZWNJ, U+0856 MANDAIC DUSHENNA (R)', '\u0841\u200c\u0856', 'xn--zvb6b705i'],
  ['OLD UYGHUR U+10F70 (D), ZWNJ, U+10F74 (R)', '\u{10f70}\u200c\u{10f74}', 'xn--0ug3045gna'],
  ['CHORASMIAN U+10FB0 (D), ZWNJ, U+10FC4 (D)', '\u{10fb0}\u200c\u{10fc4}', 'xn--0ug1055g0ba'],
  [
    'ADLAM ALIF (D), U+1E94B NASALIZATION MARK (T), ZWNJ, ALIF',
    '\u{1e922}\u{1e94b}\u200c\u{1e922}',
    'xn--0ug1411pba6n',
  ],
  ['BEH (D), U+1171E AHOM MEDIAL RA (T), ZWNJ, BEH', '\u0628\u{1171e}\u200c\u0628', 'xn--ngba799qt29t'],
];

const DIALECTS = [
  'https://json-schema.org/draft/2020-12/schema',
  'https://json-schema.org/draft/2019-09/schema',
  'http://json-schema.org/draft-07/schema#',
];
const OPTIONS = { formatAssertion: true, dialects: ['2019-09', 'draft-07'] } as const;

describe('ZWNJ is read with Unicode 14.0 joining types', () => {
  it.each(LABELS)('%s: valid as a U-label, as its A-label and in a mailbox', (_, label, aLabel) => {
    expect([isIdnHostname(label), isHostname(aLabel), isIdnEmail(`a@${label}.example`)]).toEqual([true, true, true]);
  });

  it.each(LABELS)('%s: valid in every dialect', (_, label, aLabel) => {
    for (const $schema of DIALECTS) {
      const format = (f: string) => ({ type: 'string', format: f });
      const schema = { $schema, type: 'object', properties: { u: format('idn-hostname'), a: format('hostname') } };
      expect(validate(schema, { u: label, a: aLabel }, OPTIONS).ok, $schema).toBe(true);
    }
  });
});
