// The meta-schemas an engine carries (src/schema/engine/shipped-documents.ts) are documents like any other: a
// reference into one must land on a subschema (src/schema/builtin-targets.ts), and no schema may claim one's URI
// (Core §9.1.2). A hunt found, in 2020-12 and the older dialects, `$ref` to `…/schema#/title` (a string) or to a
// `default` value compiled as a schema that accepts everything, and in 2020-12 a subschema with
// `$id: "https://json-schema.org/draft/2020-12/meta/validation"` replacing that meta-schema for its own references
// and for the meta-schema's (`{"$ref": ".../schema"}` then accepted `{"type": 5}` as a schema).
import { describe, expect, it } from 'vitest';
import { validateSchema } from '../../src/index.js';
import { shippedDocument } from '../../src/schema/engine/shipped-documents.js';

const DIALECTS = {
  '2020-12': {
    uri: 'https://json-schema.org/draft/2020-12/schema',
    meta: 'https://json-schema.org/draft/2020-12/meta/validation',
    defs: '$defs',
    subschema: 'https://json-schema.org/draft/2020-12/meta/validation#/$defs/simpleTypes',
    offPlace: 'https://json-schema.org/draft/2020-12/schema#/properties/dependencies/default',
  },
  '2019-09': {
    uri: 'https://json-schema.org/draft/2019-09/schema',
    meta: 'https://json-schema.org/draft/2019-09/meta/validation',
    defs: '$defs',
    subschema: 'https://json-schema.org/draft/2019-09/meta/validation#/$defs/simpleTypes',
    offPlace: 'https://json-schema.org/draft/2019-09/schema#/properties/definitions/default',
  },
  'draft-07': {
    uri: 'http://json-schema.org/draft-07/schema#',
    meta: 'http://json-schema.org/draft-07/schema',
    defs: 'definitions',
    subschema: 'http://json-schema.org/draft-07/schema#/definitions/simpleTypes',
    offPlace: 'http://json-schema.org/draft-07/schema#/default',
  },
} as const;
const OPTIONS = { dialects: ['2020-12', '2019-09', 'draft-07'] as const };

const verdict = (schema: unknown): string => {
  const r = validateSchema(schema, OPTIONS);
  return r.ok ? 'admitted' : `${r.error.class}: ${r.error.violations[0]?.code}`;
};

describe.each(Object.entries(DIALECTS))('%s: references into the meta-schemas the engine carries', (_, d) => {
  const referring = (ref: string): unknown => ({ $schema: d.uri, type: 'object', properties: { a: { $ref: ref } } });

  it.each([
    ['a string (the title)', `${d.meta.replace(/#$/, '')}#/title`, 'validation: reference_unresolved'],
    ['a location the meta-schema lacks', `${d.meta}#/nope`, 'validation: reference_unresolved'],
    ['a default value, not a schema position', d.offPlace, 'unsupported_capability: not_enforceable'],
  ])('refuses one to %s', (_, ref, expected) => {
    expect(verdict(referring(ref))).toBe(expected);
  });

  it('follows one to a subschema, which is enforced', () => {
    const r = validateSchema(referring(d.subschema), OPTIONS);
    expect(r.ok && [r.value.validate({ a: 'string' }).ok, r.value.validate({ a: 'strin' }).ok]).toEqual([true, false]);
  });

  it('refuses a subschema claiming the URI of a meta-schema the engine carries', () => {
    const schema = { $schema: d.uri, type: 'object', [d.defs]: { v: { $id: d.meta, type: 'object' } } };
    expect(verdict(schema)).toBe('validation: duplicate_id');
  });
});

describe('2020-12: a claimed meta-schema URI', () => {
  it('no longer turns a reference to the meta-schema into one that accepts any schema', () => {
    const schema = {
      type: 'object',
      properties: { s: { $ref: 'https://json-schema.org/draft/2020-12/schema' } },
      $defs: { v: { $id: 'https://json-schema.org/draft/2020-12/meta/validation' } },
    };
    const r = validateSchema(schema);
    expect(r.ok ? 'admitted' : r.error.message).toMatch(/duplicate schema identifier .*meta-schema the engine carries/);
    // Without the claim, the same reference refuses `{"type": 5}` as a schema.
    const plain = validateSchema({ type: 'object', properties: { s: schema.properties.s } });
    expect(plain.ok && plain.value.validate({ s: { type: 5 } }).ok).toBe(false);
  });

  it('admits a bundled copy of a meta-schema under its own URI (Core §9.3: the same schema)', () => {
    const copy = shippedDocument('2020-12', 'https://json-schema.org/draft/2020-12/meta/validation');
    const schema = { type: 'object', properties: { s: { $ref: 'https://json-schema.org/draft/2020-12/schema' } } };
    const r = validateSchema({ ...schema, $defs: { v: copy } });
    expect(r.ok && [r.value.validate({ s: { type: 'string' } }).ok, r.value.validate({ s: { type: 5 } }).ok]).toEqual([
      true,
      false,
    ]);
  });

  it('follows an anchor of the meta-schema (its $dynamicAnchor "meta")', () => {
    expect(verdict({ properties: { s: { $ref: 'https://json-schema.org/draft/2020-12/schema#meta' } } })).toBe(
      'admitted',
    );
  });
});
