import { escapePointerToken } from '../util/json-pointer.js';
import { isObject } from '../util/plain-json.js';
import { keywordHits, objectNodes, type ProviderProfile, type RuleHit } from './profile.js';
import { quote } from '../util/describe-value.js';

// Gemini API function declarations, `parameters` field: "a select subset of an OpenAPI 3.0 schema
// object". Read on 2026-11-29:
//   SCHEMA = https://ai.google.dev/api/caching#Schema (the fields the Schema message has)
//   DOCS   = https://ai.google.dev/gemini-api/docs/function-calling#function_declarations
//   UNKNOWN = the API's 400 "Invalid JSON payload received. Unknown name \"additionalProperties\" ...
//            Cannot find field", reported in https://github.com/openswarm-ai/openswarm/issues/24 and
//            https://github.com/zed-industries/zed/issues/44875 (for "const")
//   LIST   = "Unknown name \"type\" ... Proto field is not repeating, cannot start list", reported in
//            https://github.com/zed-industries/zed/issues/53919
// The newer `parametersJsonSchema` field takes JSON Schema instead and is not profiled here.
const SCHEMA = 'https://ai.google.dev/api/caching#Schema';
const LIST = 'https://github.com/zed-industries/zed/issues/53919';
//   FORMAT = "format: only 'enum' and 'date-time' are supported for STRING type", reported in
//            https://github.com/google-gemini/gemini-cli/issues/3178
//   ENUM   = "function declaration enum only allowed for STRING type", reported in
//            https://github.com/decolua/9router/issues/359
const FORMAT = 'https://github.com/google-gemini/gemini-cli/issues/3178';
const ENUM = 'https://github.com/decolua/9router/issues/359';
/** The string formats Gemini takes. */
const STRING_FORMATS = new Set(['enum', 'date-time']);

/** Fields of the Gemini Schema message; anything else is an unknown field and fails the request. */
const FIELDS = new Set([
  'type',
  'format',
  'title',
  'description',
  'nullable',
  'enum',
  'maxItems',
  'minItems',
  'properties',
  'required',
  'minProperties',
  'maxProperties',
  'minLength',
  'maxLength',
  'pattern',
  'example',
  'anyOf',
  'propertyOrdering',
  'default',
  'items',
  'minimum',
  'maximum',
]);

function unknownFields(schema: unknown): RuleHit[] {
  const unknown = (k: string): boolean => !FIELDS.has(k);
  return objectNodes(schema).flatMap(({ node, pointer }) =>
    keywordHits(
      pointer,
      node,
      unknown,
      (k) => `"${k}" is not a field of Gemini's Schema ("Unknown name ... Cannot find field")`,
    ),
  );
}

function typeList(schema: unknown): RuleHit[] {
  return objectNodes(schema)
    .filter(({ node }) => Array.isArray(node['type']))
    .map(({ node, pointer }) => ({
      message: `"type" must be one type name, got the list ${quote(node['type'])} (use "nullable" for null)`,
      schemaPath: `${pointer}/type`,
    }));
}

function enumStrings(schema: unknown): RuleHit[] {
  return objectNodes(schema)
    .filter(({ node }) => Array.isArray(node['enum']) && node['enum'].some((v) => typeof v !== 'string'))
    .map(({ pointer }) => ({
      message: '"enum" values must be strings in Gemini\'s Schema',
      schemaPath: `${pointer}/enum`,
    }));
}

function stringFormats(schema: unknown): RuleHit[] {
  return objectNodes(schema)
    .filter(({ node }) => node['type'] === 'string' && typeof node['format'] === 'string')
    .filter(({ node }) => !STRING_FORMATS.has(node['format'] as string))
    .map(({ node, pointer }) => ({
      message: `format ${quote(node['format'])} on a string: Gemini takes only "enum" and "date-time" there`,
      schemaPath: `${pointer}/format`,
    }));
}

function enumType(schema: unknown): RuleHit[] {
  return objectNodes(schema)
    .filter(({ node }) => Array.isArray(node['enum']) && node['type'] !== 'string')
    .map(({ node, pointer }) => ({
      message: `"enum" needs "type": "string" in Gemini's Schema, got ${
        node['type'] === undefined ? 'no "type"' : `"type": ${quote(node['type'])}`
      }`,
      schemaPath: `${pointer}/enum`,
    }));
}

function booleanSchemas(schema: unknown): RuleHit[] {
  const out: RuleHit[] = [];
  for (const { node, pointer } of objectNodes(schema)) {
    const props = node['properties'];
    if (isObject(props))
      for (const [k, v] of Object.entries(props))
        if (typeof v === 'boolean')
          out.push({
            message: `property ${quote(k)} is the boolean schema ${String(v)}; Gemini's Schema has no boolean form`,
            schemaPath: `${pointer}/properties/${escapePointerToken(k)}`,
          });
    const anyOf = node['anyOf'];
    if (Array.isArray(anyOf))
      anyOf.forEach((v, i) => {
        if (typeof v === 'boolean')
          out.push({
            message: `"anyOf" branch ${i + 1} is the boolean schema ${String(v)}; Gemini's Schema has no boolean form`,
            schemaPath: `${pointer}/anyOf/${i}`,
          });
      });
    if (typeof node['items'] === 'boolean')
      out.push({
        message: `"items" is the boolean schema ${String(node['items'])}; Gemini's Schema has no boolean form`,
        schemaPath: `${pointer}/items`,
      });
  }
  return out;
}

/** Gemini API `functionDeclarations[].parameters` (OpenAPI 3.0 subset), read 2026-11-29. */
export const GEMINI: ProviderProfile = {
  name: 'gemini',
  dated: '2026-11-29',
  rules: [
    { id: 'unknown-field', effect: 'rejects', basis: 'documented', source: SCHEMA, check: unknownFields },
    { id: 'type-list', effect: 'rejects', basis: 'observed', source: LIST, check: typeList },
    { id: 'enum-strings', effect: 'rejects', basis: 'documented', source: SCHEMA, check: enumStrings },
    { id: 'boolean-schema', effect: 'rejects', basis: 'documented', source: SCHEMA, check: booleanSchemas },
    { id: 'string-format', effect: 'rejects', basis: 'observed', source: FORMAT, check: stringFormats },
    { id: 'enum-type', effect: 'rejects', basis: 'observed', source: ENUM, check: enumType },
  ],
};
