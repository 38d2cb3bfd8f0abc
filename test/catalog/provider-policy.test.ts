import { describe, expect, it } from 'vitest';
import { admitBatch, type AdmissionOptions } from '../../src/catalog/admission.js';

const backend = (args: unknown): unknown => args;
/** Inside OpenAI's strict subset: closed, every property required. */
const closed = { type: 'object', properties: { q: { type: 'string' } }, required: ['q'], additionalProperties: false };
/**
 * Outside it: open object (additional-properties-false at the root) and an optional property (all-required at
 * /properties/n).
 */
const open = { type: 'object', properties: { q: { type: 'string' }, n: { type: 'integer' } }, required: ['q'] };
/** Strict-subset but with a keyword OpenAI does not list (an `unlisted` finding, never a rejection). */
const unlisted = {
  type: 'object',
  properties: { q: { type: 'string', minLength: 1 } },
  required: ['q'],
  additionalProperties: false,
};
const tool = (name: string, inputSchema: unknown): object => ({ name, inputSchema, backend, revision: 'r1' });
const batch = (): object[] => [tool('closed', closed), tool('open', open), tool('unlisted', unlisted)];
const strictProvider = { provider: 'openai-strict' } as const;

describe("admission with provider: 'report' (the default policy)", () => {
  it.each(['strict', 'quarantine'] as const)(
    'admits every tool in %s mode and lists findings by tool name',
    async (mode) => {
      const r = await admitBatch(batch(), { mode, ...strictProvider });
      expect(r.ok).toBe(true);
      if (!r.ok) return;
      expect(r.value.accepted).toEqual(['closed', 'open', 'unlisted']);
      expect(r.value.rejected).toEqual([]);
      const f = r.value.providerFindings;
      expect(Object.keys(f)).toEqual(['closed', 'open', 'unlisted']);
      expect(f['closed']).toEqual([]);
      expect(f['open']?.map((x) => [x.rule, x.effect, x.schemaPath])).toEqual([
        ['additional-properties-false', 'rejects', ''],
        ['all-required', 'rejects', '/properties/n'],
      ]);
      expect(f['unlisted']?.every((x) => x.effect === 'unlisted')).toBe(true);
      expect(f['unlisted']?.length).toBeGreaterThan(0);
    },
  );

  it('gives {} without a provider, and checks nothing', async () => {
    const r = await admitBatch(batch());
    expect(r.ok && r.value.providerFindings).toEqual({});
  });

  it('keeps the schema as written: findings never rewrite what providers receive', async () => {
    const r = await admitBatch(batch(), strictProvider);
    if (!r.ok) throw new Error(r.error.message);
    expect(JSON.stringify(r.value.toolsFor('openai')[1]?.function.parameters)).toBe(JSON.stringify(open));
  });
});

describe("admission with providerPolicy: 'quarantine'", () => {
  it('quarantine leaves out exactly the tools with a rejecting finding, naming rule and location', async () => {
    const r = await admitBatch(batch(), {
      mode: 'quarantine',
      ...strictProvider,
      providerPolicy: 'quarantine',
      authority: { caller: 'c', run: 'r', grants: ['closed', 'open', 'unlisted'] },
    });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.accepted).toEqual(['closed', 'unlisted']);
    expect(r.value.authority?.grants).toEqual(['closed', 'unlisted']);
    expect(r.value.registry.names()).toEqual(['closed', 'unlisted']);
    const [d] = r.value.rejected;
    expect(d).toMatchObject({ name: 'open', revision: 'r1', index: 1, stage: 'schema' });
    expect(d?.error.class).toBe('unsupported_capability');
    expect(d?.error.message).toBe(
      'provider openai-strict would reject this schema: rule additional-properties-false at the root: every object ' +
        'needs "additionalProperties": false in strict mode, got none (and 1 more)',
    );
    expect(d?.error.violations[1]?.message).toBe(
      'openai-strict rule all-required: property "n" is not in "required": ' +
        'strict mode needs every property required (make it nullable instead)',
    );
    expect(d?.error.violations.map((v) => [v.keyword, v.schemaPath])).toEqual([
      ['openai-strict:additional-properties-false', ''],
      ['openai-strict:all-required', '/properties/n'],
    ]);
    // Non-rejecting findings never leave a tool out; they stay reported.
    expect(Object.keys(r.value.providerFindings)).toEqual(['closed', 'unlisted']);
    expect(r.value.providerFindings['unlisted']?.length).toBeGreaterThan(0);
  });

  it('fails the batch in strict mode, like any unsupported_capability schema', async () => {
    const r = await admitBatch(batch(), { ...strictProvider, providerPolicy: 'quarantine' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.class).toBe('unsupported_capability');
    expect(r.error.diagnostics.map((d) => [d.name, d.stage])).toEqual([['open', 'schema']]);
    expect(r.error.violations[0]).toMatchObject({
      keyword: 'openai-strict:additional-properties-false',
      schemaPath: '/tools/1/inputSchema',
    });
  });

  it('admits a batch the provider takes as written', async () => {
    const r = await admitBatch([tool('closed', closed)], { ...strictProvider, providerPolicy: 'quarantine' });
    expect(r.ok && r.value.accepted).toEqual(['closed']);
  });

  it("runs after toolgate's own verdict: a schema toolgate refuses keeps toolgate's error", async () => {
    const r = await admitBatch([tool('deps', { type: 'object', dependencies: { a: ['b'] } })], {
      mode: 'quarantine',
      ...strictProvider,
      providerPolicy: 'quarantine',
    });
    expect(r.ok && r.value.rejected[0]?.error.violations[0]?.keyword).toBe('dependencies');
  });
});

describe('provider options are checked like mode', () => {
  it.each<[string, AdmissionOptions, string]>([
    [
      'an unknown provider',
      { provider: 'claude' as never },
      `invalid admitBatch options: provider must be 'openai-strict', 'openai', 'anthropic', 'gemini', got "claude"`,
    ],
    ['a non-string provider', { provider: 5 as never }, 'got 5'],
    [
      'an unknown policy',
      { provider: 'gemini', providerPolicy: 'drop' as never },
      "invalid admitBatch options: providerPolicy must be 'report' or 'quarantine', got \"drop\"",
    ],
    [
      'quarantine without a provider (it would filter nothing)',
      { providerPolicy: 'quarantine' },
      "providerPolicy 'quarantine' needs a provider",
    ],
  ])('refuses %s as validation', async (_why, options, message) => {
    const r = await admitBatch(batch(), options);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.class).toBe('validation');
    expect(r.error.message).toContain(message);
  });
});
