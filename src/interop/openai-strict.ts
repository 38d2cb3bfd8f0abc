import { escapePointerToken, unescapePointerToken } from '../util/json-pointer.js';
import { isObject } from '../util/plain-json.js';
import {
  describesObject,
  keywordHits,
  objectNodes,
  rootObjectHits,
  type ProviderProfile,
  type RuleHit,
} from './profile.js';
import { quote } from '../util/describe-value.js';
import { openaiStrictKeywords } from '../keywords/keyword-lists.js';
import { arrayItems, COMPOSED, ITEMS, rootComposition } from './openai.js';
import { REF_SIBLINGS, refSiblings } from './ref-siblings.js';
import { undeclaredRequired } from './incomplete-shapes.js';
import { nesting, sizes } from './openai-strict-sizes.js';
import { percentDecoded } from '../util/percent-decoded.js';

// OpenAI Structured Outputs, which strict function calling (`strict: true`) uses for `parameters`.
// Read on 2026-11-29:
//   SUPPORTED = https://platform.openai.com/docs/guides/structured-outputs#supported-schemas
//   STRICT    = https://platform.openai.com/docs/guides/function-calling#strict-mode
const SUPPORTED = 'https://platform.openai.com/docs/guides/structured-outputs#supported-schemas';
const STRICT = 'https://platform.openai.com/docs/guides/function-calling#strict-mode';
//   TYPED = "In context=('properties', ..., 'items'), schema must have a 'type' key", reported in
//           https://github.com/can1357/oh-my-pi/issues/211 (an `items: {}`)
const TYPED = 'https://github.com/can1357/oh-my-pi/issues/211';
//   EXTRA = "'required' is required to be supplied and to be an array including every key in properties. Extra
//           required key 'relations' supplied.", reported in https://github.com/akitaonrails/ai-memory/issues/628
const EXTRA = 'https://github.com/akitaonrails/ai-memory/issues/628';
//   A root `$schema` (draft-07's URI) is what OpenAI's own SDK sends with `strict: true` (zodResponseFormat,
//   https://github.com/openai/openai-node/blob/master/tests/helpers/zod.test.ts): the table marks it `root`.

/** Documented as not supported ("composition" keywords and their draft-07 ancestor). */
const UNSUPPORTED = new Set(openaiStrictKeywords('unsupported'));
const unsupported = (k: string): boolean => UNSUPPORTED.has(k);
/**
 * The keywords the supported-schemas list names (type, enum, const, anyOf, $ref/$defs,
 * properties/required/additionalProperties, items, string pattern/format, number bounds and multipleOf,
 * array minItems/maxItems, description, title). Any other keyword, an unknown one or an annotation
 * (`default`, `examples`, `nullable`, `x-*`, `$comment`) included, is unlisted. Fail closed: one strict mode
 * does not take fails the request, while a tool published without `strict` still works.
 */
const LISTED = new Set(openaiStrictKeywords('listed'));
const AT_ROOT = new Set(openaiStrictKeywords('root'));
const unlisted = (k: string, pointer: string): boolean =>
  !LISTED.has(k) && !unsupported(k) && !(pointer === '' && AT_ROOT.has(k));
/** The string formats the supported-schemas list names. */
const FORMATS = new Set(['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid']);

function additionalPropertiesFalse(schema: unknown): RuleHit[] {
  return (
    objectNodes(schema)
      // The root is published with `type: "object"` stated (src/tools/provider-shapes.ts): an object there too.
      .filter(
        ({ node, pointer }) => (pointer === '' || describesObject(node)) && node['additionalProperties'] !== false,
      )
      .map(({ node, pointer }) => ({
        message:
          `every object needs "additionalProperties": false in strict mode, got ` +
          `${node['additionalProperties'] === undefined ? 'none' : quote(node['additionalProperties'])}`,
        schemaPath: pointer,
      }))
  );
}

function allRequired(schema: unknown): RuleHit[] {
  const out: RuleHit[] = [];
  for (const { node, pointer } of objectNodes(schema)) {
    const props = node['properties'];
    if (!isObject(props)) continue;
    const required = new Set(
      Array.isArray(node['required']) ? node['required'].filter((r): r is string => typeof r === 'string') : [],
    );
    for (const name of Object.keys(props)) {
      if (!required.has(name))
        out.push({
          message:
            `property ${quote(name)} is not in "required": strict ` +
            `mode needs every property required (make it nullable instead)`,
          schemaPath: `${pointer}/properties/${escapePointerToken(name)}`,
        });
    }
  }
  return out;
}

/** Every `required` name is a declared property: strict mode refuses an extra one (observed, EXTRA). */
function requiredDeclared(schema: unknown): RuleHit[] {
  return undeclaredRequired(schema).map(({ name, schemaPath }) => ({
    message: `"required" names ${quote(name)}, which "properties" does not declare; strict mode refuses it`,
    schemaPath,
  }));
}

/** The root is an object; a root `anyOf` (documented) and the rest OpenAI refuses there are root-composition's. */
const rootShape = (schema: unknown): RuleHit[] => rootObjectHits(schema, 'OpenAI strict mode');

/**
 * Keywords that make a schema typed enough for strict mode without a `type` of its own; the composition keywords
 * strict mode does not take are reported by their own rules (unsupported, unlisted), not again as typeless.
 */
const TYPED_BY = ['type', '$ref', 'anyOf', 'enum', 'const', 'oneOf', 'allOf', 'not', '$dynamicRef', '$recursiveRef'];

/**
 * Every subschema below the root needs a `type` (or is a `$ref`, an `anyOf`, an `enum` or a `const`): `{}` and a
 * boolean schema are refused. The root's `type` is stated by toolsFor (src/tools/provider-shapes.ts).
 */
function typeless(schema: unknown): RuleHit[] {
  const out: RuleHit[] = [];
  const hit = (schemaPath: string, what: string): void =>
    void out.push({ message: `${what} has no "type"; strict mode needs one on every schema`, schemaPath });
  for (const { node, pointer } of objectNodes(schema)) {
    if (pointer !== '' && !TYPED_BY.some((k) => node[k] !== undefined)) hit(pointer, 'this schema');
    const children: [string, unknown][] = [];
    for (const map of ['properties', '$defs', 'definitions'])
      if (isObject(node[map]))
        for (const [k, v] of Object.entries(node[map])) children.push([`${map}/${escapePointerToken(k)}`, v]);
    if (Array.isArray(node['anyOf']))
      node['anyOf'].forEach((v, i) => {
        children.push([`anyOf/${i}`, v]);
      });
    children.push(['items', node['items']]);
    for (const [at, v] of children)
      if (typeof v === 'boolean') hit(`${pointer}/${at}`, `the boolean schema ${String(v)}`);
  }
  return out;
}

function perNode(
  hit: (k: string, pointer: string) => boolean,
  message: (k: string) => string,
): (schema: unknown) => RuleHit[] {
  return (schema) =>
    objectNodes(schema).flatMap(({ node, pointer }) => keywordHits(pointer, node, (k) => hit(k, pointer), message));
}

/**
 * Listed keywords in forms the list does not name: a `$ref` other than `#` (root recursion) or `#/$defs/<name>`
 * of a root definition (an anchor, a remote URI toolgate resolves through its registry, `#/definitions/...`), and
 * draft-07's array-form `items` (the list names `items` as one schema).
 */
function unlistedForms(schema: unknown): RuleHit[] {
  const out: RuleHit[] = [];
  const held = (member: string): Record<string, unknown> =>
    isObject(schema) && isObject(schema[member]) ? schema[member] : {};
  // A definition of the root, by `$defs` or (as OpenAI's SDK writes it) draft-07's `definitions`; a fragment's
  // pointer is percent-encoded (RFC 3986 §3.5), then a JSON Pointer token (RFC 6901).
  const listedRef = (ref: unknown): boolean => {
    if (ref === '#') return true;
    if (typeof ref !== 'string') return false;
    const member = ref.startsWith('#/$defs/') ? '$defs' : ref.startsWith('#/definitions/') ? 'definitions' : undefined;
    if (member === undefined) return false;
    const token = ref.slice(`#/${member}/`.length);
    if (token.includes('/')) return false;
    const decoded = percentDecoded(token);
    if (decoded === undefined) return false;
    return Object.hasOwn(held(member), unescapePointerToken(decoded));
  };
  for (const { node, pointer } of objectNodes(schema)) {
    if (Object.hasOwn(node, '$ref') && !listedRef(node['$ref']))
      out.push({
        message: `"$ref" ${quote(node['$ref'])} is not "#" or "#/$defs/<name>", the references strict mode takes`,
        schemaPath: `${pointer}/$ref`,
      });
    if (Array.isArray(node['items']))
      out.push({
        message: 'array-form "items" is not in the subset strict mode lists ("items" is one schema there)',
        schemaPath: `${pointer}/items`,
      });
  }
  return out;
}

function formats(schema: unknown): RuleHit[] {
  return objectNodes(schema)
    .filter(({ node }) => typeof node['format'] === 'string' && !FORMATS.has(node['format']))
    .map(({ node, pointer }) => ({
      message:
        `format ${quote(node['format'])} is not among ` + `the formats strict mode lists (${[...FORMATS].join(', ')})`,
      schemaPath: `${pointer}/format`,
    }));
}

/** OpenAI function calling with `strict: true` (Structured Outputs subset), read 2026-11-29. */
export const OPENAI_STRICT: ProviderProfile = {
  name: 'openai-strict',
  dated: '2026-11-29',
  rules: [
    { id: 'root-object', effect: 'rejects', basis: 'documented', source: SUPPORTED, check: rootShape },
    { id: 'root-composition', effect: 'rejects', basis: 'observed', source: COMPOSED, check: rootComposition },
    {
      id: 'additional-properties-false',
      effect: 'rejects',
      basis: 'documented',
      source: STRICT,
      check: additionalPropertiesFalse,
    },
    { id: 'all-required', effect: 'rejects', basis: 'documented', source: STRICT, check: allRequired },
    { id: 'required-undeclared', effect: 'rejects', basis: 'observed', source: EXTRA, check: requiredDeclared },
    { id: 'array-items', effect: 'rejects', basis: 'observed', source: ITEMS, check: arrayItems },
    { id: 'typeless-schema', effect: 'rejects', basis: 'observed', source: TYPED, check: typeless },
    { id: 'ref-siblings', effect: 'rejects', basis: 'observed', source: REF_SIBLINGS, check: refSiblings },
    {
      id: 'unsupported-keyword',
      effect: 'rejects',
      basis: 'documented',
      source: SUPPORTED,
      check: perNode(unsupported, (k) => `"${k}" is not supported in strict mode`),
    },
    {
      id: 'unlisted-keyword',
      effect: 'unlisted',
      basis: 'documented',
      source: SUPPORTED,
      check: perNode(unlisted, (k) => `"${k}" is not in the subset strict mode documents as supported`),
    },
    { id: 'unlisted-form', effect: 'unlisted', basis: 'documented', source: SUPPORTED, check: unlistedForms },
    { id: 'unlisted-format', effect: 'unlisted', basis: 'documented', source: SUPPORTED, check: formats },
    { id: 'nesting-depth', effect: 'rejects', basis: 'documented', source: SUPPORTED, check: nesting },
    { id: 'size-limits', effect: 'rejects', basis: 'documented', source: SUPPORTED, check: sizes },
  ],
};
