// The real tool schemas in ../shared/tool-schemas (README of that folder: 200 files
// `<source>/<stem>.json` with `inputSchema`). Read in place, never copied into the repository.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const CORPUS_DIR = resolve(import.meta.dirname, '../../../shared/tool-schemas');

/** One corpus tool, referred to as `<source>/<stem>`. */
export interface CorpusTool { readonly id: string; readonly name: string; readonly inputSchema: unknown }

/** Every corpus tool sorted by id, or undefined (after printing why) when the corpus is absent. */
export function loadCorpus(): CorpusTool[] | undefined {
  if (!existsSync(CORPUS_DIR)) {
    console.log(`skipping corpus tests: ${CORPUS_DIR} is absent (it is always present in CI)`);
    return undefined;
  }
  const out: CorpusTool[] = [];
  for (const source of readdirSync(CORPUS_DIR).sort()) {
    const dir = join(CORPUS_DIR, source);
    if (!statSync(dir).isDirectory()) continue;
    for (const file of readdirSync(dir).sort()) {
      if (!file.endsWith('.json')) continue;
      const tool = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { name: string; inputSchema: unknown };
      out.push({ id: `${source}/${file.slice(0, -5)}`, name: tool.name, inputSchema: tool.inputSchema });
    }
  }
  return out;
}

/** One corpus tool by id; undefined when the corpus is absent. Throws when the corpus lacks it. */
export function corpusTool(id: string): CorpusTool | undefined {
  const all = loadCorpus();
  if (all === undefined) return undefined;
  const found = all.find((t) => t.id === id);
  if (found === undefined) throw new Error(`corpus tool ${id} not found in ${CORPUS_DIR}`);
  return found;
}
