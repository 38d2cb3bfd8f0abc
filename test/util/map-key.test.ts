// A Map of keys past 16,383 characters of one length compares them whole on every lookup (V8 hashes them by
// length): schema/link.ts keys its resource copies through mapKey (test/schema/link-long-keys.test.ts).
import { describe, expect, it } from 'vitest';
import { CONTENT_HASHED_CHARS, mapKey } from '../../src/util/map-key.js';

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
});
