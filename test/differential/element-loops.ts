// Keywords applied per element: an array or object keyword (`contains` first among them) inside an
// applicator that runs once per item or property (`items`, `prefixItems`, `additionalProperties`,
// `patternProperties`, `properties`, a `$ref`'d def), itself sometimes under `anyOf`/`allOf`/`oneOf`/
// `not`/`if` in that loop. An engine whose per-element state leaks from one element to the next
// (a `contains` flag not reset) answers the second element with the first one's result; the instance
// generator draws nested arrays and objects to meet it (`[[1],[]]`, `{"a":[[1],[]]}`).
import fc from 'fast-check';
import type { Dialect } from './dialect.js';
import { PATTERNS, NAMES, TYPES } from './pools.js';

type Node = unknown;
type Obj = Record<string, unknown>;

const small = fc.nat(3);
const mapOf = (key: fc.Arbitrary<string>, sub: fc.Arbitrary<Node>): fc.Arbitrary<Obj> =>
  fc
    .uniqueArray(fc.tuple(key, sub), { selector: (e) => e[0], minLength: 1, maxLength: 2 })
    .map((e) => Object.fromEntries(e));

/** One keyword that asserts on the element it is applied to, in the dialect's keyword set. */
function elementBody(sub: fc.Arbitrary<Node>, dialect: Dialect): fc.Arbitrary<Obj> {
  const contains =
    dialect === 'draft-07'
      ? fc.record({ contains: sub })
      : fc.record({ contains: sub, minContains: small, maxContains: small }, { requiredKeys: ['contains'] });
  const name = fc.constantFrom(...NAMES.filter((n) => dialect === '2020-12' || n !== '__proto__'));
  // `contains` alone most often: minContains/maxContains take another code path in the engines.
  const arms: fc.Arbitrary<Obj>[] = [
    contains,
    fc.record({ contains: sub }),
    fc.record({ contains: fc.record({ type: fc.constantFrom(...TYPES) }) }),
    fc.record({ contains: fc.record({ type: fc.constantFrom(...TYPES) }) }),
    fc.record({ items: sub }),
    fc.record(
      { prefixItems: fc.array(sub, { minLength: 1, maxLength: 2 }), items: sub },
      { requiredKeys: ['prefixItems'] },
    ),
    fc.record({ uniqueItems: fc.constant(true) }),
    fc.record({ minItems: small, maxItems: small }, { requiredKeys: [] }),
    fc.record({ properties: mapOf(name, sub), required: fc.uniqueArray(name, { maxLength: 2 }) }),
    fc.record({ additionalProperties: sub }),
  ];
  // 2019-09 refuses unevaluated* beside contains (legacy-engine-gaps.ts): only 2020-12 draws it here.
  if (dialect === '2020-12') arms.push(fc.record({ unevaluatedItems: sub }), fc.record({ unevaluatedProperties: sub }));
  return fc.oneof(...arms);
}

/** The element body, alone or under an in-place applicator. */
function wrapped(sub: fc.Arbitrary<Node>, dialect: Dialect): fc.Arbitrary<Obj> {
  const body = elementBody(sub, dialect);
  return fc.oneof(
    { arbitrary: body, weight: 3 },
    fc.tuple(body, sub).map(([b, s]): Obj => ({ anyOf: [b, s] })),
    fc.tuple(body, sub).map(([b, s]): Obj => ({ oneOf: [s, b] })),
    body.map((b): Obj => ({ allOf: [b] })),
    body.map((b): Obj => ({ not: b })),
    fc.tuple(body, sub).map(([b, s]): Obj => ({ if: b, then: s })),
    fc.tuple(body, body).map(([b, c]): Obj => ({ if: { type: 'array' }, then: b, else: c })),
  );
}

/** A per-element applicator around a wrapped element body; `sub` is a nested schema. */
export function elementLoop(sub: fc.Arbitrary<Node>, dialect: Dialect): fc.Arbitrary<Obj> {
  const w = wrapped(sub, dialect);
  const name = fc.constantFrom(...NAMES.filter((n) => dialect === '2020-12' || n !== '__proto__'));
  return fc.oneof(
    { arbitrary: w.map((x): Obj => ({ items: x })), weight: 3 },
    fc.tuple(w, fc.oneof(w, sub)).map(([x, y]): Obj => ({ prefixItems: [x, x], items: y })),
    w.map((x): Obj => ({ additionalProperties: x })),
    fc.tuple(fc.constantFrom(...Object.keys(PATTERNS)), w).map(([p, x]): Obj => ({ patternProperties: { [p]: x } })),
    { arbitrary: fc.tuple(name, w).map(([n, x]): Obj => ({ properties: { [n]: { items: x } } })), weight: 2 },
    fc.constantFrom('ref:0', 'ref:1', 'ref:2').map((r): Obj => ({ items: { $ref: r } })),
    fc.constantFrom('ref:0', 'ref:1').map((r): Obj => ({ additionalProperties: { $ref: r } })),
  );
}
