// A tool schema that accepts every arguments object: it constrains nothing, so every call passes, `{"bogus": true}`
// too (the older @modelcontextprotocol/server-filesystem listed `{"$schema": "...draft-07..."}` alone). Decided
// conservatively: a keyword not known to be void here makes the schema constrain something.
import { KEYWORDS } from '../keywords/table.js';
import { isObject } from '../util/plain-json.js';
import type { LintRule } from './warning.js';

/** Keywords that never refuse any value: annotations, identifiers and definitions (the table's `neverRefuses`). */
const ANNOTATIONS: ReadonlySet<string> = new Set(KEYWORDS.filter((k) => k.neverRefuses).map((k) => k.name));

/** Keywords that assert on another instance type only, so they never refuse an object (the table's `assertsOn`). */
const NOT_FOR_OBJECTS: ReadonlySet<string> = new Set(
  KEYWORDS.filter((k) => k.assertsOn !== undefined).map((k) => k.name),
);

/** Whether `schema` accepts every value: `true`, or annotations only. */
function acceptsEveryValue(schema: unknown): boolean {
  if (schema === true) return true;
  return isObject(schema) && Object.keys(schema).every((k) => ANNOTATIONS.has(k));
}

/** Whether one keyword of an object schema lets every object through. */
function voidForObjects(keyword: string, value: unknown): boolean {
  if (ANNOTATIONS.has(keyword) || NOT_FOR_OBJECTS.has(keyword)) return true;
  switch (keyword) {
    case 'type':
      return value === 'object' || (Array.isArray(value) && value.includes('object'));
    case 'properties':
    case 'patternProperties':
    case 'dependentSchemas':
      return isObject(value) && Object.values(value).every(acceptsEveryValue);
    case 'additionalProperties':
    case 'unevaluatedProperties':
    case 'propertyNames':
      return acceptsEveryValue(value);
    case 'required':
      return Array.isArray(value) && value.length === 0;
    case 'minProperties':
      return value === 0;
    case 'dependentRequired':
      return isObject(value) && Object.values(value).every((v) => Array.isArray(v) && v.length === 0);
    case 'allOf':
      return Array.isArray(value) && value.every(acceptsEveryObject);
    case 'anyOf':
      return Array.isArray(value) && value.some(acceptsEveryObject);
    default:
      return false;
  }
}

/** Whether a tool's input schema accepts every arguments object (constrains nothing an object can break). */
export function acceptsEveryObject(schema: unknown): boolean {
  if (schema === true) return true;
  return isObject(schema) && Object.entries(schema).every(([k, v]) => voidForObjects(k, v));
}

/** The whole schema accepts every arguments object: the model's calls are not checked at all. */
export const ACCEPTS_ANYTHING: LintRule = {
  id: 'accepts-anything',
  check({ node, at }) {
    if (at.pointer !== '' || !acceptsEveryObject(node)) return [];
    return [
      {
        rule: 'accepts-anything',
        message:
          'the schema accepts every arguments object (it constrains nothing): any call passes, ' +
          '{"bogus": true} too; declare its "properties" and "required" (a tool without arguments: ' +
          '"additionalProperties": false)',
        schemaPath: '',
      },
    ];
  },
};
