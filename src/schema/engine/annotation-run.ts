import type { AnySchema, ErrorObject, ValidateFunction } from 'ajv';
import type { DataValidationCxt } from 'ajv/dist/types/index.js';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import { compileSchema, SchemaEnv } from 'ajv/dist/compile/index.js';
import { escapePointerToken } from '../../util/json-pointer.js';
import { followPointer } from '../references.js';
import { isObject } from '../../util/plain-json.js';
import { walkSchema } from '../walk.js';
import { outsideAnyValidation } from './within-steps.js';
import { chargeSteps } from '../../util/work-budget.js';
import { ANNOTATION_APPLIED } from '../held-subschemas.js';

/**
 * The shared state behind toolgate's annotation keywords (unevaluated.ts, in-place.ts): where each
 * schema object sits, one validator per subschema pointer, and a per-call memo, so that a subschema
 * is applied to an object or array of the instance at most once per top-level validation, whether
 * an in-place applicator or the annotation walk of `unevaluated*` asks for it.
 */

/** A document compiled with annotation support: its private engine registers it under `rootId`. */
export interface AnnotatedDocument {
  readonly rootId: string;
  readonly root: unknown;
  readonly validators: Map<string, ValidateFunction>;
  /** What unevaluated.ts reads of each schema object, by pointer. */
  readonly plans: Map<string, unknown>;
}

/** Where a schema object sits: its document and its JSON Pointer there. */
export interface Site {
  readonly doc: AnnotatedDocument;
  readonly pointer: string;
}

/** What a validator reports for one instance location. */
export interface Outcome {
  readonly valid: boolean;
  readonly errors: readonly ErrorObject[];
}

/** The part of Ajv's data context that the annotation keywords read and pass on. */
export interface CallContext {
  readonly instancePath: string;
  readonly rootData: unknown;
  /** Ajv creates this object afresh for every top-level call and hands it down unchanged; see placeOf. */
  readonly dynamicAnchors: object;
}

/**
 * The context for item `index` of the array at `cxt`: the three fields written out, since V8 builds a spread
 * followed by another member (`{ ...cxt, instancePath }`) on a slow path, about 0.7 µs per item.
 */
export function itemContext(cxt: CallContext, index: number): CallContext {
  return { instancePath: `${cxt.instancePath}/${index}`, rootData: cxt.rootData, dynamicAnchors: cxt.dynamicAnchors };
}

const sites = new WeakMap<object, Site>();

/**
 * Records the pointer of every object of a document registered under `rootId`, so the keywords can
 * find their siblings' validators. References in the document must be local pointers.
 */
export function registerDocument(root: unknown, rootId: string): void {
  const doc: AnnotatedDocument = { rootId, root, validators: new Map(), plans: new Map() };
  const visit = (v: unknown, pointer: string): void => {
    if (v === null || typeof v !== 'object') return;
    if (Array.isArray(v)) for (const [i, c] of v.entries()) visit(c, `${pointer}/${i}`);
    else {
      sites.set(v, { doc, pointer });
      for (const k of Object.keys(v)) visit((v as Record<string, unknown>)[k], `${pointer}/${escapePointerToken(k)}`);
    }
  };
  visit(root, '');
}

/** The site of a schema object Ajv is compiling; throws when its document was not registered. */
export function siteOf(node: object, keyword: string): Site {
  const site = sites.get(node);
  if (site === undefined) throw new Error(`"${keyword}" outside a document registered for annotation tracking`);
  return site;
}

/** A pointer of the document as Ajv writes schema paths: a URI fragment, each token percent-encoded. */
export const schemaPathOf = (pointer: string): string =>
  `#${pointer
    .split('/')
    .map((s) => encodeURIComponent(s))
    .join('/')}`;

/**
 * The validator of the subschema at `pointer`, compiled once. It is compiled in the document's
 * own scope, with the subschema's absolute location as its schema path, so its errors read as if
 * Ajv had applied the subschema in place.
 */
export function validatorFor(ajv: Ajv2020, doc: AnnotatedDocument, pointer: string): ValidateFunction {
  const known = doc.validators.get(pointer);
  if (known !== undefined) return known;
  const root = ajv.getSchema(doc.rootId)?.schemaEnv;
  const schema = followPointer(doc.root, pointer);
  if (root === undefined || (typeof schema !== 'boolean' && !isObject(schema)))
    throw new Error(`annotation tracking: no subschema at ${pointer}`);
  const env = new SchemaEnv({
    schema: schema as AnySchema,
    schemaId: '$id',
    root,
    baseId: root.baseId,
    schemaPath: schemaPathOf(pointer),
  });
  const validate = compileSchema.call(ajv, env).validate as ValidateFunction | undefined;
  if (validate === undefined) throw new Error(`annotation tracking: ${pointer} did not compile`);
  doc.validators.set(pointer, validate);
  return validate;
}

/**
 * Compiles every validator the keywords can ask for in schema positions now, so that a subschema
 * the engine refuses is found by validateSchema rather than by the first call.
 */
export function precompileAnnotations(ajv: Ajv2020, root: unknown): void {
  const doc = isObject(root) ? sites.get(root)?.doc : undefined;
  if (doc === undefined) throw new Error('annotation tracking: document not registered');
  walkSchema(root, ({ node, pointer }) => {
    for (const k of ['anyOf', 'oneOf']) {
      const list = Object.hasOwn(node, k) ? node[k] : undefined;
      if (Array.isArray(list)) for (let i = 0; i < list.length; i++) validatorFor(ajv, doc, `${pointer}/${k}/${i}`);
    }
    for (const k of ANNOTATION_APPLIED) if (Object.hasOwn(node, k)) validatorFor(ajv, doc, `${pointer}/${k}`);
  });
  // Like warm-up.ts for the root: V8 compiles a function's body on its first call; that belongs to admission.
  outsideAnyValidation(() => {
    for (const validate of doc.validators.values()) validate(null);
  });
}

/** What one call has found out about one object or array of the instance at one location. */
export interface Place {
  readonly instancePath: string;
  /** Outcomes by subschema pointer (strings); annotation results by keys unevaluated.ts chooses (objects). */
  readonly memo: Map<string | object, unknown>;
  /** The same object met at other locations (a host may pass one object twice; errors name each location). */
  others?: Map<string, Place>;
}

/** One top-level validation: a place per object or array of the instance. */
type Run = Map<object, Place>;

// Kept on the call's own `dynamicAnchors` object under a private symbol, so it dies with the call
// (a WeakMap keyed by short-lived objects costs the garbage collector more than the work it saves).
const RUN = Symbol('toolgate annotation run');

/**
 * The memo of `data` at `cxt.instancePath` in the call `cxt` belongs to; undefined for scalars.
 * Scalars have no children, so nothing below one can be validated twice, and a property name
 * (which `propertyNames` validates at its object's location) must never share results with another.
 *
 * The call is identified by `dynamicAnchors`: Ajv's generated code creates it as a fresh `{}` per
 * top-level call and passes the same object to every validator and keyword it calls (toolgate's
 * keywords pass it on too), so no global state is needed. Linking removes every `$dynamicAnchor`
 * before Ajv sees the document, so Ajv never writes to it.
 */
export function placeOf(cxt: CallContext, data: unknown): Place | undefined {
  if (data === null || typeof data !== 'object') return undefined;
  const anchors = cxt.dynamicAnchors as { [RUN]?: Run };
  let run = anchors[RUN];
  if (run === undefined) {
    run = new Map();
    anchors[RUN] = run;
  }
  const first = run.get(data);
  if (first === undefined) {
    const place: Place = { instancePath: cxt.instancePath, memo: new Map() };
    run.set(data, place);
    return place;
  }
  if (first.instancePath === cxt.instancePath) return first;
  first.others ??= new Map();
  let place = first.others.get(cxt.instancePath);
  if (place === undefined) {
    place = { instancePath: cxt.instancePath, memo: new Map() };
    first.others.set(cxt.instancePath, place);
  }
  return place;
}

/**
 * Steps (util/work-budget.ts) charged per applySubschema call, found in the memo or not: the place and memo
 * lookups. The callers' loops run once per subschema they hold, outside the generated code the step keyword
 * charges, so this is what bounds a wide `anyOf` looked up again and again.
 */
export const LOOKUP_STEPS = 4;

/**
 * Steps charged per subschema actually applied, before the work: the validator call with its fresh context,
 * the outcome and its memo entry; the subschema's own keywords charge themselves as the validator runs. A hunt's
 * find: uncharged, 1,000 `true` branches over 1,000 objects took 1.1 s, and 9,000 exhausted the heap. Measured
 * with the evaluated set beside it (unevaluated.ts): 0.35 µs a branch for 10-100 branches, 0.65 µs for 1,000,
 * 1.8 µs for 9,000, as the place's memo and the validators it touches outgrow the caches; so the charge grows
 * with the entries already in the memo, one step per MEMO_ENTRIES_PER_STEP. Twice that warm figure, with
 * LOOKUP_STEPS: a review found a process's first walk 3-4 times slower a step (600 `$ref` branches: 67-76 ms).
 */
const APPLY_STEPS = 40;
const MEMO_ENTRIES_PER_STEP = 100;

/** What applying one more subschema at `place` (or making its evaluated set) is charged; see APPLY_STEPS. */
export const applySteps = (place: Place | undefined): number =>
  APPLY_STEPS + (place === undefined ? 0 : Math.floor(place.memo.size / MEMO_ENTRIES_PER_STEP));

/** Applies the subschema at `pointer` to `data`, once per call and place (see placeOf). */
export function applySubschema(
  ajv: Ajv2020,
  doc: AnnotatedDocument,
  pointer: string,
  data: unknown,
  cxt: CallContext,
): Outcome {
  chargeSteps(LOOKUP_STEPS);
  const place = placeOf(cxt, data);
  const hit = place?.memo.get(pointer) as Outcome | undefined;
  if (hit !== undefined) return hit;
  chargeSteps(applySteps(place));
  const validate = validatorFor(ajv, doc, pointer);
  const call = { instancePath: cxt.instancePath, rootData: cxt.rootData, dynamicAnchors: cxt.dynamicAnchors };
  // A passing outcome is shared: `unevaluated*` applies a subschema to every key or item it checks.
  const outcome: Outcome =
    validate(data, call as unknown as DataValidationCxt) === true
      ? VALID
      : { valid: false, errors: [...(validate.errors ?? [])] };
  place?.memo.set(pointer, outcome);
  return outcome;
}

const VALID: Outcome = Object.freeze({ valid: true, errors: Object.freeze([]) as readonly ErrorObject[] });
