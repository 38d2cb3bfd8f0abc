// The table of docs/dialects-and-providers.md over ../shared/tool-schemas: admission by default and with draft-07
// enabled, lint warnings by rule, provider findings by provider. The test prints the table and checks that the doc
// carries exactly this text, so it stays true when a rule or profile changes.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkProvider } from '../../src/interop/check-provider.js';
import { PROVIDER_NAMES } from '../../src/interop/providers.js';
import type { ProviderFinding } from '../../src/interop/profile.js';
import { LINT_RULE_IDS, lintSchema } from '../../src/lint/lint.js';
import { validateSchema } from '../../src/schema/compile.js';
import { loadCorpus, SKIP_CORPUS, SKIP_NOTE, type CorpusTool } from '../fixtures/tool-corpus.js';

interface Row {
  tools: number;
  byDefault: number;
  withDraft07: number;
  linted: number;
  rejectedBy: Record<string, number>;
}

function measure(corpus: readonly CorpusTool[]): {
  rows: Map<string, Row>;
  lint: Map<string, { n: number; tools: Set<string> }>;
  providers: Map<string, { effect: string; n: number; tools: Set<string> }>;
} {
  const rows = new Map<string, Row>();
  const lint = new Map(LINT_RULE_IDS.map((id) => [id, { n: 0, tools: new Set<string>() }]));
  const providers = new Map<string, { effect: string; n: number; tools: Set<string> }>();
  for (const t of corpus) {
    const source = t.id.split('/')[0] as string;
    const row = rows.get(source) ?? { tools: 0, byDefault: 0, withDraft07: 0, linted: 0, rejectedBy: {} };
    rows.set(source, row);
    row.tools++;
    if (validateSchema(t.inputSchema).ok) row.byDefault++;
    if (validateSchema(t.inputSchema, { dialects: ['2020-12', 'draft-07'] }).ok) row.withDraft07++;
    const warnings = lintSchema(t.inputSchema);
    if (!warnings.ok) throw new Error(`lintSchema failed on ${t.id}`);
    if (warnings.value.length > 0) row.linted++;
    for (const w of warnings.value) {
      const entry = lint.get(w.rule)!;
      entry.n++;
      entry.tools.add(t.id);
    }
    for (const p of PROVIDER_NAMES) {
      const r = checkProvider(t.inputSchema, p);
      if (!r.ok) throw new Error(`checkProvider failed on ${t.id}`);
      const findings: readonly ProviderFinding[] = r.value;
      if (findings.some((f) => f.effect === 'rejects')) row.rejectedBy[p] = (row.rejectedBy[p] ?? 0) + 1;
      for (const f of findings) {
        const key = `${p} | \`${f.rule}\``;
        const entry = providers.get(key) ?? { effect: f.effect, n: 0, tools: new Set<string>() };
        providers.set(key, entry);
        entry.n++;
        entry.tools.add(t.id);
      }
    }
  }
  return { rows, lint, providers };
}

/** The docs text (markdown), deterministic for a given corpus and rule set. */
export function corpusTable(corpus: readonly CorpusTool[]): string {
  const { rows, lint, providers } = measure(corpus);
  const total: Row = { tools: 0, byDefault: 0, withDraft07: 0, linted: 0, rejectedBy: {} };
  const lines = [
    `| source | tools | admitted (default) | admitted (+ draft-07) | with lint warnings | ` +
      `${PROVIDER_NAMES.map((p) => `${p} rejects`).join(' | ')} |`,
    `|---|---:|---:|---:|---:|${PROVIDER_NAMES.map(() => '---:').join('|')}|`,
  ];
  for (const [source, r] of [...rows].sort(([a], [b]) => (a < b ? -1 : 1))) {
    total.tools += r.tools;
    total.byDefault += r.byDefault;
    total.withDraft07 += r.withDraft07;
    total.linted += r.linted;
    for (const p of PROVIDER_NAMES) total.rejectedBy[p] = (total.rejectedBy[p] ?? 0) + (r.rejectedBy[p] ?? 0);
    lines.push(
      `| ${source} | ${r.tools} | ${r.byDefault} | ${r.withDraft07} | ${r.linted} | ` +
        `${PROVIDER_NAMES.map((p) => r.rejectedBy[p] ?? 0).join(' | ')} |`,
    );
  }
  lines.push(
    `| **all** | **${total.tools}** | **${total.byDefault}** | **${total.withDraft07}** | **${total.linted}** | ` +
      `${PROVIDER_NAMES.map((p) => `**${total.rejectedBy[p] ?? 0}**`).join(' | ')} |`,
  );
  lines.push('', '| lint rule | warnings | tools |', '|---|---:|---:|');
  for (const [id, e] of lint) lines.push(`| \`${id}\` | ${e.n} | ${e.tools.size} |`);
  lines.push('', '| provider | rule | effect | findings | tools |', '|---|---|---|---:|---:|');
  for (const [key, e] of [...providers].sort(([a], [b]) => (a < b ? -1 : 1)))
    lines.push(`| ${key} | ${e.effect} | ${e.n} | ${e.tools.size} |`);
  return lines.join('\n');
}

describe.skipIf(SKIP_CORPUS)(`corpus table (docs/dialects-and-providers.md, "Over the corpus")${SKIP_NOTE}`, () => {
  it('docs/dialects-and-providers.md carries the table measured on ../shared/tool-schemas', () => {
    const corpus = loadCorpus();
    expect(corpus.length).toBe(200);
    const table = corpusTable(corpus);
    console.log(table);
    const doc = readFileSync(resolve(import.meta.dirname, '../../docs/dialects-and-providers.md'), 'utf8');
    expect(doc.includes(table), 'docs/dialects-and-providers.md is out of date: paste the table printed above').toBe(
      true,
    );
  });
});
