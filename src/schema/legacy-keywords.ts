import { dialectKeywords, foreignKeywords } from '../keywords/keyword-lists.js';

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

/** Keywords each legacy dialect defines (draft-handrews-json-schema-01/-02 and their validation drafts). */
export const LEGACY_KEYWORD_SETS: Readonly<Record<LegacyDialect, ReadonlySet<string>>> = {
  'draft-07': new Set(dialectKeywords('draft-07')),
  '2019-09': new Set(dialectKeywords('2019-09')),
};

/**
 * Keywords that assert in some other draft but are unknown, hence ignored, in this one: a schema
 * using them most likely expects them enforced, so they are refused rather than silently dropped
 * (the same fail-closed rule as rule 4 of docs/rules.md), each with the keyword this dialect uses instead.
 */
export const FOREIGN_KEYWORDS: Readonly<Record<LegacyDialect, Readonly<Record<string, string>>>> = {
  'draft-07': foreignKeywords('draft-07'),
  '2019-09': foreignKeywords('2019-09'),
};
