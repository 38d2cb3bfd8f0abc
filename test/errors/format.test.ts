import { describe, expect, it } from 'vitest';
import { formatForModel } from '../../src/errors/format.js';
import { validateSchema } from '../../src/index.js';
import type { GateError, Violation } from '../../src/result.js';
import { BAD_WEATHER_ARGS, BAD_WEATHER_TEXT, GET_WEATHER_SCHEMA as GET_WEATHER } from '../fixtures/weather.js';

function compiled(schema: unknown) {
  const r = validateSchema(schema);
  if (!r.ok) throw new Error(`fixture schema refused: ${r.error.message}`);
  return r.value;
}

function violation(path: string, message: string): Violation {
  return { path, pointer: '', keyword: 'x', message, schemaPath: '', code: 'keyword_failed', params: {} };
}

describe('formatForModel', () => {
  it('renders the shared get_weather example exactly', () => {
    const r = compiled(GET_WEATHER).validate(BAD_WEATHER_ARGS);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(formatForModel('get_weather', r.error)).toBe(BAD_WEATHER_TEXT);
  });

  it('lets the valid get_weather call through with the same reference', () => {
    const args = { city: 'Paris', days: 3 };
    const r = compiled(GET_WEATHER).validate(args);
    expect(r).toEqual({ ok: true, value: args });
    if (r.ok) expect(r.value).toBe(args);
  });

  it('suppresses the other keywords of a schema whose type is wrong', () => {
    const r = compiled({
      type: 'object',
      properties: { days: { type: 'integer', minimum: 1, maximum: 7, multipleOf: 2 } },
    }).validate({ days: 'x' });
    expect(r.ok ? [] : r.error.violations.map((v) => v.keyword)).toEqual(['type']);
  });

  it('sorts by path then message in UTF-16 code-unit order and removes duplicates', () => {
    const error: GateError = {
      class: 'validation',
      message: 'm',
      violations: [
        violation('$.b', 'z'),
        violation('$.a', 'y'),
        violation('$["Z z"]', 'q'),
        violation('$.a', 'x'),
        violation('$.b', 'z'),
        violation('$.Ä', 'p'),
      ],
    };
    expect(formatForModel('t', error).split('\n').slice(1)).toEqual([
      '$.a: x',
      '$.a: y',
      '$.b: z',
      '$.Ä: p',
      '$["Z z"]: q',
    ]);
  });

  it.each([
    [3, 5, ['$.a0: m', '$.a1: m', '$.a2: m', '… and 2 more']],
    [20, 25, [...Array.from({ length: 20 }, (_, i) => `$.a${String(i).padStart(2, '0')}: m`), '… and 5 more']],
    [20, 20, Array.from({ length: 20 }, (_, i) => `$.a${String(i).padStart(2, '0')}: m`)],
    [
      20,
      100,
      [...Array.from({ length: 20 }, (_, i) => `$.a${String(i).padStart(2, '0')}: m`), '… and at least 80 more'],
    ],
  ])('caps at %i lines out of %i', (max, total, expected) => {
    const width = total > 10 ? 2 : 1;
    const violations = Array.from({ length: total }, (_, i) => violation(`$.a${String(i).padStart(width, '0')}`, 'm'));
    const text = formatForModel(
      't',
      { class: 'validation', message: 'm', violations },
      max === 20 ? {} : { maxLines: max },
    );
    expect(text.split('\n').slice(1)).toEqual(expected);
  });

  // A hunt's find: a validation records at most 100 violations, and 150 unexpected properties read "… and 80 more".
  it('a list cut at the 100 violations a validation records ends with a floor, not a count', () => {
    const args = Object.fromEntries(Array.from({ length: 150 }, (_, i) => [`x${String(i).padStart(3, '0')}`, 1]));
    const r = compiled({ type: 'object', additionalProperties: false }).validate(args);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.message).toMatch(/^invalid arguments: at least 100 violations/);
    expect(formatForModel('t', r.error).split('\n').at(-1)).toBe('… and at least 80 more');
  });

  // Regression guard for the one-look check over all lines: every kind of break, in a path or a message,
  // next to clean lines, still leaves one line per violation.
  it.each([
    { name: 'newline in a path', path: '$.b["a\nb"]', message: 'x', line: '$.b["a b"]: x' },
    { name: 'carriage return in a message', path: '$.a', message: 'x\r\ny', line: '$.a: x y' },
    { name: 'line separator in a message', path: '$.a', message: 'x\u2028y', line: '$.a: x y' },
    { name: 'paragraph separator in a path', path: '$.b["\u2029"]', message: 'x', line: '$.b[" "]: x' },
  ])('$name: one line per violation', ({ path, message, line }) => {
    const error: GateError = {
      class: 'validation',
      message: 'm',
      violations: [violation('$.0', 'clean'), violation(path, message), violation('$.z', 'clean')],
    };
    expect(formatForModel('t', error).split('\n')).toEqual([
      'error: invalid arguments for t:',
      '$.0: clean',
      line,
      '$.z: clean',
    ]);
  });

  it('keeps one violation per line even when a message holds a newline', () => {
    const text = formatForModel('t', { class: 'validation', message: 'm', violations: [violation('$', 'a\nb: fake')] });
    expect(text).toBe('error: invalid arguments for t:\n$: a b: fake');
  });

  it('says where a JSON text broke', () => {
    const r = compiled(GET_WEATHER).validateJSON('{"city": "Paris"');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(formatForModel('get_weather', r.error)).toMatch(
      /^error: invalid arguments for get_weather: arguments are not valid JSON: .* at line 1 column \d+/,
    );
  });

  it.each([
    ['unsupported_capability', 'error: cannot check arguments for t: why'],
    ['execution_failure', 'error: could not check arguments for t: why'],
    ['validation', 'error: invalid arguments for t: why'],
  ] as const)('heads a %s error without violations with its message', (cls, expected) => {
    expect(formatForModel('t', { class: cls, message: 'why', violations: [] })).toBe(expected);
  });
});

// Regression: formatForModel('t', null) and a null violation threw TypeError.
describe('formatForModel never throws, whatever error it is given', () => {
  const getter = Object.defineProperty({ class: 'validation', violations: [] }, 'message', {
    get: () => {
      throw new Error('getter ran');
    },
  });
  const revoked = Proxy.revocable([], {});
  revoked.revoke();
  it.each([
    ['a null error', null, 'error: invalid arguments for t: no reason given'],
    ['an undefined error', undefined, 'error: invalid arguments for t: no reason given'],
    [
      'a null violation',
      { class: 'validation', message: 'm', violations: [null, violation('$.a', 'bad')] },
      'error: invalid arguments for t:\n$.a: bad',
    ],
    [
      'violations that are not an array',
      { class: 'execution_failure', message: 'boom', violations: 'x' },
      'error: could not check arguments for t: boom',
    ],
    ['a throwing message getter', getter, 'error: invalid arguments for t: no reason given'],
    [
      'a revoked Proxy as violations',
      { class: 'validation', message: 'm', violations: revoked.proxy },
      'error: could not check arguments for t',
    ],
    ['an unknown class', { class: 'nope', message: 'm', violations: [] }, 'error: invalid arguments for t: m'],
  ])('%s', (_why, error, text) => {
    expect(formatForModel('t', error as unknown as GateError)).toBe(text);
  });

  // Options are read against formatForModel's table (test/errors/format-options.test.ts): null is not absent.
  it('null options are refused in the text, without throwing', () => {
    const error: GateError = { class: 'validation', message: 'm', violations: [violation('$.a', 'x')] };
    expect(formatForModel('t', error, null as unknown as object)).toBe(
      'error: invalid arguments for t: the violations are not shown: invalid formatForModel options: ' +
        'the options must be an object, got null',
    );
  });
});

// Regression: a tool name that is not a string was JSON.stringify'd, which ran its getters and toJSON.
describe('formatForModel runs no code of a tool name that is not a string', () => {
  const ran: string[] = [];
  const revoked = Proxy.revocable({}, {});
  revoked.revoke();
  it.each([
    [
      'an object with toJSON',
      {
        toJSON: () => {
          ran.push('toJSON');
          return 'x';
        },
      },
      'an object',
    ],
    [
      'an object with a getter',
      Object.defineProperty({}, 'name', {
        enumerable: true,
        get: () => {
          ran.push('getter');
          return 'x';
        },
      }),
      'an object',
    ],
    ['a revoked Proxy', revoked.proxy, 'an object'],
    ['a number', 7, '7'],
    ['null', null, 'null'],
    ['a BigInt', 10n, '10n'],
  ])('%s', (_why, name, shown) => {
    expect(formatForModel(name as unknown as string, { class: 'validation', message: 'm', violations: [] })).toBe(
      `error: invalid arguments for ${shown}: m`,
    );
    expect(ran).toEqual([]);
  });
});

// Regression: a limit of 1 read "must be at least 1 characters long".
describe('string length messages agree in number with their limit', () => {
  it.each([
    [{ minLength: 1 }, '', '$.a: must be at least 1 character long'],
    [{ maxLength: 1 }, 'ab', '$.a: must be at most 1 character long'],
    [{ minLength: 3 }, 'ab', '$.a: must be at least 3 characters long'],
  ])('%j', (keyword, value, line) => {
    const c = validateSchema({ type: 'object', properties: { a: keyword } });
    if (!c.ok) throw new Error(c.error.message);
    const r = c.value.validate({ a: value });
    expect(r.ok ? '(accepted)' : formatForModel('t', r.error).split('\n')[1]).toBe(line);
  });
});
