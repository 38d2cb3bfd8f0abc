// The Standard Schema view over the real tool corpus (../shared/tool-schemas, read in place): for every
// schema toolgate admits, `~standard` agrees with `validate` and hands out the schema unchanged.
import { describe, expect, it } from 'vitest';
import { validateSchema } from '../../src/index.js';
import { sameInDraft07 } from '../../src/schema/draft07-equivalent.js';
import { nativeTarget } from '../../src/schema/standard-schema.js';
import { loadCorpus, SKIP_CORPUS, SKIP_NOTE } from '../fixtures/tool-corpus.js';

// Arguments that break most tool schemas in different ways, and one that satisfies many.
const PROBES: unknown[] = [{}, { path: 1 }, { query: 'x', limit: -1, extra: [null] }, []];

describe.skipIf(SKIP_CORPUS)(`Standard Schema over the real tool corpus${SKIP_NOTE}`, () => {
  const tools = SKIP_CORPUS ? [] : loadCorpus();

  it('agrees with validate on every admitted schema and converts to its own dialect (draft-07 when the same)', () => {
    let admitted = 0;
    let issues = 0;
    let asDraft07 = 0;
    for (const tool of tools) {
      const compiled = validateSchema(tool.inputSchema, { dialects: ['draft-07', '2019-09'] });
      if (!compiled.ok) continue;
      admitted++;
      const standard = compiled.value['~standard'];
      for (const probe of PROBES) {
        const direct = compiled.value.validate(probe);
        const viaStandard = standard.validate(probe);
        if (direct.ok) {
          expect(viaStandard).toEqual({ value: probe });
        } else {
          const list = 'issues' in viaStandard ? (viaStandard.issues ?? []) : [];
          expect(list.length, `${tool.source}/${tool.name}`).toBe(
            Math.max(1, direct.error.violations.length) + (direct.error.class === 'validation' ? 0 : 1),
          );
          issues += list.length;
        }
      }
      const target = nativeTarget(tool.inputSchema);
      const given = standard.jsonSchema.input({ target });
      const original = tool.inputSchema as Record<string, unknown>;
      expect(given, `${tool.source}/${tool.name}`).toEqual(
        'type' in original ? original : { type: 'object', ...original },
      );
      const other = target === 'draft-2020-12' ? 'draft-07' : 'draft-2020-12';
      if (target === 'draft-2020-12' && sameInDraft07(tool.inputSchema)) {
        asDraft07++;
        const { $schema: _dropped, ...rest } = given;
        expect(standard.jsonSchema.input({ target: other })).toEqual(rest);
      } else expect(() => standard.jsonSchema.input({ target: other })).toThrow();
    }
    console.log(
      `standard-schema over the corpus: ${tools.length} tools, ${admitted} ` +
        `admitted (2020-12 + draft-07 + 2019-09), ${issues} issues checked, ${asDraft07} 2020-12 schemas ` +
        `also handed out as draft-07`,
    );
    expect(admitted).toBeGreaterThan(100);
  });
});
