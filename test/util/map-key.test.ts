// A Map of keys past 16,383 characters of one length compares them whole on every lookup (V8 hashes them by
// length): schema/link.ts keys its resource copies through mapKey, whose keys built from a schema's dynamic anchor
// names and URIs passed that length (a review's schema: 100 copies, 1.6 s of admission).
import { describe, expect, it } from 'vitest';
import { CONTENT_HASHED_CHARS, mapKey } from '../../src/util/map-key.js';
import { validateSchema } from '../../src/schema/compile.js';

describe('mapKey: a long key stands for its whole text', () => {
  it('keeps a short text, digests a long one, one digest per text', () => {
    const short = 'x'.repeat(CONTENT_HASHED_CHARS);
    expect(mapKey(short)).toBe(short);
    const a = `${'y'.repeat(CONTENT_HASHED_CHARS)}a`;
    const b = `${'y'.repeat(CONTENT_HASHED_CHARS)}b`;
    expect(mapKey(a).length).toBeLessThan(50);
    expect(mapKey(a)).not.toBe(mapKey(b));
    expect(mapKey(a)).toBe(mapKey(`${'y'.repeat(CONTENT_HASHED_CHARS)}a`));
    expect(mapKey(a).startsWith('\u0001')).toBe(true);
  });

  // Two resources whose dynamic contexts differ only at the end of keys past the length: each copy keeps its own
  // context, so `$dynamicRef` still lands where Core §8.2.3.2 says.
  it('resource copies of long dynamic contexts stay apart (the verdicts of an extensible tree)', () => {
    const name = (i: number): string => `n${i}${'q'.repeat(2_000)}`;
    const extra = Object.fromEntries(
      Array.from({ length: 9 }, (_, i) => [`e${i}`, { $dynamicAnchor: name(i), $dynamicRef: `#${name(i)}` }]),
    );
    const node = name(99);
    const schema = {
      $id: 'https://example.test/strict',
      $dynamicAnchor: node,
      $ref: 'tree',
      unevaluatedProperties: false,
      $defs: {
        ...extra,
        tree: {
          $id: 'tree',
          $dynamicAnchor: node,
          type: 'object',
          properties: { data: true, children: { type: 'array', items: { $dynamicRef: `#${node}` } } },
        },
      },
    };
    const compiled = validateSchema(schema);
    if (!compiled.ok) throw new Error(compiled.error.message);
    const v = compiled.value;
    expect(v.validate({ data: 1, children: [{ data: 2, children: [] }] }).ok).toBe(true);
    // The strict tree's copy applies at every depth: an unknown member of a child is refused.
    expect(v.validate({ data: 1, children: [{ data: 2, extra: 3 }] }).ok).toBe(false);
    expect(v.validate({ data: 1, extra: 3 }).ok).toBe(false);
  });
});
