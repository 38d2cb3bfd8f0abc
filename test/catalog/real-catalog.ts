// Catalog-test helpers over the real tool corpus; the corpus itself is read by test/fixtures/tool-corpus.ts.
import type { GateError } from '../../src/result.js';

export { loadSource, SKIP_CORPUS, SKIP_NOTE, sources, type CorpusTool } from '../fixtures/tool-corpus.js';

/** A short, stable reason for the docs tables: what a host would want to know at a glance. */
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
