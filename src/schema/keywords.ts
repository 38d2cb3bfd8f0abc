/** Draft 2020-12 vocabulary URIs (Core §8.1.2) mapped to the keywords each defines. */
export const VOCABULARY_KEYWORDS: Readonly<Record<string, readonly string[]>> = {
  'https://json-schema.org/draft/2020-12/vocab/core': [
    '$id',
    '$schema',
    '$ref',
    '$anchor',
    '$dynamicRef',
    '$dynamicAnchor',
    '$vocabulary',
    '$comment',
    '$defs',
  ],
  'https://json-schema.org/draft/2020-12/vocab/applicator': [
    'prefixItems',
    'items',
    'contains',
    'additionalProperties',
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
  ],
  'https://json-schema.org/draft/2020-12/vocab/unevaluated': ['unevaluatedItems', 'unevaluatedProperties'],
  'https://json-schema.org/draft/2020-12/vocab/validation': [
    'type',
    'enum',
    'const',
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
  ],
  'https://json-schema.org/draft/2020-12/vocab/meta-data': [
    'title',
    'description',
    'default',
    'deprecated',
    'readOnly',
    'writeOnly',
    'examples',
  ],
  'https://json-schema.org/draft/2020-12/vocab/format-annotation': ['format'],
  'https://json-schema.org/draft/2020-12/vocab/format-assertion': ['format'],
  'https://json-schema.org/draft/2020-12/vocab/content': ['contentEncoding', 'contentMediaType', 'contentSchema'],
};

/** Every vocabulary toolgate knows; the default meta-schema uses all but format-assertion. */
export const KNOWN_VOCABULARIES: readonly string[] = Object.keys(VOCABULARY_KEYWORDS);

/** Keywords whose value is a map of name to subschema. */
export const SCHEMA_MAP_KEYWORDS: readonly string[] = ['$defs', 'properties', 'patternProperties', 'dependentSchemas'];
/** Keywords whose value is one subschema. */
export const SCHEMA_KEYWORDS: readonly string[] = [
  'items',
  'contains',
  'additionalProperties',
  'propertyNames',
  'if',
  'then',
  'else',
  'not',
  'unevaluatedItems',
  'unevaluatedProperties',
  'contentSchema',
];
/** Keywords whose value is an array of subschemas. */
export const SCHEMA_ARRAY_KEYWORDS: readonly string[] = ['prefixItems', 'allOf', 'anyOf', 'oneOf'];

/**
 * Keywords that assert in older drafts and would silently loosen a schema if read as 2020-12
 * annotations (Core §8.1 lists no such keyword, so a 2020-12 validator would ignore them).
 */
export const LEGACY_KEYWORDS: Readonly<Record<string, string>> = {
  dependencies: 'use "dependentRequired" (array form) or "dependentSchemas" (schema form)',
  additionalItems: 'use "prefixItems" with "items"',
  $recursiveRef: 'use "$dynamicRef"',
  $recursiveAnchor: 'use "$dynamicAnchor"',
  id: 'use "$id"',
  divisibleBy: 'use "multipleOf"',
  disallow: 'use "not"',
  extends: 'use "allOf"',
};

/** The set of keywords defined by the given vocabularies. */
export function keywordsOf(vocabularies: Iterable<string>): Set<string> {
  const out = new Set<string>();
  for (const v of vocabularies) for (const k of VOCABULARY_KEYWORDS[v] ?? []) out.add(k);
  return out;
}
