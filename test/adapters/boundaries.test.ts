// The core entry point must load none of the agent stacks: each adapter is its own subpath export.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../..', import.meta.url).pathname;
const FOREIGN = [
  'ai',
  '@ai-sdk/',
  '@openai/agents',
  '@langchain/core',
  '@modelcontextprotocol/sdk',
  '@standard-schema/spec',
];

/** Runtime imports only: `import type` and `export type` vanish when compiled. */
function runtimeSpecifiers(source: string): string[] {
  const out: string[] = [];
  const pattern = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
  for (const m of source.matchAll(pattern)) out.push(m[1]!);
  // A peer loaded by adapters/peer.ts on first use (for a message that says what to install).
  for (const m of source.matchAll(/requirePeer<[^>]*>\(\{\s*name:\s*'([^']+)'/g)) out.push(m[1]!);
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

  it('src/index.ts loads no package but ajv and ajv-formats (and Node built-ins) at runtime', () => {
    const reached = [...reachedPackages(join(ROOT, 'src/index.ts'))];
    const other = reached.filter((p) => !/^(ajv|ajv\/.+|ajv-formats|ajv-formats\/.+|node:.+)$/.test(p));
    expect(reached).toContain('ajv-formats');
    expect(other).toEqual([]);
  });

  it('every package the core loads is a runtime dependency; agent stacks and the MCP SDK are optional peers', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
      peerDependencies: Record<string, string>;
      peerDependenciesMeta: Record<string, { optional?: boolean }>;
    };
    const loaded = new Set(
      [...reachedPackages(join(ROOT, 'src/index.ts'))]
        .filter((p) => !p.startsWith('node:'))
        .map((p) => p.split('/')[0]),
    );
    for (const name of loaded) expect(Object.keys(pkg.dependencies)).toContain(name);
    // A library's runtime dependencies are ranges, so an application's own copy is shared rather than nested.
    // Ajv and ajv-formats are pinned exactly: toolgate relies on their internals (docs/architecture.md,
    // "Ajv patch points"; test/engine/canaries.test.ts); every other runtime dependency is a caret range.
    for (const [name, range] of Object.entries(pkg.dependencies))
      expect(range, name).toMatch(name === 'ajv' || name === 'ajv-formats' ? /^\d+\.\d+\.\d+$/ : /^\^\d+\.\d+\.\d+$/);
    expect(Object.keys(pkg.dependencies).sort()).toEqual(['@standard-schema/spec', 'ajv', 'ajv-formats']);
    for (const name of ['@modelcontextprotocol/sdk', 'ai', '@openai/agents', '@langchain/core']) {
      expect(pkg.peerDependencies[name], name).toMatch(/^\^/);
      expect(pkg.peerDependenciesMeta[name]?.optional, name).toBe(true);
    }
  });

  it('the Standard Schema module imports nothing foreign at runtime (it is part of the core)', () => {
    expect([...reachedPackages(join(ROOT, 'src/schema/standard-schema.ts'))].filter(isForeign)).toEqual([]);
  });

  it.each([
    ['mcp-client', '@modelcontextprotocol/sdk'],
    ['ai-sdk', 'ai'],
    ['openai-agents', '@openai/agents'],
    ['langchain', '@langchain/core'],
  ])('subpath ./adapters/%s points at its own module, which is what loads %s', (name, pkg) => {
    const exports = (
      JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
        exports: Record<string, { types: string; import: string; default: string }>;
      }
    ).exports;
    expect(exports[`./adapters/${name}`]).toEqual({
      types: `./dist/adapters/${name}.d.ts`,
      import: `./dist/adapters/${name}.js`,
      default: `./dist/adapters/${name}.js`,
    });
    const source = join(ROOT, 'src/adapters', `${name}.ts`);
    expect(existsSync(source)).toBe(true);
    expect([...reachedPackages(source)].some((p) => p === pkg || p.startsWith(`${pkg}/`))).toBe(true);
    // A peer loaded by requirePeer names the range package.json asks for.
    const text = readFileSync(source, 'utf8');
    const peers = (
      JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { peerDependencies: Record<string, string> }
    ).peerDependencies;
    if (text.includes('requirePeer<')) expect(text).toContain(`range: '${peers[pkg]}'`);
  });
});
