import { fail, ok, schemaViolation, type Result, type Violation } from '../result.js';
import { echo } from '../util/describe-value.js';
import { formatRefusal } from '../formats/asserted.js';
import { legacyEngineGaps } from './legacy-engine-gaps.js';
import { FOREIGN_KEYWORDS, LEGACY_KEYWORD_SETS, legacyDialectOf, type LegacyDialect } from './legacy-keywords.js';
import { metaViolations } from './meta-errors.js';
import type { ResolvedOptions } from './options.js';
import { instrumentSteps } from './engine/step-budget.js';
import { warmUp } from './engine/warm-up.js';
import { checkNodePatterns } from './pattern-gate.js';
import type { DocumentPlace, EngineOutput, EngineStep, LoadedDocument, Pipeline } from './pipeline.js';
import { createLegacyEngine, legacyMetaValidate } from './engine/legacy-engine.js';
import { compileRefusal } from './engine/missing-reference.js';
import { checkLegacyInPlace, schemaPlaces } from './legacy-in-place.js';
import { recordReferenceTargets } from './link-source.js';
import { indexDocument, resolveUri, targetOf } from './references.js';
import { DEFAULT_VOCABULARIES } from './vocabulary.js';
import { DRAFT_07_ACTED_KEYWORDS, inertEngineKeywords } from './ajv-only.js';
import { checkCompileCost, inlineCopyCost } from './compile-cost.js';
import { limitFailure } from '../util/limits.js';
import { tallyDocument } from './tally.js';
import { checkUriLengths } from './uri-lengths.js';
import { refuse } from './refusal-order.js';
import { isObject } from '../util/plain-json.js';
import { engineCopy } from './schema-copy.js';
import { notUriViolation } from './uri-spelling.js';
import { walkSchema } from './walk.js';

// The front ends of the opt-in older dialects (front-ends.ts). A root whose `$schema` names draft-07 or
// 2019-09, when the caller lists that dialect in `dialects`, goes through the one pipeline (pipeline.ts:
// every reference resolved before compiling) with these gates, and is validated by Ajv's own engine for
// its dialect (engine/legacy-engine.ts) against that dialect's meta-schema: never rewritten into 2020-12,
// never read as 2020-12. Every document it pulls in must be of the same dialect (or declare none). What
// such a schema would need beyond that engine (cross-dialect references, content assertion) is refused.

/** The gates' walk of a legacy document: every dialect's schema positions. */
const EVERY_OBJECT = { positions: 'every-dialect' } as const;
/** The limits tally's walk of a legacy document. */
export const EVERY_DIALECT = { positions: 'every-dialect', booleans: true } as const;

/** Refusals for one document of a legacy dialect; `at` prefixes locations of non-root documents. */
function gateLegacy(
  doc: unknown,
  dialect: LegacyDialect,
  options: ResolvedOptions,
  at: (p: string) => string,
): { refused: Violation[]; invalid: Violation[] } {
  const refused: Violation[] = [];
  const invalid: Violation[] = [];
  const known = LEGACY_KEYWORD_SETS[dialect];
  const foreign = FOREIGN_KEYWORDS[dialect];
  walkSchema(
    doc,
    ({ node, pointer }) => {
      for (const key of Object.keys(node)) {
        const where = at(`${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
        const hint = Object.hasOwn(foreign, key) ? foreign[key] : undefined;
        if (hint !== undefined)
          refused.push(
            schemaViolation(
              key,
              `keyword "${key}" is not part of ${dialect} and would be ignored, loosening the schema: ${hint}`,
              where,
              'keyword_not_in_dialect',
            ),
          );
        else if (options.unknownKeywords === 'reject' && !known.has(key))
          refused.push(
            schemaViolation(
              key,
              `unknown keyword "${echo(key)}" refused (unknownKeywords: "reject")`,
              where,
              'unknown_keyword',
            ),
          );
      }
      if (pointer !== '' && node['$schema'] !== undefined && legacyDialectOf(node['$schema']) !== dialect) {
        refused.push(
          schemaViolation(
            '$schema',
            `embedded "$schema" ${echo(node['$schema'])} is not supported inside a ${dialect} document`,
            at(`${pointer}/$schema`),
            'dialect_unsupported',
          ),
        );
      }
      if (options.formatAssertion && typeof node['format'] === 'string') {
        const why = formatRefusal(node['format']);
        if (why !== undefined)
          refused.push(schemaViolation('format', why, at(`${pointer}/format`), 'assertion_unsupported'));
      }
      if (
        options.contentAssertion &&
        ('contentEncoding' in node || 'contentMediaType' in node || 'contentSchema' in node)
      ) {
        refused.push(
          schemaViolation(
            'contentMediaType',
            `content assertion is not available for ${dialect} schemas`,
            at(pointer),
            'assertion_unsupported',
          ),
        );
      }
      for (const kw of ['$id', '$ref']) {
        const broken = notUriViolation(kw, node[kw], at(`${pointer}/${kw}`));
        if (broken !== undefined) invalid.push(broken);
      }
      // The same pattern gate as the 2020-12 pipeline's; a hazard is a refusal like the others here.
      checkNodePatterns(node, pointer, at, { invalid, hazards: refused });
    },
    EVERY_OBJECT,
  );
  return { refused, invalid };
}

/** Meta-schema and keyword gate for one document; the first failure wins. */
function admitLegacy(
  doc: unknown,
  dialect: LegacyDialect,
  options: ResolvedOptions,
  at: (p: string) => string,
): Result<true> {
  const meta = legacyMetaValidate(dialect, doc);
  if (meta.length > 0) {
    const violations = metaViolations(doc, meta, at);
    return refuse('validation', 'invalid schema', violations, `does not match the ${dialect} meta-schema`);
  }
  // Problems in canonical order, headed by the first (refusal-order.ts): not the order the keys were written.
  const gate = gateLegacy(doc, dialect, options, at);
  if (gate.invalid.length > 0) return refuse('validation', 'invalid schema', gate.invalid);
  gate.refused.push(...legacyEngineGaps(doc, dialect, at));
  if (gate.refused.length > 0)
    return refuse('unsupported_capability', 'schema uses what toolgate cannot enforce exactly', gate.refused);
  return ok(true);
}

/**
 * A document's relative `$id`, resolved against the URI it was found under (Core §8.2.1), in the engine's
 * private copy: Ajv keeps a root's relative `$id` as its base, and would then look a reference up under
 * another URI than the one the pipeline resolved it to and gave the engine. A draft-07 root's `$id: "#name"`
 * too: as written Ajv files the root under no URI, and a `#name` reference to it was missing.
 */
function absoluteId(doc: unknown, uri: string): void {
  if (!isObject(doc) || typeof doc['$id'] !== 'string') return;
  const resolved = resolveUri(doc['$id'], uri);
  if (resolved !== undefined) doc['$id'] = resolved;
}

/**
 * The gates of one older-dialect document: for a document a reference pulled in, its dialect, the limits
 * tally and its compile cost (the root's were counted by compileSchema); then the meta-schema, keyword,
 * pattern and engine-gap gates; on success it is listed and indexed.
 */
export function admitLegacyDocument(
  p: Pipeline,
  place: DocumentPlace,
  doc: unknown,
  dialect: LegacyDialect,
): Result<true> {
  const at = (pointer: string): string => (place.root ? pointer : `${place.uri}#${pointer}`);
  if (!place.root) {
    const uris = checkUriLengths(doc, p.options.limits, place.uri, `document ${echo(place.uri)}`);
    if (!uris.ok) return uris;
    const declared = isObject(doc) ? doc['$schema'] : undefined;
    if (declared !== undefined && legacyDialectOf(declared) !== dialect) {
      const message =
        `referenced document ${echo(place.uri)} declares ${echo(declared)}; a ${dialect} schema may only ` +
        `reference ${dialect} documents (or ones that declare no dialect)`;
      return fail('unsupported_capability', message, [
        schemaViolation('$schema', message, at('/$schema'), 'dialect_unsupported'),
      ]);
    }
    const counted = tallyDocument(p.tally, doc, p.options.limits, EVERY_DIALECT);
    if (!counted.ok) return counted;
    const cost = checkCompileCost(doc, p.options.limits, p.spent);
    if (!cost.ok) return cost;
    p.spent = cost.value;
  }
  const admitted = admitLegacy(doc, dialect, p.options, at);
  if (!admitted.ok) return admitted;
  // The index's and the engine's copy, in canonical key order, made once the gates passed (pipeline.ts's reason).
  const engineDoc = engineCopy(doc);
  p.documents.push({ uri: place.uri, schema: engineDoc, vocabularies: DEFAULT_VOCABULARIES });
  indexDocument(p.index, engineDoc, place.uri, p.frontEnd.identification);
  return ok(true);
}

/**
 * Each document was estimated alone (compile-cost.ts), once, but the engine inlines a target without
 * references at every reference to it, from other documents too: 250 references to a registry document of
 * 250 properties compiled for 26 s under an estimate within maxCompileCost. Every reference into another
 * document past the first to the same target adds its copy to what the documents were estimated at.
 */
function chargeInlineCopies(p: Pipeline): Result<number> {
  const copies = new Map<unknown, { cost: number; seen: boolean }>();
  let spent = p.spent;
  for (const ref of p.index.references) {
    const found = ref.target === undefined ? undefined : targetOf(p.index, ref.target);
    if (found === undefined || found === 'external' || found.docUri === ref.docUri) continue;
    const copy = copies.get(found.node) ?? { cost: inlineCopyCost(found.node), seen: false };
    if (copy.seen) spent = Math.min(spent + copy.cost, Number.MAX_SAFE_INTEGER);
    copies.set(found.node, { cost: copy.cost, seen: true });
  }
  if (spent <= p.options.limits.maxCompileCost) return ok(spent);
  return limitFailure(
    'maxCompileCost',
    p.options.limits.maxCompileCost,
    `an estimated ${spent} (inline copies of targets in other documents included)`,
  );
}

/**
 * Checks the admitted documents of an older dialect and returns their compile on its own engine: every document
 * a reference needs was found and admitted by the pipeline, so each is given to the engine before the one
 * compile. Never deferred (deferral.ts): these engines resolve references and identifiers their own way.
 */
export function compileLegacyDocuments(p: Pipeline, dialect: LegacyDialect): Result<EngineStep> {
  const [root, ...pulled] = p.documents as [LoadedDocument, ...LoadedDocument[]];
  // `nullable` and `$async` are annotations that Ajv would act on (ajv-only.ts): made inert in the
  // engine's private copies, which CompiledSchema.schema (taken before) does not show.
  const more = dialect === 'draft-07' ? DRAFT_07_ACTED_KEYWORDS : [];
  for (const [i, d] of p.documents.entries()) {
    const inert = inertEngineKeywords(d.schema, (pointer) => (i === 0 ? pointer : `${d.uri}#${pointer}`), more);
    if (inert.length > 0)
      return fail('unsupported_capability', `schema cannot be enforced exactly: ${inert[0]?.message}`, inert);
  }
  const copies = chargeInlineCopies(p);
  if (!copies.ok) return copies;
  // Decided before the engine compiles, so a cycle never reaches its recursion or the warm-up.
  const places = schemaPlaces(p.documents);
  const inPlace = checkLegacyInPlace(p.documents, places, p.index, p.options.limits.maxInPlaceSubschemas);
  if (!inPlace.ok) return inPlace;
  const run = (): Result<EngineOutput> => {
    const engine = createLegacyEngine(dialect, p.options.formatAssertion);
    try {
      for (const d of p.documents) absoluteId(d.schema, d.uri);
      // The index ignores a draft-07 `$id` that names nothing; Ajv would file the base URI under that
      // subschema (a reference to the base landing there) and then refuse the root's own URI as taken.
      for (const node of p.index.nameless) delete node['$id'];
      // Every schema object of every document, in its dialect's positions, with the step keyword.
      instrumentSteps(places.keys());
      const validator = engine.compile({ schema: root.schema, base: root.uri, extra: pulled, keep: false });
      recordReferenceTargets(validator.schema as object, p.index.references);
      warmUp(validator);
      return ok({ validator, patternBudget: true });
    } catch (thrown) {
      return compileRefusal(thrown, p.frontEnd.builtin);
    }
  };
  return ok({ deferrable: false, cost: copies.value, run });
}
