// The core entry point must load none of the agent stacks: each adapter is its own subpath export.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../..', import.meta.url).pathname;
const FOREIGN = ['ai', '@ai-sdk/', '@openai/agents', '@modelcontextprotocol/sdk', '@standard-schema/spec'];

/** Runtime imports only: `import type` and `export type` vanish when compiled. */
function runtimeSpecifiers(source: string): string[] {
  const out: string[] = [];
  const pattern = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
  for (const m of source.matchAll(pattern)) out.push(m[1]!);
  return out;
}

/** Every package a module reaches at runtime through relative imports. */
function reachedPackages(entry: string): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const spec of runtimeSpecifiers(readFileSync(file, 'utf8'))) {
      if (spec.startsWith('.')) queue.push(resolve(dirname(file), spec.replace(/\.js$/, '.ts')));
      else packages.add(spec);
    }
  }
  return packages;
}

const isForeign = (pkg: string): boolean =>
  FOREIGN.some((f) => (f.endsWith('/') ? pkg.startsWith(f) : pkg === f || pkg.startsWith(`${f}/`)));

describe('adapter boundaries', () => {
  it('src/index.ts reaches none of the agent-stack packages at runtime', () => {
    const reached = [...reachedPackages(join(ROOT, 'src/index.ts'))].filter(isForeign);
    expect(reached).toEqual([]);
  });

  it('the Standard Schema module imports nothing foreign at runtime (it is part of the core)', () => {
    expect([...reachedPackages(join(ROOT, 'src/schema/standard-schema.ts'))].filter(isForeign)).toEqual([]);
  });

  it.each([
    ['mcp-client', '@modelcontextprotocol/sdk'],
    ['ai-sdk', 'ai'],
    ['openai-agents', '@openai/agents'],
  ])('subpath ./adapters/%s points at its own module, which is what loads %s', (name, pkg) => {
    const exports = (
      JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
        exports: Record<string, { types: string; import: string }>;
      }
    ).exports;
    expect(exports[`./adapters/${name}`]).toEqual({
      types: `./dist/adapters/${name}.d.ts`,
      import: `./dist/adapters/${name}.js`,
    });
    const source = join(ROOT, 'src/adapters', `${name}.ts`);
    expect(existsSync(source)).toBe(true);
    expect([...reachedPackages(source)].some((p) => p === pkg || p.startsWith(`${pkg}/`))).toBe(true);
  });
});
