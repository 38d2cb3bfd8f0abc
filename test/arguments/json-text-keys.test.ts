import { describe, expect, it } from 'vitest';
import { parseStrictJsonText } from '../../src/arguments/json-text-strict.js';
import { DEFAULT_LIMITS } from '../../src/util/limits.js';

const read = (text: string, limits = DEFAULT_LIMITS): string => {
  const r = parseStrictJsonText(text, limits);
  return r.ok ? `ok ${JSON.stringify(r.value.value)} ${r.value.withinLimits}` : r.error.message;
};

// Regression for the one readKey() helper that replaced two copies of the member-name code (after
// `{` and after `,`): both positions must read names, report errors and count key lengths alike.
describe('object member names read the same after "{" and after ","', () => {
  it.each([
    ['first member', '{"a":1}', 'ok {"a":1} true'],
    ['later member', '{"a":1, "b" : 2}', 'ok {"a":1,"b":2} true'],
    [
      'name not quoted, first',
      '{a:1}',
      'arguments are not valid JSON: expected a property name in double quotes at line 1 column 2 (offset 1)',
    ],
    [
      'name not quoted, later',
      '{"a":1,b:2}',
      'arguments are not valid JSON: expected a property name in double quotes at line 1 column 8 (offset 7)',
    ],
    ['end of text, first', '{ ', 'arguments are not valid JSON: unexpected end of text at line 1 column 3 (offset 2)'],
    [
      'end of text, later',
      '{"a":1, ',
      'arguments are not valid JSON: unexpected end of text at line 1 column 9 (offset 8)',
    ],
    ['no colon, first', '{"a" 1}', 'arguments are not valid JSON: expected ":" at line 1 column 6 (offset 5)'],
    ['no colon, later', '{"a":1,"b" 2}', 'arguments are not valid JSON: expected ":" at line 1 column 12 (offset 11)'],
    [
      'bad name string, first',
      '{"\\x":1}',
      'arguments are not valid JSON: bad escape in string at line 1 column 4 (offset 3)',
    ],
    [
      'bad name string, later',
      '{"a":1,"\\x":1}',
      'arguments are not valid JSON: bad escape in string at line 1 column 10 (offset 9)',
    ],
  ])('%s', (_why, text, expected) => {
    expect(read(text)).toBe(expected);
  });

  it.each([
    ['first member', '{"abc":1}'],
    ['later member', '{"a":1,"abc":2}'],
  ])('a name longer than maxStringLength is noted as %s', (_why, text) => {
    expect(read(text, { ...DEFAULT_LIMITS, maxStringLength: 2 })).toMatch(/ false$/);
  });
});
