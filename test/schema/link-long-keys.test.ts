// The linker (src/schema/link.ts) keys each resource copy by its dynamic context: a schema's dynamic anchor names
// and URIs, past 16,383 characters with many of them, where V8 hashes a key by its length and a Map of such keys
// compares them whole on every lookup (a review's schema: 100 copies, 1.6 s). The key goes through mapKey.
import { describe, expect, it, vi } from 'vitest';

const seen = vi.hoisted(() => ({ long: 0 }));
vi.mock('../../src/util/map-key.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/util/map-key.js')>();
  return {
    ...real,
    mapKey: (text: string) => {
      if (text.length > real.CONTENT_HASHED_CHARS) seen.long++;
      return real.mapKey(text);
    },
  };
});

const { validateSchema } = await import('../../src/schema/compile.js');
const { copyPrefix, COPY_PREFIX } = await import('../../src/schema/link-copy-prefix.js');

describe('linking: long copy keys and copy names', () => {
  it('a copy whose dynamic context passes 16,383 characters is keyed by mapKey, and links right', () => {
    const name = (i: number): string => `n${i}${'q'.repeat(1_000)}`;
    const extra = Object.fromEntries(
      Array.from({ length: 20 }, (_, i) => [`e${i}`, { $dynamicAnchor: name(i), $dynamicRef: `#${name(i)}` }]),
    );
    const node = 'node';
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
    seen.long = 0;
    const compiled = validateSchema(schema);
    if (!compiled.ok) throw new Error(compiled.error.message);
    expect(seen.long).toBeGreaterThan(0);
    const v = compiled.value;
    expect(v.validate({ data: 1, children: [{ data: 2, children: [] }] }).ok).toBe(true);
    // The strict tree's copy applies at every depth (Core §8.2.3.2): an unknown member of a child is refused.
    expect(v.validate({ data: 1, children: [{ data: 2, extra: 3 }] }).ok).toBe(false);
  });

  // Trying one more underscore at a time against every name took the cube of their number (1,300 names: 1.5 s).
  it('copy names: the fewest underscores no root $defs name starts with, as trying each count in turn finds', () => {
    const tried = (names: readonly string[]): string => {
      let prefix = COPY_PREFIX;
      while (names.some((n) => n.startsWith(prefix))) prefix = `_${prefix}`;
      return prefix;
    };
    const cases: string[][] = [
      [],
      ['a', 'b'],
      [COPY_PREFIX],
      [`${COPY_PREFIX}0`, `_${COPY_PREFIX}x`],
      [`${COPY_PREFIX}0`, `__${COPY_PREFIX}x`],
      [`_${COPY_PREFIX}`, '__', '_', `${COPY_PREFIX}`, `___${COPY_PREFIX}1`, `__${COPY_PREFIX}`],
      ['_toolgate-lin', `${'_'.repeat(5)}${COPY_PREFIX}`],
    ];
    for (const names of cases) expect([names, copyPrefix(names)]).toEqual([names, tried(names)]);
    const many = Array.from({ length: 1_300 }, (_, k) => `${'_'.repeat(k)}${COPY_PREFIX}`);
    expect(copyPrefix(many)).toBe(`${'_'.repeat(1_300)}${COPY_PREFIX}`);
  });
});
