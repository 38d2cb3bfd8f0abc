import { fail, type Failure, type GateError } from '../result.js';
import { byCodeUnits } from '../util/code-unit-order.js';
import { quote } from '../util/describe-value.js';
import { escapePointerToken, fragmentPointer, nodeAt } from '../util/json-pointer.js';
import { isObject } from '../util/plain-json.js';

// What the Agents SDK (0.20, prepareOpenAIStrictToolSchema) does in strict mode besides throwing for the keywords it
// does not take: on every object schema with `properties` (type "object", a list naming it, or none) it replaces
// `required` with every declared property (an optional one made nullable, the null taken out again before the tool
// sees the input) and sets `additionalProperties: false`, walking `properties`, `$defs`, `definitions`, `anyOf` and
// `items` as it does. Two of those rewrites change which calls the model can make, so in strict mode they are
// refused here (a hunt's find: anthropic-cookbook's wolfram_alpha requires `query`, which its properties do not
// declare; the model was shown `required: ["search_query"]`, closed, and toolgate refused every call it could send):
// - a `required` name that `properties` does not declare: dropped, so no call the model can send holds it;
// - an `additionalProperties` other than false (true, a schema): replaced, so the members it allows cannot be sent.
// An object that says nothing of other members (no `additionalProperties`) is closed too and not refused: the model
// then sends declared properties only, which the schema takes, so every call it makes stays valid (145 of the 177
// real catalog schemas the SDK takes in strict mode are written so). The rule ids are checkProvider's. The SDK also
// copies the target of a local `$ref` into `$defs` and rewrites it there, wherever it stands (a review's find: a
// target under a map's `additionalProperties` was never walked), so a local `$ref`'s target is walked too.

/** One rewrite of the SDK's that changes which calls the model can make: checkProvider's rule id and the place. */
interface Rewrite {
  readonly rule: 'required-undeclared' | 'additional-properties-false';
  readonly schemaPath: string;
  readonly message: string;
}

/** Whether the SDK rewrites `required` and `additionalProperties` here (its schemaConvertsObjectProperties). */
function rewritten(node: Record<string, unknown>): boolean {
  const t = node['type'];
  return (
    isObject(node['properties']) && (t === undefined || t === 'object' || (Array.isArray(t) && t.includes('object')))
  );
}

/** The rewrites of `schema` (a tool root as published: `type` stated) that change which calls the model can make. */
function rewrites(schema: unknown): Rewrite[] {
  const out: Rewrite[] = [];
  const stack: [unknown, string][] = [[schema, '']];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const [node, pointer] = stack.pop()!;
    if (!isObject(node) || seen.has(node)) continue;
    seen.add(node);
    const ref = node['$ref'];
    if (typeof ref === 'string' && ref.startsWith('#')) {
      const target = fragmentPointer(ref);
      stack.push([nodeAt(schema, target), target]);
    }
    const children = (member: string): void => {
      const held = node[member];
      if (isObject(held))
        for (const [k, v] of Object.entries(held)) stack.push([v, `${pointer}/${member}/${escapePointerToken(k)}`]);
    };
    if (rewritten(node)) {
      const properties = node['properties'] as Record<string, unknown>;
      const required = node['required'];
      if (Array.isArray(required))
        required.forEach((name, i) => {
          if (typeof name === 'string' && !Object.hasOwn(properties, name))
            out.push({
              rule: 'required-undeclared',
              schemaPath: `${pointer}/required/${i}`,
              message:
                `"required" names ${quote(name)}, which "properties" does not declare: ` +
                'the SDK drops it, so no call could hold it',
            });
        });
      if (Object.hasOwn(node, 'additionalProperties') && node['additionalProperties'] !== false)
        out.push({
          rule: 'additional-properties-false',
          schemaPath: `${pointer}/additionalProperties`,
          message:
            'the SDK sets "additionalProperties" to false, so the members it allows beyond "properties" ' +
            'could not be sent',
        });
      children('properties');
    }
    children('$defs');
    children('definitions');
    const anyOf = node['anyOf'];
    if (Array.isArray(anyOf)) anyOf.forEach((v, i) => void stack.push([v, `${pointer}/anyOf/${i}`]));
    const items = node['items'];
    if (Array.isArray(items)) items.forEach((v, i) => void stack.push([v, `${pointer}/items/${i}`]));
    else stack.push([items, `${pointer}/items`]);
  }
  return out.sort((a, b) => byCodeUnits(a.schemaPath, b.schemaPath));
}

/**
 * The refusal of a schema whose strict-mode rewrite by the Agents SDK would change which calls the model can make
 * (`unsupported_capability`, naming each rule and place), or undefined. `lead` starts the message; `remedy` ends it.
 */
export function strictRewriteRefusal(lead: string, schema: unknown, remedy: string): Failure<GateError> | undefined {
  const found = rewrites(schema);
  if (found.length === 0) return undefined;
  const shown = found.slice(0, 3).map((r) => `${r.rule} at ${quote(r.schemaPath || '/')}: ${r.message}`);
  const more = found.length > 3 ? `; and ${found.length - 3} more` : '';
  return fail(
    'unsupported_capability',
    `${lead}the Agents SDK's strict mode would rewrite the schema so that the model could not make the calls it ` +
      `allows: ${shown.join('; ')}${more}; ${remedy}`,
  );
}
