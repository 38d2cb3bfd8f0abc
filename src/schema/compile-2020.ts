import { fail, ok, type Result, schemaViolation } from '../result.js';
import { shownPlace } from '../util/describe-value.js';
import { type EngineConfig, engine2020, readySharedEngine } from './engine/ajv-2020.js';
import type { EngineInput } from './engine/engine.js';
import { compileRefusal } from './engine/missing-reference.js';
import { instrumentSteps } from './engine/step-budget.js';
import { warmUp } from './engine/warm-up.js';
import { inertEngineKeywords } from './ajv-only.js';
import { checkCompileCost } from './compile-cost.js';
import { checkInPlace, reachable } from './in-place-cycles.js';
import { engineInput } from './link-documents.js';
import { authorLocation } from './link-source.js';
import { deferrable } from './deferral.js';
import type { EngineStep, Pipeline } from './pipeline.js';
import { MAX_NESTED_PROTO_ENTRIES, nestedProtoEntry, rewriteForEngine } from './rewrite.js';
import { FORMAT_ASSERTION } from './vocabulary.js';
import { engineNeeds, needsPatternBudget } from './schema-needs.js';

// The Draft 2020-12 front end's engine step: the admitted documents, every reference already resolved
// (pipeline.ts), are rewritten for the engine, linked into one document (link.ts), checked for in-place
// cycles and their cost, marked for the step budget and compiled on Ajv 2020 with toolgate's keywords.

/**
 * Checks the admitted 2020-12 documents as the engine will run them and returns the compile, to run now or on
 * the first call (deferral.ts); `p.documents` are private copies the engine may rewrite.
 */
export function compile2020(p: Pipeline): Result<EngineStep> {
  const limits = p.options.limits;
  // One engine asserts format for every document once one meta-schema lists format-assertion: a document whose
  // own meta-schema does not list it keeps `format` as an annotation (Core §8.1.2), unless the option asks.
  const annotates = (d: { vocabularies: ReadonlySet<string> }): boolean =>
    p.formatAssertion && !p.options.formatAssertion && !d.vocabularies.has(FORMAT_ASSERTION);
  for (const d of p.documents) {
    const nested = nestedProtoEntry(d.schema);
    if (nested !== undefined) {
      const message =
        `schema cannot be enforced exactly: a "__proto__" entry of properties or patternProperties inside ` +
        `${MAX_NESTED_PROTO_ENTRIES} others (at ${JSON.stringify(shownPlace(nested))}) cannot be enforced by the ` +
        'engine within bounds';
      return fail('unsupported_capability', message, [
        schemaViolation('properties', message, nested, 'not_enforceable'),
      ]);
    }
  }
  const rewritten = p.documents.map((d) => rewriteForEngine(d.schema, d.vocabularies, annotates(d))).some(Boolean);
  // Decided from the private copies, so a caller's later change cannot slip an inherited name past it.
  const needs = engineNeeds(p.documents.map((d) => d.schema));
  const config = {
    formatAssertion: p.options.formatAssertion || p.formatAssertion,
    contentAssertion: p.options.contentAssertion,
    ownProperties: needs.ownProperties,
  };
  try {
    const input = engineInput(p.documents, needs.linking);
    // `nullable` and `$async` are annotations that Ajv would act on (ajv-only.ts).
    const inert = inertEngineKeywords(input.schema, (pointer) => authorLocation(input.schema, pointer));
    if (inert.length > 0)
      return fail('unsupported_capability', `schema cannot be enforced exactly: ${inert[0]?.message}`, inert);
    // In-place cycles and expansion are decided on what the engine will run (in-place.ts).
    // The schema objects the engine can apply, found once: the in-place check reads them, the step budget marks them.
    const applied = reachable(input.schema);
    const inPlace = checkInPlace(input.schema, limits.maxInPlaceSubschemas, applied);
    if (!inPlace.ok) return inPlace;
    // A lone document the engine runs as it was estimated (nothing rewritten, linked or wrapped) was checked
    // by compileSchema's estimate of that very content: the same estimate, not worked out twice.
    const same = !rewritten && p.documents.length === 1 && input.schema === p.documents[0]?.schema;
    const cost = same ? ok(p.spent) : checkCompileCost(input.schema, limits);
    if (!cost.ok) return cost;
    instrumentSteps(applied);
    const fresh = input.keep || needs.privateEngine;
    const patternBudget = needsPatternBudget(p.documents.map((d) => d.schema));
    const run = engineRun(config, fresh, input, patternBudget);
    const facts = {
      documents: p.documents.length,
      references: p.index.references.length,
      identifiers: fresh || needs.linking,
      cost: cost.value,
      limits,
    };
    const deferred = deferrable(facts);
    // The shared engine a deferred compile runs on is set up now, once per configuration: the first call pays its
    // own compile, not Ajv's set-up.
    if (deferred && p.options.lazy) readySharedEngine(config);
    return ok({ deferrable: deferred, cost: cost.value, run });
  } catch (thrown) {
    return compileRefusal(thrown);
  }
}

// Made apart from compile2020 so that a deferred compile keeps what it runs and nothing more: a closure made
// inside it shares its scope with `p`, the whole pipeline (about 1.6 KB a schema, 8 MB over a 5,000-tool catalog).
function engineRun(
  config: EngineConfig,
  fresh: boolean,
  input: EngineInput,
  patternBudget: boolean,
): EngineStep['run'] {
  return () => {
    try {
      const validator = engine2020(config, fresh).compile(input);
      warmUp(validator);
      return ok({ validator, patternBudget });
    } catch (thrown) {
      return compileRefusal(thrown);
    }
  };
}
