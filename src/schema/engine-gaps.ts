import { schemaViolation, type Violation } from '../result.js';
import { walkSchema } from './walk.js';

/**
 * Constructs on which Ajv 8.20 gives wrong verdicts or fails (measured on the official suite; see
 * test/suite/expectations.json). Until toolgate answers them itself they are refused, never run:
 * a refusal is the floor, a wrong verdict is never acceptable.
 */
export function engineGaps(doc: unknown, location: (pointer: string) => string): Violation[] {
  const found: Violation[] = [];
  let unevaluated: string | undefined;
  let hazard: { why: string; at: string } | undefined;
  walkSchema(doc, ({ node, pointer }) => {
    if ('$dynamicRef' in node) {
      found.push(schemaViolation('$dynamicRef', '"$dynamicRef" is not supported yet: the engine resolves the dynamic scope incorrectly', location(`${pointer}/$dynamicRef`)));
    }
    if (unevaluated === undefined && ('unevaluatedItems' in node || 'unevaluatedProperties' in node)) unevaluated = pointer;
    if (hazard === undefined) {
      if ('contains' in node) hazard = { why: '"contains"', at: `${pointer}/contains` };
      else if ('if' in node && !('then' in node && 'else' in node)) hazard = { why: '"if" without both "then" and "else"', at: `${pointer}/if` };
      else if (/\/(anyOf|oneOf)\/\d+$/.test(pointer) && ('items' in node || 'prefixItems' in node)) hazard = { why: '"items" inside "anyOf"/"oneOf"', at: `${pointer}/items` };
    }
  });
  if (unevaluated !== undefined && hazard !== undefined) {
    found.push(schemaViolation('unevaluatedItems', `"unevaluatedItems"/"unevaluatedProperties" combined with ${hazard.why} is not supported yet: the engine collects annotations incorrectly there`, location(hazard.at)));
  }
  return found;
}
