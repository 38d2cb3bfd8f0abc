import { isMetered } from '../regex/bound.js';
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

/** Does this schema object test the presence of one of `inherited` (see ownProperties above)? */
function testsInherited(node: Record<string, unknown>, inherited: ReadonlySet<string>): boolean {
  const names = (v: unknown): readonly unknown[] => (isObject(v) ? Object.keys(v) : Array.isArray(v) ? v : []);
  const any = (list: readonly unknown[]): boolean => list.some((n) => typeof n === 'string' && inherited.has(n));
  if (any(names(node['properties'])) || any(names(node['required'])) || any(names(node['dependentSchemas'])))
    return true;
  const dr = node['dependentRequired'];
  return isObject(dr) && (any(Object.keys(dr)) || Object.values(dr).some((list) => any(names(list))));
}

/**
 * Does this schema object of a lone document need linking (link.ts)? Plain documents with only local
 * pointer references do not; an identifier below the root, an anchor, a `$dynamicRef`, or a `$ref` to
 * another resource or to an anchor does.
 */
export function needsLinkingAt(node: Record<string, unknown>, pointer: string): boolean {
  if ((pointer !== '' && '$id' in node) || '$anchor' in node || '$dynamicAnchor' in node || '$dynamicRef' in node)
    return true;
  const ref = node['$ref'];
  return typeof ref === 'string' && (!ref.startsWith('#') || (ref.length > 1 && !ref.startsWith('#/')));
}

/** What the engine needs for a set of rewritten documents (the root first); see engineNeeds. */
export interface EngineNeeds {
  /** Ajv's `ownProperties` mode (see above). */
  readonly ownProperties: boolean;
  /** The documents must be linked into one (link.ts). */
  readonly linking: boolean;
  /**
   * An engine instance of their own: Ajv registers identifiers and anchors per instance, so two schemas with
   * the same `$id` must never meet on a shared one.
   */
  readonly privateEngine: boolean;
}

/**
 * The three questions the engine asks of the documents it is about to compile, answered in one walk of
 * each (the walk stops once every answer is yes). More than one document always needs linking and a
 * private engine.
 */
export function engineNeeds(schemas: readonly unknown[]): EngineNeeds {
  const inherited = inheritedNames();
  let ownProperties = false;
  let linking = schemas.length > 1;
  let privateEngine = schemas.length > 1;
  for (const schema of schemas) {
    walkSchema(schema, ({ node, pointer }) => {
      ownProperties ||= testsInherited(node, inherited);
      linking ||= needsLinkingAt(node, pointer);
      privateEngine ||= '$id' in node || '$anchor' in node || '$dynamicAnchor' in node;
      return !(ownProperties && linking && privateEngine);
    });
    if (ownProperties && linking && privateEngine) break;
  }
  return { ownProperties, linking, privateEngine };
}

/** True when any of `schemas` (private copies) tests the presence of a name arguments could inherit. */
export function needsOwnProperties(schemas: readonly unknown[]): boolean {
  return engineNeeds(schemas).ownProperties;
}

/**
 * True when any of `schemas` holds a `pattern` or `patternProperties` regular expression whose
 * backtracking can be quadratic (regex/degree.ts) or a heavy linear one (regex/bound.ts isMetered), so that a
 * validation must run under the pattern
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
    if (typeof pattern === 'string' && isMetered(pattern)) return true;
    const pp = v['patternProperties'];
    if (isObject(pp) && Object.keys(pp).some(isMetered)) return true;
    for (const k of Object.keys(v)) stack.push(v[k]);
  }
  return false;
}
