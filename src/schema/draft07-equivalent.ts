import { DRAFT_07_SAFE_REF_SIBLINGS, SAME_IN_DRAFT_07 } from '../keywords/keyword-lists.js';
import { VOCABULARY_KEYWORDS } from './keywords.js';
import { walkSchema } from './walk.js';

// Whether a Draft 2020-12 schema means the same when read as draft-07, so it can be handed to a consumer
// that asks for draft-07 (the AI SDK's Standard Schema path) without translating, and so loosening, it.

/**
 * Keywords whose Draft 2020-12 meaning is their draft-07 meaning (draft-07 Validation §6-§10): the
 * assertions and applicators both drafts define alike (schema-form `items`, numeric exclusive bounds
 * since draft-06), the annotations, and `$defs` as a mere location for `$ref` to point into.
 */
const SAME_MEANING = new Set(SAME_IN_DRAFT_07);

/** Every keyword Draft 2020-12 defines: one outside SAME_MEANING means something else (or nothing) in draft-07. */
const DEFINED = new Set(Object.values(VOCABULARY_KEYWORDS).flat());

/**
 * Keywords that may stand beside `$ref`: draft-07 ignores every sibling of `$ref` (Core §8.3), which
 * changes nothing only for annotations and for `$defs`, which `$ref` reaches by JSON Pointer either way.
 */
const REF_SIBLINGS = new Set(DRAFT_07_SAFE_REF_SIBLINGS);

/**
 * True when every subschema uses only keywords with one meaning in both drafts: no `prefixItems`,
 * `dependentRequired`, `unevaluated*`, `$dynamicRef`, `$id`, `$anchor`, `minContains`... A `$ref` must point
 * into the document by JSON Pointer and stand beside annotations only. `$schema` may appear at the root
 * alone (the caller drops it). Keywords neither draft defines are annotations in both.
 */
export function sameInDraft07(schema: unknown): boolean {
  let same = true;
  walkSchema(schema, ({ node, pointer }) => {
    for (const key of Object.keys(node)) {
      if (key === '$schema' && pointer === '') continue;
      if (key === '$ref') {
        const ref = node[key];
        const local = typeof ref === 'string' && (ref === '#' || ref.startsWith('#/'));
        if (!local || Object.keys(node).some((k) => !REF_SIBLINGS.has(k))) same = false;
      } else if (DEFINED.has(key) && !SAME_MEANING.has(key)) same = false;
    }
    return same;
  });
  return same;
}
