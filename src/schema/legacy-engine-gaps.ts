import { schemaViolation, type Violation } from '../result.js';
import { walkSchema } from './walk.js';
import type { LegacyDialect } from './legacy-keywords.js';
import { isObject } from '../util/plain-json.js';

/**
 * draft-07 §8.3: "All other properties in a "$ref" object MUST be ignored." Ajv applies them. These
 * siblings are safe to leave beside `$ref` because ignoring or applying them gives the same verdicts:
 * annotations, and `definitions` (a container that `$ref` reaches by JSON Pointer either way).
 */
const HARMLESS_REF_SIBLINGS = new Set([
  '$ref',
  '$schema',
  '$comment',
  'title',
  'description',
  'default',
  'examples',
  'readOnly',
  'writeOnly',
  'definitions',
]);

/**
 * Constructs of the legacy dialects on which Ajv's draft-07 and 2019-09 engines give wrong verdicts,
 * measured on the official suite (test/suite/expectations-legacy.json). Refused, never run.
 */
export function legacyEngineGaps(doc: unknown, dialect: LegacyDialect, at: (pointer: string) => string): Violation[] {
  const found: Violation[] = [];
  let unevaluated = false;
  let hazard: string | undefined;
  walkSchema(
    doc,
    ({ node, pointer }) => {
      const props = node['properties'];
      if (isObject(props) && Object.hasOwn(props, '__proto__')) {
        found.push(
          schemaViolation(
            'properties',
            'a property named "__proto__" cannot be enforced by the engine for this dialect',
            at(`${pointer}/properties`),
          ),
        );
      }
      if (dialect === 'draft-07' && '$ref' in node) {
        const extra = Object.keys(node).filter((k) => !HARMLESS_REF_SIBLINGS.has(k));
        if (extra.length > 0)
          found.push(
            schemaViolation(
              '$ref',
              `draft-07 ignores keywords beside "$ref" ` +
                `(${extra.map((k) => `"${k}"`).join(', ')}) but the engine applies them`,
              at(`${pointer}/$ref`),
            ),
          );
      }
      if (dialect === '2019-09') {
        if ('$recursiveRef' in node)
          found.push(
            schemaViolation(
              '$recursiveRef',
              '"$recursiveRef" is not supported: the engine resolves the recursive scope incorrectly',
              at(`${pointer}/$recursiveRef`),
            ),
          );
        if ('unevaluatedItems' in node || 'unevaluatedProperties' in node) unevaluated = true;
        if (hazard === undefined) {
          if ('contains' in node) hazard = `${pointer}/contains`;
          else if ('if' in node && !('then' in node && 'else' in node)) hazard = `${pointer}/if`;
          else if (/\/(anyOf|oneOf)\/\d+$/.test(pointer) && ('items' in node || 'additionalItems' in node))
            hazard = `${pointer}/items`;
        }
      }
    },
    { positions: 'every-dialect' },
  );
  if (unevaluated && hazard !== undefined) {
    found.push(
      schemaViolation(
        'unevaluatedItems',
        '"unevaluatedItems"/"unevaluatedProperties" combined with "contains", "if" without both "then" and "else", ' +
          'or "items" inside "anyOf"/"oneOf" is not supported for ' +
          '2019-09: the engine collects annotations incorrectly there',
        at(hazard),
      ),
    );
  }
  return found;
}
