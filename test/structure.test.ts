// The folder order of src/, declared once here and enforced: every import of every src/**/*.ts file
// points at its own folder or at a folder on a lower floor, so no folder-level cycle can form.
// docs/architecture.md explains the floors; this table is what holds the code to them.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(new URL('..', import.meta.url).pathname, 'src');

/**
 * The floors, from the ground up: a folder may import its own files and those of lower floors only.
 * Two folders on one floor may not import each other. Root files of src/ are named with `.ts`.
 */
const FLOORS: readonly (readonly [floor: number, place: string, reason: string])[] = [
  [0, 'result.ts', 'the Result every public call returns and the problem types; imports nothing'],
  [1, 'util', 'primitives used everywhere: own fields, code-unit order, JSON pointers, plain JSON, limits'],
  [2, 'formats', 'format checkers Ajv runs; knows nothing of schemas'],
  [2, 'regex', 'pattern analysis and the run-time pattern budget; knows nothing of schemas'],
  [3, 'keywords', 'the one keyword table (vocabulary, dialects, shape, step weight, ...) and the lists read from it'],
  [3, 'arguments', 'reads argument values and JSON texts strictly, within the argument limits'],
  [4, 'errors', 'turns engine errors into violations and violations into text for the model'],
  [5, 'schema', 'the schema gates and engines (2020-12 and the opt-in older dialects) behind validateSchema'],
  [6, 'lint', 'advice about schemas that are still admitted'],
  [6, 'interop', 'provider profiles: what a provider would reject or ignore in a schema'],
  [6, 'exec', 'command templates served as tools: placeholder contract, argv rendering, running'],
  [7, 'tools', 'the Registry: one call through lookup, validation, host stages and the tool; provider shapes'],
  [8, 'catalog', 'batch admission of tool descriptors into one bundle'],
  [9, 'mcp', 'what speaks MCP: JSON-RPC channel and peers, message checks, transports, protocol facts'],
  [10, 'proxy', 'the proxy as a library (toolgate/proxy): session, upstreams, downstreams, on src/mcp'],
  [11, 'cli', 'the toolgate command: reads flags, calls the library, prints: check, lock, validate, serve, proxy'],
  [11, 'adapters', 'subpath exports for the MCP client, the AI SDK and OpenAI Agents'],
  [12, 'index.ts', 'the package entry point: named re-exports only'],
];

const floorOf = new Map(FLOORS.map(([floor, place]) => [place, floor]));

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(path));
    else if (entry.name.endsWith('.ts')) out.push(path);
  }
  return out.sort();
}

/** The place a file belongs to: its top folder under src/, or the file's own name at the root. */
function placeOf(file: string): string {
  return relative(SRC, file).split(sep)[0] as string;
}

/** Relative specifiers of every import, re-export and dynamic import, type-only ones included. */
export function importSpecifiers(source: string): string[] {
  const out: string[] = [];
  const patterns = [
    /^\s*(?:import|export)\b[^'";]*?\bfrom\s*['"](\.[^'"]+)['"]/gm,
    /^\s*import\s*['"](\.[^'"]+)['"]/gm,
    /\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g,
  ];
  for (const pattern of patterns) for (const m of source.matchAll(pattern)) out.push(m[1] as string);
  return out;
}

/** Package specifiers (not relative) of every import, re-export and dynamic import, type-only ones included. */
export function packageSpecifiers(source: string): string[] {
  const out: string[] = [];
  const patterns = [
    /^\s*(?:import|export)\b[^'";]*?\bfrom\s*['"]([^.'"][^'"]*)['"]/gm,
    /^\s*import\s*['"]([^.'"][^'"]*)['"]/gm,
    /\bimport\(\s*['"]([^.'"][^'"]*)['"]\s*\)/g,
  ];
  for (const pattern of patterns) for (const m of source.matchAll(pattern)) out.push(m[1] as string);
  return out;
}

/**
 * The one folder whose files may import the engine's packages (Ajv and its formats): every other file sees a
 * compiled schema as a Validator and its errors as EngineErrors, so an Ajv upgrade is reviewed in one place.
 */
const ENGINE_FOLDER = `schema${sep}engine${sep}`;
const ENGINE_PACKAGE = /^(?:ajv|ajv-formats)(?:\/|$)/;

/** `file -> package` for each import of Ajv or ajv-formats by a file outside ENGINE_FOLDER (paths under src/). */
function engineImportsOutside(files: readonly { file: string; source: string }[]): string[] {
  return files.flatMap(({ file, source }) =>
    file.startsWith(ENGINE_FOLDER)
      ? []
      : packageSpecifiers(source)
          .filter((spec) => ENGINE_PACKAGE.test(spec))
          .map((spec) => `${file} -> ${spec}`),
  );
}

interface Edge {
  readonly from: string;
  readonly to: string;
  readonly file: string;
  readonly target: string;
}

/** Every import of one src/ file by another, type-only ones included, as paths under src/. */
function fileEdges(): Edge[] {
  const out: Edge[] = [];
  for (const file of sourceFiles(SRC)) {
    for (const spec of importSpecifiers(readFileSync(file, 'utf8'))) {
      const target = resolve(dirname(file), spec.replace(/\.js$/, '.ts'));
      out.push({ from: placeOf(file), to: placeOf(target), file: relative(SRC, file), target: relative(SRC, target) });
    }
  }
  return out;
}

/** Every import between two places of src/. */
function edges(): Edge[] {
  return fileEdges().filter((e) => e.from !== e.to);
}

/** The same imports with files as the nodes, for the file-level cycle check. */
function betweenFiles(all: readonly Edge[]): Edge[] {
  return all.map((e) => ({ from: e.file, to: e.target, file: e.file, target: e.target }));
}

/** Strongly connected places of more than one member (Tarjan), each sorted. */
function cycles(all: readonly Edge[]): string[][] {
  const next = new Map<string, Set<string>>();
  for (const e of all) next.set(e.from, (next.get(e.from) ?? new Set()).add(e.to));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, index.size);
    low.set(v, index.get(v) as number);
    stack.push(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
    }
    if (low.get(v) === index.get(v)) {
      const members: string[] = [];
      let w: string;
      do {
        w = stack.pop() as string;
        members.push(w);
      } while (w !== v);
      if (members.length > 1) found.push(members.sort());
    }
  };
  for (const v of [...next.keys()].sort()) if (!index.has(v)) visit(v);
  return found;
}

describe('src/ folder structure', () => {
  const all = edges();

  it('reads the imports of every file (the parser finds them)', () => {
    expect(sourceFiles(SRC).length).toBeGreaterThan(100);
    expect(all.length).toBeGreaterThan(100);
    expect(
      importSpecifiers(
        "import type { A } from './a.js';\nexport { b } from '../b.js';\nconst c = await import('./c.js');",
      ),
    ).toEqual(['./a.js', '../b.js', './c.js']);
  });

  it('declares every folder and root file of src/, and nothing that is not there', () => {
    const places = [...new Set(sourceFiles(SRC).map(placeOf))].sort();
    expect(places).toEqual([...floorOf.keys()].sort());
  });

  it('has every import point at its own folder or a lower floor', () => {
    const upward = all
      .filter((e) => !((floorOf.get(e.to) ?? Infinity) < (floorOf.get(e.from) ?? -Infinity)))
      .map(
        (e) => `${e.file} -> ${e.target} (${e.from} floor ${floorOf.get(e.from)}, ${e.to} floor ${floorOf.get(e.to)})`,
      );
    expect(upward).toEqual([]);
  });

  it('has no folder-level cycle', () => {
    expect(cycles(all)).toEqual([]);
  });

  it('has no file-level cycle: no two files of src/ import each other, even through others or for types only', () => {
    // A circle of files cannot be read (or loaded) one file at a time; a type both sides need goes to a file of
    // its own, or to the lower one of the two.
    const files = betweenFiles(fileEdges());
    expect(files.length).toBeGreaterThan(all.length);
    expect(cycles(files)).toEqual([]);
  });

  it('has Ajv and ajv-formats imported only inside src/schema/engine/', () => {
    const files = sourceFiles(SRC).map((file) => ({ file: relative(SRC, file), source: readFileSync(file, 'utf8') }));
    expect(engineImportsOutside(files)).toEqual([]);
    // The rule has something to hold: the engine folder does import them.
    expect(files.filter((f) => f.file.startsWith(ENGINE_FOLDER) && /from 'ajv/.test(f.source)).length).toBeGreaterThan(
      5,
    );
  });

  it('has one pipeline: references are resolved and documents found in schema/pipeline.ts only', () => {
    // Every dialect is a front end of that pipeline (schema/front-ends.ts); none looks documents up itself
    // (the older dialects once did, catching the engine's missing-reference error and compiling again).
    const finders = sourceFiles(SRC)
      .filter((file) => /\bfindDocument\(/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(SRC, file))
      .sort();
    expect(finders).toEqual([`schema${sep}documents.ts`, `schema${sep}pipeline.ts`]);
  });

  it('the engine-import rule can fail: Ajv imported from outside the engine folder is caught', () => {
    const outside = [
      { file: `errors${sep}x.ts`, source: "import type { ErrorObject } from 'ajv';" },
      {
        file: `schema${sep}y.ts`,
        source: "import addFormats from 'ajv-formats';\nconst m = await import('ajv/dist/2019.js');",
      },
      { file: `${ENGINE_FOLDER}z.ts`, source: "import { Ajv2020 } from 'ajv/dist/2020.js';" },
      { file: `schema${sep}w.ts`, source: "import { x } from 'ajv-like';\nimport { y } from './engine/ajv-2020.js';" },
    ];
    expect(engineImportsOutside(outside)).toEqual([
      `errors${sep}x.ts -> ajv`,
      `schema${sep}y.ts -> ajv-formats`,
      `schema${sep}y.ts -> ajv/dist/2019.js`,
    ]);
  });

  it('the checks above can fail: an upward import and a cycle are caught', () => {
    const fake: Edge[] = [
      { from: 'util', to: 'schema', file: 'util/x.ts', target: 'schema/y.ts' },
      { from: 'schema', to: 'util', file: 'schema/y.ts', target: 'util/x.ts' },
    ];
    expect(cycles(fake)).toEqual([['schema', 'util']]);
    expect(fake.filter((e) => !((floorOf.get(e.to) as number) < (floorOf.get(e.from) as number)))).toHaveLength(1);
  });

  it('the file-level check can fail: a circle of three files inside one folder is caught', () => {
    const circle: Edge[] = [
      { from: 'arguments', to: 'arguments', file: 'arguments/a.ts', target: 'arguments/b.ts' },
      { from: 'arguments', to: 'arguments', file: 'arguments/b.ts', target: 'arguments/c.ts' },
      { from: 'arguments', to: 'arguments', file: 'arguments/c.ts', target: 'arguments/a.ts' },
      { from: 'arguments', to: 'util', file: 'arguments/c.ts', target: 'util/d.ts' },
    ];
    expect(cycles(circle.filter((e) => e.from !== e.to))).toEqual([]);
    expect(cycles(betweenFiles(circle))).toEqual([['arguments/a.ts', 'arguments/b.ts', 'arguments/c.ts']]);
  });
});
