// schemaRegistry is host data read as plain data (docs/api.md "Options", rule 13): an entry behind a getter is
// never run, used or not; one a reference needs is refused as not JSON, like a getter inside a document. Before,
// every entry was read with `registry[key]` as each schema compiled: a getter ran, and one that threw left
// validateSchema as execution_failure `internal` with the host's text in the message (which the MCP validator
// hands to the model).
import { describe, expect, it } from 'vitest';
import { validateSchema } from '../../src/index.js';

const withGetter = (name: string, calls: string[]): Record<string, object> =>
  Object.defineProperty({ 'other.json': { type: 'string' } }, name, {
    enumerable: true,
    get(): never {
      calls.push(name);
      throw new Error('SECRET /srv/keys');
    },
  });

describe('a schemaRegistry entry behind a getter', () => {
  it('is never run when no reference needs it', () => {
    const calls: string[] = [];
    const r = validateSchema(
      { type: 'object', properties: { a: { $ref: 'other.json' } } },
      { schemaRegistry: withGetter('unused.json', calls) },
    );
    expect(calls).toEqual([]);
    expect(r.ok).toBe(true);
  });

  it('is refused as not JSON when a reference needs it, its text nowhere in the error', () => {
    const calls: string[] = [];
    const r = validateSchema(
      { type: 'object', properties: { a: { $ref: 'hidden.json' } } },
      { schemaRegistry: withGetter('hidden.json', calls) },
    );
    expect(calls).toEqual([]);
    expect(r.ok ? '' : `${r.error.class} ${r.error.violations[0]?.code}`).toBe('validation loader_failed');
    expect(r.ok ? '' : r.error.message).toMatch(/accessor/);
    expect(JSON.stringify(r)).not.toContain('SECRET');
  });
});
