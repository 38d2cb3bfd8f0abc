import type { Validator } from './engine/validator.js';
import { fail, guarded, ok, schemaViolation, thrownFailure, type Result } from '../result.js';
import { standardProps, type ToolgateStandardProps } from './standard-schema.js';
import { argumentChecker, checkArguments, checkArgumentsText } from './check-arguments.js';
import { canonicalJson } from '../util/canonical-json.js';
import { echo } from '../util/describe-value.js';
import { normaliseRegistry } from './documents.js';
import { deepFreeze } from '../util/plain-json.js';
import { limitsKey, resolveLimits, type Limits } from '../util/limits.js';
import { resolveOptions, SCHEMA_OPTION_TABLE, type SchemaOptions } from './options.js';
import { readTable } from '../util/option-table.js';
import { ANONYMOUS_BASE, emptyIndex } from './references.js';
import { cachedValidator, rememberValidator } from './compile-cache.js';

export { compileCounters } from './compile-cache.js';
import { boundedSchemaCopy, frozenCopy } from './schema-copy.js';
import { frontEndFor } from './front-ends.js';
import { resolveReferences, type Pipeline } from './pipeline.js';
import { checkToolRoot } from './tool-root.js';
import { isObject } from '../util/plain-json.js';
import { checkCompileCost } from './compile-cost.js';
import { tallyDocument } from './tally.js';

/** A schema that passed every gate and was compiled once (rule 10). */
export interface CompiledSchema {
  /** A deep-frozen private copy of the schema as given (never the rewritten one). */
  readonly schema: unknown;
  /** Validates an argument value; on success `value` is the same reference. */
  validate(args: unknown): Result<unknown>;
  /** Parses a JSON text strictly, then validates it; on success `value` is the parsed value. */
  validateJSON(text: string): Result<unknown>;
  /**
   * Standard Schema v1 (and Standard JSON Schema v1) view of the same validation; see standard-schema.ts.
   */
  readonly '~standard': ToolgateStandardProps;
}

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
// Validators whose documents hold no quadratic pattern: their calls skip the pattern budget
// (regex/bound.ts). Any other validator, legacy ones included, runs under it.
const budgetFree = new WeakSet<Validator>();

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
  const quickKey = `${flagKey}|${canonicalJson(copy.value)}`;
  const hit = cachedValidator(quickKey);
  if (hit !== undefined) return ok(cached(makeCompiled({ ...parts, schema: deepFreeze(copy.value), validator: hit })));
  // Estimated before any costly step (the gates analyse every pattern), and again on what the engine
  // will run (compile-cost.ts). A cache hit passed both under the same limits (they are in its key).
  // maxSubschemas first: the cheaper count, and its message names the more specific excess.
  // The root is counted here, once: the pipeline's tally goes on from this one (the gates skip the root).
  const tally = { subschemas: 0, references: 0, documents: 0 };
  const counted = tallyDocument(tally, copy.value, limits.value, frontEnd.tally);
  if (!counted.ok) return counted;
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
  const admitted = frontEnd.admit(p, { uri: ANONYMOUS_BASE, root: true }, copy.value);
  if (!admitted.ok) return admitted;
  const refs = resolveReferences(p);
  if (!refs.ok) return refs;
  if (p.refusals.length > 0) {
    return fail(
      'unsupported_capability',
      `schema uses what toolgate cannot enforce exactly: ${p.refusals[0]?.message}`,
      p.refusals,
    );
  }
  // What CompiledSchema.schema exposes: the checked private copy as given, taken before the engine
  // rewrites it (never a second read of the caller's object, never the rewritten form).
  const exposedSchema = frozenCopy(copy.value);
  // A document's vocabularies come from its meta-schema, which is not among the documents: keyed too, or a
  // validator compiled with a vocabulary left out (its keywords annotations) would serve one that lists it.
  const fullKey = p.usedExternal
    ? `${flagKey}${p.formatAssertion ? 'F' : 'f'}|${p.documents
        .map((d) => `${d.uri} ${[...d.vocabularies].sort().join(' ')} ${canonicalJson(d.schema)}`)
        .join('\n')}`
    : undefined;
  const known = fullKey === undefined ? undefined : cachedValidator(fullKey);
  if (known !== undefined) return ok(cached(makeCompiled({ ...parts, schema: exposedSchema, validator: known })));
  const engine = frontEnd.compile(p);
  if (!engine.ok) return engine;
  const { validator, patternBudget } = engine.value;
  if (!patternBudget) budgetFree.add(validator);
  rememberValidator(fullKey ?? quickKey, validator);
  return ok(makeCompiled({ ...parts, schema: exposedSchema, validator }));
}

/** What a CompiledSchema is made of. */
interface CompiledParts {
  readonly schema: unknown;
  readonly validator: Validator;
  readonly toolRoot: boolean;
  readonly limits: Limits;
}

function makeCompiled({ schema, validator, toolRoot, limits }: CompiledParts): CompiledSchema {
  const checker = argumentChecker(validator, { toolRoot, limits, patternBudget: !budgetFree.has(validator) });
  // The hot path: guarded() inlined, so no closure is created per call.
  const validate = (args: unknown): Result<unknown> => {
    try {
      return checkArguments(checker, args);
    } catch (thrown) {
      // A getter or Proxy trap of the host's arguments: its text is host data and this message model text.
      return thrownFailure('validate', thrown);
    }
  };
  const validateJSON = (text: string): Result<unknown> => {
    try {
      return checkArgumentsText(checker, text);
    } catch (thrown) {
      return thrownFailure('validateJSON', thrown);
    }
  };
  return Object.freeze({
    schema,
    validate,
    validateJSON,
    '~standard': standardProps({ schema, validate, toolRoot }),
  });
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
