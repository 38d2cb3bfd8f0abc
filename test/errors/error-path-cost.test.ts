// The error path's work, counted: each schema location is parsed and located once per schema, and a
// list already in order is checked in one pass rather than sorted again (by violationsFromEngine, then
// by formatForModel). Counts, not times: a regression shows here on any machine.
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { formatForModel, formatOwnError } from '../../src/errors/format.js';
import { sortViolations, violationsFromEngine } from '../../src/errors/violations.js';
import { validateSchema } from '../../src/index.js';
import type { GateError, Violation } from '../../src/result.js';

const schema = {
  type: 'object',
  properties: {
    a: { type: 'integer', minimum: 1 },
    'b/c': { type: 'string', maxLength: 2 },
    list: { type: 'array', items: { type: 'string' } },
  },
  required: ['need'],
  additionalProperties: false,
};
const validator = new Ajv2020({ allErrors: true, strict: false }).compile(schema);
const args = { a: 0, 'b/c': 'long', list: ['x', 1, 2], extra: true };

describe('violationsFromEngine parses and locates each schema location once per schema', () => {
  it('a second failure against the same schema asks locate nothing new', () => {
    expect(validator(args)).toBe(false);
    const errors = validator.errors ?? [];
    const asked: string[] = [];
    const options = {
      schema,
      locate: (pointer: string): string => {
        asked.push(pointer);
        return pointer;
      },
    };
    const first = violationsFromEngine(errors, args, options);
    const distinct = new Set(errors.map((e) => e.schemaPath)).size;
    expect(asked.length).toBe(distinct);
    const second = violationsFromEngine(errors, args, options);
    expect(asked.length).toBe(distinct);
    expect(second).toEqual(first);
    expect(first.map((v) => [v.path, v.pointer])).toEqual([
      ['$', ''],
      ['$', ''],
      ['$.a', '/a'],
      ['$.list[1]', '/list/1'],
      ['$.list[2]', '/list/2'],
      ['$["b/c"]', '/b~1c'],
    ]);
  });
});

/** Violations whose `path` counts its reads, to count the comparisons a sort makes. */
function counting(paths: readonly string[]): { list: Violation[]; reads: () => number } {
  let reads = 0;
  const list = paths.map((p) => {
    const v = { pointer: '', keyword: 'k', message: 'm', schemaPath: '' };
    return Object.defineProperty(v, 'path', {
      enumerable: true,
      get: () => {
        reads++;
        return p;
      },
    }) as Violation;
  });
  return { list, reads: () => reads };
}

describe('a list already in order is not sorted again', () => {
  const ordered = Array.from({ length: 64 }, (_, i) => `$.p${String(i).padStart(3, '0')}`);

  it('sortViolations compares each neighbouring pair once for an ordered list', () => {
    const { list, reads } = counting(ordered);
    expect(sortViolations(list)).toEqual(list);
    // One read of each path per comparison, one comparison per neighbouring pair.
    expect(reads()).toBe(2 * (ordered.length - 1));
  });

  it('an unordered list is still sorted and de-duplicated, the first of equal ones kept', () => {
    const v = (path: string, message: string, keyword = 'k'): Violation => ({
      path,
      pointer: '',
      keyword,
      message,
      schemaPath: '',
      code: 'keyword_failed',
      params: {},
    });
    expect(sortViolations([v('$.b', 'x'), v('$.a', 'y', 'first'), v('$.a', 'y', 'second'), v('$.a', 'x')])).toEqual([
      v('$.a', 'x'),
      v('$.a', 'y', 'first'),
      v('$.b', 'x'),
    ]);
  });

  it("formatOwnError gives formatForModel's text for toolgate's own error", () => {
    const c = validateSchema(schema);
    if (!c.ok) throw new Error('fixture schema refused');
    const r = c.value.validate(args);
    if (r.ok) throw new Error('fixture arguments accepted');
    expect(formatOwnError('t', r.error)).toBe(formatForModel('t', r.error));
    expect(formatOwnError('t', r.error, 2)).toBe(formatForModel('t', r.error, { maxLines: 2 }));
    const broken: GateError = { ...r.error, message: 'a\nb', violations: [] };
    expect(formatOwnError('t', broken)).toBe(formatForModel('t', broken));
    expect(formatOwnError('t', broken)).toBe('error: invalid arguments for t: a b');
  });
});

// Regression guard for the plain read of each step: an own `__proto__` member is the value, an absent one is not
// Object.prototype.
describe('the value at a violation is read from the arguments, own members only', () => {
  const schema = JSON.parse('{"type":"object","properties":{"__proto__":{"enum":["a"]},"x":{"enum":[1]}}}') as object;
  it.each([
    { args: '{"__proto__":"b"}', line: '$.__proto__: "b" is not one of ["a"]' },
    { args: '{"x":2}', line: '$.x: 2 is not one of [1]' },
  ])('$args', ({ args, line }) => {
    const c = validateSchema(schema);
    if (!c.ok) throw new Error('fixture schema refused');
    const r = c.value.validate(JSON.parse(args));
    expect(r.ok ? '' : formatForModel('t', r.error).split('\n')[1]).toBe(line);
  });
});
