// Reads the real tool schemas from ../shared/tool-schemas (never copied into the repo). Returns
// undefined, after printing why, when the folder is absent, so the tests that need it can skip.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const TOOL_SCHEMAS_DIR = resolve(import.meta.dirname, '../../../shared/tool-schemas');

export interface CorpusTool { readonly id: string; readonly inputSchema: unknown }

export function loadToolSchemas(): CorpusTool[] | undefined {
  if (!existsSync(TOOL_SCHEMAS_DIR)) {
    console.log(`SKIP: ${TOOL_SCHEMAS_DIR} is absent; corpus tests skipped (it is always present in CI)`);
    return undefined;
  }
  const out: CorpusTool[] = [];
  for (const source of readdirSync(TOOL_SCHEMAS_DIR).sort()) {
    const dir = join(TOOL_SCHEMAS_DIR, source);
    if (!statSync(dir).isDirectory()) continue;
    for (const f of readdirSync(dir).sort()) {
      if (!f.endsWith('.json')) continue;
      const doc = JSON.parse(readFileSync(join(dir, f), 'utf8')) as { inputSchema: unknown };
      out.push({ id: `${source}/${f.slice(0, -5)}`, inputSchema: doc.inputSchema });
    }
  }
  return out;
}
