import { describe, expect, it } from 'vitest';
import { admitBatch } from '../../src/catalog/admission.js';

const backend = (args: unknown): unknown => args;
/** keyword-typo at /properties/q/minLenght (real typo class seen in the corpus). */
const typo = {
  type: 'object',
  properties: { q: { type: 'string', minLenght: 1 } },
  required: ['q'],
  additionalProperties: false,
};
/** required-with-default at /properties/unit/default. */
const defaulted = { type: 'object', properties: { unit: { enum: ['c', 'f'], default: 'c' } }, required: ['unit'] };
const clean = { type: 'object', properties: { q: { type: 'string' } } };
const tool = (name: string, inputSchema: unknown): object => ({
  name,
  description: `${name} tool`,
  inputSchema,
  backend,
});

describe('bundle.warnings (lintSchema per admitted tool)', () => {
  it.each(['strict', 'quarantine'] as const)(
    'lists warnings by tool name in %s mode and never rejects for them',
    async (mode) => {
      const r = await admitBatch([tool('typo', typo), tool('defaulted', defaulted), tool('clean', clean)], { mode });
      expect(r.ok).toBe(true);
      if (!r.ok) return;
      expect(r.value.accepted).toEqual(['clean', 'defaulted', 'typo']);
      expect(r.value.rejected).toEqual([]);
      const w = r.value.warnings;
      expect(Object.keys(w)).toEqual(['clean', 'defaulted', 'typo']);
      expect(w['clean']).toEqual([]);
      expect(w['defaulted']?.map((x) => [x.rule, x.schemaPath])).toEqual([
        ['required-with-default', '/properties/unit/default'],
      ]);
      expect(w['typo']).toEqual([
        {
          rule: 'keyword-typo',
          message: 'unknown keyword "minLenght" is ignored; did you mean "minLength"?',
          schemaPath: '/properties/q/minLenght',
        },
      ]);
    },
  );

  it('warns about a tool without a description (or a blank one), and still admits it', async () => {
    const r = await admitBatch([
      { name: 'bare', inputSchema: clean, backend },
      { name: 'blank', description: '  ', inputSchema: clean, backend },
      tool('typo', typo),
    ]);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.accepted).toEqual(['bare', 'blank', 'typo']);
    const missing = {
      rule: 'missing-description',
      message: 'the tool has no description: a model chooses tools by their descriptions',
      schemaPath: '',
    };
    expect(r.value.warnings['bare']).toEqual([missing]);
    expect(r.value.warnings['blank']).toEqual([missing]);
    expect(r.value.warnings['typo']?.map((w) => w.rule)).toEqual(['keyword-typo']);
  });

  it('lints only admitted tools: a quarantined tool has no entry', async () => {
    const draft07 = { $schema: 'http://json-schema.org/draft-07/schema#', ...typo };
    const r = await admitBatch([tool('old', draft07), tool('clean', clean)], { mode: 'quarantine' });
    expect(r.ok && Object.keys(r.value.warnings)).toEqual(['clean']);
  });

  it('is stable and frozen: the same object on every read, which the host cannot change', async () => {
    const r = await admitBatch([tool('typo', typo)]);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.warnings).toBe(r.value.warnings);
    expect(
      Object.isFrozen(r.value.warnings) &&
        Object.isFrozen(r.value.warnings['typo']) &&
        Object.isFrozen(r.value.warnings['typo']?.[0]),
    ).toBe(true);
  });

  it('keys a tool named __proto__ as an entry, never as a prototype', async () => {
    const r = await admitBatch([tool('__proto__', typo)], { provider: 'openai-strict' });
    if (!r.ok) throw new Error(r.error.message);
    expect(Object.keys(r.value.warnings)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(r.value.warnings)).toBe(Object.prototype);
    expect(Object.keys(r.value.providerFindings)).toEqual(['__proto__']);
  });
});

describe('serialization guard: findings and warnings stay with the host', () => {
  it('keeps lint warnings, provider findings and diagnostics out of JSON, spreads and provider formats', async () => {
    const open = { type: 'object', properties: { q: { type: 'string', minLenght: 1 } } };
    const draft07 = { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object' };
    const r = await admitBatch([tool('typo', open), tool('old', draft07)], {
      mode: 'quarantine',
      provider: 'openai-strict',
    });
    if (!r.ok) throw new Error(r.error.message);
    const texts = [
      r.value.warnings['typo']?.[0]?.message,
      r.value.providerFindings['typo']?.[0]?.message,
      r.value.rejected[0]?.error.message,
    ];
    // Each text is real host data (the guard below would pass vacuously on empty strings).
    for (const t of texts) expect(t?.length).toBeGreaterThan(10);
    const outputs = [
      JSON.stringify(r.value),
      JSON.stringify({ ...r.value }),
      ...(['openai', 'anthropic', 'mcp'] as const).map((f) => JSON.stringify(r.value.toolsFor(f))),
    ];
    for (const out of outputs) for (const t of texts) expect(out).not.toContain(JSON.stringify(t).slice(1, -1));
    for (const out of outputs)
      expect(out).not.toMatch(/warnings|providerFindings|additional-properties-false|keyword-typo/);
    expect(Object.keys(r.value.toJSON())).toEqual(['accepted', 'providerTools', 'authority']);
  });
});
