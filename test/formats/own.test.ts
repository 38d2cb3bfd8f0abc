// toolgate's own format checkers (src/formats/own.ts), table-driven; the official suite's
// optional/format run covers them in full, these guard the edge cases ajv-formats got wrong.
import { describe, expect, it } from 'vitest';
import { OWN_FORMAT_CHECKERS } from '../../src/formats/own.js';
import { ASSERTED_FORMATS } from '../../src/formats/asserted.js';
import { validate } from '../../src/index.js';

const cases: [string, string, boolean][] = [
  ['date-time', '1998-12-31T23:59:60Z', true],
  ['date-time', '1998-12-31T15:59:60.123-08:00', true],
  ['date-time', '1998-12-31T22:59:60Z', false],
  ['date-time', '2021-02-29T00:00:00Z', false],
  ['date-time', '2020-02-29T00:00:00z', true],
  ['duration', 'P4DT12H30M5S', true],
  ['duration', 'PT', false],
  ['duration', 'P1Y2W', false],
  ['uri', 'http://[V1.fe]', true],
  ['uri', '//example.com', false],
  ['uri', 'http://ex ample.com', false],
  ['uri-reference', 'a:b/c', true],
  ['uri-reference', './a:b', true],
  ['iri', 'http://ƒøø.ßår/?∂éœ=πîx#πîüx', true],
  ['iri-reference', '\\\\WINDOWS\\filëßåré', false],
  ['uri-template', 'http://example.com/dictionary/{term:1}/{term}', true],
  ['uri-template', 'http://example.com/dictionary/{term:1}/{term', false],
  ['uuid', '2EB8AA08-AA98-11EA-B4AA-73B441D16380', true],
  ['uuid', '2eb8aa08-aa98-11ea-b4aa-73b441d1638', false],
  ['regex', '([abc])+\\s+$', true],
  ['regex', '^(abc]', false],
];

describe('own format checkers', () => {
  it.each(cases)('%s %j -> %s', (format, value, expected) => {
    expect(OWN_FORMAT_CHECKERS[format]?.(value)).toBe(expected);
  });

  it('every own checker is asserted, and asserted through validate with formatAssertion', () => {
    for (const f of Object.keys(OWN_FORMAT_CHECKERS)) expect(ASSERTED_FORMATS).toContain(f);
    const schema = { type: 'object', properties: { when: { format: 'date-time' } } };
    expect(validate(schema, { when: '2021-02-29T00:00:00Z' }, { formatAssertion: true }).ok).toBe(false);
    expect(validate(schema, { when: '2020-02-29T00:00:00Z' }, { formatAssertion: true }).ok).toBe(true);
    // format is an annotation by default (docs/rules.md, rule 7)
    expect(validate(schema, { when: 'not a date' }).ok).toBe(true);
  });
});
