import {
  DRAFT_2020_12_BASE,
  KEYWORDS,
  VOCABULARIES,
  type KeywordDialect,
  type KeywordRow,
  type ProviderSupport,
  type RootRefuser,
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

/** Older keywords whose values the 2020-12 meta-schema still reads as schemas, with `shape` (`definitions`). */
export const keptBy2020MetaSchema = (shape: SubschemaShape): readonly string[] =>
  names((row) => row.keptBy2020MetaSchema === true && row.shape === shape);

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

/** Keywords `provider` refuses at the root of a tool's parameters schema (KeywordRow.refusedAtRootBy). */
export const rootRefusedKeywords = (provider: RootRefuser): readonly string[] =>
  names((row) => row.refusedAtRootBy?.includes(provider) === true);

/** Keywords errors/messages.ts writes a sentence of its own for. */
export const MESSAGE_KEYWORDS: readonly string[] = names((row) => row.message === true);

/** Every keyword the table knows, of any dialect, the older drafts' refused ones included (a typo's candidates). */
export const ALL_KEYWORDS: readonly string[] = names(() => true);

/** Keywords whose 2020-12 engine code only appends to Ajv's error list (KeywordRow.appendsErrors). */
export const ERROR_APPENDING_KEYWORDS: readonly string[] = names((row) => row.appendsErrors === true);

/** Siblings of `$ref` that draft-07 may ignore without changing anything (KeywordRow.draft07RefSibling). */
export const HARMLESS_DRAFT_07_REF_SIBLINGS: readonly string[] = names((row) => row.draft07RefSibling === 'harmless');

/** Siblings of `$ref` that keep a 2020-12 schema's draft-07 meaning (KeywordRow.besideRefLikeDraft07). */
export const DRAFT_07_SAFE_REF_SIBLINGS: readonly string[] = names((row) => row.besideRefLikeDraft07 === true);

/** Step names whose `$id` Ajv's older engines skip when following a pointer (KeywordRow.ajvKeepsScope). */
export const AJV_SCOPE_KEEPING_NAMES: readonly string[] = names((row) => row.ajvKeepsScope === true);

/** Keywords that name a resource, a place in it or its dialect (KeywordRow.identifies). */
export const IDENTIFYING_KEYWORDS: readonly string[] = names((row) => row.identifies === true);

/** Later drafts' keywords that Ajv's draft-07 engine still indexes (KeywordRow.draft07EngineIndexes). */
export const DRAFT_07_ENGINE_INDEXED: readonly string[] = names((row) => row.draft07EngineIndexes === true);

/** References (`$ref`, `$dynamicRef`, `$recursiveRef`), in table order. */
export const REFERENCE_KEYWORDS: readonly string[] = names((row) => row.reference === 'ref');

/** References and the anchors that make references dynamic: what makes a subschema's compile depend on others. */
export const REFERENCE_OR_ANCHOR_KEYWORDS: readonly string[] = names((row) => row.reference !== undefined);

/** Applicators whose subschema errors Ajv leaves in its list (KeywordRow.branchErrors). */
export const BRANCH_ERROR_KEYWORDS: readonly string[] = names((row) => row.branchErrors === true);

/** Where a root keeps definitions (`$defs`, then draft-07's `definitions`). */
export const DEFINITION_HOLDERS: readonly string[] = names((row) => row.holdsDefinitions === true);
