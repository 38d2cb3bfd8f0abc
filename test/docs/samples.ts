// Code samples are taken from the docs, never copied into tests: a fenced block right after a
// `<!-- sample: NAME -->` line is sample NAME of that file, and a ```text block that follows it (with only
// prose between) is what it prints. Tests write a sample to a folder inside the repository (so its
// imports resolve), with the package's own specifiers ('toolgate', 'toolgate/adapters/x') pointed at
// src/, and run or import it there. The packed-package test runs the same text against the installed package.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The repository root. */
export const ROOT = join(import.meta.dirname, '../..');

/** Where samples are written: git-ignored, inside the repository. */
export const SAMPLES_DIR = join(ROOT, '.samples');

/** One sample: its file (relative to the root), name, code, what it prints (if shown) and its line. */
export interface Sample {
  readonly doc: string;
  readonly name: string;
  readonly lang: string;
  readonly code: string;
  readonly output: string | undefined;
  readonly line: number;
}

const MARKER = /^<!-- sample: ([a-z0-9-]+) -->$/;
const FENCE = /^```([a-z]*)$/;

/** Every sample of a Markdown file, in order; throws on a marker not followed by a code block or a repeated name. */
export function extractSamples(doc: string): Sample[] {
  const lines = readFileSync(join(ROOT, doc), 'utf8').split('\n');
  const samples: Sample[] = [];
  /** The fenced block opening at or after `from`, skipping blank lines and, if allowed, prose. */
  const blockAt = (from: number, proseAllowed: boolean) => {
    let i = from;
    while (i < lines.length && !FENCE.test(lines[i]!)) {
      if (MARKER.test(lines[i]!) || (!proseAllowed && lines[i]!.trim() !== '')) return undefined;
      i++;
    }
    if (i >= lines.length) return undefined;
    const lang = lines[i]!.match(FENCE)![1]!;
    const end = lines.findIndex((l, j) => j > i && l === '```');
    if (end < 0) throw new Error(`${doc}:${i + 1}: unclosed code block`);
    return { lang, body: lines.slice(i + 1, end), end };
  };
  for (let i = 0; i < lines.length; i++) {
    const name = lines[i]!.match(MARKER)?.[1];
    if (name === undefined) continue;
    const code = blockAt(i + 1, false);
    if (code === undefined || code.lang === '') throw new Error(`${doc}:${i + 1}: sample ${name} has no code block`);
    if (samples.some((s) => s.name === name)) throw new Error(`${doc}:${i + 1}: sample ${name} appears twice`);
    const next = blockAt(code.end + 1, true);
    const output = next?.lang === 'text' ? `${next.body.join('\n')}\n` : undefined;
    samples.push({ doc, name, lang: code.lang, code: `${code.body.join('\n')}\n`, output, line: i + 1 });
  }
  return samples;
}

/** One sample by name; throws when the file lacks it. */
export function sample(doc: string, name: string): Sample {
  const found = extractSamples(doc).find((s) => s.name === name);
  if (found === undefined) throw new Error(`${doc} has no sample ${name}`);
  return found;
}

/** The package's export map: specifier ('toolgate', 'toolgate/adapters/x') to its source file. */
function sourceOfSpecifier(): Map<string, string> {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    name: string;
    exports: Record<string, string | { import?: string }>;
  };
  const out = new Map<string, string>();
  for (const [key, target] of Object.entries(pkg.exports)) {
    const js = typeof target === 'string' ? target : target.import;
    if (js === undefined || !js.startsWith('./dist/')) continue;
    out.set(key === '.' ? pkg.name : `${pkg.name}/${key.slice(2)}`, join(ROOT, 'src', js.slice('./dist/'.length)));
  }
  return out;
}

/** The sample's code with the package's own specifiers pointed at src/, as seen from `file`. */
export function againstSource(code: string, file: string): string {
  const sources = sourceOfSpecifier();
  return code.replace(/(from\s+|import\s*\(\s*)'([^']+)'/g, (whole, lead: string, specifier: string) => {
    const target = sources.get(specifier);
    if (target === undefined) return whole;
    const path = relative(dirname(file), target);
    return `${lead}'${path.startsWith('.') ? path : `./${path}`}'`;
  });
}

/** Writes a sample under .samples/<group>/ against src/; returns the file's absolute path. */
export function writeSample(s: Sample, group: string): string {
  const dir = join(SAMPLES_DIR, group);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${basename(s.doc, '.md')}-${s.name}.${s.lang === 'js' ? 'mjs' : 'ts'}`);
  writeFileSync(file, againstSource(s.code, file));
  return file;
}

/** Runs a written sample with Node (TypeScript through tsx); its stdout, stderr and exit status. */
export function runSampleFile(file: string): { stdout: string; stderr: string; status: number | null } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', file], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
  return { stdout: r.stdout, stderr: r.stderr, status: r.status };
}

/** Writes a module sample against src/ and imports it (vitest transforms its TypeScript). */
export async function importSample<T>(doc: string, name: string): Promise<T> {
  const file = writeSample(sample(doc, name), `import-${basename(doc, '.md')}-${name}`);
  return (await import(pathToFileURL(file).href)) as T;
}
