// A validator is cached by the schema's canonical text, so every key order of one schema shares it. The engine
// stops at its error cap (100), so which violations a call reports must not depend on the key order the
// process happened to compile first: the same schema and arguments give the same bytes in every process.
import { describe, expect, it } from 'vitest';
import { clearCache, formatForModel, validate, validateSchema } from '../../src/index.js';

const keys = Array.from({ length: 150 }, (_, i) => `k${String(i).padStart(3, '0')}`);
const schemaOf = (order: string[]): object => ({
  type: 'object',
  properties: Object.fromEntries(order.map((k) => [k, { type: 'string' }])),
});
const args = Object.fromEntries(keys.map((k) => [k, 1]));

/** What the model reads for the 150 wrong members, after `first` was compiled (or none). */
function reported(order: string[], first?: string[]): string {
  clearCache();
  if (first !== undefined) expect(validateSchema(schemaOf(first)).ok).toBe(true);
  const r = validate(schemaOf(order), args);
  if (r.ok) throw new Error('expected a failure');
  return formatForModel('t', r.error, { maxLines: 3 });
}

describe('violations past the error cap do not depend on the compile history', () => {
  it('reports the same violations whichever key order was compiled first', () => {
    const reversed = [...keys].reverse();
    const alone = reported(keys);
    expect(reported(keys, reversed)).toBe(alone);
    expect(reported(reversed)).toBe(alone);
    expect(alone).toContain('$.k000: expected string, got integer');
  });
});
