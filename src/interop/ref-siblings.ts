import { keywordHits, objectNodes, type RuleHit } from './profile.js';

// OpenAI strict mode takes a `$ref` only on its own: a schema that has `$ref` and any other keyword is refused with
// "$ref cannot have keywords {'description'}" (the set names every sibling). Pydantic writes a described field of a
// model type so, `{"$ref": "#/$defs/Hero", "description": "..."}`; 2020-12 allows it, strict mode does not. Observed:
//   REF_SIBLINGS = "Invalid schema for response_format 'response': context=('properties', 'labels'), $ref cannot
//                  have keywords {'description'}", with strict on, reported in
//                  https://github.com/vectorize-io/hindsight/pull/3944 (and, for the pydantic field above,
//                  https://github.com/defog-ai/defog/pull/244)
// Every report of this error is of strict mode; without `strict`, OpenAI does not check the subschemas' keywords
// (interop/openai.ts), so only the openai-strict profile runs this rule.

/** Where the reports above are. */
export const REF_SIBLINGS = 'https://github.com/vectorize-io/hindsight/pull/3944';

/**
 * What strict mode takes at the root beside anything (OpenAI's own SDK sends a root `$schema`, and definitions are
 * read from the root): a root `$ref` beside them is reported by the root rules (a root is an object), not here.
 */
const ROOT_MEMBERS = new Set(['$ref', '$schema', '$defs', 'definitions']);

/**
 * One hit per keyword beside a `$ref`, at every schema position, the root included (a root `$ref` is published with
 * `type: "object"` beside it, and the additional-properties-false rule reports that root already).
 */
export function refSiblings(schema: unknown): RuleHit[] {
  return objectNodes(schema)
    .filter(({ node }) => Object.hasOwn(node, '$ref'))
    .flatMap(({ node, pointer }) =>
      keywordHits(
        pointer,
        node,
        (k) => (pointer === '' ? !ROOT_MEMBERS.has(k) : k !== '$ref'),
        (k) => `"${k}" beside "$ref" is refused in strict mode ("$ref cannot have keywords {'${k}'}")`,
      ),
    );
}
