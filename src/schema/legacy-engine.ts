import { Ajv, type ErrorObject, type Options, type ValidateFunction } from 'ajv';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { fail, ok, schemaViolation, thrownMessage, type Result, type Violation } from '../result.js';
import { DIALECT_2020_12 } from './dialect.js';
import { echo } from '../util/describe-value.js';
import { findDocument, normaliseRegistry } from './documents.js';
import { ENGINE_OPTIONS, installFormatAssertion } from './engine.js';
import { formatRefusal } from '../formats/asserted.js';
import { copyJson } from '../util/plain-json.js';
import { legacyEngineGaps } from './legacy-engine-gaps.js';
import { FOREIGN_KEYWORDS, LEGACY_KEYWORD_SETS, legacyDialectOf, type LegacyDialect } from './legacy-keywords.js';
import { metaViolations } from './meta-errors.js';
import { installMultipleOf } from './multiple-of.js';
import type { ResolvedOptions } from './options.js';
import { installNotAndIf } from './not-if.js';
import { installFlatUnions } from './flat-unions.js';
import { installStepBudget, instrumentSteps } from './step-budget.js';
import { warmUp } from './warm-up.js';
import { checkPattern } from '../regex/guard.js';
import { installUniqueItems } from './unique-items.js';
import { compileWithRefPaths } from './ref-paths.js';
import { checkLegacyInPlace, type LegacyDocument } from './legacy-in-place.js';
import { ANONYMOUS_BASE } from './references.js';
import { installConstEnum } from './const-enum.js';
import { installContains } from './contains.js';
import { DRAFT_07_ACTED_KEYWORDS, inertEngineKeywords } from './ajv-only.js';
import { checkCompileCost } from './compile-cost.js';
import { tallyDocument, tallyPulledDocument, type SchemaTally } from './tally.js';
import { isObject } from '../util/plain-json.js';
import { walkSchema } from './walk.js';

// Opt-in older dialects. A root whose `$schema` names draft-07 or 2019-09, when the caller lists that
// dialect in `dialects`, is validated by Ajv's own engine for it (`Ajv` for draft-07, `Ajv2019`)
// against that dialect's meta-schema: never rewritten into 2020-12, never read as 2020-12. Every
// document it pulls in must be of the same dialect (or declare none). What such a schema would need
// beyond that engine (cross-dialect references, content assertion) is refused, never approximated.

/** Documents pulled in through the registry or loader while compiling one schema, at most. */

// The 2020-12 engine's options, with own properties always on: the older dialects' engines are not
// tuned per schema (engine.ts decides ownProperties per compile for 2020-12 only).
const AJV_OPTIONS: Options = { ...ENGINE_OPTIONS, ownProperties: true };

type LegacyEngine = Ajv | Ajv2019;

/** The walks of a legacy document: every dialect's schema positions; the limits count booleans too. */
const EVERY_OBJECT = { positions: 'every-dialect' } as const;
const EVERY_DIALECT = { positions: 'every-dialect', booleans: true } as const;

function createLegacyEngine(dialect: LegacyDialect, formatAssertion: boolean): LegacyEngine {
  const ajv: LegacyEngine =
    dialect === 'draft-07'
      ? new Ajv({ ...AJV_OPTIONS, validateFormats: formatAssertion })
      : new Ajv2019({ ...AJV_OPTIONS, validateFormats: formatAssertion });
  // Ajv2019 forces its evaluated-property tracking on. Its code is wrong in several ways and keeps
  // state on shared validators (legacy-engine-gaps.ts refuses 2019-09's unevaluated*, the only keywords
  // that read it), so it is never generated; Ajv's draft-07 engine never generates it.
  ajv.opts.unevaluated = false;
  if (formatAssertion) installFormatAssertion(ajv as never);
  // The same exact-arithmetic and equality replacements the 2020-12 engine uses; these keywords mean
  // the same in every draft since draft-06 (draft-04 has no `const`).
  installMultipleOf(ajv as never);
  installUniqueItems(ajv as never);
  installConstEnum(ajv as never);
  // `contains` whose verdict does not leak from one application to the next (contains.ts).
  installContains(ajv as never);
  // `not` and `if` mean the same in draft-07 and 2019-09; their subschemas run in all-errors mode too.
  installNotAndIf(ajv as never);
  // `anyOf`/`oneOf` without nesting one block per branch (flat-unions.ts).
  installFlatUnions(ajv as never);
  // The same maxValidationSteps budget (schema/step-budget.ts); instrumentLegacy marks the documents.
  installStepBudget(ajv as never);
  return ajv;
}

const metaEngines = new Map<LegacyDialect, LegacyEngine>();

/** Checks a document against its dialect's official meta-schema (Ajv ships both). */
function legacyMetaValidate(dialect: LegacyDialect, schema: unknown): readonly ErrorObject[] {
  let engine = metaEngines.get(dialect);
  if (engine === undefined) {
    engine =
      dialect === 'draft-07'
        ? new Ajv({ strict: false, allErrors: true, logger: false, validateFormats: false })
        : new Ajv2019({ strict: false, allErrors: true, logger: false, validateFormats: false });
    // The draft-07 meta-schema asks `uniqueItems` of `enum`: Ajv's deep equality calls a schema value's own
    // `valueOf`/`toString` member and throws; toolgate's equality reads JSON only.
    installUniqueItems(engine as never);
    installConstEnum(engine as never);
    metaEngines.set(dialect, engine);
  }
  // A document without `$schema` is checked against the referencing document's dialect.
  const declared =
    isObject(schema) && schema['$schema'] !== undefined
      ? schema
      : isObject(schema)
        ? { ...schema, $schema: metaUri(dialect) }
        : schema;
  return engine.validateSchema(declared as object) ? [] : (engine.errors ?? []);
}

function metaUri(dialect: LegacyDialect): string {
  return dialect === 'draft-07'
    ? 'http://json-schema.org/draft-07/schema#'
    : 'https://json-schema.org/draft/2019-09/schema';
}

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
      const patterns: [string, string][] = [];
      if (typeof node['pattern'] === 'string') patterns.push([node['pattern'], `${pointer}/pattern`]);
      if (isObject(node['patternProperties']))
        for (const k of Object.keys(node['patternProperties'])) patterns.push([k, `${pointer}/patternProperties`]);
      for (const [source, p] of patterns) {
        const verdict = checkPattern(source);
        if (verdict.invalid !== undefined)
          invalid.push(
            schemaViolation(
              'pattern',
              `invalid regular expression ${echo(source)}: ${verdict.invalid}`,
              at(p),
              'pattern_invalid',
            ),
          );
        else if (verdict.hazard !== undefined)
          refused.push(
            schemaViolation(
              'pattern',
              `regular expression ${echo(source)} is refused: ${verdict.hazard}`,
              at(p),
              'pattern_refused',
            ),
          );
      }
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

/** The missing document's URI when Ajv threw its MissingRefError (read by shape, not class). */
function missingSchemaOf(thrown: unknown, field: 'missingSchema' | 'missingRef' = 'missingSchema'): string | undefined {
  if (typeof thrown !== 'object' || thrown === null) return undefined;
  const d = Object.getOwnPropertyDescriptor(thrown, field);
  return d !== undefined && typeof d.value === 'string' ? d.value : undefined;
}

/** A compiled legacy root, and whether it needed a document from the registry or loader. */
export interface LegacyCompiled {
  readonly validator: ValidateFunction;
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
  const ajv = createLegacyEngine(dialect, options.formatAssertion);
  const registry = normaliseRegistry(options.schemaRegistry);
  const added = new Set<string>();
  const documents: LegacyDocument[] = [{ uri: ANONYMOUS_BASE, schema: root, root: true }];
  const more = dialect === 'draft-07' ? DRAFT_07_ACTED_KEYWORDS : [];
  const rootInert = inertEngineKeywords(root, (p) => p, more);
  if (rootInert.length > 0) return refuseInert(rootInert);
  instrumentLegacy(root);
  for (;;) {
    try {
      const validator = compileWithRefPaths(ajv, root as object);
      // Decided on every document Ajv resolved, before warm-up would run into a cycle.
      const inPlace = checkLegacyInPlace(documents, dialect, options.limits.maxInPlaceSubschemas);
      if (!inPlace.ok) return inPlace;
      warmUp(validator);
      return ok({ validator, usedExternal: added.size > 0 });
    } catch (thrown) {
      const uri = missingSchemaOf(thrown);
      // A fragment the document itself lacks: Ajv names the document '' and the fragment in missingRef.
      if (uri === undefined || uri === '' || added.has(uri)) {
        if (uri !== undefined) {
          const ref = (uri === '' ? missingSchemaOf(thrown, 'missingRef') : undefined) ?? uri;
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
      ajv.addSchema(doc as object, uri);
    }
  }
}

/**
 * The engine for a root that declares draft-07 or 2019-09: a refusal naming the `dialects` option
 * when that dialect is not enabled, otherwise the dialect's compiled validator. `root` is
 * compileSchema's private copy; the engine gets a copy of its own.
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
  const copy = copyJson(root);
  if (!copy.ok) return fail('validation', 'schema is not JSON');
  // The same schema limits as the 2020-12 path, counted over the older dialects' schema positions.
  const tally: SchemaTally = { subschemas: 0, references: 0, documents: 0 };
  const counted = tallyDocument(tally, copy.value, options.limits, EVERY_DIALECT);
  if (!counted.ok) return counted;
  // Estimated before any costly step (compile-cost.ts); each document pulled in later adds its own.
  const cost = checkCompileCost(copy.value, options.limits);
  if (!cost.ok) return cost;
  const admitted = admitLegacy(copy.value, dialect, options, (p) => p);
  if (!admitted.ok) return admitted;
  return compileWithDocuments(copy.value, dialect, options, tally, cost.value);
}
