// A hunt's find: formatForModel took any options: `{ maxLinez: 3 }` was ignored, a maxLines of -1, "x" or NaN read as
// 20 and 2.5 as 2, where docs/api.md says a misspelt option or a wrong type is refused, never ignored. It returns a
// string, so the refusal is in the text: the header, then the refusal in place of the violations (never a throw).
import { describe, expect, it } from 'vitest';
import { formatForModel, type GateError } from '../../src/index.js';

const ERROR: GateError = {
  class: 'validation',
  message: 'x',
  violations: Array.from({ length: 30 }, (_, i) => ({
    path: `$.a${String(i).padStart(2, '0')}`,
    pointer: `/a${i}`,
    keyword: 'type',
    message: `bad ${i}`,
    schemaPath: '',
    code: 'type_mismatch',
    params: {},
  })),
};
const LEAD = 'error: invalid arguments for t: the violations are not shown: invalid formatForModel options: ';
const MUST = 'maxLines must be a whole number from 0, or Infinity';

const REFUSED: [string, unknown, string][] = [
  ['a misspelt option', { maxLinez: 3 }, 'unknown option "maxLinez" (known: maxLines)'],
  ['a negative count', { maxLines: -1 }, MUST],
  ['a string', { maxLines: 'x' }, MUST],
  ['NaN', { maxLines: Number.NaN }, MUST],
  ['a fraction', { maxLines: 2.5 }, MUST],
  ['-Infinity', { maxLines: -Infinity }, MUST],
  ['a getter', Object.defineProperty({}, 'maxLines', { enumerable: true, get: () => 3 }), '"maxLines" is not a plain'],
  ['an array as the options', [3], 'the options must be an object, got an array'],
];

describe('formatForModel reads its options against one table', () => {
  it.each(REFUSED)('refuses %s in the text, one line, no violation shown', (_, options, problem) => {
    const text = formatForModel('t', ERROR, options as object);
    expect(text.slice(0, LEAD.length)).toBe(LEAD);
    expect(text).toContain(problem);
    expect(text.split('\n')).toHaveLength(1);
  });

  it.each([
    ['no options', undefined, 22],
    ['undefined maxLines', { maxLines: undefined }, 22],
    ['0', { maxLines: 0 }, 2],
    ['3', { maxLines: 3 }, 5],
    ['Infinity, as the Registry takes it', { maxLines: Infinity }, 31],
  ])('takes %s', (_, options, lines) => {
    expect(formatForModel('t', ERROR, options as object).split('\n')).toHaveLength(lines);
  });
});
