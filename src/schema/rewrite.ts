import { keywordsOf, KNOWN_VOCABULARIES } from './keywords.js';
import { walkSchema } from './walk.js';

/** Keywords toolgate knows that `vocabularies` leave out, by the set they are made from (one per combination). */
const INACTIVE = new Map<ReadonlySet<string>, readonly string[]>();

function inactiveKeywords(vocabularies: ReadonlySet<string>): readonly string[] {
  const active = keywordsOf(vocabularies);
  let out = INACTIVE.get(active);
  if (out === undefined) {
    out = [...keywordsOf(KNOWN_VOCABULARIES)].filter((k) => !active.has(k));
    INACTIVE.set(active, out);
  }
  return out;
}

/** Whether `node` holds a `properties` or `patternProperties` entry named `__proto__` (rewritten below). */
function holdsProtoEntry(node: Record<string, unknown>): boolean {
  return ['properties', 'patternProperties'].some((k) => {
    const map = node[k];
    return map !== null && typeof map === 'object' && Object.hasOwn(map, '__proto__');
  });
}

/** `__proto__` entries nested in one another the rewrite takes: each level doubles what the engine runs. */
export const MAX_NESTED_PROTO_ENTRIES = 3;

/**
 * Where a `properties` or `patternProperties` entry named `__proto__` sits inside MAX_NESTED_PROTO_ENTRIES others,
 * or undefined. The rewrite puts each one's subschema under a second key (one object, two places): nested, every
 * walk of what the engine runs doubles at each level, so 290 bytes held a compile without end. Refused past it.
 */
export function nestedProtoEntry(doc: unknown): string | undefined {
  let found: string | undefined;
  walkSchema(doc, ({ node, pointer }) => {
    if (found !== undefined) return false;
    if (!holdsProtoEntry(node)) return;
    const above = pointer.match(/\/(?:p|patternP)roperties\/__proto__(?=\/|$)/g)?.length ?? 0;
    if (above >= MAX_NESTED_PROTO_ENTRIES) found = pointer;
  });
  return found;
}

/**
 * Semantics-preserving rewrites of a private, unfrozen copy before it reaches Ajv. Each rewrite
 * gives exactly the verdicts Draft 2020-12 requires where Ajv, given the original, would not; none
 * makes the schema less restrictive. `formatAnnotation`: the engine asserts format for another document of
 * the call, and this one's `format` is an annotation (Validation §7.2.1), so it is removed like an inactive
 * keyword. Returns whether anything was rewritten.
 */
export function rewriteForEngine(doc: unknown, vocabularies: ReadonlySet<string>, formatAnnotation = false): boolean {
  let changed = false;
  const inactive = formatAnnotation ? [...inactiveKeywords(vocabularies), 'format'] : inactiveKeywords(vocabularies);
  // A subschema the `__proto__` rewrites below put under a second key is rewritten once, its children walked once.
  const seen = new WeakSet<object>();
  walkSchema(doc, ({ node }) => {
    if (seen.has(node)) return false;
    seen.add(node);
    // Core §8.1.2: keywords of a vocabulary the meta-schema leaves out are not applied.
    for (const k of inactive)
      if (Object.hasOwn(node, k)) {
        delete node[k];
        changed = true;
      }
    // Validation §6.1.2 allows `enum: []`, which no value satisfies; Ajv refuses to compile it.
    const e = node['enum'];
    if (Array.isArray(e) && e.length === 0) {
      delete node['enum'];
      changed = true;
      node['allOf'] = [...(Array.isArray(node['allOf']) ? node['allOf'] : []), false];
    }
    // Ajv drops a `__proto__` entry of `properties`; the same rule as an anchored patternProperties
    // entry evaluates the same property (Core §10.3.2.1, §10.3.2.2), so annotations are unchanged. The entry
    // stays where it was: a `$ref` to `#/properties/__proto__` must still find it (removed, the pointer
    // reached nothing, and Ajv read that as an empty schema that accepts every value).
    const props = node['properties'];
    if (props !== null && typeof props === 'object' && Object.hasOwn(props, '__proto__')) {
      // biome-ignore lint/suspicious/noProto: a key literally named "__proto__" in the private copy, not the prototype
      const sub = (props as Record<string, unknown>)['__proto__'];
      const pp: Record<string, unknown> =
        node['patternProperties'] !== null && typeof node['patternProperties'] === 'object'
          ? (node['patternProperties'] as Record<string, unknown>)
          : {};
      const key = '^__proto__$';
      const existing = Object.hasOwn(pp, key) ? pp[key] : undefined;
      pp[key] = existing === undefined ? sub : { allOf: [existing, sub] };
      node['patternProperties'] = pp;
      changed = true;
    }
    // A `patternProperties` entry whose regular expression is the string "__proto__" is dropped too: it goes to
    // Ajv under an equivalent spelling (a group matches what its content does), kept where it was for a `$ref`.
    const patterns = node['patternProperties'];
    if (patterns !== null && typeof patterns === 'object' && Object.hasOwn(patterns, '__proto__')) {
      const pp = patterns as Record<string, unknown>;
      // biome-ignore lint/suspicious/noProto: a key literally named "__proto__" in the private copy, not the prototype
      const sub = pp['__proto__'];
      const key = '(?:__proto__)';
      const existing = Object.hasOwn(pp, key) ? pp[key] : undefined;
      pp[key] = existing === undefined ? sub : { allOf: [existing, sub] };
      changed = true;
    }
  });
  return changed;
}
