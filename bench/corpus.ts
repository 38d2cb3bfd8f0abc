import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** One tool of the shared corpus: `<source>/<stem>` and its input schema exactly as the source emits it. */
export interface CorpusTool {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  readonly inputSchema: unknown;
}

/** The shared corpus beside the checkout (../shared/tool-schemas); never copied into the repository. */
export const CORPUS_DIR = fileURLToPath(new URL('../../shared/tool-schemas/', import.meta.url));

/** Reads every `<source>/<stem>.json`, sorted by id so every run sees the same order. */
export function loadCorpus(dir: string = CORPUS_DIR): CorpusTool[] | undefined {
  if (!existsSync(dir)) return undefined;
  const tools: CorpusTool[] = [];
  for (const source of readdirSync(dir, { withFileTypes: true })) {
    if (!source.isDirectory()) continue;
    for (const file of readdirSync(`${dir}/${source.name}`)) {
      if (!file.endsWith('.json')) continue;
      const raw = JSON.parse(readFileSync(`${dir}/${source.name}/${file}`, 'utf8')) as Record<string, unknown>;
      tools.push({
        id: `${source.name}/${file.slice(0, -5)}`,
        name: typeof raw['name'] === 'string' ? raw['name'] : file.slice(0, -5),
        description: typeof raw['description'] === 'string' ? raw['description'] : '',
        inputSchema: raw['inputSchema'],
      });
    }
  }
  return tools.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** A provider-safe, unique tool name for the i-th descriptor of a generated catalog. */
export function catalogName(index: number, id: string): string {
  const stem = id.replace(/[^A-Za-z0-9_-]/g, '_');
  return `t${index}_${stem}`.slice(0, 64);
}
