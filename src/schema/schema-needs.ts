import { regexDegree } from '../regex/degree.js';
import { isObject } from '../util/plain-json.js';
import { walkSchema } from './walk.js';

/*
 * What a compiled schema costs on every call is decided once, when it is compiled, from the
 * private copies of its documents: the costly run-time modes are switched on only for schemas that
 * can tell the difference.
 *
 * ownProperties: whether a schema needs the engine's `ownProperties` mode. Without it Ajv tests a named property
 * with `data[name] !== undefined`, which finds inherited members; with it every such test also
 * calls `hasOwnProperty`, about three times the cost of a small validation. Arguments reach the
 * engine only as plain objects whose prototype is Object.prototype or null (arguments/json-fast-check.ts,
 * util/plain-json.ts, arguments/json-text.ts), and Object.prototype's members are not enumerable, so the
 * difference shows only when the schema names one of them where presence is tested: a key of
 * `properties` (Validation §10.3.2.1), `dependentSchemas` (§10.2.2.4) or `dependentRequired`
 * (Validation §6.5.4), or a member of `required` (§6.5.3) or of a `dependentRequired` list. The
 * instance's own properties are what those sections speak of.
 */

/** Names standard on Object.prototype, whatever the current realm has added or removed. */
const STANDARD_NAMES = [
  'constructor',
  '__proto__',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  '__defineGetter__',
  '__defineSetter__',
  '__lookupGetter__',
  '__lookupSetter__',
];

/** Every name an argument object could inherit when the schema is compiled, standard or added by the host. */
function inheritedNames(): Set<string> {
  return new Set([...STANDARD_NAMES, ...Object.getOwnPropertyNames(Object.prototype)]);
}

/** True when any of `schemas` (private copies) tests the presence of a name arguments could inherit. */
export function needsOwnProperties(schemas: readonly unknown[]): boolean {
  const inherited = inheritedNames();
  const names = (v: unknown): readonly unknown[] => (isObject(v) ? Object.keys(v) : Array.isArray(v) ? v : []);
  let found = false;
  const check = (list: readonly unknown[]): void => {
    for (const name of list) if (typeof name === 'string' && inherited.has(name)) found = true;
  };
  for (const schema of schemas) {
    walkSchema(schema, ({ node }) => {
      check(names(node['properties']));
      check(names(node['required']));
      check(names(node['dependentSchemas']));
      const dr = node['dependentRequired'];
      if (isObject(dr)) {
        check(Object.keys(dr));
        for (const list of Object.values(dr)) check(names(list));
      }
      return !found;
    });
    if (found) return true;
  }
  return false;
}

/**
 * True when any of `schemas` holds a `pattern` or `patternProperties` regular expression whose
 * backtracking can be quadratic (regex/degree.ts), so that a validation must run under the pattern
 * budget of regex/bound.ts. Every JSON object of the documents is looked at, schema position or
 * not: a superset of the patterns the engine and toolgate's own keywords compile.
 */
export function needsPatternBudget(schemas: readonly unknown[]): boolean {
  const stack: unknown[] = [...schemas];
  while (stack.length > 0) {
    const v = stack.pop();
    if (Array.isArray(v)) {
      for (const x of v) stack.push(x);
      continue;
    }
    if (!isObject(v)) continue;
    const pattern = v['pattern'];
    if (typeof pattern === 'string' && regexDegree(pattern) > 1) return true;
    const pp = v['patternProperties'];
    if (isObject(pp) && Object.keys(pp).some((source) => regexDegree(source) > 1)) return true;
    for (const k of Object.keys(v)) stack.push(v[k]);
  }
  return false;
}
