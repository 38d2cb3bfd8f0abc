// copyBoundedJson walks an array of leaves (no object in it) in one loop, without a frame, a path and a
// defineProperty per item: a 4 MiB result of 2,000,000 numbers took 5-8 s to copy, about 1.5 s now. Each case
// below compares that loop with the frame walk the same items take once an array beside them is nested (a
// trailing [] makes the walk push frames): the same finding at the same place, and the same copy.
import { describe, expect, it } from 'vitest';
import { copyBoundedJson } from '../../src/util/plain-json.js';
import type { JsonBounds } from '../../src/util/json-bounds.js';

const bound = (value: number) => ({ value, name: 'test bound' }) as unknown as NonNullable<JsonBounds['values']>;
const holed = (): unknown[] => {
  const a: unknown[] = [Number.NaN, 1, 2];
  a.length = 4; // a hole at the end
  return a;
};
const getter = (): unknown[] => {
  const a: unknown[] = [1, undefined, 3];
  Object.defineProperty(a, 2, { get: () => 3, enumerable: true });
  return a;
};

const CASES: [string, () => unknown[], JsonBounds][] = [
  ['plain leaves', () => [1, -0, 'a', null, true, false, 1.5e300], {}],
  ['a NaN before an undefined', () => [0, Number.NaN, undefined], {}],
  ['a hole at the end is found before a NaN at the start', holed, {}],
  ['a getter at the end is found before an undefined before it', getter, {}],
  ['the values bound', () => [1, 2, 3, 4, 5], { values: bound(4) }],
  ['the string length bound', () => ['ab', 'abcdef', 'x'], { stringLength: bound(3) }],
  ['a bigint', () => [1, 2n], {}],
  ['a function', () => [() => 1], {}],
];

/** What a copy gives: its finding, or the copy minus the trailing [] when one was added. */
function outcome(items: unknown[], bounds: JsonBounds, nested: boolean) {
  // A trailing [] (an object) makes the walk push a frame per item; the [] comes last, so it changes no count
  // before it (no bytes bound is given: its comma would).
  if (nested) items.push([]);
  const r = copyBoundedJson(items, bounds);
  if (!r.ok) {
    const f = r.finding;
    const where = f.kind === 'excess' ? f.excess.segments : f.problem.segments;
    return {
      kind: f.kind,
      where,
      what: f.kind === 'excess' ? f.excess.seen : f.problem.message,
    };
  }
  return { kind: 'ok', copy: nested ? (r.value as unknown[]).slice(0, -1) : r.value };
}

describe('copyBoundedJson: arrays of leaves', () => {
  it.each(CASES)('%s: as the frame walk finds and copies it', (_, make, bounds) => {
    expect(outcome(make(), bounds, true)).toEqual(outcome(make(), bounds, false));
  });

  it('copies leaves exactly (-0 kept) into a new array', () => {
    const items = [-0, 'x', 2];
    const r = copyBoundedJson(items, {});
    expect(r.ok && r.value).toEqual(items);
    expect(r.ok && Object.is((r.value as unknown[])[0], -0)).toBe(true);
    expect(r.ok && r.value !== items).toBe(true);
  });
});
