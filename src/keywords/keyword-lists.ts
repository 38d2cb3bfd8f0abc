import {
  DRAFT_2020_12_BASE,
  KEYWORDS,
  VOCABULARIES,
  type KeywordDialect,
  type KeywordRow,
  type ProviderSupport,
  type StepWeight,
  type SubschemaShape,
} from './table.js';

// The lists the rest of toolgate reads, each a filter of the one keyword table (table.ts), in its order.

// Readonly by type, not frozen: V8 walks a frozen array on a slower path, and the schema walker iterates these
// lists for every node (frozen, a warm re-admission of 5,000 distinct tools took 12% longer).
const names = (keep: (row: KeywordRow) => boolean): readonly string[] => KEYWORDS.filter(keep).map((row) => row.name);

/** Draft 2020-12 vocabulary URIs (Core §8.1.2) mapped to the keywords each defines. */
export const VOCABULARY_KEYWORD_LISTS: Readonly<Record<string, readonly string[]>> = Object.freeze(
  Object.fromEntries(
    VOCABULARIES.map((v) => [`${DRAFT_2020_12_BASE}vocab/${v.name}`, names((row) => row.vocabulary === v.keywords)]),
  ),
);

/** The meta-schemas Ajv ships for Draft 2020-12 (the dialect's and one per vocabulary): URI to file. */
export const META_SCHEMA_FILES: Readonly<Record<string, string>> = Object.freeze({
  [`${DRAFT_2020_12_BASE}schema`]: 'schema.json',
  ...Object.fromEntries(
    [...new Set(VOCABULARIES.map((v) => v.keywords))].map((m) => [`${DRAFT_2020_12_BASE}meta/${m}`, `meta/${m}.json`]),
  ),
});

/** The meta-schema of a Draft 2020-12 vocabulary (by the last segment of its URI): `format-assertion` has none. */
export function metaSchemaOf(vocabulary: string): string | undefined {
  return VOCABULARIES.find((v) => v.name === vocabulary)?.keywords;
}

const inLatest = (row: KeywordRow): boolean => row.vocabulary !== undefined;
const olderOnly = (row: KeywordRow): boolean => row.vocabulary === undefined && row.dialects.length > 0;

/** Draft 2020-12 keywords whose value has `shape`. */
export const shapedKeywords = (shape: SubschemaShape): readonly string[] =>
  names((row) => inLatest(row) && row.shape === shape);

/** Keywords of draft-07 or 2019-09 only whose value has one of `shapes`. */
export const olderShapedKeywords = (...shapes: SubschemaShape[]): readonly string[] =>
  names((row) => olderOnly(row) && shapes.includes(row.shape));

/** Keywords whose value maps names to something (schemas, name arrays), in any dialect: a name is no keyword. */
export const NAME_MAP_KEYWORDS: readonly string[] = names((row) =>
  ['schema-map', 'names-map', 'schema-or-names-map'].includes(row.shape),
);

/** Keywords whose value is data compared with the instance (`enum`, `const`). */
export const DATA_KEYWORDS: readonly string[] = names((row) => row.shape === 'data');

/** Draft 2020-12 keywords that apply subschemas: every subschema position but `$defs`, which is a location. */
export const APPLYING_KEYWORDS: readonly string[] = names(
  (row) => inLatest(row) && row.vocabulary !== 'core' && ['schema', 'schemas', 'schema-map'].includes(row.shape),
);

/** Keywords that add `weight` to the step budget (schema/engine/step-budget.ts). */
export const keywordsWeighing = (weight: StepWeight): readonly string[] => names((row) => row.steps === weight);

/** Keywords defined by `dialect`. */
export const dialectKeywords = (dialect: KeywordDialect): readonly string[] =>
  names((row) => row.dialects.includes(dialect));

/** Keywords unknown to `dialect` that assert elsewhere, each with what to use instead. */
export function foreignKeywords(dialect: KeywordDialect): Readonly<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const row of KEYWORDS) {
    const advice = row.instead?.[dialect];
    if (advice !== undefined) out[row.name] = advice;
  }
  return Object.freeze(out);
}

/** Keywords whose Draft 2020-12 meaning is their draft-07 meaning. */
export const SAME_IN_DRAFT_07: readonly string[] = names((row) => row.sameInDraft07 === true);

/** Keywords OpenAI strict mode treats as `support`. */
export const openaiStrictKeywords = (support: ProviderSupport): readonly string[] =>
  names((row) => row.openaiStrict === support);

/** Keywords errors/messages.ts writes a sentence of its own for. */
export const MESSAGE_KEYWORDS: readonly string[] = names((row) => row.message === true);
