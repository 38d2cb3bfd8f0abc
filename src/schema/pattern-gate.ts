// The one pattern gate of every dialect: each `pattern` and `patternProperties` key through checkPattern
// (regex/guard.ts), which refuses invalid expressions and those whose matching cost is not bounded.
import { schemaViolation, type Violation } from '../result.js';
import { checkPattern } from '../regex/guard.js';
import { echo } from '../util/describe-value.js';
import { isObject } from '../util/plain-json.js';
import { walkSchema } from './walk.js';

/** Where the pattern checks put what they find: invalid expressions, and ones refused as hazards. */
export interface PatternFindings {
  readonly invalid: Violation[];
  readonly hazards: Violation[];
}

/**
 * The `pattern` and `patternProperties` keys of one schema object through checkPattern (regex/guard.ts): the one
 * pattern gate of every dialect, called from each dialect's walk.
 */
export function checkNodePatterns(
  node: Record<string, unknown>,
  pointer: string,
  location: (p: string) => string,
  found: PatternFindings,
): void {
  const check = (source: string, at: string): void => {
    const verdict = checkPattern(source);
    if (verdict.invalid !== undefined)
      found.invalid.push(
        schemaViolation(
          'pattern',
          `invalid regular expression ${echo(source)}: ${verdict.invalid}`,
          location(at),
          'pattern_invalid',
        ),
      );
    else if (verdict.hazard !== undefined)
      found.hazards.push(
        schemaViolation(
          'pattern',
          `regular expression ${echo(source)} is refused: ${verdict.hazard}`,
          location(at),
          'pattern_refused',
        ),
      );
  };
  if (typeof node['pattern'] === 'string') check(node['pattern'], `${pointer}/pattern`);
  const pp = node['patternProperties'];
  if (isObject(pp)) for (const k of Object.keys(pp)) check(k, `${pointer}/patternProperties`);
}

/** Every pattern of a 2020-12 document (checkNodePatterns). */
export function checkPatterns(schema: unknown, location: (p: string) => string): PatternFindings {
  const found: PatternFindings = { invalid: [], hazards: [] };
  walkSchema(schema, ({ node, pointer }) => checkNodePatterns(node, pointer, location, found));
  return found;
}
