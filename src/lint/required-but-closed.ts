import { isObject } from '../schema/walk.js';
import type { LintRule, LintWarning } from './warning.js';

/** Does some `patternProperties` key (ECMA-262, `u` flag) match the name? Unknown on a bad pattern. */
function matchedByPattern(name: string, patterns: unknown): boolean | undefined {
  if (!isObject(patterns)) return false;
  for (const source of Object.keys(patterns)) {
    try {
      if (new RegExp(source, 'u').test(name)) return true;
    } catch {
      return undefined;
    }
  }
  return false;
}

/**
 * A property in `required` that `additionalProperties: false` forbids, because neither `properties`
 * nor `patternProperties` of the same schema declares it (Core §10.3.2.3 only counts those two
 * siblings): no object can satisfy the schema, so the tool can never be called.
 */
export const REQUIRED_BUT_CLOSED: LintRule = {
  id: 'required-but-closed',
  check({ node, at }) {
    if (node['additionalProperties'] !== false || !Array.isArray(node['required'])) return [];
    const props = isObject(node['properties']) ? node['properties'] : {};
    const out: LintWarning[] = [];
    node['required'].forEach((name, i) => {
      if (typeof name !== 'string' || Object.prototype.hasOwnProperty.call(props, name)) return;
      if (matchedByPattern(name, node['patternProperties']) !== false) return;
      out.push({ rule: 'required-but-closed', message: `property ${JSON.stringify(name)} is required but "additionalProperties": false forbids it (not in "properties"): no arguments can ever be valid`, schemaPath: `${at.pointer}/required/${i}` });
    });
    return out;
  },
};

