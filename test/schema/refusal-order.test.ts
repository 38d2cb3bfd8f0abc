// The canonical order of a refused schema's violations (src/schema/refusal-order.ts): by document (the root's bare
// pointers first), then schemaPath as JSON Pointer segments by code units (a place before those below it), then
// message. Each row: violations given in either order come out as listed.
import { describe, expect, it } from 'vitest';
import { schemaViolation } from '../../src/result.js';
import { inCanonicalOrder, refuse } from '../../src/schema/refusal-order.js';

const v = (schemaPath: string, message = 'm') => schemaViolation('k', message, schemaPath, 'schema_invalid');

/** [why, the violations in canonical order]. */
const ROWS: readonly (readonly [string, readonly ReturnType<typeof v>[]])[] = [
  ['by segment, not by text: "a" before "a-b" ("/" sorts after "-")', [v('/a/x'), v('/a-b')]],
  ['a place before the places below it', [v('/properties'), v('/properties/a'), v('/properties/a/type')]],
  ['segments unescaped: "a/b" (~1) after "a"', [v('/properties/a/type'), v('/properties/a~1b')]],
  ['indices as text, as every key', [v('/allOf/10'), v('/allOf/2')]],
  ['the root document before another', [v('/z'), v('http://x/a#/a')]],
  ['then the message', [v('/a', 'a'), v('/a', 'b')]],
];

describe('inCanonicalOrder', () => {
  it.each(ROWS)('%s', (_why, sorted) => {
    expect(inCanonicalOrder([...sorted].reverse())).toEqual(sorted);
    expect(inCanonicalOrder(sorted)).toEqual(sorted);
  });

  it('heads the refusal with the first of them', () => {
    const r = refuse('validation', 'invalid schema', [v('/b', 'second'), v('/a', 'first')]);
    expect(r.error.message).toBe('invalid schema: first');
    expect(r.error.violations.map((x) => x.message)).toEqual(['first', 'second']);
  });
});
