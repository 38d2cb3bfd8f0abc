// Regression: validateJSON must not silently round numbers beyond 2^53, whatever their lexical form.
import { describe, expect, it } from 'vitest';
import { validateSchema } from '../../src/index.js';
import { isExactLargeNumber } from '../../src/arguments/exact-number.js';

const compiled = validateSchema({ type: 'object' });
if (!compiled.ok) throw new Error('fixture schema must compile');
const schema = compiled.value;

describe('numbers that are not exactly a float64 are refused in every lexical form', () => {
  const refused = [
    '9007199254740993',
    '9007199254740993.0',
    '9007199254740993e0',
    '12345678901234567890.5',
    '1e300',
    '-9007199254740993.00',
    '1e400',
  ];
  for (const n of refused) {
    it(`refuses ${n}`, () => {
      const r = schema.validateJSON(`{"a":${n}}`);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.class).toBe('validation');
    });
  }
  const accepted: [string, number][] = [
    ['9007199254740991', 9007199254740991],
    ['1e20', 1e20],
    ['0.1', 0.1],
    ['18014398509481984.0', 2 ** 54],
    ['-4.5e15', -4.5e15],
    ['2.5', 2.5],
  ];
  for (const [n, v] of accepted) {
    it(`accepts ${n} as ${v}`, () => {
      const r = schema.validateJSON(`{"a":${n}}`);
      expect(r.ok && (r.value as { a: number }).a).toBe(v);
    });
  }
  it('isExactLargeNumber compares the decimal value exactly', () => {
    expect(isExactLargeNumber('9007199254740992.0', 2 ** 53)).toBe(true);
    expect(isExactLargeNumber('9007199254740993.0', 2 ** 53)).toBe(false);
    expect(isExactLargeNumber('0.1', 0.1)).toBe(true);
  });
});
