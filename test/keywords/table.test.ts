// The one keyword table (src/keywords/table.ts) replaced a dozen hand-kept lists. Every list read from it must be
// the list it replaced, member for member (and in order where the order is visited), so no verdict changed:
// test/fixtures/keyword-lists-before.json holds the exported lists as they were, the private ones are written out.
import { readFileSync } from 'node:fs';
import type { ErrorObject } from 'ajv';
import { describe, expect, it } from 'vitest';
import { messageFor } from '../../src/errors/messages.js';
import {
  AJV_SCOPE_KEEPING_NAMES,
  ALL_KEYWORDS,
  APPLYING_KEYWORDS,
  BRANCH_ERROR_KEYWORDS,
  DATA_KEYWORDS,
  DEFINITION_HOLDERS,
  DRAFT_07_ENGINE_INDEXED,
  DRAFT_07_SAFE_REF_SIBLINGS,
  ERROR_APPENDING_KEYWORDS,
  HARMLESS_DRAFT_07_REF_SIBLINGS,
  IDENTIFYING_KEYWORDS,
  REFERENCE_KEYWORDS,
  REFERENCE_OR_ANCHOR_KEYWORDS,
  MESSAGE_KEYWORDS,
  META_SCHEMA_FILES,
  NAME_MAP_KEYWORDS,
  SAME_IN_DRAFT_07,
  keywordsWeighing,
  metaSchemaOf,
  olderShapedKeywords,
  openaiStrictKeywords,
} from '../../src/keywords/keyword-lists.js';
import { KEYWORDS } from '../../src/keywords/table.js';
import {
  KNOWN_VOCABULARIES,
  LEGACY_KEYWORDS,
  SCHEMA_ARRAY_KEYWORDS,
  SCHEMA_KEYWORDS,
  SCHEMA_MAP_KEYWORDS,
  VOCABULARY_KEYWORDS,
} from '../../src/schema/keywords.js';
import { FOREIGN_KEYWORDS, LEGACY_KEYWORD_SETS } from '../../src/schema/legacy-keywords.js';

const before = JSON.parse(
  readFileSync(new URL('../fixtures/keyword-lists-before.json', import.meta.url), 'utf8'),
) as Record<string, unknown>;

const sorted = (list: Iterable<string>): string[] => [...list].sort();

describe('the keyword table', () => {
  it('names each keyword once', () => {
    const names = KEYWORDS.map((row) => row.name);
    expect(names.length).toBe(new Set(names).size);
  });

  it('gives keywords.ts the lists it held, in their order', () => {
    const now = {
      VOCABULARY_KEYWORDS,
      KNOWN_VOCABULARIES,
      SCHEMA_MAP_KEYWORDS,
      SCHEMA_KEYWORDS,
      SCHEMA_ARRAY_KEYWORDS,
      LEGACY_KEYWORDS,
    };
    for (const [name, list] of Object.entries(now))
      expect(JSON.stringify(list), name).toBe(JSON.stringify(before[name]));
  });

  it('gives legacy-keywords.ts the keyword sets and foreign keywords of draft-07 and 2019-09', () => {
    const sets = before['LEGACY_KEYWORD_SETS'] as Record<'draft-07' | '2019-09', string[]>;
    for (const dialect of ['draft-07', '2019-09'] as const) {
      expect(sorted(LEGACY_KEYWORD_SETS[dialect])).toEqual(sorted(sets[dialect]));
      expect(FOREIGN_KEYWORDS[dialect]).toEqual((before['FOREIGN_KEYWORDS'] as Record<string, unknown>)[dialect]);
    }
  });

  it("gives walk.ts the older drafts' schema positions, in their order", () => {
    expect(olderShapedKeywords('schema')).toEqual(['additionalItems']);
    expect(olderShapedKeywords('schema-map', 'schema-or-names-map')).toEqual(['definitions', 'dependencies']);
  });

  it('gives draft07-equivalent.ts the keywords that mean the same in draft-07', () => {
    const old = ['type', 'enum', 'const', 'multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum'];
    old.push('maxLength', 'minLength', 'pattern', 'items', 'maxItems', 'minItems', 'uniqueItems', 'contains');
    old.push('maxProperties', 'minProperties', 'required', 'properties', 'patternProperties', 'additionalProperties');
    old.push('propertyNames', 'allOf', 'anyOf', 'oneOf', 'not', 'if', 'then', 'else', 'format', 'title');
    old.push('description', 'default', 'examples', 'deprecated', 'readOnly', 'writeOnly', '$comment');
    old.push('contentEncoding', 'contentMediaType', '$defs');
    expect(sorted(SAME_IN_DRAFT_07)).toEqual(sorted(old));
  });

  it('gives step-budget.ts its free, per-character, per-key and per-item keywords and the applicators', () => {
    expect(sorted(keywordsWeighing('free'))).toEqual(
      sorted(
        ['$id', '$schema', '$anchor', '$dynamicAnchor', '$vocabulary', '$comment', '$defs'].concat([
          'title',
          'description',
          'default',
          'deprecated',
          'readOnly',
          'writeOnly',
          'examples',
        ]),
      ),
    );
    expect(sorted(keywordsWeighing('per-char'))).toEqual(
      sorted(['minLength', 'maxLength', 'pattern', 'contentEncoding', 'contentMediaType']),
    );
    expect(sorted(keywordsWeighing('per-key'))).toEqual(sorted(['propertyNames', 'minProperties', 'maxProperties']));
    expect(keywordsWeighing('per-key-and-pattern')).toEqual(['additionalProperties', 'unevaluatedProperties']);
    expect(keywordsWeighing('per-item')).toEqual(['uniqueItems']);
    const applicators = ['properties', 'patternProperties', 'additionalProperties', 'propertyNames', 'items'];
    applicators.push('prefixItems', 'contains', 'allOf', 'dependentSchemas', 'then', 'else', 'anyOf', 'oneOf');
    applicators.push('not', 'if', 'unevaluatedProperties', 'unevaluatedItems', 'contentSchema');
    expect(sorted(APPLYING_KEYWORDS)).toEqual(sorted(applicators));
  });

  it('gives data-places.ts the name maps and the data keywords', () => {
    const maps = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas', 'dependencies'];
    expect(sorted(NAME_MAP_KEYWORDS)).toEqual(sorted([...maps, 'dependentRequired']));
    expect(sorted(DATA_KEYWORDS)).toEqual(['const', 'enum']);
  });

  it('gives openai-strict.ts its listed and unsupported keywords (any other is unlisted)', () => {
    expect(sorted(openaiStrictKeywords('unsupported'))).toEqual(
      sorted(['allOf', 'not', 'if', 'then', 'else', 'dependentRequired', 'dependentSchemas', 'dependencies']),
    );
    // The supported-schemas list, as src/interop/openai-strict.ts quotes it.
    const listed = ['type', 'enum', 'const', 'anyOf', '$ref', '$defs', 'properties', 'required'];
    listed.push('additionalProperties', 'items', 'pattern', 'format', 'multipleOf', 'maximum', 'exclusiveMaximum');
    listed.push('minimum', 'exclusiveMinimum', 'minItems', 'maxItems', 'description', 'title');
    // What OpenAI's own SDK sends with strict (the tests of openai-node's zod helper).
    listed.push('default', 'definitions');
    expect(sorted(openaiStrictKeywords('listed'))).toEqual(sorted(listed));
    expect(openaiStrictKeywords('root')).toEqual(['$schema']);
  });

  it('gives the engine, link, compile cost, errors and lint the lists they kept by hand beside the table', () => {
    // Written out as they were; ordered lists (visited in order) compare in order, sets as sets.
    const appending = ['type', 'enum', 'const', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'];
    appending.push('minLength', 'maxLength', 'pattern', 'format', 'minItems', 'maxItems', 'minContains');
    appending.push('maxContains', 'minProperties', 'maxProperties', 'required', 'dependentRequired');
    appending.push('properties', 'patternProperties', 'additionalProperties', 'propertyNames', 'items');
    appending.push('prefixItems', 'contains', 'allOf', 'dependentSchemas', 'then', 'else');
    expect(sorted(ERROR_APPENDING_KEYWORDS), 'held-errors.ts APPEND_ONLY').toEqual(sorted(appending));
    const harmless = ['$ref', '$schema', '$comment', 'title', 'description', 'default', 'examples', 'readOnly'];
    harmless.push('writeOnly', 'definitions');
    expect(sorted(HARMLESS_DRAFT_07_REF_SIBLINGS), 'legacy-engine-gaps.ts').toEqual(sorted(harmless));
    expect(sorted(AJV_SCOPE_KEEPING_NAMES), 'legacy-engine-gaps.ts').toEqual(
      sorted(['properties', 'patternProperties', 'enum', 'dependencies', 'definitions']),
    );
    expect(sorted(DRAFT_07_SAFE_REF_SIBLINGS), 'draft07-equivalent.ts').toEqual(
      sorted(['$ref', 'title', 'description', '$comment', 'default', 'examples', '$defs']),
    );
    expect(sorted(IDENTIFYING_KEYWORDS), 'link.ts').toEqual(sorted(['$id', '$anchor', '$dynamicAnchor', '$schema']));
    expect(DRAFT_07_ENGINE_INDEXED, 'ajv-only.ts').toEqual(['$anchor', '$dynamicAnchor']);
    expect(REFERENCE_KEYWORDS, 'compile-cost-graph.ts').toEqual(['$ref', '$dynamicRef', '$recursiveRef']);
    expect(sorted(REFERENCE_OR_ANCHOR_KEYWORDS), 'compile-cost.ts').toEqual(
      sorted(['$ref', '$dynamicRef', '$recursiveRef', '$dynamicAnchor', '$recursiveAnchor']),
    );
    expect(sorted(BRANCH_ERROR_KEYWORDS), 'errors/branches.ts').toEqual(sorted(['oneOf', 'anyOf', 'contains']));
    expect(DEFINITION_HOLDERS, 'lint/branch-definitions.ts').toEqual(['$defs', 'definitions']);
    // keyword-typo.ts: the 2020-12 vocabularies, the keywords 2020-12 names a replacement for, and three more.
    const known = [...Object.values(VOCABULARY_KEYWORDS).flat(), ...Object.keys(LEGACY_KEYWORDS)];
    expect(sorted(ALL_KEYWORDS), 'keyword-typo.ts').toEqual(
      sorted(new Set([...known, 'definitions', '$recursiveRef', '$recursiveAnchor'])),
    );
  });

  it('gives link.ts and pipeline.ts the meta-schemas Ajv ships, and engine.ts their files', () => {
    const base = 'https://json-schema.org/draft/2020-12/';
    const vocabularies = ['core', 'applicator', 'unevaluated', 'validation', 'meta-data', 'format-annotation'];
    vocabularies.push('content');
    const old: Record<string, string> = { [`${base}schema`]: 'schema.json' };
    for (const m of vocabularies) old[`${base}meta/${m}`] = `meta/${m}.json`;
    expect(META_SCHEMA_FILES).toEqual(old);
    expect(metaSchemaOf('format-assertion')).toBe('format-annotation');
    for (const m of vocabularies) expect(metaSchemaOf(m)).toBe(m);
  });

  it('marks exactly the keywords errors/messages.ts writes a sentence of its own for', () => {
    const DEFAULT = 'fell through to the default';
    const own = KEYWORDS.map((row) => row.name).filter((keyword) => {
      const e = { keyword, params: {}, message: DEFAULT, instancePath: '', schemaPath: '' } as ErrorObject;
      return messageFor(e, 1, {}) !== DEFAULT;
    });
    expect(sorted(MESSAGE_KEYWORDS)).toEqual(sorted(own));
  });
});

describe('the columns lint/accepts-anything reads', () => {
  const names = (pick: (k: (typeof KEYWORDS)[number]) => unknown): string[] =>
    KEYWORDS.filter(pick)
      .map((k) => k.name)
      .sort();
  it('neverRefuses: the annotations, identifiers and definitions containers', () => {
    expect(names((k) => k.neverRefuses)).toEqual(
      [
        '$schema',
        '$id',
        '$comment',
        '$anchor',
        '$dynamicAnchor',
        '$vocabulary',
        '$defs',
        'definitions',
        'title',
        'description',
        'default',
        'examples',
        'deprecated',
        'readOnly',
        'writeOnly',
      ].sort(),
    );
  });
  it('assertsOn: each keyword that asserts on one instance type other than object', () => {
    expect(names((k) => k.assertsOn === 'string')).toEqual(
      ['minLength', 'maxLength', 'pattern', 'format', 'contentEncoding', 'contentMediaType', 'contentSchema'].sort(),
    );
    expect(names((k) => k.assertsOn === 'number')).toEqual(
      ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'].sort(),
    );
    expect(names((k) => k.assertsOn === 'array')).toEqual(
      [
        'items',
        'prefixItems',
        'additionalItems',
        'unevaluatedItems',
        'contains',
        'minContains',
        'maxContains',
        'minItems',
        'maxItems',
        'uniqueItems',
      ].sort(),
    );
  });
});
