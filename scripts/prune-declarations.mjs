// The step of `npm run build` between tsc and the CLI bundle: the package ships the declarations its entry points
// reach (package.json `exports`, each `types`) and no others, and none of them may name Node's own modules. A
// consumer's strict compile (no skipLibCheck) reads every declaration it reaches; one importing `node:http` is
// TS2307 for a consumer without @types/node, which is neither a dependency nor a peer of toolgate. The modules
// no entry point reaches are internal (the CLI, the proxy's HTTP front): their declarations serve nobody.
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const entries = Object.values(pkg.exports)
  .filter((e) => typeof e === 'object' && typeof e.types === 'string')
  .map((e) => join(root, e.types));

/** A declaration's relative imports (`from` and `import()` of a path starting with a dot), as declaration paths. */
const importsOf = (file, text) =>
  [...text.matchAll(/(?:from|import\()\s*['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) =>
    join(dirname(file), m[1].replace(/\.js$/, '.d.ts')),
  );

const kept = new Set();
const nodeBound = [];
const missing = [];
const visit = (file) => {
  if (kept.has(file)) return;
  if (!existsSync(file)) return void missing.push(file);
  kept.add(file);
  const text = readFileSync(file, 'utf8');
  if (/['"]node:|<reference types="node"/.test(text)) nodeBound.push(file);
  for (const next of importsOf(file, text)) visit(next);
};
for (const entry of entries) visit(entry);
const shown = (files) => files.map((f) => f.slice(root.length + 1)).join(', ');
if (missing.length > 0) throw new Error(`prune-declarations: not built: ${shown(missing)}`);
if (nodeBound.length > 0)
  throw new Error(`prune-declarations: declarations a consumer reads name Node's modules: ${shown(nodeBound)}`);

const sweep = (dir) => {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) sweep(path);
    else if (entry.name.endsWith('.d.ts') && !kept.has(path)) {
      rmSync(path);
    }
  }
};
// Quiet on success: `npm pack --json` (the package tests) reads the build's stdout as JSON.
sweep(join(root, 'dist'));
