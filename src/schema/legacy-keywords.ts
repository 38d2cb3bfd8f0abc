/** The older dialects toolgate can enforce on request (`dialects` option). */
export type LegacyDialect = 'draft-07' | '2019-09';

/** Meta-schema URIs (Core §7 of each draft), without the empty fragment. */
export const LEGACY_DIALECT_URIS: Readonly<Record<string, LegacyDialect>> = {
  'http://json-schema.org/draft-07/schema': 'draft-07',
  'https://json-schema.org/draft-07/schema': 'draft-07',
  'https://json-schema.org/draft/2019-09/schema': '2019-09',
};

/** The `$schema` value toolgate compares against: without an empty fragment. */
export function legacyDialectOf(value: unknown): LegacyDialect | undefined {
  if (typeof value !== 'string') return undefined;
  const bare = value.endsWith('#') ? value.slice(0, -1) : value;
  return Object.hasOwn(LEGACY_DIALECT_URIS, bare) ? LEGACY_DIALECT_URIS[bare] : undefined;
}

/** draft-07 keywords (draft-handrews-json-schema-01 and -validation-01). */
const DRAFT_07 = [
  '$id',
  '$schema',
  '$ref',
  '$comment',
  'definitions',
  'title',
  'description',
  'default',
  'readOnly',
  'writeOnly',
  'examples',
  'multipleOf',
  'maximum',
  'exclusiveMaximum',
  'minimum',
  'exclusiveMinimum',
  'maxLength',
  'minLength',
  'pattern',
  'additionalItems',
  'items',
  'maxItems',
  'minItems',
  'uniqueItems',
  'contains',
  'maxProperties',
  'minProperties',
  'required',
  'additionalProperties',
  'properties',
  'patternProperties',
  'dependencies',
  'propertyNames',
  'const',
  'enum',
  'type',
  'format',
  'contentMediaType',
  'contentEncoding',
  'if',
  'then',
  'else',
  'allOf',
  'anyOf',
  'oneOf',
  'not',
];

/** 2019-09 keywords (draft-handrews-json-schema-02 §8-§9 and -validation-02). */
const DRAFT_2019_09 = [
  '$id',
  '$schema',
  '$anchor',
  '$ref',
  '$recursiveRef',
  '$recursiveAnchor',
  '$vocabulary',
  '$comment',
  '$defs',
  'additionalItems',
  'unevaluatedItems',
  'items',
  'contains',
  'additionalProperties',
  'unevaluatedProperties',
  'properties',
  'patternProperties',
  'dependentSchemas',
  'propertyNames',
  'if',
  'then',
  'else',
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  'multipleOf',
  'maximum',
  'exclusiveMaximum',
  'minimum',
  'exclusiveMinimum',
  'maxLength',
  'minLength',
  'pattern',
  'maxItems',
  'minItems',
  'uniqueItems',
  'maxContains',
  'minContains',
  'maxProperties',
  'minProperties',
  'required',
  'dependentRequired',
  'const',
  'enum',
  'type',
  'title',
  'description',
  'default',
  'deprecated',
  'readOnly',
  'writeOnly',
  'examples',
  'format',
  'contentMediaType',
  'contentEncoding',
  'contentSchema',
];

/** Keywords each legacy dialect defines. */
export const LEGACY_KEYWORD_SETS: Readonly<Record<LegacyDialect, ReadonlySet<string>>> = {
  'draft-07': new Set(DRAFT_07),
  '2019-09': new Set(DRAFT_2019_09),
};

/**
 * Keywords that assert in some other draft but are unknown, hence ignored, in this one: a schema
 * using them most likely expects them enforced, so they are refused rather than silently dropped
 * (the same fail-closed rule as rule 4 of docs/rules.md), each with the keyword this dialect uses instead.
 */
export const FOREIGN_KEYWORDS: Readonly<Record<LegacyDialect, Readonly<Record<string, string>>>> = {
  'draft-07': {
    id: 'use "$id"',
    divisibleBy: 'use "multipleOf"',
    disallow: 'use "not"',
    extends: 'use "allOf"',
    dependentRequired: 'use "dependencies" (array form)',
    dependentSchemas: 'use "dependencies" (schema form)',
    unevaluatedProperties: 'draft-07 has no equivalent',
    unevaluatedItems: 'draft-07 has no equivalent',
    prefixItems: 'use array-form "items"',
    minContains: 'draft-07 has no equivalent',
    maxContains: 'draft-07 has no equivalent',
    $recursiveRef: 'draft-07 has no equivalent',
    $dynamicRef: 'draft-07 has no equivalent',
  },
  '2019-09': {
    id: 'use "$id"',
    divisibleBy: 'use "multipleOf"',
    disallow: 'use "not"',
    extends: 'use "allOf"',
    dependencies: 'use "dependentRequired" or "dependentSchemas"',
    prefixItems: 'use array-form "items"',
    $dynamicRef: 'use "$recursiveRef"',
    $dynamicAnchor: 'use "$recursiveAnchor"',
  },
};
