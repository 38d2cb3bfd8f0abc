// The one schema walker (src/schema/walk.ts): which positions it visits, in which order, with which
// parent and keyword path, and that a deep schema cannot overflow the stack.
import { describe, expect, it } from 'vitest';
import { walkSchema, type WalkOptions } from '../../src/schema/walk.js';

const SCHEMA = {
  $defs: { 'a/b': { type: 'string' } },
  properties: { x: { items: [{ type: 'null' }, true] }, y: false },
  allOf: [{ not: { const: { properties: { hidden: {} } } } }],
  additionalItems: { type: 'number' },
  definitions: { old: {} },
  dependencies: { x: ['y'], y: { required: ['x'] } },
  enum: [{ type: 'object' }],
  'x-vendor': { type: 'object' },
};

const visited = (options?: WalkOptions): string[] => {
  const out: string[] = [];
  walkSchema(SCHEMA, (n) => void out.push(`${n.pointer}|${n.parent ?? '-'}|${n.via}|${n.depth}`), options ?? {});
  return out;
};

describe('walkSchema', () => {
  it.each<[string, WalkOptions | undefined, string[]]>([
    [
      'Draft 2020-12 positions and the definitions its meta-schema reads, objects only (the default)',
      undefined,
      [
        '|-||0',
        '/allOf/0||allOf/0|1',
        '/allOf/0/not|/allOf/0|not|2',
        '/$defs/a~1b||$defs/a~1b|1',
        '/properties/x||properties/x|1',
        '/definitions/old||definitions/old|1',
      ],
    ],
    [
      'every dialect, objects only',
      { positions: 'every-dialect' },
      [
        '|-||0',
        '/additionalItems||additionalItems|1',
        '/allOf/0||allOf/0|1',
        '/allOf/0/not|/allOf/0|not|2',
        '/$defs/a~1b||$defs/a~1b|1',
        '/properties/x||properties/x|1',
        '/properties/x/items/0|/properties/x|items/0|2',
        '/definitions/old||definitions/old|1',
        '/dependencies/y||dependencies/y|1',
      ],
    ],
    [
      'every dialect, booleans too',
      { positions: 'every-dialect', booleans: true },
      [
        '|-||0',
        '/additionalItems||additionalItems|1',
        '/allOf/0||allOf/0|1',
        '/allOf/0/not|/allOf/0|not|2',
        '/$defs/a~1b||$defs/a~1b|1',
        '/properties/x||properties/x|1',
        '/properties/x/items/0|/properties/x|items/0|2',
        '/properties/x/items/1|/properties/x|items/1|2',
        '/properties/y||properties/y|1',
        '/definitions/old||definitions/old|1',
        '/dependencies/y||dependencies/y|1',
      ],
    ],
  ])('%s: never data (enum, const, unknown keywords), parents before children', (_why, options, expected) => {
    expect(visited(options)).toEqual(expected);
  });

  it('visits a boolean root only when asked for booleans', () => {
    const seen: unknown[] = [];
    walkSchema(true, (n) => void seen.push(n.node));
    walkSchema(false, (n) => void seen.push(n.node), { booleans: true });
    expect(seen).toEqual([false]);
  });

  it('skips the children of a node whose visit returns false', () => {
    const seen: string[] = [];
    walkSchema(SCHEMA, (n) => {
      seen.push(n.pointer);
      return n.pointer !== '/allOf/0';
    });
    expect(seen).not.toContain('/allOf/0/not');
    expect(seen).toContain('/properties/x');
  });

  it('walks a schema nested 100,000 levels deep without overflowing the stack', () => {
    let deep: Record<string, unknown> = {};
    for (let i = 0; i < 100_000; i++) deep = { not: deep };
    let count = 0;
    walkSchema(deep, () => void count++);
    expect(count).toBe(100_001);
  });
});
