import type { ViolationCode, ViolationParams } from '../result.js';
import { clip, quote } from '../util/describe-value.js';
import { deepFreeze } from '../util/plain-json.js';

/*
 * From an engine error to a violation's stable `code` and plain `params`. Only an error's `keyword` and
 * `params` are read (what every engine's errors carry), never its message text. Params come from the
 * private schema copy (limits, allowed values) and from the arguments (a property name): foreign text is
 * clipped as messages clip it.
 */

/** Allowed values (`enum`) given in `params.allowed`; the rest are counted in `params.more`. */
export const MAX_PARAM_VALUES = 20;
/** Characters of one value's JSON text, or of one name, in params. */
export const MAX_PARAM_TEXT = 200;

/** The code of each engine keyword whose code does not depend on its params. */
const KEYWORD_CODES: Readonly<Record<string, ViolationCode>> = {
  type: 'type_mismatch',
  required: 'required_missing',
  dependentRequired: 'dependent_required_missing',
  dependencies: 'dependent_required_missing',
  additionalProperties: 'unexpected_property',
  unevaluatedProperties: 'unexpected_property',
  propertyNames: 'invalid_property_name',
  enum: 'not_in_enum',
  const: 'const_mismatch',
  minimum: 'below_minimum',
  exclusiveMinimum: 'below_minimum',
  maximum: 'above_maximum',
  exclusiveMaximum: 'above_maximum',
  multipleOf: 'not_multiple_of',
  minLength: 'string_too_short',
  maxLength: 'string_too_long',
  pattern: 'pattern_mismatch',
  format: 'format_mismatch',
  contentEncoding: 'content_mismatch',
  contentMediaType: 'content_mismatch',
  minItems: 'too_few_items',
  maxItems: 'too_many_items',
  additionalItems: 'too_many_items',
  uniqueItems: 'duplicate_items',
  minProperties: 'too_few_properties',
  maxProperties: 'too_many_properties',
  contains: 'contains_count',
  minContains: 'contains_count',
  maxContains: 'contains_count',
  not: 'matches_not',
  anyOf: 'no_branch_matched',
  if: 'if_branch_failed',
  'false schema': 'false_schema',
};

// The table as a Map: one lookup per violation, where the record took an own-property test and a keyed load.
const CODE_BY_KEYWORD: ReadonlyMap<string, ViolationCode> = new Map(Object.entries(KEYWORD_CODES));

/** The code of an engine error; `keyword_failed` only for a keyword this table does not know. */
export function codeOf(keyword: string, params: unknown): ViolationCode {
  const p = paramsOf(params);
  if (keyword === 'oneOf') return Array.isArray(p['passingSchemas']) ? 'several_branches_matched' : 'no_branch_matched';
  // `items` (2020-12, after `prefixItems`) and `unevaluatedItems` say how many items are allowed when they can.
  if (keyword === 'items' || keyword === 'unevaluatedItems')
    return p['limit'] === undefined ? 'unexpected_items' : 'too_many_items';
  return CODE_BY_KEYWORD.get(keyword) ?? 'keyword_failed';
}

const paramsOf = (params: unknown): Readonly<Record<string, unknown>> =>
  params !== null && typeof params === 'object' ? (params as Record<string, unknown>) : {};

/** A value of the schema as its JSON text, clipped: plain data whatever the value is. */
const json = (value: unknown): string => quote(value, MAX_PARAM_TEXT);
/** A name (a property, a format): a string clipped, anything else as JSON. */
const name = (value: unknown): string => (typeof value === 'string' ? clip(value, MAX_PARAM_TEXT) : json(value));
/** A number of the schema (a limit), or its JSON text when it is not a finite number. */
const numberOf = (value: unknown): number | string =>
  typeof value === 'number' && Number.isFinite(value) ? value : json(value);

// The params of a failed `type`, by Ajv's comma-joined type list: JSON has seven types, so a few hundred lists.
const byTypeList = new Map<string, ViolationParams>();

/** Ajv's `type` params (one name, a comma-joined list, or an array) as `{ expected: [names] }`. */
function expectedTypes(t: unknown): ViolationParams {
  if (Array.isArray(t)) return once(t, () => ({ expected: t.map(name) }));
  const list = String(t);
  let made = byTypeList.get(list);
  if (made === undefined) {
    made = deepFreeze({ expected: list.split(',').map((x) => clip(x, MAX_PARAM_TEXT)) });
    if (byTypeList.size < 1024) byTypeList.set(list, made);
  }
  return made;
}

// The params of an `enum` or an object `const`, by the schema's value (the engine hands the same object on every
// error of one schema location): written once, frozen and shared, so 100 failed items cost one list's texts.
const bySchemaValue = new WeakMap<object, ViolationParams>();

function once(value: unknown, make: () => ViolationParams): ViolationParams {
  if (value === null || typeof value !== 'object') return make();
  let made = bySchemaValue.get(value);
  if (made === undefined) {
    made = deepFreeze(make());
    bySchemaValue.set(value, made);
  }
  return made;
}

/** `allowed`: the first MAX_PARAM_VALUES values as clipped JSON texts, `more`: how many were left out. */
function allowedOf(values: unknown): ViolationParams {
  return once(values, () => {
    const list = Array.isArray(values) ? values : [];
    const allowed = list.slice(0, MAX_PARAM_VALUES).map(json);
    return list.length > MAX_PARAM_VALUES ? { allowed, more: list.length - MAX_PARAM_VALUES } : { allowed };
  });
}

/** The plain params of an engine error (docs/api.md lists them per code). */
export function paramsFor(keyword: string, params: unknown): ViolationParams {
  const p = paramsOf(params);
  switch (keyword) {
    case 'type':
      return expectedTypes(p['type']);
    case 'required':
      return { property: name(p['missingProperty']) };
    case 'dependentRequired':
    case 'dependencies':
      return { property: name(p['property']), missing: name(p['missingProperty']) };
    case 'additionalProperties':
      return { property: name(p['additionalProperty']) };
    case 'unevaluatedProperties':
      return { property: name(p['unevaluatedProperty']) };
    case 'propertyNames':
      return { property: name(p['propertyName']) };
    case 'enum':
      return allowedOf(p['allowedValues']);
    case 'const':
      return once(p['allowedValue'], () => ({ expected: json(p['allowedValue']) }));
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return { limit: numberOf(p['limit']), exclusive: keyword.startsWith('exclusive') };
    case 'multipleOf':
      return { multipleOf: numberOf(p['multipleOf']) };
    case 'pattern':
      return { pattern: name(p['pattern']) };
    case 'format':
      return { format: name(p['format']) };
    case 'uniqueItems':
      return { first: numberOf(p['j']), second: numberOf(p['i']) };
    case 'contains':
    case 'minContains':
    case 'maxContains':
      return p['maxContains'] === undefined
        ? { min: numberOf(p['minContains'] ?? 1) }
        : { min: numberOf(p['minContains']), max: numberOf(p['maxContains']) };
    case 'oneOf':
      return Array.isArray(p['passingSchemas']) ? { keyword, passing: p['passingSchemas'].map(numberOf) } : { keyword };
    case 'anyOf':
      return { keyword };
    case 'if':
      return { branch: name(p['failingKeyword']) };
    default:
      // Every count keyword (minLength ... maxProperties, items and additionalItems with a limit) says `limit`.
      if (p['limit'] !== undefined) return { limit: numberOf(p['limit']) };
      return codeOf(keyword, p) === 'keyword_failed' ? { keyword: name(keyword) } : {};
  }
}
