// Generated Draft 2020-12 schemas over every applicator, unevaluated*, $ref/$dynamicRef, const/enum
// with objects and numbers, the numeric, string, array and object keywords. References are first
// drawn as placeholders ("ref:0", "ref:root") and made real, and safe, by assemble.ts.
import fc from 'fast-check';
import { assemble, type RawDocument } from './assemble.js';
import { META_SCHEMAS } from './meta-schemas.js';
import { DIVISORS, NAMES, NUMBERS, PATTERNS, STRINGS, TYPES } from './pools.js';

type Node = unknown;
type Group = fc.Arbitrary<Record<string, unknown>>;

const name = fc.constantFrom(...NAMES);
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

/** The keyword groups a schema object is made of, with weights; `sub` is a nested schema. */
function groups(sub: fc.Arbitrary<Node>): { arbitrary: Group; weight: number }[] {
  const one = (keyword: string, value: fc.Arbitrary<unknown>): Group => value.map((v) => ({ [keyword]: v }));
  const some = (fields: Record<string, fc.Arbitrary<unknown>>): Group =>
    fc.record(fields, { requiredKeys: [] }).filter((r) => Object.keys(r).length > 0);
  const table: [Group, number][] = [
    [
      one(
        'type',
        fc.oneof(fc.constantFrom(...TYPES), fc.uniqueArray(fc.constantFrom(...TYPES), { minLength: 1, maxLength: 3 })),
      ),
      3,
    ],
    [some({ minimum: num, maximum: num, exclusiveMinimum: num, exclusiveMaximum: num }), 2],
    [one('multipleOf', fc.constantFrom(...DIVISORS)), 2],
    [some({ minLength: small, maxLength: small }), 1],
    [one('pattern', fc.constantFrom(...Object.keys(PATTERNS))), 1],
    [one('prefixItems', fc.array(sub, { minLength: 1, maxLength: 2 })), 2],
    [one('items', sub), 2],
    [fc.record({ contains: sub, minContains: small, maxContains: small }, { requiredKeys: ['contains'] }), 2],
    [some({ minItems: small, maxItems: small }), 1],
    [one('uniqueItems', fc.boolean()), 1],
    [one('properties', mapOf(name, sub)), 3],
    [one('patternProperties', mapOf(fc.constantFrom(...Object.keys(PATTERNS)), sub, 2)), 1],
    [one('additionalProperties', sub), 2],
    [one('propertyNames', sub), 1],
    [one('required', names), 2],
    [some({ minProperties: small, maxProperties: small }), 1],
    [one('dependentRequired', mapOf(name, names, 2)), 1],
    [one('dependentSchemas', mapOf(name, sub, 2)), 1],
    [one('allOf', list(sub)), 2],
    [one('anyOf', list(sub)), 2],
    [one('oneOf', list(sub)), 2],
    [one('not', sub), 2],
    [fc.record({ if: sub, then: sub, else: sub }, { requiredKeys: ['if'] }), 2],
    [one('unevaluatedProperties', sub), 2],
    [one('unevaluatedItems', sub), 2],
    [one('const', jsonValue), 1],
    [one('enum', fc.array(jsonValue, { minLength: 1, maxLength: 4 })), 1],
    [one('$ref', fc.constantFrom('ref:0', 'ref:1', 'ref:2', 'ref:root')), 3],
    [fc.constant({ $dynamicRef: '#T' }), 2],
  ];
  return table.map(([arbitrary, weight]) => ({ arbitrary, weight }));
}

const merge = (parts: Record<string, unknown>[]): Record<string, unknown> => Object.assign({}, ...parts);

const schemaNode: fc.Arbitrary<Node> = fc.letrec((tie) => {
  const sub = tie('node');
  // Leaves hold no subschema, so the depth bound is reached with a plain keyword or a boolean schema.
  const leaf = fc.oneof(
    fc.constantFrom(true, false, {}),
    fc.record({ type: fc.constantFrom(...TYPES) }),
    fc.record({ minimum: num }),
    fc.record({ const: jsonValue }),
    fc.record({ $ref: fc.constantFrom('ref:0', 'ref:1', 'ref:root') }),
    fc.constant({ $dynamicRef: '#T' }),
  );
  return {
    node: fc.oneof({ maxDepth: 2, depthIdentifier: 'schema' }, leaf, tie('composite')),
    composite: fc.array(fc.oneof(...groups(sub)), { minLength: 1, maxLength: 3 }).map(merge),
  };
}).node;

/** A raw document: the root, up to three `$defs`, which defs are resources, which scopes hold anchor "T". */
export const rawDocument: fc.Arbitrary<RawDocument> = fc.record({
  root: schemaNode,
  defs: fc.array(schemaNode, { maxLength: 3 }),
  resources: fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }),
  anchors: fc.array(fc.constantFrom('$dynamicAnchor', '$anchor', null), { minLength: 4, maxLength: 4 }),
  // One schema in six declares a custom meta-schema.
  dialect: fc.oneof(
    { arbitrary: fc.constant(null), weight: 5 },
    { arbitrary: fc.constantFrom(...Object.keys(META_SCHEMAS)), weight: 1 },
  ),
});

/** Complete, safe schemas: references resolve, and every reference cycle consumes instance. */
export const schemaArbitrary: fc.Arbitrary<unknown> = rawDocument.map(assemble);
