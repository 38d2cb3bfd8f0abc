import type { Validator } from './engine/validator.js';
import { fail, guarded, ok, schemaViolation, type Result } from '../result.js';
import { compiledOf, deferredCompiledOf, markBudgetFree, type CompiledSchema } from './compiled-schema.js';
import { canonicalJson } from '../util/canonical-json.js';
import { echo } from '../util/describe-value.js';
import { normaliseRegistry } from './documents.js';
import { deepFreeze } from '../util/plain-json.js';
import { limitsKey, resolveLimits } from '../util/limits.js';
import { resolveOptions, SCHEMA_OPTION_TABLE, type SchemaOptions } from './options.js';
import { readTable } from '../util/option-table.js';
import { ANONYMOUS_BASE, emptyIndex } from './references.js';
import { cachedValidator, rememberValidator } from './compile-cache.js';

export { compileCounters } from './compile-cache.js';
export type { CompiledSchema } from './compiled-schema.js';
import { boundedSchemaCopy, markOwnCopy } from './schema-copy.js';
import { frontEndFor } from './front-ends.js';
import { resolveReferences, type Pipeline } from './pipeline.js';
import { checkToolRoot, checkTypelessRootReferences } from './tool-root.js';
import { isObject } from '../util/plain-json.js';
import { checkCompileCost } from './compile-cost.js';
import { tallyDocument } from './tally.js';
import { checkUriLengths } from './uri-lengths.js';
import { refuse } from './refusal-order.js';

/** Internal switches that the public entry points fix. */
export interface CompileFlags {
  /** Rule 5; the suite runner turns it off so non-object suite schemas can run. */
  readonly toolRoot: boolean;
}

// Per schema handed out, whether its validator came from the cache: admission counts per accepted tool.
const fromCache = new WeakSet<CompiledSchema>();
const cached = (c: CompiledSchema): CompiledSchema => {
  fromCache.add(c);
  return c;
};
/** Whether validateSchema took this schema's validator from the content cache (no engine compile). */
export const compiledFromCache = (c: CompiledSchema): boolean => fromCache.has(c);
// Per schema handed out after the whole pipeline, the compile cost estimate (compile-cost.ts) of what its validator
// was compiled from: the schema with every document the registry or loader gave it, linked, as the per-tool
// maxCompileCost bounds it. A batch charges it (catalog/batch-cost.ts) without working it out again; a cache hit is
// given the estimate its entry was compiled under, so a warm batch is charged what the cold one was.
const estimates = new WeakMap<CompiledSchema, number>();
/** The compile cost estimate of the schema and the documents linked with it, for every schema validateSchema gave. */
export const estimatedCost = (c: CompiledSchema): number | undefined => estimates.get(c);

/** The pipeline behind validateSchema and the suite runner. */
export function compileSchema(
  schema: unknown,
  options: SchemaOptions | undefined,
  flags: CompileFlags,
): Result<CompiledSchema> {
  // Options read once as own data, like every public entry point's: a getter on them must not run
  // (caller code) or answer differently on a second read.
  const read = readTable(options, SCHEMA_OPTION_TABLE);
  if (read.problems.length > 0)
    return fail('validation', `invalid schema options: ${read.problems.join('; ')}`, read.violations);
  const given = read.values as SchemaOptions;
  const limits = resolveLimits(given.limits);
  if (!limits.ok) return limits;
  const resolved = resolveOptions(given);
  // Size and depth are bounded while copying, before any other work on the schema.
  const copy = boundedSchemaCopy(schema, limits.value);
  if (!copy.ok) return copy;
  if (flags.toolRoot) {
    const root = checkToolRoot(copy.value);
    if (!root.ok) return root;
  }
  if (typeof copy.value !== 'boolean' && !isObject(copy.value)) {
    const message = `a schema must be an object or a boolean, got ${echo(copy.value)}`;
    return fail('validation', message, [schemaViolation('type', message, '', 'schema_invalid')]);
  }
  // The root's dialect chooses the front end (front-ends.ts): an opt-in draft-07 / 2019-09 root runs on
  // that dialect's own engine, every other root on Draft 2020-12's. A disabled dialect is refused before
  // the cache is asked: the options decide, not an earlier call.
  const chosen = frontEndFor(copy.value, resolved);
  if (!chosen.ok) return chosen;
  const frontEnd = chosen.value;
  const parts = { toolRoot: flags.toolRoot, limits: limits.value };
  // One cache entry per schema (compile-cache.ts): its canonical content and every switch its
  // validator depends on. A schema that needed the registry or loader depends on more than that and
  // is keyed after the pipeline, by every document it used.
  const flagKey =
    `${frontEnd.dialect}|${flags.toolRoot ? 'T' : 't'}${resolved.formatAssertion ? 'F' : 'f'}` +
    `${resolved.contentAssertion ? 'C' : 'c'}${resolved.unknownKeywords[0]}${limitsKey(limits.value)}`;
  // A lazy compile proves every schema, cached or not, and asks the cache at the first call: its key (the
  // schema's whole canonical text) is not worked out for tools that are never called.
  // A root's `$id` that claims a registry or loader document's URI makes the verdict depend on them (claims.ts): such
  // a schema is judged before the cache is asked (a review's find: a compile without the registry was served to one
  // with it). Asked of the text, the key's own work.
  const text = resolved.lazy ? undefined : canonicalJson(copy.value);
  const claims =
    text !== undefined &&
    (Object.keys(resolved.schemaRegistry).length > 0 || resolved.schemaLoader !== undefined) &&
    text.includes('"$id"');
  const quickKey = text === undefined || claims ? undefined : `${flagKey}|${text}`;
  const hit = quickKey === undefined ? undefined : cachedValidator(quickKey);
  if (hit !== undefined)
    return ok(
      estimated(
        cached(compiledOf({ ...parts, schema: markOwnCopy(deepFreeze(copy.value), limits.value) }, hit.validator)),
        hit.cost,
      ),
    );
  // Estimated before any costly step (the gates analyse every pattern), and again on what the engine
  // will run (compile-cost.ts). A cache hit passed both under the same limits (they are in its key).
  // maxSubschemas first: the cheaper count, and its message names the more specific excess.
  // The root is counted here, once: the pipeline's tally goes on from this one (the gates skip the root).
  const tally = { subschemas: 0, references: 0, documents: 0 };
  const counted = tallyDocument(tally, copy.value, limits.value, frontEnd.tally);
  if (!counted.ok) return counted;
  const uris = checkUriLengths(copy.value, limits.value, ANONYMOUS_BASE);
  if (!uris.ok) return uris;
  const early = checkCompileCost(copy.value, limits.value);
  if (!early.ok) return early;

  const p: Pipeline = {
    frontEnd,
    options: resolved,
    registry: normaliseRegistry(resolved.schemaRegistry),
    index: emptyIndex(),
    documents: [],
    refusals: [],
    tally,
    formatAssertion: false,
    usedExternal: false,
    spent: early.value,
  };
  // The root is found under ANONYMOUS_BASE, its retrieval URI: the index resolves its `$id` against that
  // (Core §8.2.1). Given the `$id` already resolved, it resolved a relative one twice: `dir/root`
  // became toolgate:/dir/dir/root, and its references looked the registry up under dir/dir/.
  // Admission makes the engine's copy (schema-copy.ts engineCopy) once the gates passed; copy.value, frozen by it,
  // stays as the caller wrote it.
  const admitted = frontEnd.admit(p, { uri: ANONYMOUS_BASE, root: true }, copy.value);
  if (!admitted.ok) return admitted;
  const refs = resolveReferences(p);
  if (!refs.ok) return refs;
  // Every document's refusals in one canonical order (refusal-order.ts), the root's first.
  if (p.refusals.length > 0)
    return refuse('unsupported_capability', 'schema uses what toolgate cannot enforce exactly', p.refusals);
  if (flags.toolRoot) {
    const published = checkTypelessRootReferences(copy.value, p.index, p.documents[0]?.uri ?? ANONYMOUS_BASE);
    if (!published.ok) return published;
  }
  // What CompiledSchema.schema exposes: the checked private copy as given, in the caller's key order (never a
  // second read of the caller's object, never the engine's rewritten form).
  const exposedSchema = markOwnCopy(copy.value, limits.value);
  // A document's vocabularies come from its meta-schema, which is not among the documents: keyed too, or a
  // validator compiled with a vocabulary left out (its keywords annotations) would serve one that lists it.
  const fullKey = p.usedExternal
    ? `${flagKey}${p.formatAssertion ? 'F' : 'f'}|${p.documents
        .map((d) => `${d.uri} ${[...d.vocabularies].sort().join(' ')} ${canonicalJson(d.schema)}`)
        .join('\n')}`
    : undefined;
  const known = fullKey === undefined ? undefined : cachedValidator(fullKey);
  if (known !== undefined)
    return ok(estimated(cached(compiledOf({ ...parts, schema: exposedSchema }, known.validator)), known.cost));
  const step = frontEnd.compile(p);
  if (!step.ok) return step;
  // Of every document linked (compile-2020.ts, legacy-front-end.ts), not the root's alone (early.value).
  const cost = step.value.cost;
  // The same text as quickKey's: exposedSchema is the copy as it was before the engine step.
  const keyOf = (): string => fullKey ?? quickKey ?? `${flagKey}|${text ?? canonicalJson(exposedSchema)}`;
  // The engine's compile, the one step that decides no verdict for a deferrable schema (deferral.ts).
  const engineCompile = (key: string): Result<Validator> => {
    const engine = step.value.run();
    if (!engine.ok) return engine;
    const { validator, patternBudget } = engine.value;
    if (!patternBudget) markBudgetFree(validator);
    rememberValidator(key, validator, cost);
    return ok(validator);
  };
  // Lazily, or with claims, the cache was not asked yet (quickKey): one of the same content may have been compiled.
  // `lazy` alone is kept, not the options it was read from (a deferred compile keeps this scope until its first call).
  const lazy = resolved.lazy;
  const compileOrReuse = (): Result<Validator> => {
    const key = keyOf();
    const other = lazy || claims ? cachedValidator(key) : undefined;
    return other === undefined ? engineCompile(key) : ok(other.validator);
  };
  if (lazy && step.value.deferrable)
    return ok(estimated(deferredCompiledOf({ ...parts, schema: exposedSchema }, compileOrReuse), cost));
  const compiled = compileOrReuse();
  if (!compiled.ok) return compiled;
  return ok(estimated(compiledOf({ ...parts, schema: exposedSchema }, compiled.value), cost));
}

function estimated(c: CompiledSchema, cost: number): CompiledSchema {
  estimates.set(c, cost);
  return c;
}

/** Checks a tool input schema and compiles it once; see docs/rules.md. Never throws. */
export function validateSchema(schema: unknown, options?: SchemaOptions): Result<CompiledSchema> {
  return guarded('validateSchema', () => compileSchema(schema, options, { toolRoot: true }));
}

/** validateSchema then validate, for one-off checks; compiled schemas are cached by content. */
export function validate(schema: unknown, args: unknown, options?: SchemaOptions): Result<unknown> {
  return guarded('validate', () => {
    const compiled = compileSchema(schema, options, { toolRoot: true });
    return compiled.ok ? compiled.value.validate(args) : compiled;
  });
}
