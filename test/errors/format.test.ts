import { describe, expect, it } from 'vitest';
import { formatForModel } from '../../src/errors/format.js';
import { validateSchema } from '../../src/index.js';
import type { GateError, Violation } from '../../src/result.js';

const GET_WEATHER = {
  type: 'object',
  properties: {
    city: { type: 'string', minLength: 1 },
    days: { type: 'integer', minimum: 1, maximum: 7 },
    unit: { enum: ['c', 'f'] },
  },
  required: ['city'],
  additionalProperties: false,
};

function compiled(schema: unknown) {
  const r = validateSchema(schema);
  if (!r.ok) throw new Error(`fixture schema refused: ${r.error.message}`);
  return r.value;
}

function violation(path: string, message: string): Violation {
  return { path, pointer: '', keyword: 'x', message, schemaPath: '' };
}

describe('formatForModel', () => {
  it('renders the get_weather example of issue 5 exactly', () => {
    const r = compiled(GET_WEATHER).validate({ days: '3', unit: 'kelvin', country: 'FR' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(formatForModel('get_weather', r.error)).toBe(
      'error: invalid arguments for get_weather:\n' +
        '$: missing required property "city"\n' +
        '$: unexpected property "country"\n' +
        '$.days: expected integer, got string\n' +
        '$.unit: "kelvin" is not one of ["c","f"]',
    );
  });

  it('lets the valid get_weather call through with the same reference', () => {
    const args = { city: 'Paris', days: 3 };
    const r = compiled(GET_WEATHER).validate(args);
    expect(r).toEqual({ ok: true, value: args });
    if (r.ok) expect(r.value).toBe(args);
  });

  it('suppresses the other keywords of a schema whose type is wrong', () => {
    const r = compiled({ type: 'object', properties: { days: { type: 'integer', minimum: 1, maximum: 7, multipleOf: 2 } } }).validate({ days: 'x' });
    expect(r.ok ? [] : r.error.violations.map((v) => v.keyword)).toEqual(['type']);
  });

  it('sorts by path then message in UTF-16 code-unit order and removes duplicates', () => {
    const error: GateError = {
      class: 'validation',
      message: 'm',
      violations: [violation('$.b', 'z'), violation('$.a', 'y'), violation('$["Z z"]', 'q'), violation('$.a', 'x'), violation('$.b', 'z'), violation('$.Ä', 'p')],
    };
    expect(formatForModel('t', error).split('\n').slice(1)).toEqual(['$.a: x', '$.a: y', '$.b: z', '$.Ä: p', '$["Z z"]: q']);
  });

  it.each([
    [3, 5, ['$.a0: m', '$.a1: m', '$.a2: m', '… and 2 more']],
    [20, 25, [...Array.from({ length: 20 }, (_, i) => `$.a${String(i).padStart(2, '0')}: m`), '… and 5 more']],
    [20, 20, Array.from({ length: 20 }, (_, i) => `$.a${String(i).padStart(2, '0')}: m`)],
  ])('caps at %i lines out of %i', (max, total, expected) => {
    const width = total > 10 ? 2 : 1;
    const violations = Array.from({ length: total }, (_, i) => violation(`$.a${String(i).padStart(width, '0')}`, 'm'));
    const text = formatForModel('t', { class: 'validation', message: 'm', violations }, max === 20 ? {} : { maxLines: max });
    expect(text.split('\n').slice(1)).toEqual(expected);
  });

  it('keeps one violation per line even when a message holds a newline', () => {
    const text = formatForModel('t', { class: 'validation', message: 'm', violations: [violation('$', 'a\nb: fake')] });
    expect(text).toBe('error: invalid arguments for t:\n$: a b: fake');
  });

  it('says where a JSON text broke', () => {
    const r = compiled(GET_WEATHER).validateJSON('{"city": "Paris"');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(formatForModel('get_weather', r.error)).toMatch(/^error: invalid arguments for get_weather: arguments are not valid JSON: .* at line 1 column \d+/);
  });

  it.each([
    ['unsupported_capability', 'error: cannot check arguments for t: why'],
    ['execution_failure', 'error: could not check arguments for t: why'],
    ['validation', 'error: invalid arguments for t: why'],
  ] as const)('heads a %s error without violations with its message', (cls, expected) => {
    expect(formatForModel('t', { class: cls, message: 'why', violations: [] })).toBe(expected);
  });
});
