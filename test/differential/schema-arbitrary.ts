// Generated schemas of one dialect over every applicator, unevaluated*, $ref/$dynamicRef, const/enum
// with objects and numbers, the numeric, string, array and object keywords, `format` (format-pools.ts),
// and keywords applied per element (element-loops.ts). Drawn in 2020-12 words, only those the dialect
// has; assemble.ts says them in the dialect's words. References are first drawn as placeholders
// ("ref:0", "ref:root") and made real, and safe, by assemble.ts.
import fc from 'fast-check';
import { assemble, type RawDocument } from './assemble.js';
import type { Dialect } from './dialect.js';
import { elementLoop } from './element-loops.js';
import { FORMATS } from './format-pools.js';
import { META_SCHEMAS } from './meta-schemas.js';
import { DIVISORS, NAMES, NUMBERS, PATTERNS, STRINGS, TYPES } from './pools.js';

type Node = unknown;
type Group = fc.Arbitrary<Record<string, unknown>>;

const name = fc.constantFrom(...NAMES);
// The older engines refuse a property named "__proto__" by design (legacy-engine-gaps.ts): not drawn there.
const propertyName = (dialect: Dialect): fc.Arbitrary<string> =>
  dialect === '2020-12' ? name : fc.constantFrom(...NAMES.filter((n) => n !== '__proto__'));
const names = fc.uniqueArray(name, { maxLength: 3 });
const num = fc.constantFrom(...NUMBERS);
const small = fc.nat(3);

/** JSON values for const/enum and instances: nested numbers, hostile member names, -0. */
export const jsonValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { maxDepth: 3, depthIdentifier: 'json' },
    fc.oneof(num, fc.constantFrom(...STRINGS), fc.boolean(), fc.constant(null)),
    fc.array(tie('value'), { maxLength: 3 }),
    fc
      .uniqueArray(fc.tuple(name, tie('value')), { selector: (e) => e[0], maxLength: 3 })
      .map((entries) => Object.fromEntries(entries)),
  ),
})).value;

const mapOf = (key: fc.Arbitrary<string>, sub: fc.Arbitrary<Node>, maxLength = 3): fc.Arbitrary<object> =>
  fc
    .uniqueArray(fc.tuple(key, sub), { selector: (e) => e[0], minLength: 1, maxLength })
    .map((e) => Object.fromEntries(e));

const list = (sub: fc.Arbitrary<Node>): fc.Arbitrary<Node[]> => fc.array(sub, { minLength: 1, maxLength: 3 });

/** Keywords a dialect lacks, by the 2020-12 word the generator draws. */
const ABSENT: Readonly<Record<Dialect, ReadonlySet<string>>> = {
  '2020-12': new Set(['additionalItems']),
  '2019-09': new Set(),
  'draft-07': new Set(['unevaluatedItems', 'unevaluatedProperties', 'minContains', 'maxContains', '$dynamicRef']),
};

/** The keyword groups a schema object is made of, with weights; `sub` is a nested schema. */
function groups(sub: fc.Arbitrary<Node>, dialect: Dialect): { arbitrary: Group; weight: number }[] {
  const one = (keyword: string, value: fc.Arbitrary<unknown>): Group => value.map((v) => ({ [keyword]: v }));
  const some = (fields: Record<string, fc.Arbitrary<unknown>>): Group =>
    fc.record(fields, { requiredKeys: [] }).filter((r) => Object.keys(r).length > 0);
  const contains =
    dialect === 'draft-07'
      ? one('contains', sub)
      : fc.record({ contains: sub, minContains: small, maxContains: small }, { requiredKeys: ['contains'] });
  const table: [Group, number, string][] = [
    [
      one(
        'type',
        fc.oneof(fc.constantFrom(...TYPES), fc.uniqueArray(fc.constantFrom(...TYPES), { minLength: 1, maxLength: 3 })),
      ),
      3,
      'type',
    ],
    [some({ minimum: num, maximum: num, exclusiveMinimum: num, exclusiveMaximum: num }), 2, 'minimum'],
    [one('multipleOf', fc.constantFrom(...DIVISORS)), 2, 'multipleOf'],
    [some({ minLength: small, maxLength: small }), 1, 'minLength'],
    [one('pattern', fc.constantFrom(...Object.keys(PATTERNS))), 1, 'pattern'],
    [one('format', fc.constantFrom(...FORMATS[dialect])), 2, 'format'],
    [one('prefixItems', fc.array(sub, { minLength: 1, maxLength: 2 })), 2, 'prefixItems'],
    [one('items', sub), 2, 'items'],
    [one('additionalItems', sub), 1, 'additionalItems'],
    [contains, 2, 'contains'],
    [some({ minItems: small, maxItems: small }), 1, 'minItems'],
    [one('uniqueItems', fc.boolean()), 1, 'uniqueItems'],
    [one('properties', mapOf(propertyName(dialect), sub)), 3, 'properties'],
    [one('patternProperties', mapOf(fc.constantFrom(...Object.keys(PATTERNS)), sub, 2)), 1, 'patternProperties'],
    [one('additionalProperties', sub), 2, 'additionalProperties'],
    [one('propertyNames', sub), 1, 'propertyNames'],
    [one('required', names), 2, 'required'],
    [some({ minProperties: small, maxProperties: small }), 1, 'minProperties'],
    [one('dependentRequired', mapOf(name, names, 2)), 1, 'dependentRequired'],
    [one('dependentSchemas', mapOf(name, sub, 2)), 1, 'dependentSchemas'],
    [one('allOf', list(sub)), 2, 'allOf'],
    [one('anyOf', list(sub)), 2, 'anyOf'],
    [one('oneOf', list(sub)), 2, 'oneOf'],
    [one('not', sub), 2, 'not'],
    [fc.record({ if: sub, then: sub, else: sub }, { requiredKeys: ['if'] }), 2, 'if'],
    // 2019-09's unevaluated* is refused where the engine cannot be exact: drawn less, to keep most schemas compared.
    [one('unevaluatedProperties', sub), dialect === '2019-09' ? 1 : 2, 'unevaluatedProperties'],
    [one('unevaluatedItems', sub), dialect === '2019-09' ? 1 : 2, 'unevaluatedItems'],
    [one('const', jsonValue), 1, 'const'],
    [one('enum', fc.array(jsonValue, { minLength: 1, maxLength: 4 })), 1, 'enum'],
    [one('$ref', fc.constantFrom('ref:0', 'ref:1', 'ref:2', 'ref:root')), 3, '$ref'],
    // 2019-09's $recursiveRef is refused by toolgate (legacy-engine-gaps.ts): drawn rarely, to count the refusals.
    [fc.constant({ $dynamicRef: '#T' }), dialect === '2019-09' ? 1 : 2, '$dynamicRef'],
    [elementLoop(sub, dialect), 5, 'loop'],
  ];
  return table.filter(([, , k]) => !ABSENT[dialect].has(k)).map(([arbitrary, weight]) => ({ arbitrary, weight }));
}

const merge = (parts: Record<string, unknown>[]): Record<string, unknown> => Object.assign({}, ...parts);

function schemaNode(dialect: Dialect): fc.Arbitrary<Node> {
  return fc.letrec((tie) => {
    const sub = tie('node');
    // Leaves hold no subschema, so the depth bound is reached with a plain keyword or a boolean schema.
    const leaves: fc.Arbitrary<Node>[] = [
      fc.constantFrom(true, false, {}),
      fc.record({ type: fc.constantFrom(...TYPES) }),
      fc.record({ minimum: num }),
      fc.record({ const: jsonValue }),
      fc.record({ $ref: fc.constantFrom('ref:0', 'ref:1', 'ref:root') }),
      fc.record({ format: fc.constantFrom(...FORMATS[dialect]) }),
    ];
    if (dialect === '2020-12') leaves.push(fc.constant({ $dynamicRef: '#T' }));
    return {
      node: fc.oneof({ maxDepth: 2, depthIdentifier: 'schema' }, fc.oneof(...leaves), tie('composite')),
      composite: fc.array(fc.oneof(...groups(sub, dialect)), { minLength: 1, maxLength: 3 }).map(merge),
    };
  }).node;
}

/** A raw document: the root, up to three defs, which defs are resources, which scopes hold anchor "T". */
export function rawDocument(dialect: Dialect): fc.Arbitrary<RawDocument> {
  const node = schemaNode(dialect);
  return fc.record({
    // One root in five is a per-element loop itself, so that instances drawn from the root meet it.
    root: fc.oneof({ arbitrary: node, weight: 4 }, { arbitrary: elementLoop(node, dialect), weight: 1 }),
    // A def is sometimes a per-element body alone, for `items: {"$ref": ...}` loops.
    defs: fc.array(fc.oneof(node, elementLoop(node, dialect)), { maxLength: 3 }),
    resources: fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }),
    // draft-07 has no anchors that the assembly can place beside `$id` (a plain-name `$id` is one).
    anchors: fc.array(dialect === 'draft-07' ? fc.constant(null) : fc.constantFrom('$dynamicAnchor', '$anchor', null), {
      minLength: 4,
      maxLength: 4,
    }),
    // One 2020-12 schema in six declares a custom meta-schema.
    dialect:
      dialect === '2020-12'
        ? fc.oneof(
            { arbitrary: fc.constant(null), weight: 5 },
            { arbitrary: fc.constantFrom(...Object.keys(META_SCHEMAS)), weight: 1 },
          )
        : fc.constant(null),
    target: fc.constant(dialect),
  });
}

const built = new Map<Dialect, fc.Arbitrary<unknown>>();
/** Complete, safe schemas of the dialect: references resolve, and every reference cycle consumes instance. */
export function schemaArbitrary(dialect: Dialect): fc.Arbitrary<unknown> {
  const known = built.get(dialect);
  if (known !== undefined) return known;
  const arbitrary = rawDocument(dialect).map(assemble);
  built.set(dialect, arbitrary);
  return arbitrary;
}
