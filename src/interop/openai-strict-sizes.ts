// The documented size limits of one OpenAI strict-mode schema (openai-strict.ts): object nesting, the properties,
// enum values and characters of the whole schema, and the length of a large enum.
import { isObject } from '../util/plain-json.js';
import { describesObject, objectNodes, type RuleHit } from './profile.js';

/** Documented size limits of one schema. */
export const OPENAI_STRICT_LIMITS = {
  objectProperties: 5000,
  nestingLevels: 10,
  enumValues: 1000,
  totalStringLength: 120_000,
  largeEnum: 250,
  largeEnumStringLength: 15_000,
} as const;

/** Object nesting: an object schema inside another's properties/items/anyOf counts one level more. */
export function nesting(schema: unknown): RuleHit[] {
  const levels = new Map<string, number>();
  const out: RuleHit[] = [];
  for (const { node, pointer, n } of objectNodes(schema)) {
    const above = n.parent === undefined ? 0 : (levels.get(n.parent) ?? 0);
    const level = above + (describesObject(node) ? 1 : 0);
    levels.set(pointer, level);
    if (describesObject(node) && level === OPENAI_STRICT_LIMITS.nestingLevels + 1) {
      out.push({
        message: `objects nest ${level} levels deep here; strict mode allows ${OPENAI_STRICT_LIMITS.nestingLevels}`,
        schemaPath: pointer,
      });
    }
  }
  return out;
}

/** The documented totals and the size of a large enum, each past its limit. */
export function sizes(schema: unknown): RuleHit[] {
  let properties = 0;
  let enumValues = 0;
  let strings = 0;
  const out: RuleHit[] = [];
  for (const { node, pointer } of objectNodes(schema)) {
    if (isObject(node['properties']))
      for (const k of Object.keys(node['properties'])) {
        properties++;
        strings += k.length;
      }
    for (const d of ['$defs', 'definitions'])
      if (isObject(node[d])) for (const k of Object.keys(node[d])) strings += k.length;
    if (typeof node['const'] === 'string') strings += node['const'].length;
    const e = node['enum'];
    if (Array.isArray(e)) {
      enumValues += e.length;
      const length = e.reduce((acc: number, v) => acc + (typeof v === 'string' ? v.length : 0), 0);
      strings += length;
      if (e.length > OPENAI_STRICT_LIMITS.largeEnum && length > OPENAI_STRICT_LIMITS.largeEnumStringLength) {
        out.push({
          message:
            `an enum of ${e.length} values totals ${length} characters; above ` +
            `${OPENAI_STRICT_LIMITS.largeEnum} values strict mode allows ${OPENAI_STRICT_LIMITS.largeEnumStringLength}`,
          schemaPath: `${pointer}/enum`,
        });
      }
    }
  }
  if (properties > OPENAI_STRICT_LIMITS.objectProperties)
    out.push({
      message: `${properties} object properties in total; strict mode allows ${OPENAI_STRICT_LIMITS.objectProperties}`,
      schemaPath: '',
    });
  if (enumValues > OPENAI_STRICT_LIMITS.enumValues)
    out.push({
      message: `${enumValues} enum values in total; strict mode allows ${OPENAI_STRICT_LIMITS.enumValues}`,
      schemaPath: '',
    });
  if (strings > OPENAI_STRICT_LIMITS.totalStringLength)
    out.push({
      message:
        `property names, definition names, enum and const values total ${strings} characters; strict mode ` +
        `allows ${OPENAI_STRICT_LIMITS.totalStringLength}`,
      schemaPath: '',
    });
  return out;
}
