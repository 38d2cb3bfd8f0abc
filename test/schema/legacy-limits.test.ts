// Regression: opt-in older dialects are bound by the same schema limits as 2020-12.
import { describe, expect, it } from 'vitest';
import { validateSchema } from '../../src/index.js';

const D7 = 'http://json-schema.org/draft-07/schema#';
const threeRefs = {
  $schema: D7,
  type: 'object',
  definitions: { s: { type: 'string' } },
  properties: { a: { $ref: '#/definitions/s' }, b: { $ref: '#/definitions/s' }, c: { $ref: '#/definitions/s' } },
};

describe('legacy dialect schemas respect the schema limits', () => {
  it('maxReferences applies to a draft-07 schema', () => {
    const r = validateSchema(threeRefs, { dialects: ['2020-12', 'draft-07'], limits: { maxReferences: 2 } });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.class).toBe('execution_failure');
      expect(r.error.message).toMatch(/maxReferences/);
    }
  });
  it('maxSubschemas counts draft-07 positions (definitions, array-form items)', () => {
    const r = validateSchema(
      { $schema: D7, type: 'object', properties: { t: { items: [{}, {}, {}] } } },
      { dialects: ['2020-12', 'draft-07'], limits: { maxSubschemas: 4 } },
    );
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/maxSubschemas/);
  });
  it('maxDocuments applies to documents a draft-07 schema pulls in', () => {
    const schema = {
      $schema: D7,
      type: 'object',
      properties: { a: { $ref: 'http://e.x/a.json' }, b: { $ref: 'http://e.x/b.json' } },
    };
    const schemaRegistry = { 'http://e.x/a.json': { type: 'string' }, 'http://e.x/b.json': { type: 'string' } };
    const r = validateSchema(schema, {
      dialects: ['2020-12', 'draft-07'],
      schemaRegistry,
      limits: { maxDocuments: 1 },
    });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/maxDocuments/);
    expect(validateSchema(schema, { dialects: ['2020-12', 'draft-07'], schemaRegistry }).ok).toBe(true);
  });
  it('the same schema within the limits compiles', () => {
    expect(validateSchema(threeRefs, { dialects: ['2020-12', 'draft-07'] }).ok).toBe(true);
  });
});
