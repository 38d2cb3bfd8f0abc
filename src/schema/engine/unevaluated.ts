import type { Ajv2020, ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import type { DataValidationCxt } from 'ajv/dist/types/index.js';
import { escapePointerToken } from '../../util/json-pointer.js';
import {
  LOOKUP_STEPS,
  applySteps,
  applySubschema,
  itemContext,
  placeOf,
  siteOf,
  validatorFor,
  type AnnotatedDocument,
  type CallContext,
} from './annotation-run.js';
import { followPointer, splitFragment } from '../references.js';
import { boundedRegExp } from '../../regex/bound.js';
import { isObject } from '../../util/plain-json.js';
import { MAX_COLLECTED_ERRORS } from '../../util/limits.js';
import { chargeSteps } from '../../util/work-budget.js';

/**
 * toolgate's own `unevaluatedProperties` / `unevaluatedItems` (Core §11.2, §11.3), installed in
 * place of Ajv's, which collects annotations wrongly with `contains`, with `if` lacking
 * `then`/`else` and with `items` inside `anyOf`. Annotations are computed here from the schema
 * (Core §7.7.1: only from subschemas that validated); whether a subschema validated is asked of
 * annotation-run.ts, which applies each subschema once per instance location and call, so the
 * assertions stay Ajv's and the work stays linear in the instance.
 */

/** Steps (util/work-budget.ts) charged per key or item the keyword looks at, beyond its subschema's own. */
const KEY_STEPS = 20;

/** Guards in-place recursion that Ajv itself would also never finish (an execution limit). */
const MAX_DEPTH = 500;

const hasOwn = (o: object, k: string): boolean => Object.hasOwn(o, k);

/** Does a document use either keyword anywhere? Then it is compiled with this module's support. */
export function usesUnevaluated(doc: unknown): boolean {
  let found = false;
  const visit = (v: unknown): void => {
    if (found || v === null || typeof v !== 'object') return;
    if (!Array.isArray(v) && (hasOwn(v, 'unevaluatedProperties') || hasOwn(v, 'unevaluatedItems'))) found = true;
    for (const c of Object.values(v)) visit(c);
  };
  visit(doc);
  return found;
}

type Evaluated = ReadonlySet<string | number> | 'all';

/** A schema object read once for the annotation walk: what it evaluates, and the pointers it applies in place. */
interface Plan {
  readonly node: Record<string, unknown> | undefined;
  /** Keys of the call memo (annotation-run.ts) for this object's property and item results. */
  readonly keys: { readonly properties: object; readonly items: object };
  readonly properties: readonly string[];
  readonly patterns: readonly { test(s: string): boolean }[];
  readonly prefixItems: number;
  readonly contains: string | undefined;
  readonly allOf: readonly string[];
  readonly anyOf: readonly string[];
  readonly oneOf: readonly string[];
  /** `if`, `then` and `else`. */
  readonly condition: readonly [string | undefined, string | undefined, string | undefined];
  readonly dependentSchemas: readonly (readonly [name: string, pointer: string])[];
  readonly ref: string | undefined;
}

function planOf(doc: AnnotatedDocument, pointer: string): Plan {
  let plan = doc.plans.get(pointer) as Plan | undefined;
  if (plan !== undefined) return plan;
  const found = followPointer(doc.root, pointer);
  const node = isObject(found) ? found : undefined;
  const own = (k: string): unknown => (node !== undefined && hasOwn(node, k) ? node[k] : undefined);
  const at = (k: string): string | undefined => (own(k) === undefined ? undefined : `${pointer}/${k}`);
  const entries = (k: string): string[] => {
    const list = own(k);
    return Array.isArray(list) ? list.map((_, i) => `${pointer}/${k}/${i}`) : [];
  };
  const map = (k: string): Record<string, unknown> => {
    const v = own(k);
    return isObject(v) ? v : {};
  };
  const prefix = own('prefixItems');
  const ref = own('$ref');
  plan = {
    node,
    keys: { properties: {}, items: {} },
    properties: Object.keys(map('properties')),
    patterns: Object.keys(map('patternProperties')).map((p) => boundedRegExp(p, 'u')),
    prefixItems: Array.isArray(prefix) ? prefix.length : 0,
    contains: at('contains'),
    allOf: entries('allOf'),
    anyOf: entries('anyOf'),
    oneOf: entries('oneOf'),
    condition: [at('if'), at('then'), at('else')],
    dependentSchemas: Object.keys(map('dependentSchemas')).map(
      (k) => [k, `${pointer}/dependentSchemas/${escapePointerToken(k)}`] as const,
    ),
    ref: typeof ref === 'string' ? splitFragment(ref).fragment : undefined,
  };
  doc.plans.set(pointer, plan);
  return plan;
}

/** One annotation walk: the keyword asking, at one instance location of one call. */
interface Walk {
  readonly ajv: Ajv2020;
  readonly doc: AnnotatedDocument;
  readonly items: boolean;
  readonly data: unknown;
  readonly cxt: CallContext;
}

const valid = (w: Walk, pointer: string): boolean => applySubschema(w.ajv, w.doc, pointer, w.data, w.cxt).valid;

/**
 * What the schema at `pointer`, having validated `w.data`, evaluated of it (property names or item
 * indexes), from its own keywords and in-place subschemas (Core §10.2); `skipSelf` leaves out the
 * keyword asking. Each (schema, location) is computed once per call and kept in the call's memo.
 */
function evaluated(w: Walk, pointer: string, skipSelf: boolean, depth: number): Evaluated {
  if (depth > MAX_DEPTH) throw new RangeError('unevaluated: in-place applicators nest too deeply');
  chargeSteps(LOOKUP_STEPS);
  const plan = planOf(w.doc, pointer);
  // The asking keyword's own walk (skipSelf) runs once per keyword application; it is not kept.
  const place = skipSelf ? undefined : placeOf(w.cxt, w.data);
  const memo = place?.memo;
  const key = w.items ? plan.keys.items : plan.keys.properties;
  const known = memo?.get(key) as Evaluated | undefined;
  if (known !== undefined) return known;
  // Charged before the work, as a subschema applied (annotation-run.ts): a new set and its memo entry cost
  // about as much; plus a step per name or index the schema's own keywords may add.
  chargeSteps(applySteps(place) + (w.items ? plan.prefixItems : plan.properties.length));
  const got = collect(w, plan, skipSelf, depth);
  memo?.set(key, got);
  return got;
}

/** Adds what the subschema at `pointer` evaluated to `out`; true when that is everything. */
function merge(w: Walk, pointer: string, out: Set<string | number>, depth: number): boolean {
  const got = evaluated(w, pointer, false, depth + 1);
  if (got === 'all') return true;
  chargeSteps(got.size);
  for (const x of got) out.add(x);
  return false;
}

function collect(w: Walk, plan: Plan, skipSelf: boolean, depth: number): Evaluated {
  const { data, items } = w;
  const node = plan.node;
  const out = new Set<string | number>();
  if (node === undefined) return out;
  if (items) {
    if (!Array.isArray(data)) return out;
    if (hasOwn(node, 'items') || (!skipSelf && hasOwn(node, 'unevaluatedItems'))) return 'all';
    for (let i = 0; i < Math.min(plan.prefixItems, data.length); i++) out.add(i);
    if (plan.contains !== undefined)
      for (let i = 0; i < data.length; i++) {
        if (applySubschema(w.ajv, w.doc, plan.contains, data[i], itemContext(w.cxt, i)).valid) out.add(i);
      }
  } else {
    if (!isObject(data)) return out;
    if (hasOwn(node, 'additionalProperties') || (!skipSelf && hasOwn(node, 'unevaluatedProperties'))) return 'all';
    for (const k of plan.properties) if (hasOwn(data, k)) out.add(k);
    if (plan.patterns.length > 0) {
      const keys = Object.keys(data);
      // One step per name and pattern (linear patterns; quadratic ones charge themselves, regex/bound.ts).
      chargeSteps(keys.length * plan.patterns.length);
      for (const k of keys) if (plan.patterns.some((r) => r.test(k))) out.add(k);
    }
  }
  // allOf: every entry validated when the parent did; anyOf/oneOf: only those that validated.
  for (const sub of plan.allOf) if (merge(w, sub, out, depth)) return 'all';
  for (const sub of plan.anyOf) if (valid(w, sub) && merge(w, sub, out, depth)) return 'all';
  for (const sub of plan.oneOf) if (valid(w, sub) && merge(w, sub, out, depth)) return 'all';
  const [ifAt, thenAt, elseAt] = plan.condition;
  if (ifAt !== undefined) {
    const passed = valid(w, ifAt);
    if (passed && merge(w, ifAt, out, depth)) return 'all';
    const branch = passed ? thenAt : elseAt;
    if (branch !== undefined && merge(w, branch, out, depth)) return 'all';
  }
  if (!items && isObject(data))
    for (const [name, sub] of plan.dependentSchemas) if (hasOwn(data, name) && merge(w, sub, out, depth)) return 'all';
  if (plan.ref !== undefined && merge(w, plan.ref, out, depth)) return 'all';
  return out;
}

function makeKeyword(ajv: Ajv2020, keyword: 'unevaluatedProperties' | 'unevaluatedItems') {
  const items = keyword === 'unevaluatedItems';
  const message = items ? 'must NOT have unevaluated items' : 'must NOT have unevaluated properties';
  return (
    schema: unknown,
    parentSchema: object,
    it?: { readonly compositeRule?: boolean },
  ): ((data: unknown, cxt?: CallContext) => boolean) => {
    const site = siteOf(parentSchema, keyword);
    const subPointer = `${site.pointer}/${keyword}`;
    // Outside composite keywords an error is final, so past MAX_COLLECTED_ERRORS the validation is
    // certain to fail and the rest would only be cut off later (step-budget.ts): stop checking there.
    let sub: ValidateFunction | undefined;
    const most = it?.compositeRule === true ? Number.POSITIVE_INFINITY : MAX_COLLECTED_ERRORS;
    const check = (data: unknown, cxt?: CallContext): boolean => {
      // Ajv passes its data context to every keyword it compiled; without one there is no call to belong to.
      if (cxt === undefined) throw new Error(`"${keyword}" applied outside a validation`);
      const seen = evaluated({ ajv, doc: site.doc, items, data, cxt }, site.pointer, true, 0);
      const errors: ErrorObject[] = [];
      if (seen !== 'all') {
        const base = cxt.instancePath;
        const keys: readonly (string | number)[] = items
          ? (data as unknown[]).map((_, i) => i)
          : Object.keys(data as object);
        // The walk below is JavaScript, not generated code: charged before it runs (measured 0.2-0.5 µs a key).
        chargeSteps(keys.length * KEY_STEPS);
        for (let i = 0; i < keys.length && errors.length < most; i++) {
          const key = keys[i]!;
          if (seen.has(key)) continue;
          const at = `${base}/${escapePointerToken(String(key))}`;
          if (schema !== false) {
            const value = (data as Record<string | number, unknown>)[key];
            const call = { instancePath: at, rootData: cxt.rootData, dynamicAnchors: cxt.dynamicAnchors };
            // A scalar has nothing below it that could be applied twice (annotation-run.ts placeOf): no memo.
            if (value === null || typeof value !== 'object') {
              sub ??= validatorFor(ajv, site.doc, subPointer);
              if (sub(value, call as unknown as DataValidationCxt) === true) continue;
            } else if (applySubschema(ajv, site.doc, subPointer, value, call).valid) continue;
          }
          errors.push({
            keyword,
            instancePath: schema === false ? base : at,
            schemaPath: '',
            params: items ? { unevaluatedItem: key } : { unevaluatedProperty: key },
            message,
          });
        }
      }
      (check as { errors?: ErrorObject[] | null }).errors = errors.length > 0 ? errors : null;
      return errors.length === 0;
    };
    return check;
  };
}

/** Replaces Ajv's two keywords with toolgate's on one engine instance. */
export function installUnevaluated(ajv: Ajv2020): void {
  for (const keyword of ['unevaluatedProperties', 'unevaluatedItems'] as const) {
    ajv.removeKeyword(keyword);
    ajv.addKeyword({
      keyword,
      type: keyword === 'unevaluatedItems' ? 'array' : 'object',
      schemaType: ['object', 'boolean'],
      errors: true,
      compile: makeKeyword(ajv, keyword),
    });
  }
}
