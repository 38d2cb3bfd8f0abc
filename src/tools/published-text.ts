// What a tool publishes to a model (its description, annotations, input schema) holds no lone surrogate: I-JSON
// refuses one (RFC 7493 §2.1), and so do model APIs (Anthropic: "no low surrogate in string"), so one tool's
// description would fail every request of a conversation. Nor a character that steers its reader unseen
// (src/util/hidden-text.ts): a control (a terminal escape), a bidi embedding, override or isolate (the text a
// reviewer sees is not the text in the order a model reads it), a tag character (instructions a model reads and no
// person sees). A control character is data in a schema's values (an `enum` of separators, a `pattern` refusing
// NUL): there only the others count. Admission (preflight) and the framework adapters refuse it.
import { fail, type Failure, type GateError } from '../result.js';
import { shownPlace } from '../util/describe-value.js';
import { steeringIn } from '../util/hidden-text.js';
import { hasLoneSurrogate } from '../util/jcs.js';
import { escapePointerToken } from '../util/json-pointer.js';

/** What in `text` may not be published, and why; undefined when nothing. */
function problemOf(text: string, controls: boolean): readonly [what: string, why: string] | undefined {
  if (hasLoneSurrogate(text)) return ['a lone surrogate', 'not I-JSON, which model APIs refuse'];
  const steering = steeringIn(text, controls);
  return steering === undefined ? undefined : [steering, 'it steers what a model reads, unseen'];
}

/** Schema keywords whose value is data (a control character there is a value, not text a model is told). */
const VALUES = new Set(['enum', 'const', 'default', 'examples', 'pattern']);
/** Schema keywords whose value maps names (patterns, for `patternProperties`) to schemas. */
const MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);

/** Where a walk is: its pointer, whether control characters count, and whether its object is a map of schemas. */
interface At {
  readonly v: unknown;
  readonly pointer: string;
  readonly controls: boolean;
  /** The keyword whose map of schemas this object is, if it is one. */
  readonly map: string | undefined;
}

/** The first problem of any key or string in `parts`, with its pointer. */
function firstProblem(
  parts: Record<string, unknown>,
): { pointer: string; problem: readonly [string, string] } | undefined {
  const stack: At[] = [{ v: parts, pointer: '', controls: true, map: undefined }];
  while (stack.length > 0) {
    const { v, pointer, controls, map } = stack.pop() as At;
    if (typeof v === 'string') {
      const problem = problemOf(v, controls);
      if (problem !== undefined) return { pointer, problem };
    } else if (Array.isArray(v)) {
      for (const [i, item] of v.entries())
        stack.push({ v: item, pointer: `${pointer}/${i}`, controls, map: undefined });
    } else if (v !== null && typeof v === 'object')
      for (const k of Object.keys(v)) {
        const here = `${pointer}/${escapePointerToken(k)}`;
        // A key of patternProperties is a pattern (data); any other key is a name a model reads.
        const keyProblem = problemOf(k, controls && map !== 'patternProperties');
        if (keyProblem !== undefined) return { pointer: here, problem: keyProblem };
        const inner = (v as Record<string, unknown>)[k];
        if (map !== undefined) stack.push({ v: inner, pointer: here, controls, map: undefined });
        else
          stack.push({
            v: inner,
            pointer: here,
            controls: controls && !VALUES.has(k),
            map: MAPS.has(k) ? k : undefined,
          });
      }
  }
  return undefined;
}

/**
 * The `validation` failure of published parts (`{ description, inputSchema, ... }`) holding a lone surrogate or a
 * steering character, `prefix` before its message; undefined when none does. The violation's `params.field` names
 * the part.
 */
export function publishedTextRefusal(prefix: string, parts: Record<string, unknown>): Failure<GateError> | undefined {
  const found = firstProblem(parts);
  if (found === undefined) return undefined;
  const [what, why] = found.problem;
  const message = `${what} at ${JSON.stringify(shownPlace(found.pointer))}: ${why}`;
  const field = found.pointer.split('/')[1] ?? '';
  const violation = {
    path: '$',
    pointer: '',
    keyword: 'descriptor',
    schemaPath: '',
    code: 'descriptor_invalid' as const,
    params: { field },
    message,
  };
  return fail('validation', `${prefix}${message}`, [violation]);
}
