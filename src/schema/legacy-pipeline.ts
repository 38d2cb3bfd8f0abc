import { fail, ok, schemaViolation, thrownMessage, type Result, type Violation } from '../result.js';
import { DIALECT_2020_12 } from './dialect.js';
import { echo } from '../util/describe-value.js';
import { findDocument, normaliseRegistry } from './documents.js';
import { formatRefusal } from '../formats/asserted.js';
import { legacyEngineGaps } from './legacy-engine-gaps.js';
import { FOREIGN_KEYWORDS, LEGACY_KEYWORD_SETS, legacyDialectOf, type LegacyDialect } from './legacy-keywords.js';
import { metaViolations } from './meta-errors.js';
import type { ResolvedOptions } from './options.js';
import { instrumentSteps } from './engine/step-budget.js';
import { warmUp } from './engine/warm-up.js';
import { checkNodePatterns } from './pipeline.js';
import { createLegacyEngine, legacyMetaValidate } from './engine/legacy-engine.js';
import { missingDocument } from './engine/missing-reference.js';
import type { Validator } from './engine/validator.js';
import { checkLegacyInPlace, type LegacyDocument } from './legacy-in-place.js';
import { ANONYMOUS_BASE } from './references.js';
import { DRAFT_07_ACTED_KEYWORDS, inertEngineKeywords } from './ajv-only.js';
import { checkCompileCost } from './compile-cost.js';
import { tallyDocument, tallyPulledDocument, type SchemaTally } from './tally.js';
import { isObject } from '../util/plain-json.js';
import { walkSchema } from './walk.js';

// Opt-in older dialects. A root whose `$schema` names draft-07 or 2019-09, when the caller lists that
// dialect in `dialects`, is validated by Ajv's own engine for it (engine/legacy-engine.ts)
// against that dialect's meta-schema: never rewritten into 2020-12, never read as 2020-12. Every
// document it pulls in must be of the same dialect (or declare none). What such a schema would need
// beyond that engine (cross-dialect references, content assertion) is refused, never approximated.

/** The walks of a legacy document: every dialect's schema positions; the limits count booleans too. */
const EVERY_OBJECT = { positions: 'every-dialect' } as const;
const EVERY_DIALECT = { positions: 'every-dialect', booleans: true } as const;

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
              `unknown keyword "${key}" refused (unknownKeywords: "reject")`,
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
    return fail(
      'validation',
      `invalid schema: ${violations[0]?.message ?? `does not match the ${dialect} meta-schema`}`,
      violations,
    );
  }
  const gate = gateLegacy(doc, dialect, options, at);
  if (gate.invalid.length > 0) return fail('validation', `invalid schema: ${gate.invalid[0]?.message}`, gate.invalid);
  gate.refused.push(...legacyEngineGaps(doc, dialect, at));
  if (gate.refused.length > 0)
    return fail(
      'unsupported_capability',
      `schema uses what toolgate cannot enforce exactly: ${gate.refused[0]?.message}`,
      gate.refused,
    );
  return ok(true);
}

/** A compiled legacy root, and whether it needed a document from the registry or loader. */
export interface LegacyCompiled {
  readonly validator: Validator;
  /** Rule 10 (compiled once): only a root that needed no other document may be cached by its content alone. */
  readonly usedExternal: boolean;
}

/** Marks every schema object of an older-dialect document with the step keyword (its own schema positions). */
function instrumentLegacy(doc: unknown): void {
  const nodes: object[] = [];
  walkSchema(
    doc,
    ({ node }) => {
      nodes.push(node);
    },
    EVERY_OBJECT,
  );
  instrumentSteps(nodes);
}

/** The refusal of a document whose `nullable` or `$async` cannot be made inert exactly (ajv-only.ts). */
function refuseInert(found: Violation[]): Result<never> {
  return fail('unsupported_capability', `schema cannot be enforced exactly: ${found[0]?.message}`, found);
}

/**
 * Compiles a legacy root, pulling referenced documents from the registry and loader on demand; each is
 * estimated and added to `rootCost`, the root's estimate, against maxCompileCost before it is compiled.
 */
function compileWithDocuments(
  root: unknown,
  dialect: LegacyDialect,
  options: ResolvedOptions,
  tally: SchemaTally,
  rootCost: number,
): Result<LegacyCompiled> {
  let spent = rootCost;
  const engine = createLegacyEngine(dialect, options.formatAssertion);
  const registry = normaliseRegistry(options.schemaRegistry);
  const added = new Set<string>();
  const documents: LegacyDocument[] = [{ uri: ANONYMOUS_BASE, schema: root, root: true }];
  const more = dialect === 'draft-07' ? DRAFT_07_ACTED_KEYWORDS : [];
  const rootInert = inertEngineKeywords(root, (p) => p, more);
  if (rootInert.length > 0) return refuseInert(rootInert);
  instrumentLegacy(root);
  for (;;) {
    try {
      const validator = engine.compile(root as object);
      // Decided on every document Ajv resolved, before warm-up would run into a cycle.
      const inPlace = checkLegacyInPlace(documents, dialect, options.limits.maxInPlaceSubschemas);
      if (!inPlace.ok) return inPlace;
      warmUp(validator);
      return ok({ validator, usedExternal: added.size > 0 });
    } catch (thrown) {
      const missing = missingDocument(thrown);
      const uri = missing?.uri;
      // A fragment the document itself lacks: Ajv names the document '' and the fragment in missingRef.
      if (uri === undefined || uri === '' || added.has(uri)) {
        if (uri !== undefined) {
          const ref = (uri === '' ? missing?.ref : undefined) ?? uri;
          return fail('validation', `unresolved reference ${echo(ref)}`, [
            schemaViolation('$ref', `unresolved reference ${echo(ref)}`, '', 'reference_unresolved'),
          ]);
        }
        const why =
          thrown instanceof RangeError
            ? 'the engine recursed without end while compiling it'
            : `the engine refused it: ${thrownMessage(thrown)}`;
        return fail('unsupported_capability', `schema cannot be enforced exactly: ${why}`, [
          schemaViolation('$ref', why, '', 'not_enforceable'),
        ]);
      }
      const pulled = tallyPulledDocument(tally, options.limits);
      if (!pulled.ok) return pulled;
      const found = findDocument(uri, registry, options);
      if (!found.ok) return found;
      if (found.value === undefined) {
        const message =
          `unresolved reference ${echo(uri)} (not in schemaRegistry, ` +
          `schemaLoader found nothing; nothing is fetched)`;
        return fail('validation', message, [schemaViolation('$ref', message, uri, 'reference_unresolved')]);
      }
      const doc = found.value.schema;
      const declared = isObject(doc) ? doc['$schema'] : undefined;
      if (declared !== undefined && legacyDialectOf(declared) !== dialect) {
        const message =
          `referenced document ${echo(uri)} declares ${echo(declared)}; a ${dialect} schema may only ` +
          `reference ${dialect} documents (or ones that declare no dialect)`;
        return fail('unsupported_capability', message, [
          schemaViolation('$schema', message, `${uri}#/$schema`, 'dialect_unsupported'),
        ]);
      }
      const counted = tallyDocument(tally, doc, options.limits, EVERY_DIALECT);
      if (!counted.ok) return counted;
      const cost = checkCompileCost(doc, options.limits, spent);
      if (!cost.ok) return cost;
      spent = cost.value;
      const admitted = admitLegacy(doc, dialect, options, (p) => `${uri}#${p}`);
      if (!admitted.ok) return admitted;
      added.add(uri);
      documents.push({ uri, schema: doc, root: false });
      const inert = inertEngineKeywords(doc, (p) => `${uri}#${p}`, more);
      if (inert.length > 0) return refuseInert(inert);
      instrumentLegacy(doc);
      engine.add(doc as object, uri);
    }
  }
}

/**
 * The engine for a root that declares draft-07 or 2019-09: a refusal naming the `dialects` option
 * when that dialect is not enabled, otherwise the dialect's compiled validator. `root` is
 * compileSchema's private copy, which the engine may rewrite (compileSchema exposes a frozen copy of it).
 */
export function compileLegacy(
  root: Record<string, unknown>,
  dialect: LegacyDialect,
  options: ResolvedOptions,
): Result<LegacyCompiled> {
  if (!options.dialects.has(dialect)) {
    const message =
      `unsupported dialect ${echo(root['$schema'])} (${dialect}): only ${DIALECT_2020_12} is enabled; ` +
      `to enforce ${dialect} with its own semantics pass the option dialects: ['2020-12', '${dialect}']`;
    return fail('unsupported_capability', message, [
      schemaViolation('$schema', message, '/$schema', 'dialect_unsupported'),
    ]);
  }
  // The same schema limits as the 2020-12 path, counted over the older dialects' schema positions.
  const tally: SchemaTally = { subschemas: 0, references: 0, documents: 0 };
  const counted = tallyDocument(tally, root, options.limits, EVERY_DIALECT);
  if (!counted.ok) return counted;
  // Estimated before any costly step (compile-cost.ts); each document pulled in later adds its own.
  const cost = checkCompileCost(root, options.limits);
  if (!cost.ok) return cost;
  const admitted = admitLegacy(root, dialect, options, (p) => p);
  if (!admitted.ok) return admitted;
  return compileWithDocuments(root, dialect, options, tally, cost.value);
}
