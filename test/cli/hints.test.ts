// The library's hints name its options; the CLI's name the flags. Each library message is produced here by the
// library itself, so a reworded message fails this test instead of reaching a user with `dialects: [...]` in it.
import { describe, expect, it } from 'vitest';
import { cliHints } from '../../src/cli/hints.js';
import { validateSchema } from '../../src/index.js';
import { runInProcess } from './run-cli.js';

const LIBRARY_OPTIONS = /dialects:|schemaRegistry|schemaLoader/;

/** The message and violation messages of a refused schema. */
function refusal(schema: unknown, options: Parameters<typeof validateSchema>[1] = {}): string {
  const r = validateSchema(schema, options);
  if (r.ok) throw new Error('expected the schema to be refused');
  return [r.error.message, ...r.error.violations.map((v) => v.message)].join('\n');
}

const EXTERNAL_REF = { type: 'object', properties: { a: { $ref: 'https://example.com/absent' } } };

describe('cliHints', () => {
  it.each([
    [
      'a draft-07 schema',
      refusal({ $schema: 'http://json-schema.org/draft-07/schema#', type: 'object' }),
      "pass the option dialects: ['2020-12', 'draft-07']",
      'pass --dialect draft-07',
    ],
    [
      'a 2019-09 schema',
      refusal({ $schema: 'https://json-schema.org/draft/2019-09/schema', type: 'object' }),
      "pass the option dialects: ['2020-12', '2019-09']",
      'pass --dialect 2019-09',
    ],
    [
      'an unresolved $ref',
      refusal(EXTERNAL_REF),
      '(not in schemaRegistry, schemaLoader found nothing; nothing is fetched)',
      '(not in --registry; nothing is fetched)',
    ],
    [
      'an unresolved $ref of a draft-07 schema',
      refusal(
        { $schema: 'http://json-schema.org/draft-07/schema#', ...EXTERNAL_REF },
        { dialects: ['2020-12', 'draft-07'] },
      ),
      '(not in schemaRegistry, schemaLoader found nothing; nothing is fetched)',
      '(not in --registry; nothing is fetched)',
    ],
    [
      'an unknown meta-schema',
      refusal({ $schema: 'https://example.com/meta', type: 'object' }),
      'no meta-schema with that URI in schemaRegistry or schemaLoader',
      'no meta-schema with that URI in --registry',
    ],
    [
      'too many registry documents',
      refusal(
        { type: 'object', properties: { a: { $ref: 'https://example.com/a' }, b: { $ref: 'https://example.com/b' } } },
        {
          schemaRegistry: { 'https://example.com/a': { type: 'string' }, 'https://example.com/b': { type: 'string' } },
          limits: { maxDocuments: 1 },
        },
      ),
      'documents from schemaRegistry/schemaLoader',
      'documents from --registry',
    ],
  ])('rewrites the hint of %s to name the flag', (_why, library, phrase, flag) => {
    expect(library).toContain(phrase);
    const cli = cliHints(library);
    expect(cli).toContain(flag);
    expect(cli).not.toMatch(LIBRARY_OPTIONS);
  });
});

describe('what check prints names flags, in text and JSON', () => {
  it('a draft-07 refusal and an unresolved $ref, as a user reads them', async () => {
    const catalog = JSON.stringify([
      { name: 'old', inputSchema: { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object' } },
      { name: 'ref', inputSchema: EXTERNAL_REF },
    ]);
    for (const format of ['text', 'json']) {
      const r = await runInProcess(['check', '--format', format, '-'], { stdin: catalog });
      expect(r.code).toBe(1);
      expect(r.out).toContain('pass --dialect draft-07');
      expect(r.out).toContain('(not in --registry; nothing is fetched)');
      expect(r.out).not.toMatch(LIBRARY_OPTIONS);
    }
  });
});
