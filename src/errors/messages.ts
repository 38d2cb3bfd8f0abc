import type { EngineError } from './engine-error.js';
import { clip, quote } from '../util/describe-value.js';

/** JSON type name of a value as Draft 2020-12 sees it (Validation §6.1.1: an integer is a number with no fraction). */
export function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

const PLURAL: Record<string, string> = { item: 'items', property: 'properties', character: 'characters' };

/** A name from the schema (a format, a media type), cut short: it is shown, never copied whole. */
const shown = (name: unknown): string => clip(String(name), 80);

function count(n: unknown, noun: string): string {
  return `${String(n)} ${n === 1 ? noun : (PLURAL[noun] ?? noun)}`;
}

/**
 * One short English sentence per broken rule, values quoted as JSON. `parent` is the schema object
 * holding the keyword, when known, for keywords whose Ajv params do not say enough (content*).
 */
export function messageFor(e: EngineError, value: unknown, parent?: Readonly<Record<string, unknown>>): string {
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required':
      return `missing required property ${quote(p['missingProperty'])}`;
    case 'additionalProperties':
      return `unexpected property ${quote(p['additionalProperty'])}`;
    case 'unevaluatedProperties':
      return `unexpected property ${quote(p['unevaluatedProperty'])}`;
    case 'type': {
      const t = p['type'];
      const expected = Array.isArray(t)
        ? t.join(' or ')
        : typeof t === 'string' && !t.includes(',')
          ? t
          : String(t).split(',').join(' or ');
      return `expected ${expected}, got ${jsonType(value)}`;
    }
    case 'enum':
      return `${quote(value)} is not one of ${quote(p['allowedValues'])}`;
    case 'const':
      return `expected ${quote(p['allowedValue'])}, got ${quote(value)}`;
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return `${quote(value)} must be ${String(p['comparison'])} ${String(p['limit'])}`;
    case 'multipleOf':
      return `${quote(value)} must be a multiple of ${String(p['multipleOf'])}`;
    case 'minLength':
      return `must be at least ${count(p['limit'], 'character')} long`;
    case 'maxLength':
      return `must be at most ${count(p['limit'], 'character')} long`;
    case 'pattern':
      return `${quote(value)} does not match pattern ${quote(p['pattern'])}`;
    case 'format':
      return `${quote(value)} is not a valid ${shown(p['format'])}`;
    case 'minItems':
      return `must have at least ${count(p['limit'], 'item')}`;
    case 'maxItems':
      return `must have at most ${count(p['limit'], 'item')}`;
    case 'uniqueItems':
      return `items ${String(p['j'])} and ${String(p['i'])} are equal; items must be unique`;
    case 'minProperties':
      return `must have at least ${count(p['limit'], 'property')}`;
    case 'maxProperties':
      return `must have at most ${count(p['limit'], 'property')}`;
    case 'minContains':
    case 'maxContains':
    case 'contains':
      return p['maxContains'] !== undefined
        ? `must contain from ${String(p['minContains'])} to ${count(p['maxContains'], 'item')} matching "contains"`
        : `must contain at least ${count(p['minContains'] ?? 1, 'item')} matching "contains"`;
    // draft-07's `dependencies` with a list of names: Ajv reports it with dependentRequired's params.
    case 'dependencies':
    case 'dependentRequired':
      return `property ${quote(p['property'])} requires property ${quote(p['missingProperty'])}`;
    case 'propertyNames':
      return `property name ${quote(p['propertyName'])} is invalid`;
    case 'unevaluatedItems':
    case 'items':
    case 'additionalItems':
      return p['limit'] === undefined
        ? `has items that no other keyword evaluates; "${e.keyword}" allows none`
        : `must have at most ${count(p['limit'], 'item')}`;
    case 'not':
      return 'must not match the schema in "not"';
    case 'oneOf':
      return Array.isArray(p['passingSchemas'])
        ? `matches ${(p['passingSchemas'] as unknown[]).length} branches of "oneOf"; exactly one is allowed`
        : 'matches none of the "oneOf" branches';
    case 'anyOf':
      return 'matches none of the "anyOf" branches';
    case 'if':
      return `must match the "${shown(p['failingKeyword'])}" schema`;
    case 'false schema':
      return 'no value is allowed here';
    case 'contentEncoding':
      return `${quote(value)} is not valid ${shown(parent?.['contentEncoding'] ?? 'encoded')} content`;
    case 'contentMediaType':
      return parent?.['contentSchema'] !== undefined
        ? `${quote(value)} is not a valid ${shown(parent['contentMediaType'])} document matching "contentSchema"`
        : `${quote(value)} is not a valid ${shown(parent?.['contentMediaType'] ?? 'content')} document`;
    default:
      return clip(e.message ?? `fails "${e.keyword}"`, 200);
  }
}
