// What toolgate knows about each JSON Schema keyword, in one place: the gates, the walker, the engines'
// step budget, the older-dialect checks, the provider profiles and the messages read their lists from here
// (keyword-lists.ts derives them). Data only. The order is the Draft 2020-12 vocabularies' (Core §8.1.2,
// Validation §6-§9), then the keywords of older drafts: the walker visits children in this order.

/** The dialects toolgate enforces. */
export type KeywordDialect = '2020-12' | '2019-09' | 'draft-07';

/** A Draft 2020-12 vocabulary, by the last segment of its URI (`format-assertion` shares `format`'s row). */
export type VocabularyName =
  | 'core'
  | 'applicator'
  | 'unevaluated'
  | 'validation'
  | 'meta-data'
  | 'format-annotation'
  | 'content';

/**
 * What a keyword's value holds: one subschema, an array of them, a map of names to them, a map of names
 * to name arrays (`dependentRequired`), data compared with the instance (`enum`, `const`), or another value.
 * The older drafts' mixed forms: array-form `items`, and `dependencies` (schemas or name arrays).
 */
export type SubschemaShape =
  | 'schema'
  | 'schemas'
  | 'schema-map'
  | 'names-map'
  | 'data'
  | 'value'
  | 'schema-or-schemas'
  | 'schema-or-names-map';

/**
 * What one application of the keyword adds to the step budget (schema/engine/step-budget.ts) beyond its fixed
 * part: nothing at all (an annotation), per character of a string, per key of an object, per key and per
 * `patternProperties` pattern, per item of an array.
 */
export type StepWeight = 'free' | 'per-char' | 'per-key' | 'per-key-and-pattern' | 'per-item';

/**
 * What a provider does with the keyword (interop/openai-strict.ts): listed as supported, listed at the root only,
 * or documented unsupported. A keyword without a mark (an unknown one too) is outside the listed subset.
 */
export type ProviderSupport = 'listed' | 'root' | 'unsupported';

/** A provider whose API refuses some keywords at the root of a tool's parameters schema (interop/root-keywords.ts). */
export type RootRefuser = 'openai' | 'anthropic';

/** One keyword. */
export interface KeywordRow {
  readonly name: string;
  /** Its Draft 2020-12 vocabulary; none for a keyword of older drafts only. */
  readonly vocabulary?: VocabularyName;
  /** The dialects that define it. */
  readonly dialects: readonly KeywordDialect[];
  /** Its value, in the dialects that define it (2020-12's where they differ). */
  readonly shape: SubschemaShape;
  /** Its value in draft-07 and 2019-09, where it differs from 2020-12's. */
  readonly olderShape?: SubschemaShape;
  readonly steps?: StepWeight;
  /** Its Draft 2020-12 meaning is its draft-07 meaning (or it is an annotation in both). */
  readonly sameInDraft07?: true;
  /** In a dialect that lacks it, where it would be ignored although it asserts elsewhere: what to use instead. */
  readonly instead?: Readonly<Partial<Record<KeywordDialect, string>>>;
  /** OpenAI strict mode (Structured Outputs): no mark when its supported-schemas list does not name it. */
  readonly openaiStrict?: ProviderSupport;
  /** The providers whose API refuses a tool whose parameters schema has it at the root, whatever its value. */
  readonly refusedAtRootBy?: readonly RootRefuser[];
  /** errors/messages.ts writes a sentence of its own for its errors (the engine writes none: messages off). */
  readonly message?: true;
  /**
   * Its code in the 2020-12 engine only appends to Ajv's error list (one push per error, or none), an applicator's
   * subschemas being schema objects of their own; any other keyword may replace the list by a copy
   * (schema/engine/held-errors.ts).
   */
  readonly appendsErrors?: true;
  /**
   * Beside `$ref` in draft-07, which ignores every sibling of `$ref` (Core §8.3), ignoring it changes nothing:
   * an annotation, or the `definitions` container that `$ref` reaches by JSON Pointer (schema/legacy-engine-gaps.ts).
   */
  readonly draft07RefSibling?: 'harmless';
  /**
   * Beside `$ref`, a 2020-12 schema still means what it means in draft-07: an annotation, or `$defs`, which `$ref`
   * reaches by JSON Pointer either way (schema/draft07-equivalent.ts).
   */
  readonly besideRefLikeDraft07?: true;
  /**
   * Ajv's older engines keep the base URI of a step with this name when following a JSON Pointer (its
   * `PREVENT_SCOPE_CHANGE`, which hits a property so named too; schema/legacy-engine-gaps.ts).
   */
  readonly ajvKeepsScope?: true;
  /** Names a resource, a place in it or its dialect: linking drops it from the one document it emits (link.ts). */
  readonly identifies?: true;
  /** Unknown to draft-07, yet Ajv's draft-07 engine indexes it (schema/ajv-only.ts). */
  readonly draft07EngineIndexes?: true;
  /** A reference (`ref`), or an anchor that makes references to it dynamic (`dynamic-anchor`): compile cost. */
  readonly reference?: 'ref' | 'dynamic-anchor';
  /** An applicator whose subschema errors Ajv leaves in its list though they are not the reason to report. */
  readonly branchErrors?: true;
  /** A root keeps definitions here for a local `$ref` to name: Core §8.2.4 and draft-07's `definitions`. */
  readonly holdsDefinitions?: true;
  /**
   * Not a Draft 2020-12 keyword, yet the 2020-12 meta-schema still reads its values as schemas (its `properties`,
   * "deprecated"), as Ajv does: walked as a schema position in every dialect, so a `$ref` into it (pydantic v1,
   * OpenAI's SDK) reaches a subschema every gate read (schema/reference-places.ts).
   */
  readonly keptBy2020MetaSchema?: true;
  /** The one instance type it asserts on (Validation §6.2-6.4): any other passes it (lint/accepts-anything). */
  readonly assertsOn?: 'string' | 'number' | 'array';
  /** Refuses no instance at all: an annotation, an identifier or a definitions container (lint/accepts-anything). */
  readonly neverRefuses?: true;
}

const ALL: readonly KeywordDialect[] = ['2020-12', '2019-09', 'draft-07'];
const LATER: readonly KeywordDialect[] = ['2020-12', '2019-09'];
const NO_EQUIVALENT = 'draft-07 has no equivalent';
const ARRAY_ITEMS = 'use array-form "items"';
// At the root of a tool's parameters: OpenAI's 400 names oneOf/anyOf/allOf/enum/const/not, Anthropic's oneOf, allOf
// and anyOf (the reports are cited in interop/openai.ts and interop/anthropic.ts).
const BOTH: readonly RootRefuser[] = ['openai', 'anthropic'];
const OPENAI_ONLY: readonly RootRefuser[] = ['openai'];

/** Every keyword of 2020-12, 2019-09 and draft-07, and the older drafts' keywords that toolgate refuses. */
export const KEYWORDS: readonly KeywordRow[] = [
  // Core §8
  {
    name: '$id',
    vocabulary: 'core',
    dialects: ALL,
    shape: 'value',
    steps: 'free',
    identifies: true,
    neverRefuses: true,
  },
  {
    name: '$schema',
    neverRefuses: true,
    vocabulary: 'core',
    dialects: ALL,
    shape: 'value',
    steps: 'free',
    draft07RefSibling: 'harmless',
    identifies: true,
    openaiStrict: 'root',
  },
  {
    name: '$ref',
    vocabulary: 'core',
    dialects: ALL,
    shape: 'value',
    draft07RefSibling: 'harmless',
    besideRefLikeDraft07: true,
    reference: 'ref',
    openaiStrict: 'listed',
  },
  {
    name: '$anchor',
    neverRefuses: true,
    vocabulary: 'core',
    dialects: LATER,
    shape: 'value',
    steps: 'free',
    identifies: true,
    draft07EngineIndexes: true,
  },
  {
    name: '$dynamicRef',
    vocabulary: 'core',
    dialects: ['2020-12'],
    shape: 'value',
    instead: { 'draft-07': NO_EQUIVALENT, '2019-09': 'use "$recursiveRef"' },
    reference: 'ref',
  },
  {
    name: '$dynamicAnchor',
    neverRefuses: true,
    vocabulary: 'core',
    dialects: ['2020-12'],
    shape: 'value',
    steps: 'free',
    instead: { '2019-09': 'use "$recursiveAnchor"' },
    identifies: true,
    draft07EngineIndexes: true,
    reference: 'dynamic-anchor',
  },
  { name: '$vocabulary', vocabulary: 'core', dialects: LATER, shape: 'value', steps: 'free', neverRefuses: true },
  {
    name: '$comment',
    neverRefuses: true,
    vocabulary: 'core',
    dialects: ALL,
    shape: 'value',
    steps: 'free',
    sameInDraft07: true,
    draft07RefSibling: 'harmless',
    besideRefLikeDraft07: true,
  },
  {
    name: '$defs',
    neverRefuses: true,
    vocabulary: 'core',
    dialects: LATER,
    shape: 'schema-map',
    steps: 'free',
    sameInDraft07: true,
    besideRefLikeDraft07: true,
    holdsDefinitions: true,
    openaiStrict: 'listed',
  },
  // Core §10
  {
    name: 'prefixItems',
    assertsOn: 'array',
    vocabulary: 'applicator',
    dialects: ['2020-12'],
    shape: 'schemas',
    instead: { 'draft-07': ARRAY_ITEMS, '2019-09': ARRAY_ITEMS },
    appendsErrors: true,
  },
  {
    name: 'items',
    assertsOn: 'array',
    vocabulary: 'applicator',
    dialects: ALL,
    shape: 'schema',
    olderShape: 'schema-or-schemas',
    sameInDraft07: true,
    message: true,
    appendsErrors: true,
    openaiStrict: 'listed',
  },
  {
    name: 'contains',
    assertsOn: 'array',
    vocabulary: 'applicator',
    dialects: ALL,
    shape: 'schema',
    sameInDraft07: true,
    message: true,
    appendsErrors: true,
    branchErrors: true,
  },
  {
    name: 'additionalProperties',
    vocabulary: 'applicator',
    dialects: ALL,
    shape: 'schema',
    steps: 'per-key-and-pattern',
    sameInDraft07: true,
    message: true,
    appendsErrors: true,
    openaiStrict: 'listed',
  },
  {
    name: 'properties',
    vocabulary: 'applicator',
    dialects: ALL,
    shape: 'schema-map',
    sameInDraft07: true,
    appendsErrors: true,
    ajvKeepsScope: true,
    openaiStrict: 'listed',
  },
  {
    name: 'patternProperties',
    vocabulary: 'applicator',
    dialects: ALL,
    shape: 'schema-map',
    sameInDraft07: true,
    appendsErrors: true,
    ajvKeepsScope: true,
  },
  {
    name: 'dependentSchemas',
    vocabulary: 'applicator',
    dialects: LATER,
    shape: 'schema-map',
    instead: { 'draft-07': 'use "dependencies" (schema form)' },
    openaiStrict: 'unsupported',
    appendsErrors: true,
  },
  {
    name: 'propertyNames',
    vocabulary: 'applicator',
    dialects: ALL,
    shape: 'schema',
    steps: 'per-key',
    sameInDraft07: true,
    message: true,
    appendsErrors: true,
  },
  {
    name: 'if',
    vocabulary: 'applicator',
    dialects: ALL,
    shape: 'schema',
    sameInDraft07: true,
    openaiStrict: 'unsupported',
    message: true,
  },
  {
    name: 'then',
    vocabulary: 'applicator',
    dialects: ALL,
    shape: 'schema',
    sameInDraft07: true,
    openaiStrict: 'unsupported',
    appendsErrors: true,
  },
  {
    name: 'else',
    vocabulary: 'applicator',
    dialects: ALL,
    shape: 'schema',
    sameInDraft07: true,
    openaiStrict: 'unsupported',
    appendsErrors: true,
  },
  {
    name: 'allOf',
    vocabulary: 'applicator',
    dialects: ALL,
    shape: 'schemas',
    sameInDraft07: true,
    openaiStrict: 'unsupported',
    appendsErrors: true,
    refusedAtRootBy: BOTH,
  },
  {
    name: 'anyOf',
    vocabulary: 'applicator',
    dialects: ALL,
    shape: 'schemas',
    sameInDraft07: true,
    message: true,
    branchErrors: true,
    openaiStrict: 'listed',
    refusedAtRootBy: BOTH,
  },
  {
    name: 'oneOf',
    vocabulary: 'applicator',
    dialects: ALL,
    shape: 'schemas',
    sameInDraft07: true,
    message: true,
    branchErrors: true,
    refusedAtRootBy: BOTH,
  },
  {
    name: 'not',
    vocabulary: 'applicator',
    dialects: ALL,
    shape: 'schema',
    sameInDraft07: true,
    openaiStrict: 'unsupported',
    message: true,
    refusedAtRootBy: OPENAI_ONLY,
  },
  // Core §11
  {
    name: 'unevaluatedItems',
    assertsOn: 'array',
    vocabulary: 'unevaluated',
    dialects: LATER,
    shape: 'schema',
    instead: { 'draft-07': NO_EQUIVALENT },
    message: true,
  },
  {
    name: 'unevaluatedProperties',
    vocabulary: 'unevaluated',
    dialects: LATER,
    shape: 'schema',
    steps: 'per-key-and-pattern',
    instead: { 'draft-07': NO_EQUIVALENT },
    message: true,
  },
  // Validation §6
  {
    name: 'type',
    vocabulary: 'validation',
    dialects: ALL,
    shape: 'value',
    sameInDraft07: true,
    message: true,
    appendsErrors: true,
    openaiStrict: 'listed',
  },
  {
    name: 'enum',
    vocabulary: 'validation',
    dialects: ALL,
    shape: 'data',
    sameInDraft07: true,
    message: true,
    appendsErrors: true,
    ajvKeepsScope: true,
    openaiStrict: 'listed',
    refusedAtRootBy: OPENAI_ONLY,
  },
  {
    name: 'const',
    vocabulary: 'validation',
    dialects: ALL,
    shape: 'data',
    sameInDraft07: true,
    message: true,
    appendsErrors: true,
    openaiStrict: 'listed',
    refusedAtRootBy: OPENAI_ONLY,
  },
  {
    name: 'multipleOf',
    assertsOn: 'number',
    vocabulary: 'validation',
    dialects: ALL,
    shape: 'value',
    sameInDraft07: true,
    message: true,
    openaiStrict: 'listed',
  },
  {
    name: 'maximum',
    assertsOn: 'number',
    vocabulary: 'validation',
    dialects: ALL,
    shape: 'value',
    sameInDraft07: true,
    message: true,
    appendsErrors: true,
    openaiStrict: 'listed',
  },
  {
    name: 'exclusiveMaximum',
    assertsOn: 'number',
    vocabulary: 'validation',
    dialects: ALL,
    shape: 'value',
    sameInDraft07: true,
    message: true,
    appendsErrors: true,
    openaiStrict: 'listed',
  },
  {
    name: 'minimum',
    assertsOn: 'number',
    vocabulary: 'validation',
    dialects: ALL,
    shape: 'value',
    sameInDraft07: true,
    message: true,
    appendsErrors: true,
    openaiStrict: 'listed',
  },
  {
    name: 'exclusiveMinimum',
    assertsOn: 'number',
    vocabulary: 'validation',
    dialects: ALL,
    shape: 'value',
    sameInDraft07: true,
    message: true,
    appendsErrors: true,
    openaiStrict: 'listed',
  },
  {
    name: 'maxLength',
    assertsOn: 'string',
    vocabulary: 'validation',
    dialects: ALL,
    shape: 'value',
    steps: 'per-char',
    sameInDraft07: true,
    message: true,
    appendsErrors: true,
  },
  {
    name: 'minLength',
    assertsOn: 'string',
    vocabulary: 'validation',
    dialects: ALL,
    shape: 'value',
    steps: 'per-char',
    sameInDraft07: true,
    message: true,
    appendsErrors: true,
  },
  {
    name: 'pattern',
    assertsOn: 'string',
    vocabulary: 'validation',
    dialects: ALL,
    shape: 'value',
    steps: 'per-char',
    sameInDraft07: true,
    message: true,
    appendsErrors: true,
    openaiStrict: 'listed',
  },
  {
    name: 'maxItems',
    assertsOn: 'array',
    vocabulary: 'validation',
    dialects: ALL,
    shape: 'value',
    sameInDraft07: true,
    message: true,
    appendsErrors: true,
    openaiStrict: 'listed',
  },
  {
    name: 'minItems',
    assertsOn: 'array',
    vocabulary: 'validation',
    dialects: ALL,
    shape: 'value',
    sameInDraft07: true,
    message: true,
    appendsErrors: true,
    openaiStrict: 'listed',
  },
  {
    name: 'uniqueItems',
    assertsOn: 'array',
    vocabulary: 'validation',
    dialects: ALL,
    shape: 'value',
    steps: 'per-item',
    sameInDraft07: true,
    message: true,
  },
  {
    name: 'maxContains',
    assertsOn: 'array',
    vocabulary: 'validation',
    dialects: LATER,
    shape: 'value',
    instead: { 'draft-07': NO_EQUIVALENT },
    message: true,
    appendsErrors: true,
  },
  {
    name: 'minContains',
    assertsOn: 'array',
    vocabulary: 'validation',
    dialects: LATER,
    shape: 'value',
    instead: { 'draft-07': NO_EQUIVALENT },
    message: true,
    appendsErrors: true,
  },
  {
    name: 'maxProperties',
    vocabulary: 'validation',
    dialects: ALL,
    shape: 'value',
    steps: 'per-key',
    sameInDraft07: true,
    message: true,
    appendsErrors: true,
  },
  {
    name: 'minProperties',
    vocabulary: 'validation',
    dialects: ALL,
    shape: 'value',
    steps: 'per-key',
    sameInDraft07: true,
    message: true,
    appendsErrors: true,
  },
  {
    name: 'required',
    vocabulary: 'validation',
    dialects: ALL,
    shape: 'value',
    sameInDraft07: true,
    message: true,
    appendsErrors: true,
    openaiStrict: 'listed',
  },
  {
    name: 'dependentRequired',
    vocabulary: 'validation',
    dialects: LATER,
    shape: 'names-map',
    instead: { 'draft-07': 'use "dependencies" (array form)' },
    openaiStrict: 'unsupported',
    message: true,
    appendsErrors: true,
  },
  // Validation §9
  {
    name: 'title',
    neverRefuses: true,
    vocabulary: 'meta-data',
    dialects: ALL,
    shape: 'value',
    steps: 'free',
    sameInDraft07: true,
    draft07RefSibling: 'harmless',
    besideRefLikeDraft07: true,
    openaiStrict: 'listed',
  },
  {
    name: 'description',
    neverRefuses: true,
    vocabulary: 'meta-data',
    dialects: ALL,
    shape: 'value',
    steps: 'free',
    sameInDraft07: true,
    draft07RefSibling: 'harmless',
    besideRefLikeDraft07: true,
    openaiStrict: 'listed',
  },
  {
    name: 'default',
    neverRefuses: true,
    vocabulary: 'meta-data',
    dialects: ALL,
    shape: 'value',
    steps: 'free',
    sameInDraft07: true,
    draft07RefSibling: 'harmless',
    besideRefLikeDraft07: true,
    // OpenAI's own SDK sends it with `strict: true` (the snapshots of openai-node's zod helper tests).
    openaiStrict: 'listed',
  },
  {
    name: 'deprecated',
    neverRefuses: true,
    vocabulary: 'meta-data',
    dialects: LATER,
    shape: 'value',
    steps: 'free',
    sameInDraft07: true,
  },
  {
    name: 'readOnly',
    neverRefuses: true,
    vocabulary: 'meta-data',
    dialects: ALL,
    shape: 'value',
    steps: 'free',
    sameInDraft07: true,
    draft07RefSibling: 'harmless',
  },
  {
    name: 'writeOnly',
    neverRefuses: true,
    vocabulary: 'meta-data',
    dialects: ALL,
    shape: 'value',
    steps: 'free',
    sameInDraft07: true,
    draft07RefSibling: 'harmless',
  },
  {
    name: 'examples',
    neverRefuses: true,
    vocabulary: 'meta-data',
    dialects: ALL,
    shape: 'value',
    steps: 'free',
    sameInDraft07: true,
    draft07RefSibling: 'harmless',
    besideRefLikeDraft07: true,
  },
  // Validation §7
  {
    name: 'format',
    assertsOn: 'string',
    vocabulary: 'format-annotation',
    dialects: ALL,
    shape: 'value',
    sameInDraft07: true,
    message: true,
    appendsErrors: true,
    openaiStrict: 'listed',
  },
  // Validation §8
  {
    name: 'contentEncoding',
    assertsOn: 'string',
    vocabulary: 'content',
    dialects: ALL,
    shape: 'value',
    steps: 'per-char',
    sameInDraft07: true,
    message: true,
  },
  {
    name: 'contentMediaType',
    assertsOn: 'string',
    vocabulary: 'content',
    dialects: ALL,
    shape: 'value',
    steps: 'per-char',
    sameInDraft07: true,
    message: true,
  },
  { name: 'contentSchema', assertsOn: 'string', vocabulary: 'content', dialects: LATER, shape: 'schema' },
  // Older drafts: draft-07 Validation §9, §6.5.7, §6.4.2; 2019-09 Core §8.2.4; drafts 03-04.
  {
    name: 'definitions',
    neverRefuses: true,
    dialects: ['draft-07'],
    shape: 'schema-map',
    draft07RefSibling: 'harmless',
    ajvKeepsScope: true,
    holdsDefinitions: true,
    keptBy2020MetaSchema: true,
    // OpenAI's SDK sends root `definitions` with `#/definitions/<name>` under `strict: true` (as for `default`).
    openaiStrict: 'listed',
  },
  {
    name: 'dependencies',
    dialects: ['draft-07'],
    shape: 'schema-or-names-map',
    instead: {
      '2020-12': 'use "dependentRequired" (array form) or "dependentSchemas" (schema form)',
      '2019-09': 'use "dependentRequired" or "dependentSchemas"',
    },
    openaiStrict: 'unsupported',
    message: true,
    ajvKeepsScope: true,
  },
  {
    name: 'additionalItems',
    assertsOn: 'array',
    dialects: ['2019-09', 'draft-07'],
    shape: 'schema',
    instead: { '2020-12': 'use "prefixItems" with "items"' },
    message: true,
  },
  {
    name: '$recursiveRef',
    dialects: ['2019-09'],
    shape: 'value',
    instead: { '2020-12': 'use "$dynamicRef"', 'draft-07': NO_EQUIVALENT },
    reference: 'ref',
  },
  {
    name: '$recursiveAnchor',
    dialects: ['2019-09'],
    shape: 'value',
    instead: { '2020-12': 'use "$dynamicAnchor"' },
    reference: 'dynamic-anchor',
  },
  {
    name: 'id',
    dialects: [],
    shape: 'value',
    instead: { '2020-12': 'use "$id"', '2019-09': 'use "$id"', 'draft-07': 'use "$id"' },
  },
  {
    name: 'divisibleBy',
    dialects: [],
    shape: 'value',
    instead: { '2020-12': 'use "multipleOf"', '2019-09': 'use "multipleOf"', 'draft-07': 'use "multipleOf"' },
  },
  {
    name: 'disallow',
    dialects: [],
    shape: 'value',
    instead: { '2020-12': 'use "not"', '2019-09': 'use "not"', 'draft-07': 'use "not"' },
  },
  {
    name: 'extends',
    dialects: [],
    shape: 'schema',
    instead: { '2020-12': 'use "allOf"', '2019-09': 'use "allOf"', 'draft-07': 'use "allOf"' },
  },
];

/**
 * The Draft 2020-12 vocabularies (Core §8.1.2) in the order toolgate lists them, each with the row
 * vocabulary whose keywords it defines and the meta-schema Ajv ships for it (`meta/<name>.json`).
 */
export const VOCABULARIES: readonly { readonly name: string; readonly keywords: VocabularyName }[] = [
  { name: 'core', keywords: 'core' },
  { name: 'applicator', keywords: 'applicator' },
  { name: 'unevaluated', keywords: 'unevaluated' },
  { name: 'validation', keywords: 'validation' },
  { name: 'meta-data', keywords: 'meta-data' },
  { name: 'format-annotation', keywords: 'format-annotation' },
  { name: 'format-assertion', keywords: 'format-annotation' },
  { name: 'content', keywords: 'content' },
];

/** Where the Draft 2020-12 vocabulary and meta-schema URIs start. */
export const DRAFT_2020_12_BASE = 'https://json-schema.org/draft/2020-12/';
