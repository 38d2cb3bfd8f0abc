import { metaValidate } from '../schema/engine/ajv-2020.js';
import { escapePointerToken } from '../util/json-pointer.js';
import { isObject } from '../util/plain-json.js';
import { quote } from '../util/describe-value.js';
import { rootObjectHits, type ProviderProfile, type RuleHit } from './profile.js';
import { rootKeywords } from './root-keywords.js';

// Anthropic Messages API custom tools (`input_schema`, without `strict`). Read on 2026-11-29:
//   DOCS = https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/implement-tool-use
//          ("input_schema: A JSON Schema object defining the expected parameters for the tool")
//   META = the API's 400 "tools.N.custom.input_schema: JSON schema is invalid. It must match JSON
//          Schema draft 2020-12", reported in https://github.com/anthropics/claude-code/issues/7365
//   COMPOSED = "tools.N.custom.input_schema: input_schema does not support oneOf, allOf, or anyOf at the top
//          level", reported in https://github.com/anthropics/claude-code/issues/5319
//   KEYS = "tools.N.custom.input_schema.properties: Property keys should match pattern '^[a-zA-Z0-9_.-]{1,64}$'",
//          reported in https://github.com/beautyfree/appstore-connect-mcp/issues/2 (for `filter[id]` and the like);
//          the check is of the root's `properties` only, as every report of it is of a top-level key
// Claude does not enforce the schema on what it generates without `strict: true` (toolgate's own
// argument check is what enforces it); strict tool use has its own, narrower subset, not profiled here.
const DOCS = 'https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/implement-tool-use';
const META = 'https://github.com/anthropics/claude-code/issues/7365';
const COMPOSED = 'https://github.com/anthropics/claude-code/issues/5319';
const KEYS = 'https://github.com/beautyfree/appstore-connect-mcp/issues/2';
/** The property keys Anthropic takes, in its own error's words. */
const PROPERTY_KEY = /^[a-zA-Z0-9_.-]{1,64}$/;

/** A root `oneOf`, `allOf` or `anyOf`. */
const rootComposition = rootKeywords(
  'anthropic',
  'Anthropic',
  '"input_schema does not support oneOf, allOf, or anyOf at the top level"',
);

/** Each key of the root's `properties` outside `^[a-zA-Z0-9_.-]{1,64}$`: a space, a bracket, over 64 characters. */
function propertyKeys(schema: unknown): RuleHit[] {
  if (!isObject(schema) || !isObject(schema['properties'])) return [];
  return Object.keys(schema['properties'])
    .filter((k) => !PROPERTY_KEY.test(k))
    .map((k) => ({
      message: `property key ${quote(k)} does not match ^[a-zA-Z0-9_.-]{1,64}$, which Anthropic asks of property keys`,
      schemaPath: `/properties/${escapePointerToken(k)}`,
    }));
}

/**
 * The API checks `input_schema` against the 2020-12 meta-schema whatever `$schema` says, so a draft-07
 * array-form `items` or `exclusiveMinimum: true` is refused even when toolgate admits it as draft-07.
 */
function metaSchema(schema: unknown): RuleHit[] {
  if (typeof schema !== 'object' || schema === null) return [];
  const { $schema: _declared, ...rest } = schema as Record<string, unknown>;
  // Ajv reaches one location through several meta-schema branches; one hit per location.
  const seen = new Set<string>();
  const out: RuleHit[] = [];
  for (const e of metaValidate(rest)) {
    const message =
      `input_schema must match the Draft 2020-12 meta-schema: ` +
      `${e.instancePath === '' ? 'root' : e.instancePath} ${e.message ?? 'is invalid'}`;
    if (seen.has(e.instancePath)) continue;
    seen.add(e.instancePath);
    out.push({ message, schemaPath: e.instancePath });
  }
  return out;
}

/** Anthropic custom tools without strict mode, read 2026-11-29. */
export const ANTHROPIC: ProviderProfile = {
  name: 'anthropic',
  dated: '2026-11-29',
  rules: [
    {
      id: 'root-object',
      effect: 'rejects',
      basis: 'documented',
      source: DOCS,
      check: (s) => rootObjectHits(s, 'Anthropic'),
    },
    { id: 'root-composition', effect: 'rejects', basis: 'observed', source: COMPOSED, check: rootComposition },
    { id: 'property-keys', effect: 'rejects', basis: 'observed', source: KEYS, check: propertyKeys },
    { id: 'draft-2020-12-meta-schema', effect: 'rejects', basis: 'observed', source: META, check: metaSchema },
  ],
};
