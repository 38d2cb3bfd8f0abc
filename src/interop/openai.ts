import { arraysWithoutItems } from './incomplete-shapes.js';
import { rootObjectHits, type ProviderProfile, type RuleHit } from './profile.js';
import { rootKeywords } from './root-keywords.js';

// OpenAI function calling without `strict` (the schema guides the model, best effort). Read on
// 2026-11-29. The documentation asks for "a JSON Schema object" and says nothing narrower; the API's
// own 400 errors show three more requirements, cited from public reports of them:
//   DOCS  = https://platform.openai.com/docs/guides/function-calling#defining-functions
//   ROOT  = "schema must be a JSON Schema of 'type: \"object\"', got 'type: \"None\"'", reported in
//           https://github.com/browserbase/stagehand/issues/1159
//   ITEMS = "In context=('properties', 'paths'), array schema missing items", reported in
//           https://github.com/sigoden/aichat/pull/1049 and https://github.com/meilisearch/meilisearch-mcp/issues/27
//   COMPOSED = "Invalid schema for function 'grab_release': schema must have type 'object' and not have
//           'oneOf'/'anyOf'/'allOf'/'enum'/'const'/'not' at the top level", code invalid_function_parameters, reported
//           in https://github.com/windoze95/cantinarr/pull/245 (the older wording, without 'const', in
//           https://github.com/nspady/google-calendar-mcp/issues/39); with `strict` too (openai-strict.ts runs it)
const ROOT = 'https://github.com/browserbase/stagehand/issues/1159';
export const ITEMS = 'https://github.com/sigoden/aichat/pull/1049';
/** Where OpenAI's refusal of a composed root is reported (the strict profile cites it too). */
export const COMPOSED = 'https://github.com/windoze95/cantinarr/pull/245';

/** A root `oneOf`, `anyOf`, `allOf`, `enum`, `const` or `not`: refused with or without `strict`. */
export const rootComposition = rootKeywords(
  'openai',
  'OpenAI',
  `"schema must have type 'object' and not have 'oneOf'/'anyOf'/'allOf'/'enum'/'const'/'not' at the top level"`,
);

/** Arrays without `items`: refused with `strict` too (openai-strict.ts runs this rule as well). */
export function arrayItems(schema: unknown): RuleHit[] {
  return arraysWithoutItems(schema).map((pointer) => ({
    message: 'an array schema without "items" is refused ("array schema missing items")',
    schemaPath: pointer,
  }));
}

/** OpenAI function calling without strict mode, read 2026-11-29. */
export const OPENAI: ProviderProfile = {
  name: 'openai',
  dated: '2026-11-29',
  rules: [
    {
      id: 'root-object',
      effect: 'rejects',
      basis: 'observed',
      source: ROOT,
      check: (s) => rootObjectHits(s, 'OpenAI'),
    },
    { id: 'root-composition', effect: 'rejects', basis: 'observed', source: COMPOSED, check: rootComposition },
    { id: 'array-items', effect: 'rejects', basis: 'observed', source: ITEMS, check: arrayItems },
  ],
};
