import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { GateError } from '../../src/result.js';

/** The real tool corpus, read in place from ../shared (never copied into the repository). */
export const TOOL_SCHEMAS = fileURLToPath(new URL('../../../shared/tool-schemas', import.meta.url));

/** Whether the corpus is there; CI always has it, a bare checkout may not. */
export const SHARED_PRESENT = existsSync(TOOL_SCHEMAS);
if (!SHARED_PRESENT) console.log(`real tool schemas not found at ${TOOL_SCHEMAS}: tests that need them are skipped`);

/** One corpus file: a tool as its source lists it. */
export interface CorpusTool {
  readonly name: string;
  readonly description?: string;
  readonly inputSchema: unknown;
  readonly source: string;
}

/** Source folders, sorted. */
export function sources(): string[] {
  return readdirSync(TOOL_SCHEMAS, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();
}

/** The tools of one source folder, in file-name order. */
export function loadSource(source: string): CorpusTool[] {
  return readdirSync(`${TOOL_SCHEMAS}/${source}`).filter((f) => f.endsWith('.json')).sort()
    .map((f) => JSON.parse(readFileSync(`${TOOL_SCHEMAS}/${source}/${f}`, 'utf8')) as CorpusTool);
}

/** A short, stable reason for README tables: what a host would want to know at a glance. */
export function reasonOf(error: GateError): string {
  const m = error.message;
  const dialect = /unsupported dialect \S+ \(([^)]+)\)/.exec(m);
  if (dialect) return `declares ${dialect[1]}`;
  const root = /root type "object", got (.*)$/.exec(m);
  if (root) return `root type ${root[1]} (not JSON Schema)`;
  if (/tool name .* does not match/.test(m)) return 'name not portable (has a dot)';
  if (/duplicate tool name/.test(m)) return 'duplicate name in one source';
  return `${error.class}: ${m.slice(0, 60)}`;
}
