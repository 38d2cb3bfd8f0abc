import type { ValidateFunction } from 'ajv';
import { fail, guarded, ok, schemaViolation, thrownMessage, type Result, type Violation } from '../result.js';
import { standardProps, type ToolgateStandardProps } from '../adapters/standard-schema.js';
import { argumentChecker, checkArguments, checkArgumentsText } from './arguments.js';
import { canonicalJson } from './canonical.js';
import { classifyDialect, echo } from './dialect.js';
import { findDocument, normaliseRegistry } from './documents.js';
import { compileOn, createEngine, metaValidate, sharedEngine } from './engine.js';
import { engineGaps } from './engine-gaps.js';
import { gateDocument } from './gate.js';
import { copyBoundedJson, copyJson, deepFreeze, problemPointer } from './json-value.js';
import { excessFailure, limitsKey, resolveLimits, schemaBounds, tallyDocument, tallyPulledDocument, type Limits, type SchemaTally } from './limits.js';
import { resolveOptions, type ResolvedOptions, type SchemaOptions } from './options.js';
import { ANONYMOUS_BASE, emptyIndex, indexDocument, lookupTarget, resolveUri, splitFragment, type ResourceIndex } from './references.js';
import { regexHazard } from './regex-guard.js';
import { compileLegacyDialect } from './legacy-dialects.js';
import { rewriteForEngine } from './rewrite.js';
import { engineInput } from './link.js';
import { checkToolRoot } from './tool-root.js';
import { needsOwnProperties, needsPatternBudget } from './schema-needs.js';
import { DEFAULT_VOCABULARIES, vocabulariesOf } from './vocabulary.js';
import { isObject, walkSchema } from './walk.js';

/** A schema that passed every gate and was compiled once (rule 10). */
export interface CompiledSchema {
  /** A deep-frozen private copy of the schema as given (never the rewritten one). */
  readonly schema: unknown;
  /** Validates an argument value; on success `value` is the same reference. */
  validate(args: unknown): Result<unknown>;
  /** Parses a JSON text strictly, then validates it; on success `value` is the parsed value. */
  validateJSON(text: string): Result<unknown>;
  /** Standard Schema v1 (and Standard JSON Schema v1) view of the same validation; see src/adapters/standard-schema.ts. */
  readonly '~standard': ToolgateStandardProps;
}

/** Internal switches that the public entry points fix. */
export interface CompileFlags {
  /** Rule 5; the suite runner turns it off so non-object suite schemas can run. */
  readonly toolRoot: boolean;
}

/** Meta-schema URIs Ajv carries itself, so `$ref`s to them resolve without a registry. */
const BUILTIN_DOCUMENTS = new Set([
  'https://json-schema.org/draft/2020-12/schema',
  ...['core', 'applicator', 'unevaluated', 'validation', 'meta-data', 'format-annotation', 'content'].map((m) => `https://json-schema.org/draft/2020-12/meta/${m}`),
]);

interface LoadedDocument {
  readonly uri: string;
  /** Mutable private copy; rewritten before compiling. */
  readonly schema: unknown;
  readonly vocabularies: ReadonlySet<string>;
}

interface Pipeline {
  readonly options: ResolvedOptions;
  readonly registry: Map<string, unknown>;
  readonly index: ResourceIndex;
  readonly documents: LoadedDocument[];
  readonly refusals: Violation[];
  /** Subschemas, references and pulled documents so far, against options.limits. */
  readonly tally: SchemaTally;
  formatAssertion: boolean;
  usedExternal: boolean;
}

// Compiled validators by canonical content. The CompiledSchema handed out is built per call so that
// its `schema` is always the caller's own copy (two schemas may differ only in key order).
const cache = new Map<string, ValidateFunction>();
const CACHE_LIMIT = 2000;
const counters = { compiles: 0, hits: 0 };
// Per schema handed out, whether its validator came from the cache: admission counts per accepted tool.
const fromCache = new WeakSet<CompiledSchema>();
const cached = (c: CompiledSchema): CompiledSchema => (fromCache.add(c), c);
/** Whether validateSchema took this schema's validator from the content cache (no engine compile). */
export const compiledFromCache = (c: CompiledSchema): boolean => fromCache.has(c);
// Validators whose documents hold no quadratic pattern: their calls skip the pattern budget
// (regex-bound.ts). Any other validator, legacy ones included, runs under it.
const budgetFree = new WeakSet<ValidateFunction>();

function remember(key: string, validator: ValidateFunction): void {
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  cache.set(key, validator);
}

/** Engine compiles and content-cache hits since the process started (admission stats, benchmarks). */
export function compileCounters(): { readonly compiles: number; readonly hits: number } {
  return { ...counters };
}

/** Dialect and vocabulary gate, meta-schema check and keyword gate for one document. */
function admitDocument(p: Pipeline, uri: string, schema: unknown, rootLabel: boolean): Result<true> {
  const location = (pointer: string): string => (rootLabel ? pointer : `${uri}#${pointer}`);
  let vocabularies: ReadonlySet<string> = DEFAULT_VOCABULARIES;
  let checked: unknown = schema;
  if (isObject(schema)) {
    const dialect = classifyDialect(schema['$schema'], location('/$schema'));
    if (!dialect.ok) return dialect;
    if (dialect.value.kind === 'custom') {
      const metaUri = dialect.value.uri;
      const found = findDocument(splitFragment(metaUri).base, p.registry, p.options);
      if (!found.ok) return found;
      if (found.value === undefined) {
        const message = `unsupported dialect ${echo(schema['$schema'])}: not 2020-12 and no meta-schema with that URI in schemaRegistry or schemaLoader`;
        return fail('unsupported_capability', message, [schemaViolation('$schema', message, location('/$schema'))]);
      }
      p.usedExternal = true;
      const pulled = tallyPulledDocument(p.tally, p.options.limits);
      if (!pulled.ok) return pulled;
      const verdict = vocabulariesOf(metaUri, found.value.schema);
      if (!verdict.ok) return verdict;
      vocabularies = verdict.value.vocabularies;
      if (verdict.value.formatAssertion) p.formatAssertion = true;
      // The standard meta-schema still applies: a custom one may only add constraints (fail closed).
      const { $schema: _ignored, ...rest } = schema;
      checked = rest;
    }
  }
  // Legacy keywords first: a 2019-09 `$recursiveAnchor: true` should get the 2020-12 hint, not a
  // meta-schema complaint about its value.
  const gate = gateDocument(schema, { vocabularies, formatAssertion: p.options.formatAssertion || p.formatAssertion, contentAssertion: p.options.contentAssertion, unknownKeywords: p.options.unknownKeywords, location });
  const legacy = gate.filter((v) => v.message.startsWith('keyword '));
  if (legacy.length > 0) return fail('unsupported_capability', `schema uses what toolgate cannot enforce exactly: ${legacy[0]?.message}`, legacy);
  // Counted before the meta-schema check, indexing and compiling, the work these limits bound.
  const tallied = tallyDocument(p.tally, schema, p.options.limits);
  if (!tallied.ok) return tallied;
  const metaErrors = metaValidate(checked);
  if (metaErrors.length > 0) {
    const violations = metaErrors.map((e) => schemaViolation(e.keyword, `schema ${e.instancePath === '' ? 'root' : `at ${e.instancePath}`} ${e.message ?? 'is invalid'}`, location(e.instancePath)));
    return fail('validation', `invalid schema: ${violations[0]?.message ?? 'does not match the Draft 2020-12 meta-schema'}`, violations);
  }
  const patterns = checkPatterns(schema, location);
  if (patterns.invalid.length > 0) return fail('validation', `invalid schema: ${patterns.invalid[0]?.message}`, patterns.invalid);
  p.refusals.push(...patterns.hazards);
  p.refusals.push(...gate);
  p.refusals.push(...engineGaps(schema, location));
  p.documents.push({ uri, schema, vocabularies });
  indexDocument(p.index, schema, uri);
  return ok(true);
}

/**
 * Validation §6.3.3: patterns are ECMA-262 regular expressions; toolgate compiles them with the `u`
 * flag. One that compiles but could backtrack exponentially is refused (regex-guard.ts).
 */
function checkPatterns(schema: unknown, location: (p: string) => string): { invalid: Violation[]; hazards: Violation[] } {
  const invalid: Violation[] = [];
  const hazards: Violation[] = [];
  const tryCompile = (source: string, at: string): void => {
    try {
      new RegExp(source, 'u');
    } catch (thrown) {
      invalid.push(schemaViolation('pattern', `invalid regular expression ${echo(source)}: ${thrownMessage(thrown)}`, location(at)));
      return;
    }
    const why = regexHazard(source);
    if (why !== undefined) hazards.push(schemaViolation('pattern', `regular expression ${echo(source)} is refused: ${why}`, location(at)));
  };
  walkSchema(schema, ({ node, pointer }) => {
    if (typeof node['pattern'] === 'string') tryCompile(node['pattern'], `${pointer}/pattern`);
    const pp = node['patternProperties'];
    if (isObject(pp)) for (const k of Object.keys(pp)) tryCompile(k, `${pointer}/patternProperties`);
  });
  return { invalid, hazards };
}

/** Resolves every reference, pulling documents from registry and loader; lists all unresolved ones. */
function resolveReferences(p: Pipeline): Result<true> {
  const unresolved: Violation[] = [];
  for (let i = 0; i < p.index.references.length; i++) {
    const ref = p.index.references[i]!;
    const at = ref.docUri === p.documents[0]?.uri ? ref.schemaPath : `${ref.docUri}#${ref.schemaPath}`;
    if (ref.target === undefined) {
      unresolved.push(schemaViolation(ref.keyword, `unresolved reference ${echo(ref.value)}: not a valid URI reference`, at));
      continue;
    }
    let state = lookupTarget(p.index, ref.target);
    const base = splitFragment(ref.target).base;
    if (state === 'external' && BUILTIN_DOCUMENTS.has(base)) continue;
    if (state === 'external') {
      const found = findDocument(base, p.registry, p.options);
      if (!found.ok) return found;
      if (found.value !== undefined) {
        p.usedExternal = true;
        const pulled = tallyPulledDocument(p.tally, p.options.limits);
        if (!pulled.ok) return pulled;
        const admitted = admitDocument(p, base, found.value.schema, false);
        if (!admitted.ok) return admitted;
        state = lookupTarget(p.index, ref.target);
      }
    }
    if (state !== 'found') {
      unresolved.push(schemaViolation(ref.keyword, `unresolved reference ${echo(ref.value)}${state === 'external' ? ' (not in schemaRegistry, schemaLoader found nothing; nothing is fetched)' : ''}`, at));
    }
  }
  if (p.index.duplicates.length > 0) {
    const d = p.index.duplicates[0]!;
    return fail('validation', `duplicate schema identifier ${echo(d.uri)}`, p.index.duplicates.map((x) => schemaViolation('$id', `duplicate schema identifier ${echo(x.uri)}`, x.schemaPath)));
  }
  if (unresolved.length > 0) return fail('validation', `unresolved references: ${unresolved.map((u) => u.message.replace(/^unresolved reference /, '').split(' ')[0]).join(', ')}`, unresolved);
  return ok(true);
}

function needsPrivateEngine(p: Pipeline): boolean {
  if (p.documents.length > 1) return true;
  let found = false;
  walkSchema(p.documents[0]?.schema, ({ node }) => {
    if ('$id' in node || '$anchor' in node || '$dynamicAnchor' in node) found = true;
    return !found;
  });
  return found;
}

/** The pipeline behind validateSchema and the suite runner. */
export function compileSchema(schema: unknown, options: SchemaOptions | undefined, flags: CompileFlags): Result<CompiledSchema> {
  const limits = resolveLimits(isObject(options) ? options['limits'] : undefined);
  if (!limits.ok) return limits;
  const resolved = resolveOptions(options);
  // Size and depth are bounded while copying, before any other work on the schema.
  const copy = copyBoundedJson(schema, schemaBounds(limits.value));
  if (!copy.ok) {
    if (copy.finding.kind === 'excess') return excessFailure(copy.finding.excess, true);
    const problem = copy.finding.problem;
    const message = `schema is not JSON at ${problemPointer(problem) || 'the root'}: ${problem.reason}`;
    return fail('validation', message, [schemaViolation('json', message, problemPointer(problem))]);
  }
  if (flags.toolRoot) {
    const root = checkToolRoot(copy.value);
    if (!root.ok) return root;
  }
  if (typeof copy.value !== 'boolean' && !isObject(copy.value)) {
    const message = `a schema must be an object or a boolean, got ${echo(copy.value)}`;
    return fail('validation', message, [schemaViolation('type', message, '')]);
  }
  // Root dialect: an opt-in draft-07 / 2019-09 root runs on its own engine (legacy-dialects.ts).
  const legacy = compileLegacyDialect(copy.value, resolved);
  if (legacy !== undefined) return legacy.ok ? ok(makeCompiled(deepFreeze(copy.value), legacy.value, flags.toolRoot, limits.value)) : legacy;
  const flagKey = `${flags.toolRoot ? 'T' : 't'}${resolved.formatAssertion ? 'F' : 'f'}${resolved.contentAssertion ? 'C' : 'c'}${resolved.unknownKeywords[0]}${limitsKey(limits.value)}`;
  const quickKey = `${flagKey}|${canonicalJson(copy.value)}`;
  const hit = cache.get(quickKey);
  if (hit !== undefined) {
    counters.hits++;
    return ok(cached(makeCompiled(deepFreeze(copy.value), hit, flags.toolRoot, limits.value)));
  }

  const p: Pipeline = { options: resolved, registry: normaliseRegistry(resolved.schemaRegistry), index: emptyIndex(), documents: [], refusals: [], tally: { subschemas: 0, references: 0, documents: 0 }, formatAssertion: false, usedExternal: false };
  const rootUri = (isObject(copy.value) && typeof copy.value['$id'] === 'string' && resolveUri(copy.value['$id'], ANONYMOUS_BASE)) || ANONYMOUS_BASE;
  const admitted = admitDocument(p, splitFragment(rootUri).base, copy.value, true);
  if (!admitted.ok) return admitted;
  const refs = resolveReferences(p);
  if (!refs.ok) return refs;
  if (p.refusals.length > 0) {
    return fail('unsupported_capability', `schema uses what toolgate cannot enforce exactly: ${p.refusals[0]?.message}`, p.refusals);
  }
  for (const d of p.documents) rewriteForEngine(d.schema, d.vocabularies);
  // Decided from the private copies, so a caller's later change cannot slip an inherited name past it.
  const config = { formatAssertion: resolved.formatAssertion || p.formatAssertion, contentAssertion: resolved.contentAssertion, ownProperties: needsOwnProperties(p.documents.map((d) => d.schema)) };
  const fullKey = `${flagKey}${config.formatAssertion ? 'F' : 'f'}|${p.documents.map((d) => `${d.uri} ${canonicalJson(d.schema)}`).join('\n')}`;
  const known = cache.get(fullKey);
  const exposed = copyJson(schema);
  const exposedSchema = deepFreeze(exposed.ok ? exposed.value : copy.value);
  if (known !== undefined) {
    counters.hits++;
    return ok(cached(makeCompiled(exposedSchema, known, flags.toolRoot, limits.value)));
  }

  let validator: ValidateFunction;
  try {
    const input = engineInput(p.documents);
    const ajv = input.keep || needsPrivateEngine(p) ? createEngine(config) : sharedEngine(config);
    validator = compileOn(ajv, input.schema, input.extra, input.keep);
  } catch (thrown) {
    const message = thrownMessage(thrown);
    const missing = /can't resolve reference (.*) from id/.exec(message);
    if (missing) return fail('validation', `unresolved reference ${missing[1]}`, [schemaViolation('$ref', `unresolved reference ${missing[1]}`, '')]);
    const why = thrown instanceof RangeError ? 'the engine recursed without end while compiling it' : `the engine refused it: ${message}`;
    return fail('unsupported_capability', `schema cannot be enforced exactly: ${why}`, [schemaViolation('$ref', why, '')]);
  }
  counters.compiles++;
  if (!needsPatternBudget(p.documents.map((d) => d.schema))) budgetFree.add(validator);
  remember(fullKey, validator);
  if (!p.usedExternal) remember(quickKey, validator);
  return ok(makeCompiled(exposedSchema, validator, flags.toolRoot, limits.value));
}

function makeCompiled(schema: unknown, validator: ValidateFunction, toolRoot: boolean, limits: Limits): CompiledSchema {
  const checker = argumentChecker(validator, { toolRoot, limits, patternBudget: !budgetFree.has(validator) });
  // The hot path: guarded() inlined, so no closure is created per call.
  const validate = (args: unknown): Result<unknown> => {
    try {
      return checkArguments(checker, args);
    } catch (thrown) {
      return fail('execution_failure', `validate failed: ${thrownMessage(thrown)}`);
    }
  };
  const validateJSON = (text: string): Result<unknown> => {
    try {
      return checkArgumentsText(checker, text);
    } catch (thrown) {
      return fail('execution_failure', `validateJSON failed: ${thrownMessage(thrown)}`);
    }
  };
  return Object.freeze({
    schema,
    validate,
    validateJSON,
    '~standard': standardProps({ schema, validate, toolRoot }),
  });
}

/** Checks a tool input schema and compiles it once; see README "Rules". Never throws. */
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
