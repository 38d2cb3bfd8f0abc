// Two schemaRegistry keys that are one URI once resolved (RFC 3986 §6.2.2.1: scheme and host are case-insensitive;
// a relative key is read against toolgate:/, an empty fragment dropped) name one document. Given two different
// documents, the registry holds two schemas for one URI, which Core §9.1.2 says should raise an error: before, the
// key written last silently won, so two registries of equal content in another key order gave other verdicts.
import { describe, expect, it } from 'vitest';
import { validateSchema, type Result } from '../../src/index.js';

const root = { type: 'object', properties: { a: { $ref: 'http://example.com/s.json' } } };
const verdict = (r: Result<unknown>): string => (r.ok ? 'ok' : `${r.error.class} ${r.error.violations[0]?.code}`);

describe('registry keys that name one URI', () => {
  it.each([
    ['host case', 'http://EXAMPLE.com/s.json', 'http://example.com/s.json'],
    ['scheme case', 'HTTP://example.com/s.json', 'http://example.com/s.json'],
    ['empty fragment', 'http://example.com/s.json#', 'http://example.com/s.json'],
  ])('%s: two documents are a duplicate, in either key order', (_name, first, second) => {
    const string = { type: 'string' };
    const number = { type: 'number' };
    for (const schemaRegistry of [
      { [first]: string, [second]: number },
      { [second]: number, [first]: string },
    ])
      expect(verdict(validateSchema(root, { schemaRegistry }))).toBe('validation duplicate_id');
  });

  it('one document under both spellings is that document', () => {
    const doc = { type: 'string' };
    const c = validateSchema(root, {
      schemaRegistry: { 'http://EXAMPLE.com/s.json': doc, 'http://example.com/s.json': doc },
    });
    expect(c.ok && c.value.validate({ a: 'x' }).ok).toBe(true);
  });

  it('a duplicate no reference needs changes nothing', () => {
    const c = validateSchema(
      { type: 'object' },
      { schemaRegistry: { 'http://EXAMPLE.com/s.json': { type: 'string' }, 'http://example.com/s.json': {} } },
    );
    expect(verdict(c)).toBe('ok');
  });
});
