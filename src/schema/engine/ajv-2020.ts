import { Ajv2020, type Options, type ValidateFunction } from 'ajv/dist/2020.js';
import type { EngineError } from '../../errors/engine-error.js';
import addFormats from 'ajv-formats';
import { AJV_FORMATS } from '../../formats/asserted.js';
import { OWN_FORMAT_CHECKERS } from '../../formats/own.js';
import { isRelativeJsonPointer2020 } from '../../formats/pointer.js';
import { isRegexFormat } from '../../regex/regex-format.js';
import { installConstEnum } from './const-enum.js';
import { installContains } from './contains.js';
import { installContentKeywords } from './content.js';
import { installMultipleOf } from './multiple-of.js';
import { installNotAndIf } from './not-if.js';
import { installFlatUnions } from './flat-unions.js';
import { installStepBudget } from './step-budget.js';
import { outsideAnyValidation } from './within-steps.js';
import { installUniqueItems } from './unique-items.js';
import { installUnevaluated } from './unevaluated.js';
import { installInPlaceApplicators } from './in-place.js';
import { precompileAnnotations } from './annotation-run.js';
import { boundedRegExp } from '../../regex/bound.js';
import { metaEngine } from './meta-engine.js';
import { validate as metaSchema2020 } from './meta-schema.generated.js';
import { compileWithRefPaths } from './ref-paths.js';
import type { Engine, EngineInput } from './engine.js';
import { metaSchemaOf } from '../../keywords/keyword-lists.js';

/** How an engine instance is configured; each distinct config gets its own shared instance. */
export interface EngineConfig {
  readonly formatAssertion: boolean;
  readonly contentAssertion: boolean;
  /**
   * Ajv's `ownProperties`: a named property counts only when it is the instance's own (Validation
   * §10.3.2.1, §6.5.3). It triples the cost of a small validation, so compile.ts turns it on only
   * for schemas that name an inherited member (schema-needs.ts).
   */
  readonly ownProperties: boolean;
}

/** Ajv options every toolgate engine shares, the opt-in older dialects' included. */
export const ENGINE_OPTIONS: Readonly<Options> = {
  strict: false,
  allErrors: true,
  // The meta-schema check runs in toolgate's own pipeline so that its errors carry schema locations.
  validateSchema: false,
  addUsedSchema: true,
  unicodeRegExp: true,
  // Every pattern/patternProperties matcher: quadratic ones are bounded per call (regex/bound.ts).
  code: { regExp: boundedRegExp },
  // Ajv must never print to the console.
  logger: false,
  // toolgate writes every message itself (errors/messages.ts, one per keyword in the keyword table): Ajv's
  // sentences only lengthened each error site of the generated code, about 1 KB a tool (BENCHMARKS.md, W5).
  messages: false,
  verbose: false,
  inlineRefs: true,
  // Ajv's own extensions stay off (Ajv's defaults, written out so that none is turned on unnoticed):
  // each would change the instance (useDefaults, coerceTypes, removeAdditional) or read `discriminator`
  // and `{"$data": ...}` as keywords, where the dialects make them annotations and data. `$comment` is
  // left unset: set, Ajv calls out on every comment. `nullable` and `$async` act whatever the options
  // (ajv-only.ts).
  useDefaults: false,
  coerceTypes: false,
  removeAdditional: false,
  $data: false,
  discriminator: false,
};

/** Asserts every format toolgate can check exactly: ajv-formats where it is right, toolgate's own elsewhere. */
export function installFormatAssertion(ajv: Pick<Ajv2020, 'addFormat'>, dialect?: '2020-12'): void {
  const plugin = addFormats as unknown as (
    a: Pick<Ajv2020, 'addFormat'>,
    o: { mode: 'full'; formats: string[] },
  ) => unknown;
  plugin(ajv, { mode: 'full', formats: [...AJV_FORMATS] });
  for (const [name, validate] of Object.entries(OWN_FORMAT_CHECKERS)) ajv.addFormat(name, { type: 'string', validate });
  ajv.addFormat('regex', { type: 'string', validate: isRegexFormat }); // ENGINE_FORMATS
  // 2020-12 adds index manipulation (`0+1/a`); the older drafts' engines keep ajv-formats' check.
  if (dialect === '2020-12')
    ajv.addFormat('relative-json-pointer', { type: 'string', validate: isRelativeJsonPointer2020 });
}

/** A new Ajv 2020 instance for one config; never shared with another config. */
export function createEngine(config: EngineConfig): Ajv2020 {
  const ajv = new Ajv2020({
    ...ENGINE_OPTIONS,
    validateFormats: config.formatAssertion,
    ownProperties: config.ownProperties,
  });
  // Ajv2020 forces its evaluated-property tracking on. toolgate computes annotations itself
  // (unevaluated.ts), and that tracking code throws on some valid schemas (a failed `anyOf`
  // branch before `patternProperties` leaves its props variable undefined), so it is not generated.
  ajv.opts.unevaluated = false;
  if (config.formatAssertion) installFormatAssertion(ajv, '2020-12');
  if (config.contentAssertion) installContentKeywords(ajv);
  installMultipleOf(ajv);
  installContains(ajv);
  installNotAndIf(ajv);
  installFlatUnions(ajv);
  installUniqueItems(ajv);
  installConstEnum(ajv);
  installUnevaluated(ajv);
  installStepBudget(ajv);
  return ajv;
}

const shared = new Map<string, Ajv2020>();

/** The shared instance for a config, used for documents that carry no identifiers of their own. */
export function sharedEngine(config: EngineConfig): Ajv2020 {
  const key =
    `${config.formatAssertion ? 'F' : 'f'}${config.contentAssertion ? 'C' : 'c'}` +
    `${config.ownProperties ? 'O' : 'o'}`;
  let ajv = shared.get(key);
  if (ajv === undefined) {
    ajv = createEngine(config);
    shared.set(key, ajv);
  }
  return ajv;
}

const readied = new Set<Ajv2020>();

/**
 * Sets up the shared instance for a config and runs Ajv's compiler once on a small schema, once per config: the
 * first compile in a process runs Ajv's own code cold (some 20 ms). Admission calls it when it leaves a compile to a
 * tool's first call (`compile: 'lazy'`), so that call pays for its own compile alone.
 */
export function readySharedEngine(config: EngineConfig): void {
  const ajv = sharedEngine(config);
  if (readied.has(ajv)) return;
  readied.add(ajv);
  compileOn(ajv, {
    schema: { type: 'object', properties: { a: { type: 'string', maxLength: 1 } } },
    extra: [],
    keep: false,
  });
}

const restrictedMeta = new Map<string, ValidateFunction>();

const VOCAB_BASE = 'https://json-schema.org/draft/2020-12/vocab/';
const META_BASE = 'https://json-schema.org/draft/2020-12/meta/';

/**
 * The 2020-12 meta-schema restricted to some vocabularies: the vocabulary meta-schemas Ajv ships,
 * under a `$dynamicAnchor: "meta"` so that their `$dynamicRef: "#meta"` brings every subschema back
 * to the same restricted set (Core §8.1.2: only the keywords of the meta-schema's vocabularies are
 * keywords; anything else in the document is an annotation and may hold any value).
 */
function restrictedMetaValidator(ajv: Ajv2020, vocabularies: ReadonlySet<string>): ValidateFunction {
  const files = new Set<string>(['core']);
  for (const v of vocabularies)
    if (v.startsWith(VOCAB_BASE)) files.add(metaSchemaOf(v.slice(VOCAB_BASE.length)) ?? v.slice(VOCAB_BASE.length));
  const key = [...files].sort().join(',');
  let validator = restrictedMeta.get(key);
  if (validator === undefined) {
    validator = ajv.compile({
      $id: `urn:toolgate:meta:${key}`,
      $dynamicAnchor: 'meta',
      allOf: [...files].sort().map((f) => ({ $ref: `${META_BASE}${f}` })),
    });
    restrictedMeta.set(key, validator);
  }
  return validator;
}

/**
 * Checks a document against the official 2020-12 meta-schema (with the code Ajv generated for it ahead of
 * time), or, for a document whose custom meta-schema lists fewer vocabularies, against the vocabulary
 * meta-schemas of those it lists (compiled on first use). Returns Ajv's errors, whose instancePath is the
 * location inside the schema being checked.
 */
export function metaValidate(schema: unknown, vocabularies?: ReadonlySet<string>): readonly EngineError[] {
  const validator = vocabularies === undefined ? metaSchema2020 : restrictedMetaValidator(metaEngine(), vocabularies);
  return outsideAnyValidation(() => validator(schema)) ? [] : (validator.errors ?? []);
}

/**
 * The Draft 2020-12 engine for a config: the shared instance, or with `fresh` a new one (a document that
 * carries identifiers of its own, or one that stays registered for its `unevaluated*` keywords).
 */
export function engine2020(config: EngineConfig, fresh: boolean): Engine {
  const ajv = fresh ? createEngine(config) : sharedEngine(config);
  return { compile: (input) => compileOn(ajv, input) };
}

/**
 * Compiles on an engine and removes the schema from Ajv's own caches and value scope, so a shared instance never
 * grows; `keep` (a fresh private engine only) leaves it registered and installs toolgate's
 * in-place applicators for its `unevaluated*` keywords, compiling every subschema they apply.
 */
export function compileOn(ajv: Ajv2020, input: EngineInput): ValidateFunction {
  const { schema, extra, keep } = input;
  if (keep) installInPlaceApplicators(ajv);
  const mark = keep ? undefined : scopeMark(ajv);
  for (const d of extra) ajv.addSchema(d.schema as object, d.uri);
  try {
    return compileWithRefPaths(ajv, schema as object, keep ? () => precompileAnnotations(ajv, schema) : undefined);
  } finally {
    if (!keep) cleanUp(ajv, schema, extra);
    if (mark !== undefined) scopeRelease(ajv, mark);
  }
}

/**
 * Ajv's value scope (its ValueScope, codegen/scope): each compile adds its validate function, its schema, patterns and
 * keyword closures, and Ajv never removes them (`removeSchema` leaves them), so a shared instance held every
 * validator it ever compiled: about 6 KB a small schema, 1 MB one whose `$ref`s Ajv inlines, whatever
 * `configureCache` said (a hunt's find). A generated function reads its scope values once, when Ajv creates it
 * (`const schema1 = scope.schema[0]`), and a later compile finds a value again by its reference or makes a new
 * slot, so what a compile added can go when it ends.
 */
interface ValueScope {
  readonly _values: Record<string, Map<unknown, unknown> | undefined>;
  readonly _scope: Record<string, unknown[] | undefined>;
}

/** Each prefix's count of values and of slots before a compile. */
type ScopeMark = ReadonlyMap<string, readonly [values: number, slots: number]>;

function scopeOf(ajv: Ajv2020): ValueScope {
  return ajv.scope as unknown as ValueScope;
}

function scopeMark(ajv: Ajv2020): ScopeMark {
  const scope = scopeOf(ajv);
  const mark = new Map<string, readonly [number, number]>();
  for (const [prefix, values] of Object.entries(scope._values))
    mark.set(prefix, [values?.size ?? 0, scope._scope[prefix]?.length ?? 0]);
  return mark;
}

/** Removes what a compile added to the value scope: the last entries of each prefix's map and array. */
function scopeRelease(ajv: Ajv2020, mark: ScopeMark): void {
  const scope = scopeOf(ajv);
  for (const [prefix, values] of Object.entries(scope._values)) {
    const [before, slotsBefore] = mark.get(prefix) ?? [0, 0];
    if (values === undefined || values.size <= before) continue;
    let i = 0;
    for (const key of [...values.keys()]) if (i++ >= before) values.delete(key);
    const slots = scope._scope[prefix];
    if (slots !== undefined && slots.length > slotsBefore) slots.length = slotsBefore;
  }
}

function cleanUp(ajv: Ajv2020, schema: unknown, extra: readonly { uri: string; schema: unknown }[]): void {
  if (typeof schema === 'object' && schema !== null) ajv.removeSchema(schema);
  ajv.removeSchema('');
  for (const d of extra) ajv.removeSchema(d.uri);
}
