// A hunt's find: providerProfile handed out toolgate's own profile objects unfrozen, so an importer's
// `providerProfile('gemini').rules.length = 0` turned off checkProvider and admitBatch's `providerPolicy: 'quarantine'`
// for the whole process. docs/api.md: exported values are frozen. The table is now deep-frozen at load.
import { describe, expect, it } from 'vitest';
import { admitBatch, checkProvider, providerProfile } from '../../src/index.js';
import { PROVIDER_NAMES } from '../../src/interop/providers.js';
import type { ProviderName } from '../../src/interop/profile.js';

/** A schema every profile has something to say about: `additionalProperties`, `format`, `pattern`. */
const SCHEMA = {
  type: 'object',
  properties: { a: { type: 'string', format: 'email', pattern: '^a' } },
  additionalProperties: false,
  required: ['a'],
};

/** The ways an importer could change a profile it was handed (emptying the rules last: without the freeze it stays). */
const CHANGES: [string, (profile: Record<string, unknown>) => void][] = [
  [
    'its name replaced',
    (p) => {
      p['name'] = 'x';
    },
  ],
  [
    "a rule's check replaced",
    (p) => {
      (p['rules'] as Record<string, unknown>[])[0]!['check'] = () => [];
    },
  ],
  [
    "a rule's effect softened",
    (p) => {
      (p['rules'] as Record<string, unknown>[])[0]!['effect'] = 'ignores';
    },
  ],
  ['its rules emptied', (p) => void (p['rules'] as unknown[]).splice(0)],
];

const CASES = PROVIDER_NAMES.flatMap((provider) =>
  CHANGES.map(([what, change]) => [provider, what, change] as [ProviderName, string, (p: object) => void]),
);

describe('providerProfile hands out a profile no importer can change', () => {
  it.each(CASES)('%s, %s: refused, and checkProvider answers as before', (provider, _, change) => {
    const before = JSON.stringify(checkProvider(SCHEMA, provider));
    let thrown: unknown;
    try {
      change(providerProfile(provider) as object);
    } catch (error) {
      thrown = error;
    }
    expect(JSON.stringify(checkProvider(SCHEMA, provider))).toBe(before);
    expect(thrown).toBeInstanceOf(TypeError);
  });

  it("admitBatch's provider quarantine still holds after an importer tried to empty the rules", async () => {
    try {
      (providerProfile('gemini')?.rules as unknown[]).length = 0;
    } catch {
      // Frozen: the length cannot change.
    }
    const batch = await admitBatch([{ name: 'a', inputSchema: SCHEMA, backend: () => 1 }], {
      mode: 'quarantine',
      provider: 'gemini',
      providerPolicy: 'quarantine',
    });
    expect(batch.ok ? batch.value.registry.names() : batch.error.message).toEqual([]);
  });
});
