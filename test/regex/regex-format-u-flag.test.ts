// The `regex` format is ECMA-262 with the `u` flag (Validation §7.3.8, Core §6.4): valid exactly when
// `new RegExp(value, 'u')` compiles. Found by a hunt: values valid only without the flag (ECMA-262 Annex B) were valid
// where toolgate would run them as a `pattern` (`]`, `a]`, `\-`, `x{`, `[\w-z]`) and invalid otherwise (`\a`, which
// the official suite marks invalid), so the verdict told what toolgate can rewrite, not what a regular expression is.
import { describe, expect, it } from 'vitest';
import { validate, validateSchema } from '../../src/index.js';
import { isRegexFormat } from '../../src/regex/regex-format.js';
import { FORMAT_SAMPLES } from '../differential/format-pools.js';

const compilesWithU = (s: string): boolean => {
  try {
    new RegExp(s, 'u');
    return true;
  } catch {
    return false;
  }
};

const DIALECTS = [
  'https://json-schema.org/draft/2020-12/schema',
  'https://json-schema.org/draft/2019-09/schema',
  'http://json-schema.org/draft-07/schema#',
];
const OPTIONS = { formatAssertion: true, dialects: ['2019-09', 'draft-07'] } as const;

// Valid only without the u flag, where both readings mean the same: a `pattern` toolgate runs, not a `regex` value.
const ANNEX_B_ONLY = [']', 'a]', '\\-', 'x{', '{', '}', 'a{1', '[\\w-z]', '[\\d-z]', '[\\w\\@]', '^\\d{3}\\-\\d{4}$'];

describe('the regex format reads a value with the u flag', () => {
  it.each(ANNEX_B_ONLY)('%j is invalid in every dialect, yet admitted as a pattern', (value) => {
    expect(() => new RegExp(value)).not.toThrow(); // valid ECMA-262 without the flag (Annex B)
    expect(isRegexFormat(value)).toBe(false);
    for (const $schema of DIALECTS) {
      const schema = { $schema, type: 'object', properties: { r: { type: 'string', format: 'regex' } } };
      expect(validate(schema, { r: value }, OPTIONS).ok, $schema).toBe(false);
      const asPattern = validateSchema({ $schema, type: 'object', properties: { p: { pattern: value } } }, OPTIONS);
      expect(asPattern.ok, $schema).toBe(true);
    }
  });

  it("is valid exactly when new RegExp(value, 'u') compiles, on every sample the differential test draws", () => {
    const values = [
      ...FORMAT_SAMPLES['regex']!,
      ...ANNEX_B_ONLY,
      '\\a',
      '\\a\\-',
      '[]',
      '[^]',
      '\\cA',
      '(?<n>a)\\k<n>',
    ];
    expect(values.filter((v) => isRegexFormat(v) !== compilesWithU(v))).toEqual([]);
  });
});
