import { fail, ok, schemaViolation, type Result, type Violation } from '../result.js';
import { classifyDialect } from './dialect.js';
import { echo } from '../util/describe-value.js';
import { findDocument, recordRegistryClaims } from './documents.js';
import { metaValidate } from './engine/ajv-2020.js';
import { metaViolations } from './meta-errors.js';
import { gateDocument } from './gate.js';
import { tallyDocument, tallyPulledDocument, type SchemaTally } from './tally.js';
import { checkUriLengths } from './uri-lengths.js';
import type { ResolvedOptions } from './options.js';
import { lookupTarget, indexDocument, splitFragment, type Identification, type ResourceIndex } from './references.js';
import { checkPatterns } from './pattern-gate.js';
import { offPlaceReferences } from './reference-places.js';
import { shippedTargetProblem } from './builtin-targets.js';
import { identifierRefusal } from './identifier-refusals.js';
import { recordKnownClaims } from './claims.js';
import { refuse } from './refusal-order.js';
import type { Validator } from './engine/validator.js';
import type { WalkOptions } from './walk.js';
import { DEFAULT_VOCABULARIES, vocabulariesOf } from './vocabulary.js';
import { isObject } from '../util/plain-json.js';
import { engineCopy } from './schema-copy.js';
import type { LegacyDialect } from './legacy-keywords.js';

// The document side of validateSchema, one pipeline for every dialect: every document (the root, and each
// one a `$ref` pulls from the registry or loader) passes its dialect's gates, in the order of docs/rules.md,
// and every reference is resolved before anything is compiled. A dialect is a FrontEnd (front-ends.ts);
// compile.ts drives the pipeline and owns the cache. This file holds the Draft 2020-12 document gate.

/** A document that passed the gates, as a private mutable copy (rewritten before compiling). */
export interface LoadedDocument {
  readonly uri: string;
  readonly schema: unknown;
  readonly vocabularies: ReadonlySet<string>;
}

/** What a front end's engine made of the admitted documents. */
export interface EngineOutput {
  readonly validator: Validator;
  /** Whether a call must run under the pattern budget (regex/bound.ts): some document holds a quadratic pattern. */
  readonly patternBudget: boolean;
}

/**
 * A front end's engine step once every check that decides the verdict has passed: `run` is the engine's compile,
 * whose throw is refused as the front end's own refusal. `deferrable` says that it may wait for the first call
 * (deferral.ts): nothing the engine does for such a schema can refuse it, and its compile stays within a call's
 * time budget.
 */
export interface EngineStep {
  readonly deferrable: boolean;
  /**
   * The compile cost estimate (compile-cost.ts) of what the engine runs: every document linked, with what the
   * front end adds for them (the inline copies of an older dialect's targets). A batch charges this.
   */
  readonly cost: number;
  run(): Result<EngineOutput>;
}

/**
 * One dialect's configuration of the pipeline: how its documents name resources and refer to them, the
 * gates a document passes, and the engine that compiles the result with the dialect's own semantics.
 */
export interface FrontEnd {
  /** '2020-12', '2019-09' or 'draft-07': the dialect of the root, part of the compile cache key. */
  readonly dialect: '2020-12' | LegacyDialect;
  /** How the reference index reads the dialect's identifiers and references. */
  readonly identification: Identification;
  /** The limits tally's walk: the older dialects count booleans too, in every dialect's positions. */
  readonly tally: WalkOptions;
  /** Documents the engine carries (meta-schemas): a reference to one resolves without the registry. */
  readonly builtin: ReadonlySet<string>;
  /** The gates of one document, the root or one a reference pulled in; on success it is listed and indexed. */
  admit(p: Pipeline, place: DocumentPlace, schema: unknown): Result<true>;
  /** Checks what the engine will run of the admitted documents (`p.documents[0]` is the root): its engine step. */
  compile(p: Pipeline): Result<EngineStep>;
}

/** State of one validateSchema run over its documents. */
export interface Pipeline {
  readonly frontEnd: FrontEnd;
  readonly options: ResolvedOptions;
  readonly registry: Map<string, unknown>;
  readonly index: ResourceIndex;
  readonly documents: LoadedDocument[];
  readonly refusals: Violation[];
  /** Subschemas, references and pulled documents so far, against options.limits. */
  readonly tally: SchemaTally;
  /**
   * Set when a custom meta-schema lists the format-assertion vocabulary: the engine then asserts format, and the
   * documents whose meta-schema does not list it have their `format` removed before it (compile-2020.ts).
   */
  formatAssertion: boolean;
  /** Set when the registry or loader was consulted: the result then depends on more than the schema. */
  usedExternal: boolean;
  /** The compile-cost estimate so far (compile-cost.ts), for front ends that charge each document as it comes. */
  spent: number;
}

/** Where a document sits: the root document's locations are bare pointers, others `uri#pointer`. */
export interface DocumentPlace {
  readonly uri: string;
  readonly root: boolean;
}

/**
 * The Draft 2020-12 gates of one document: dialect and vocabulary, legacy keywords, limits, meta-schema,
 * patterns and keywords.
 */
export function admitDocument(p: Pipeline, place: DocumentPlace, schema: unknown): Result<true> {
  const location = (pointer: string): string => (place.root ? pointer : `${place.uri}#${pointer}`);
  let vocabularies: ReadonlySet<string> = DEFAULT_VOCABULARIES;
  let custom = false;
  // This document's own meta-schema turns format assertion on (Core §8.1.2): not the one of another document.
  let assertsFormat = false;
  let checked: unknown = schema;
  // A referenced document's identifiers are bounded before its `$schema` is looked up (a loader is asked for it).
  if (!place.root) {
    const uris = checkUriLengths(schema, p.options.limits, place.uri, `document ${echo(place.uri)}`);
    if (!uris.ok) return uris;
  }
  if (isObject(schema)) {
    const dialect = classifyDialect(schema['$schema'], location('/$schema'), p.options.dialects);
    if (!dialect.ok) return dialect;
    if (dialect.value.kind === 'custom') {
      const metaUri = dialect.value.uri;
      const found = findDocument(splitFragment(metaUri).base, p.registry, p.options);
      if (!found.ok) return found;
      if (found.value === undefined) {
        const message =
          `unsupported dialect ${echo(schema['$schema'])}: not 2020-12 and no meta-schema with that ` +
          `URI in schemaRegistry or schemaLoader`;
        return fail('unsupported_capability', message, [
          schemaViolation('$schema', message, location('/$schema'), 'dialect_unsupported'),
        ]);
      }
      p.usedExternal = true;
      const pulled = tallyPulledDocument(p.tally, p.options.limits);
      if (!pulled.ok) return pulled;
      const verdict = vocabulariesOf(metaUri, found.value.schema);
      if (!verdict.ok) return verdict;
      vocabularies = verdict.value.vocabularies;
      assertsFormat = verdict.value.formatAssertion;
      if (assertsFormat) p.formatAssertion = true;
      // Checked against the vocabulary meta-schemas of the vocabularies it lists (engine/ajv-2020.ts): a
      // keyword of a vocabulary it leaves out is an annotation, whatever its value (Core §8.1.2).
      custom = true;
      const { $schema: _ignored, ...rest } = schema;
      checked = rest;
    }
  }
  // Legacy keywords first: a 2019-09 `$recursiveAnchor: true` should get the 2020-12 hint, not a
  // meta-schema complaint about its value.
  const gate = gateDocument(schema, {
    vocabularies,
    customMeta: custom,
    formatAssertion: p.options.formatAssertion || assertsFormat,
    contentAssertion: p.options.contentAssertion,
    unknownKeywords: p.options.unknownKeywords,
    dialects: p.options.dialects,
    location,
  });
  // Each refusal names its problems in canonical order, headed by the first (refusal-order.ts): a hunt's find.
  if (gate.legacy.length > 0)
    return refuse('unsupported_capability', 'schema uses what toolgate cannot enforce exactly', gate.legacy);
  // Counted before the meta-schema check, indexing and compiling, the work these limits bound. The root
  // was counted by compileSchema before its first estimate, into the same tally.
  if (!place.root) {
    const tallied = tallyDocument(p.tally, schema, p.options.limits);
    if (!tallied.ok) return tallied;
  }
  const metaErrors = metaValidate(checked, custom ? vocabularies : undefined);
  if (metaErrors.length > 0) {
    const violations = metaViolations(checked, metaErrors, location);
    return refuse('validation', 'invalid schema', violations, 'does not match the Draft 2020-12 meta-schema');
  }
  if (gate.invalid.length > 0) return refuse('validation', 'invalid schema', gate.invalid);
  const patterns = checkPatterns(schema, location);
  if (patterns.invalid.length > 0) return refuse('validation', 'invalid schema', patterns.invalid);
  p.refusals.push(...patterns.hazards, ...gate.refusals);
  // What the index and the engine hold from here: a copy in canonical key order (schema-copy.ts engineCopy), made
  // once the gates passed (a refused document costs no copy; refuse puts its problems in that order instead).
  const engineSchema = engineCopy(schema);
  p.documents.push({ uri: place.uri, schema: engineSchema, vocabularies });
  indexDocument(p.index, engineSchema, place.uri, p.frontEnd.identification);
  return ok(true);
}

/**
 * The registry's or loader's document under a URI the root claims (claims.ts), charged as a pulled document is
 * (maxDocuments, maxSubschemas: the comparison reads it whole); undefined when neither has one.
 */
function readClaimed(p: Pipeline, uri: string): Result<unknown> {
  const found = findDocument(uri, p.registry, p.options);
  if (!found.ok || found.value === undefined) return found;
  const pulled = tallyPulledDocument(p.tally, p.options.limits);
  if (!pulled.ok) return pulled;
  const tallied = tallyDocument(p.tally, found.value.schema, p.options.limits);
  return tallied.ok ? ok(found.value.schema) : tallied;
}

/** How many unresolved references resolveReferences' message names. */
const NAMED_IN_MESSAGE = 5;

/**
 * Resolves every reference (Core §8.2.3), pulling documents from registry and loader; every
 * unresolved one, local pointers and anchors included, is listed in one `validation` error.
 */
export function resolveReferences(p: Pipeline): Result<true> {
  // Documents the registry and loader did not have: asked once, not once per reference into them.
  const absent = new Set<string>();
  for (let i = 0; i < p.index.references.length; i++) {
    const target = p.index.references[i]?.target;
    if (target === undefined || lookupTarget(p.index, target) !== 'external') continue;
    const base = splitFragment(target).base;
    if (p.frontEnd.builtin.has(base) || absent.has(base)) continue;
    const found = findDocument(base, p.registry, p.options);
    if (!found.ok) return found;
    if (found.value === undefined) {
      absent.add(base);
      continue;
    }
    p.usedExternal = true;
    const pulled = tallyPulledDocument(p.tally, p.options.limits);
    if (!pulled.ok) return pulled;
    const admitted = p.frontEnd.admit(p, { uri: base, root: false }, found.value.schema);
    if (!admitted.ok) return admitted;
  }
  recordRegistryClaims(p.index, p.registry, p.documents[0]?.uri ?? '');
  const claims = recordKnownClaims({
    index: p.index,
    dialect: p.frontEnd.dialect,
    builtin: p.frontEnd.builtin,
    rootUri: p.documents[0]?.uri ?? '',
    registry: p.registry,
    loader: p.options.schemaLoader !== undefined,
    read: (uri) => readClaimed(p, uri),
  });
  if (!claims.ok) return claims;
  // Judged once every document is in: a document pulled for a later reference may be the one that holds
  // an earlier reference's target under its own `$id`, so the order of references does not decide.
  const unresolved: { value: string; violation: Violation }[] = [];
  const offShipped: Violation[] = [];
  for (const ref of p.index.references) {
    const at = ref.docUri === p.documents[0]?.uri ? ref.schemaPath : `${ref.docUri}#${ref.schemaPath}`;
    const state = ref.target === undefined ? 'invalid' : lookupTarget(p.index, ref.target);
    if (state === 'found') continue;
    const shipped =
      state === 'external' && p.frontEnd.builtin.has(splitFragment(ref.target ?? '').base)
        ? shippedTargetProblem(p.frontEnd.dialect, ref.target ?? '', p.frontEnd.identification)
        : 'not shipped';
    if (shipped === undefined) continue;
    if (shipped === 'off_place') {
      const message =
        `reference ${echo(ref.value)} cannot be followed exactly: it points into a meta-schema, at a place that ` +
        'is not a schema position (Core §9.4.2)';
      offShipped.push(schemaViolation(ref.keyword, message, at, 'not_enforceable'));
      continue;
    }
    const why =
      state === 'invalid'
        ? ': not a valid URI reference'
        : shipped === 'missing'
          ? ': the meta-schema has no such location'
          : state === 'external'
            ? ' (not in schemaRegistry, schemaLoader found nothing; nothing is fetched)'
            : '';
    unresolved.push({
      value: ref.value,
      violation: schemaViolation(
        ref.keyword,
        `unresolved reference ${echo(ref.value)}${why}`,
        at,
        'reference_unresolved',
      ),
    });
  }
  const identifiers = identifierRefusal(p.index, p.documents[0]?.uri ?? '', p.frontEnd.builtin);
  if (!identifiers.ok) return identifiers;
  if (unresolved.length > 0) {
    // The message names a few (each violation names its own): a list of every one would grow with the schema.
    const named = unresolved.slice(0, NAMED_IN_MESSAGE).map((u) => echo(u.value));
    const more = unresolved.length - named.length;
    return fail(
      'validation',
      `unresolved references: ${named.join(', ')}${more > 0 ? ` and ${more} more` : ''}`,
      unresolved.map((u) => u.violation),
    );
  }
  const off = [
    ...offPlaceReferences(p.index, p.documents, p.frontEnd.identification, p.documents[0]?.uri ?? ''),
    ...offShipped,
  ];
  if (off.length > 0)
    return fail('unsupported_capability', `schema cannot be enforced exactly: ${off[0]?.message}`, off);
  return ok(true);
}
