// docs/api.md "Exports" must name every value and type each package entry point exports, and nothing else.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../..', import.meta.url);
const read = (path: string): string => readFileSync(new URL(path, ROOT), 'utf8');

// package.json subpaths -> their source files (dist/<name>.js is built from src/<name>.ts).
const pkg = JSON.parse(read('package.json')) as { exports: Record<string, unknown> };
const ENTRIES: [string, string][] = Object.entries(pkg.exports)
  .filter(([key]) => key !== './package.json')
  .map(([key, target]) => {
    const js = (target as { import: string }).import;
    return [
      key === '.' ? 'toolgate' : `toolgate/${key.slice(2)}`,
      js.replace(/^\.\/dist\//, 'src/').replace(/\.js$/, '.ts'),
    ];
  });

/** Every name a source file exports: `export { a, type B } from`, `export type { C }` and declarations. */
function exportedNames(source: string): string[] {
  const names: string[] = [];
  for (const m of source.matchAll(/^export (?:type )?\{([^}]*)\}/gm)) {
    for (const part of (m[1] as string).split(',')) {
      const name = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)
        .pop()
        ?.trim();
      if (name) names.push(name);
    }
  }
  for (const m of source.matchAll(
    /^export (?:declare )?(?:async )?(?:function\*?|const|let|class|interface|type|enum) ([A-Za-z_$][\w$]*)/gm,
  ))
    names.push(m[1] as string);
  return [...new Set(names)].sort();
}

/** The docs/api.md Exports table as `entry name` pairs. */
function tableNames(): Map<string, string[]> {
  const text = read('docs/api.md');
  const start = text.indexOf('## Exports');
  const block = text.slice(start, text.indexOf('\n## ', start + 1));
  const out = new Map<string, string[]>();
  for (const m of block.matchAll(/^\| `([^`]+)` \| `([^`]+)` \|/gm)) {
    const entry = m[2] as string;
    out.set(entry, [...(out.get(entry) ?? []), m[1] as string]);
  }
  return out;
}

describe('docs/api.md "Exports" lists every export of every entry point', () => {
  const table = tableNames();
  it('covers every package.json entry point and no other', () => {
    expect([...table.keys()].sort()).toEqual(ENTRIES.map(([entry]) => entry).sort());
  });
  it.each(ENTRIES)('%s (%s)', (entry, file) => {
    const exported = exportedNames(read(file));
    expect(exported.length).toBeGreaterThan(0);
    expect([...(table.get(entry) ?? [])].sort()).toEqual(exported);
  });
});
