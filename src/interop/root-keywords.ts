import { rootRefusedKeywords } from '../keywords/keyword-lists.js';
import type { RootRefuser } from '../keywords/table.js';
import { withObjectType } from '../schema/tool-root.js';
import { isObject } from '../util/plain-json.js';
import { keywordHits, type RuleHit } from './profile.js';

// Function parameters are one object the model fills in: OpenAI and Anthropic check the root of a tool's schema for
// that shape before anything else, and refuse a root that composes schemas (or, for OpenAI, names its values) there.
// Which keywords each refuses is a column of the keyword table (keywords/table.ts, `refusedAtRootBy`); the reports
// of the 400 errors are cited where each profile uses this (interop/openai.ts, interop/anthropic.ts).

/**
 * The rule check for a provider's root keywords: one hit per keyword of the table's list for `provider` at the root,
 * whatever its value (`anyOf: [{ type: "object" }]` is refused as much as a union of objects). Below the root these
 * keywords are not this rule's concern. `quoted` is the provider's own error, for the message.
 */
export function rootKeywords(provider: RootRefuser, label: string, quoted: string): (schema: unknown) => RuleHit[] {
  const refused = new Set(rootRefusedKeywords(provider));
  const message = (k: string): string => `${label} refuses "${k}" at the root of a tool's schema (${quoted})`;
  return (schema) => {
    if (!isObject(schema)) return [];
    const out = keywordHits('', schema, refused, message);
    // The root as toolsFor publishes it (schema/tool-root.ts): a draft-07 root `$ref` goes into an `allOf` beside the
    // `type` it states, and the provider reads that `allOf`. The author wrote the `$ref`: the hit is placed there.
    for (const k of Object.keys(withObjectType(schema)))
      if (refused.has(k) && !Object.hasOwn(schema, k))
        out.push({ message: `${message(k)}: a draft-07 root "$ref" is published inside "${k}"`, schemaPath: '/$ref' });
    return out;
  };
}
