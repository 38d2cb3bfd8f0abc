import { escapePointerToken } from '../util/json-pointer.js';
import { isObject } from '../util/plain-json.js';
import { keywordHits, objectNodes, type ProviderProfile, type RuleHit } from './profile.js';
import { arraysWithoutItems, undeclaredRequired } from './incomplete-shapes.js';
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
//   ITEMS    = "...parameters.properties[decisions].items: missing field", reported in
//              https://github.com/NousResearch/hermes-agent/pull/69924 (and cline/cline#7339, a nested array in
//              TokenRhythm/opensquilla#1263)
//   REQUIRED = "...parameters.required[0]: property is not defined", reported in
//              https://github.com/moltis-org/moltis/issues/849 (Gemini 3.1 Pro) and Kilo-Org/kilocode#11955 (a
//              nested object's `required` with no `properties`)
//   OBJECT   = "...parameters.properties[data].properties: only allowed for OBJECT type", reported in
//              https://github.com/anomalyco/opencode/pull/11888 (a non-object type) and anomalyco/opencode#13150
//              (no `type` at all, as Notion's MCP server writes nested objects)
//   EMPTY    = "...parameters.properties: should be non-empty for OBJECT type", reported from 2024 to 2026 in
//              https://github.com/SWE-agent/SWE-agent/pull/1431 (2026-06), agno-agi/agno#2112, lobehub/lobehub#5002;
//              yet bug-ops/zeph#1641 (2026-03) found the API accepting it. Models differ, so `unlisted`: reported,
//              never a reason to quarantine a tool without arguments.
const ITEMS = 'https://github.com/NousResearch/hermes-agent/pull/69924';
const REQUIRED = 'https://github.com/moltis-org/moltis/issues/849';
const OBJECT = 'https://github.com/anomalyco/opencode/pull/11888';
const EMPTY = 'https://github.com/SWE-agent/SWE-agent/pull/1431';
/** The string formats Gemini takes. */
const STRING_FORMATS = new Set(['enum', 'date-time']);

// A field's value is read as the type SCHEMA gives it, by the proto3 JSON mapping
// (https://protobuf.dev/programming-guides/json/); another JSON type fails the request: "Invalid value at
// '...enum[2]' (TYPE_STRING), 4", reported in https://github.com/microsoft/azure-devops-mcp/issues/145.
/** The JSON values a Schema field takes, by the proto3 JSON mapping of its type. */
type FieldValue = 'string' | 'boolean' | 'int64' | 'double' | 'strings';

/**
 * Fields of the Gemini Schema message (SCHEMA); anything else is an unknown field and fails the request. Each with
 * the value it takes, or `null` where another rule reads it (`type`, `enum`, the subschemas) or any value goes
 * (`example`, `default`: a protobuf Value).
 */
const FIELDS: ReadonlyMap<string, FieldValue | null> = new Map<string, FieldValue | null>([
  ['type', null],
  ['format', 'string'],
  ['title', 'string'],
  ['description', 'string'],
  ['nullable', 'boolean'],
  ['enum', null],
  ['maxItems', 'int64'],
  ['minItems', 'int64'],
  ['properties', null],
  ['required', 'strings'],
  ['minProperties', 'int64'],
  ['maxProperties', 'int64'],
  ['minLength', 'int64'],
  ['maxLength', 'int64'],
  ['pattern', 'string'],
  ['example', null],
  ['anyOf', null],
  ['propertyOrdering', 'strings'],
  ['default', null],
  ['items', null],
  ['minimum', 'double'],
  ['maximum', 'double'],
]);

/** The special values proto3 JSON reads as a double besides numbers and numeric strings. */
const DOUBLE_NAMES = new Set(['NaN', 'Infinity', '-Infinity']);

/**
 * Does `v` parse as a field of this value? proto3 JSON also takes an int64 or a double as a string, and Google's
 * parsers read "true" and "false" as booleans, so those are not reported (fail open where a parser may accept).
 */
function parses(kind: FieldValue, v: unknown): boolean {
  switch (kind) {
    case 'string':
      return typeof v === 'string';
    case 'boolean':
      return typeof v === 'boolean' || v === 'true' || v === 'false';
    case 'int64':
      return Number.isInteger(v) || (typeof v === 'string' && /^-?\d+$/.test(v));
    case 'double':
      return (
        typeof v === 'number' ||
        (typeof v === 'string' && (DOUBLE_NAMES.has(v) || (v.trim() !== '' && Number.isFinite(Number(v)))))
      );
    case 'strings':
      return Array.isArray(v) && v.every((e) => typeof e === 'string');
  }
}

const KIND_NAMES: Readonly<Record<FieldValue, string>> = {
  string: 'a string',
  boolean: 'a boolean',
  int64: 'an integer',
  double: 'a number',
  strings: 'a list of strings',
};

function fieldValues(schema: unknown): RuleHit[] {
  const out: RuleHit[] = [];
  for (const { node, pointer } of objectNodes(schema))
    for (const [k, v] of Object.entries(node)) {
      const kind = FIELDS.get(k);
      if (kind !== undefined && kind !== null && !parses(kind, v))
        out.push({
          message: `"${k}" must be ${KIND_NAMES[kind]} in Gemini's Schema, got ${quote(v)} ("Invalid value")`,
          schemaPath: `${pointer}/${escapePointerToken(k)}`,
        });
    }
  return out;
}

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

function arrayItems(schema: unknown): RuleHit[] {
  return arraysWithoutItems(schema).map((pointer) => ({
    message: 'an array schema without "items" is refused by Gemini ("items: missing field")',
    schemaPath: pointer,
  }));
}

/** A `required` entry that is not a string is the field-value rule's, so only names are looked up here. */
function requiredDeclared(schema: unknown): RuleHit[] {
  return undeclaredRequired(schema)
    .filter(({ name }) => typeof name === 'string')
    .map(({ name, schemaPath }) => ({
      message: `"required" names ${quote(name)}, which "properties" does not declare here ("property is not defined")`,
      schemaPath,
    }));
}

/**
 * `properties` on a schema whose `type` is not "object": a type list is the type-list rule's, and the root with no
 * `type` is left alone, as hosts state `type: "object"` on `parameters` (a root of another type is reported).
 */
function propertiesOnNonObject(schema: unknown): RuleHit[] {
  return objectNodes(schema)
    .filter(({ node }) => 'properties' in node && node['type'] !== 'object' && !Array.isArray(node['type']))
    .filter(({ node, pointer }) => node['type'] !== undefined || pointer !== '')
    .map(({ node, pointer }) => ({
      message: `"properties" on a schema with ${
        node['type'] === undefined ? 'no "type"' : `"type": ${quote(node['type'])}`
      }: Gemini allows it only for OBJECT type ("only allowed for OBJECT type")`,
      schemaPath: `${pointer}/properties`,
    }));
}

function emptyProperties(schema: unknown): RuleHit[] {
  return objectNodes(schema)
    .filter(({ node, pointer }) => node['type'] === 'object' || (pointer === '' && node['type'] === undefined))
    .filter(({ node }) => isObject(node['properties']) && Object.keys(node['properties']).length === 0)
    .map(({ pointer }) => ({
      message:
        '"properties": {} on an object: some Gemini models refuse it ("should be non-empty for OBJECT type"); ' +
        'leave "properties" out for a tool without arguments',
      schemaPath: `${pointer}/properties`,
    }));
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
    { id: 'field-value', effect: 'rejects', basis: 'documented', source: SCHEMA, check: fieldValues },
    { id: 'array-items', effect: 'rejects', basis: 'observed', source: ITEMS, check: arrayItems },
    { id: 'required-undeclared', effect: 'rejects', basis: 'observed', source: REQUIRED, check: requiredDeclared },
    { id: 'properties-non-object', effect: 'rejects', basis: 'observed', source: OBJECT, check: propertiesOnNonObject },
    { id: 'empty-properties', effect: 'unlisted', basis: 'observed', source: EMPTY, check: emptyProperties },
  ],
};
