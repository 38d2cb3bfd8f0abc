import { foreignKeywords, shapedKeywords, VOCABULARY_KEYWORD_LISTS } from '../keywords/keyword-lists.js';

// Read from the one keyword table (src/keywords/table.ts).

/** Draft 2020-12 vocabulary URIs (Core §8.1.2) mapped to the keywords each defines. */
export const VOCABULARY_KEYWORDS: Readonly<Record<string, readonly string[]>> = VOCABULARY_KEYWORD_LISTS;

/** Every vocabulary toolgate knows; the default meta-schema uses all but format-assertion. */
export const KNOWN_VOCABULARIES: readonly string[] = Object.keys(VOCABULARY_KEYWORDS);

/** Keywords whose value is a map of name to subschema. */
export const SCHEMA_MAP_KEYWORDS: readonly string[] = shapedKeywords('schema-map');
/** Keywords whose value is one subschema. */
export const SCHEMA_KEYWORDS: readonly string[] = shapedKeywords('schema');
/** Keywords whose value is an array of subschemas. */
export const SCHEMA_ARRAY_KEYWORDS: readonly string[] = shapedKeywords('schemas');

/**
 * Keywords that assert in older drafts and would silently loosen a schema if read as 2020-12
 * annotations (Core §8.1 lists no such keyword, so a 2020-12 validator would ignore them).
 */
export const LEGACY_KEYWORDS: Readonly<Record<string, string>> = foreignKeywords('2020-12');

/** Keyword sets by the known vocabularies they come from: at most one per subset of KNOWN_VOCABULARIES. */
const KEYWORD_SETS = new Map<string, ReadonlySet<string>>();

/**
 * The set of keywords defined by the given vocabularies (unknown ones define none). Made once per combination:
 * every schema of a catalog asks, most with the same vocabularies.
 */
export function keywordsOf(vocabularies: Iterable<string>): ReadonlySet<string> {
  const given = new Set(vocabularies);
  const known = KNOWN_VOCABULARIES.filter((v) => given.has(v));
  const key = known.join(' ');
  let out = KEYWORD_SETS.get(key);
  if (out === undefined) {
    out = new Set(known.flatMap((v) => VOCABULARY_KEYWORDS[v] ?? []));
    KEYWORD_SETS.set(key, out);
  }
  return out;
}
