// A date-time leap second falls at 23:59:60 UTC on the last day of a month (RFC 3339 §5.7: "at the end
// of months in which a leap second occurs"; in other zones the point is shifted by the offset), in every
// dialect. Found by the differential test: 2021-03-15T23:59:60Z, mid-month, was accepted.
import { describe, expect, it } from 'vitest';
import { validate } from '../../src/index.js';
import { isDateTime, isTime } from '../../src/formats/time.js';

// [value, valid]; its `time` part, which has no date, is valid wherever it is 23:59:60 UTC (all but one).
const CASES: [string, boolean][] = [
  ['1998-12-31T23:59:60Z', true],
  ['2015-06-30T23:59:60Z', true],
  ['2024-02-29T23:59:60Z', true], // February's end in a leap year
  ['2023-02-28T23:59:60Z', true],
  ['2024-02-28T23:59:60Z', false], // not the end of February in a leap year
  ['2021-03-15T23:59:60Z', false], // mid-month
  ['2021-03-15T15:59:60-08:00', false],
  ['2016-12-30T23:59:60-00:00', false],
  ['1998-12-31T15:59:60.123-08:00', true], // 23:59:60 UTC on the same day
  ['2016-12-31T18:59:60-05:00', true],
  ['1999-01-01T00:59:60+01:00', true], // 23:59:60 UTC on the day before: 1998-12-31
  ['2017-01-01T05:29:60+05:30', true],
  ['2017-01-02T00:59:60+01:00', false], // the day before is 2017-01-01, not a month's end
  ['2016-12-31T23:59:60+01:00', false], // 22:59:60 UTC
  // Whether a leap second was inserted in that month is not checked (no table can know future ones).
  ['2021-06-30T23:59:60Z', true],
];

const DIALECTS = [
  'https://json-schema.org/draft/2020-12/schema',
  'https://json-schema.org/draft/2019-09/schema',
  'http://json-schema.org/draft-07/schema#',
];
const OPTIONS = { formatAssertion: true, dialects: ['2019-09', 'draft-07'] } as const;

describe('date-time leap seconds only at the end of a month', () => {
  it.each(CASES)('%s -> %s', (value, valid) => {
    expect(isDateTime(value)).toBe(valid);
    expect(isTime(value.slice(11))).toBe(!value.endsWith('T23:59:60+01:00'));
  });

  it.each(CASES)('%s -> %s in every dialect, through validate', (value, valid) => {
    for (const $schema of DIALECTS) {
      const schema = { $schema, type: 'object', properties: { at: { type: 'string', format: 'date-time' } } };
      expect(validate(schema, { at: value }, OPTIONS).ok, $schema).toBe(valid);
    }
  });
});
