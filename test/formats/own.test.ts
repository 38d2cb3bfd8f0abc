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
  ['time', '08:30:06Z', true],
  ['time', '23:59:60Z', true],
  ['time', '15:59:60.5-08:00', true],
  ['time', '23:59:59+23:59', true],
  ['time', '00:00:00-00:00', true],
  // RFC 3339 5.6: time-hour 00-23, time-minute 00-59, time-numoffset ("+" / "-") hh ":" mm
  ['time', '24:59:59+01:00', false],
  ['time', '23:60:00+00:01', false],
  ['time', '12:00:00+0100', false],
  ['time', '12:00:00-05', false],
  ['time', '12:00:00+24:00', false],
  ['time', '12:00:00+00:60', false],
  ['time', '23:59:60+00:01', false],
  ['time', '12:00:00', false],
  ['time', '2020-11-28T12:00:00Z', false],
  ['date-time', '2020-11-28T24:00:00Z', false],
  ['date-time', '2020-11-28T12:00:00+0100', false],
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

  // The draft-07 and 2019-09 engines install the same checkers (every enabled dialect is exact).
  it.each([
    ['https://json-schema.org/draft/2020-12/schema'],
    ['https://json-schema.org/draft/2019-09/schema'],
    ['http://json-schema.org/draft-07/schema#'],
  ])('format "time" is exact under %s', ($schema) => {
    const schema = { $schema, type: 'object', properties: { at: { type: 'string', format: 'time' } } };
    const options = { formatAssertion: true, dialects: ['2019-09', 'draft-07'] } as const;
    for (const at of ['24:59:59+01:00', '23:60:00+00:01', '12:00:00+0100', '12:00:00-05'])
      expect(validate(schema, { at }, options).ok, at).toBe(false);
    expect(validate(schema, { at: '23:59:59+01:00' }, options).ok).toBe(true);
  });
});

// Validation §7.3.7: 2020-12 cites draft-bhutton-relative-json-pointer-00, which adds index manipulation
// (`0+1/a`); draft-07 and 2019-09 cite draft-handrews-relative-json-pointer, which has none.
const RJP: { value: string; v2020: boolean; older: boolean }[] = [
  { value: '0+1', v2020: true, older: false },
  { value: '1-1/a/b', v2020: true, older: false },
  { value: '2+962', v2020: true, older: false },
  { value: '0', v2020: true, older: true },
  { value: '1#', v2020: true, older: true },
  { value: '0/a~1b', v2020: true, older: true },
  { value: '0+1#', v2020: false, older: false },
  { value: '0+0', v2020: true, older: false },
  { value: '0+01', v2020: false, older: false },
  { value: '0+', v2020: false, older: false },
  { value: '+1/a', v2020: false, older: false },
  { value: '0+1\n', v2020: false, older: false },
];

describe('relative-json-pointer follows the draft each dialect cites', () => {
  const dialects = { v2020: undefined, older: 'http://json-schema.org/draft-07/schema#' };
  it.each(RJP)('$value: 2020-12 $v2020, draft-07 and 2019-09 $older', (row) => {
    for (const [key, $schema] of Object.entries(dialects)) {
      for (const s of $schema === undefined ? [undefined] : [$schema, 'https://json-schema.org/draft/2019-09/schema']) {
        const schema = {
          ...(s === undefined ? {} : { $schema: s }),
          properties: { p: { format: 'relative-json-pointer' } },
        };
        const options = { formatAssertion: true, dialects: ['2020-12', 'draft-07', '2019-09'] as const };
        const r = validate(schema, { p: row.value }, { ...options, dialects: [...options.dialects] });
        expect(r.ok, `${s ?? '2020-12'} ${JSON.stringify(row.value)}`).toBe(row[key as 'v2020' | 'older']);
      }
    }
  });
});
