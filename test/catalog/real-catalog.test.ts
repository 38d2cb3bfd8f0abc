import { describe, expect, it } from 'vitest';
import { admitBatch, type AdmissionOptions } from '../../src/catalog/admission.js';
import { loadSource, reasonOf, SKIP_CORPUS, SKIP_NOTE, sources, type CorpusTool } from './real-catalog.js';

interface ModeSummary {
  accepted: number;
  quarantined: Map<string, number>;
  failedBatches: string[];
  /** Tools of failed batches, by the reason of each bad tool. */
  fatal: Map<string, number>;
  compiled: number;
  reused: number;
  ms: number;
}

const bump = (m: Map<string, number>, k: string): void => {
  m.set(k, (m.get(k) ?? 0) + 1);
};
const descriptorsOf = (tools: CorpusTool[]): object[] =>
  tools.map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema, backend: () => 'ok' }));

/** Admits every source folder of the corpus as one batch (a server's tools/list, say) in one mode. */
async function run(mode: 'strict' | 'quarantine', options: AdmissionOptions = {}): Promise<ModeSummary> {
  const s: ModeSummary = {
    accepted: 0,
    quarantined: new Map(),
    failedBatches: [],
    fatal: new Map(),
    compiled: 0,
    reused: 0,
    ms: 0,
  };
  const batches = sources().map((src) => ({ src, tools: loadSource(src) }));
  const start = performance.now();
  for (const { src, tools } of batches) {
    const r = await admitBatch(descriptorsOf(tools), { ...options, mode });
    if (r.ok) {
      s.accepted += r.value.accepted.length;
      s.compiled += r.value.stats.compiled;
      s.reused += r.value.stats.reused;
      for (const d of r.value.rejected) bump(s.quarantined, reasonOf(d.error));
    } else {
      s.failedBatches.push(src);
      for (const d of r.error.diagnostics) bump(s.fatal, reasonOf(d.error));
    }
  }
  s.ms = performance.now() - start;
  return s;
}

const show = (m: Map<string, number>): string =>
  [...m]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([k, v]) => `${v} ${k}`)
    .join('; ') || 'none';

describe.skipIf(SKIP_CORPUS)(
  `admission over the real tool corpus (../shared/tool-schemas, one batch per source)${SKIP_NOTE}`,
  () => {
    it('gives the numbers of docs/catalog.md in both modes, and again warm', async () => {
      const quarantine = await run('quarantine');
      const strict = await run('strict');
      const warm = await run('quarantine');
      for (const [label, s] of [
        ['quarantine (cold)', quarantine],
        ['strict', strict],
        ['quarantine (warm)', warm],
      ] as const) {
        console.log(
          `[real catalog] ${label}: accepted ${s.accepted}; quarantined: ${show(s.quarantined)}; failed batches ` +
            `${s.failedBatches.length} (${s.failedBatches.join(', ') || 'none'}): ${show(s.fatal)}; compiled ` +
            `${s.compiled}, reused ${s.reused}; ${s.ms.toFixed(0)} ms`,
        );
      }
      // The corpus is fixed data, so these are exact; see docs/catalog.md.
      expect(quarantine.accepted).toBe(REAL.quarantineAccepted);
      expect(show(quarantine.quarantined)).toBe(REAL.quarantined);
      expect(quarantine.failedBatches).toEqual(REAL.quarantineFailed);
      expect(strict.accepted).toBe(REAL.strictAccepted);
      expect(strict.failedBatches.length).toBe(REAL.strictFailed);
      expect(warm.compiled).toBe(0);
      expect(warm.reused).toBe(warm.accepted);
    });

    it('keeps every admitted real schema byte-for-byte equal to the corpus file', async () => {
      // A source whose batch fails has nothing to compare: those must be exactly the known failing
      // ones, so a batch that starts failing cannot silently shrink what this test checks.
      const failed: string[] = [];
      let compared = 0;
      for (const src of sources()) {
        const tools = loadSource(src);
        const r = await admitBatch(descriptorsOf(tools), { mode: 'quarantine' });
        if (!r.ok) {
          failed.push(src);
          continue;
        }
        compared += r.value.providerTools.length;
        for (const t of r.value.providerTools) {
          const original = tools.find((c) => c.name === t.name);
          expect(JSON.stringify(t.inputSchema)).toBe(JSON.stringify(original?.inputSchema));
          expect(
            JSON.stringify(r.value.toolsFor('openai').find((o) => o.function.name === t.name)?.function.parameters),
          ).toBe(JSON.stringify(original?.inputSchema));
        }
      }
      console.log(
        `[real catalog] byte-for-byte: ${compared} admitted schemas ` +
          `compared; batches failing (nothing to compare): ${failed.join(', ')}`,
      );
      expect(failed).toEqual(REAL.quarantineFailed);
      expect(compared).toBe(REAL.quarantineAccepted);
    });

    it('quarantines only unsupported_capability and keeps diagnostics out of serialized output', async () => {
      const tools = [...loadSource('mcp-time'), ...loadSource('mcp-memory')];
      const r = await admitBatch(descriptorsOf(tools), {
        mode: 'quarantine',
        authority: { caller: 'host', run: 'r1', grants: tools.map((t) => t.name) },
      });
      expect(r.ok).toBe(true);
      if (!r.ok) return;
      expect(r.value.accepted).toEqual(['convert_time', 'get_current_time']);
      expect(r.value.rejected.map((d) => d.error.class)).toEqual(
        loadSource('mcp-memory').map(() => 'unsupported_capability'),
      );
      expect(r.value.authority?.grants).toEqual(['convert_time', 'get_current_time']);
      const serialized = [
        JSON.stringify(r.value),
        ...(['openai', 'anthropic', 'mcp'] as const).map((f) => JSON.stringify(r.value.toolsFor(f))),
      ].join('\n');
      for (const d of r.value.rejected) expect(serialized).not.toContain(d.error.message);
      expect(serialized).not.toContain('draft-07');
    });
  },
);

describe.skipIf(SKIP_CORPUS)(
  `the real corpus with draft-07 enabled and each provider policy (docs/catalog.md)${SKIP_NOTE}`,
  () => {
    const dialects = ['2020-12', 'draft-07'] as const;
    it('admits the draft-07 servers exactly once enabled, and warns without rejecting', async () => {
      const s = await run('quarantine', { dialects: [...dialects] });
      console.log(
        `[real catalog] quarantine + draft-07: accepted ${s.accepted}; quarantined: ${show(s.quarantined)}; failed ` +
          `batches ${s.failedBatches.length}: ${show(s.fatal)}`,
      );
      expect([s.accepted, show(s.quarantined), s.failedBatches]).toEqual([154, 'none', REAL.quarantineFailed]);
      // Lint never rejects: the same run with every warning read admits the same tools.
      let warned = 0;
      let undescribed = 0;
      for (const src of sources()) {
        const r = await admitBatch(descriptorsOf(loadSource(src)), { mode: 'quarantine', dialects: [...dialects] });
        if (!r.ok) continue;
        const lists = Object.values(r.value.warnings);
        warned += lists.filter((w) => w.some((x) => x.rule !== 'missing-description')).length;
        undescribed += lists.filter((w) => w.some((x) => x.rule === 'missing-description')).length;
      }
      // 15: the 7 of before and 8 more named by accepts-anything (tools whose schema constrains no argument).
      expect([warned, undescribed]).toEqual([15, 2]);
    });

    it.each([
      ['openai-strict', 4, '150 provider openai-strict'],
      ['openai', 154, 'none'],
      ['anthropic', 154, 'none'],
      ['gemini', 66, '88 provider gemini'],
    ] as const)(
      "quarantines with provider %s and providerPolicy 'quarantine': %i accepted",
      async (provider, accepted, quarantined) => {
        const s = await run('quarantine', { dialects: [...dialects], provider, providerPolicy: 'quarantine' });
        // Provider diagnostics differ per rule and location; group them under the provider for the table.
        const byProvider = new Map<string, number>();
        for (const [reason, n] of s.quarantined) {
          const key = reason.startsWith(`unsupported_capability: provider ${provider} `)
            ? `provider ${provider}`
            : reason;
          byProvider.set(key, (byProvider.get(key) ?? 0) + n);
        }
        console.log(
          `[real catalog] quarantine + draft-07 + ${provider} (quarantine policy): accepted ${s.accepted}; ` +
            `quarantined: ${show(byProvider)}`,
        );
        expect([s.accepted, show(byProvider), s.failedBatches]).toEqual([accepted, quarantined, REAL.quarantineFailed]);
      },
    );
  },
);

/** Outcome of the corpus at the time of writing; change together with docs/catalog.md. */
const REAL = {
  quarantineAccepted: 107,
  quarantined: '47 declares draft-07',
  quarantineFailed: ['anthropic-cookbook', 'gemini-cli', 'gorilla-bfcl', 'mcp-spec'],
  strictAccepted: 107,
  strictFailed: 9,
};
