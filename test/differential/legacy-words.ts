// One generated schema node said in an older dialect's words, with the same meaning: 2020-12's
// `prefixItems` + `items` is array-form `items` + `additionalItems` (draft-07 Validation 6.4.1-6.4.2,
// 2019-09 Core 9.3.1.1-9.3.1.2); draft-07 has `dependencies` for `dependentRequired` and
// `dependentSchemas` (Validation 6.5.7), and ignores every keyword beside `$ref` (Core 8.3), so a
// `$ref` with siblings moves into an `allOf` where the siblings still apply.
import type { Dialect } from './dialect.js';

type Obj = Record<string, unknown>;

/** The node in the older dialect's words; changes `node` in place except for a draft-07 `$ref` wrap. */
export function legacyNode(node: Obj, target: Exclude<Dialect, '2020-12'>): Obj {
  if ('prefixItems' in node) {
    const tuple = node['prefixItems'];
    const rest = node['items'];
    delete node['prefixItems'];
    delete node['items'];
    node['items'] = tuple;
    if (rest !== undefined) node['additionalItems'] = rest;
  }
  if (target === '2019-09') return node;
  if ('dependentRequired' in node || 'dependentSchemas' in node) {
    node['dependencies'] = { ...(node['dependentRequired'] as Obj), ...(node['dependentSchemas'] as Obj) };
    delete node['dependentRequired'];
    delete node['dependentSchemas'];
  }
  return withoutRefSiblings(node);
}

/** A draft-07 node whose `$ref` has siblings, the `$ref` moved into `allOf` (Core 8.3). */
export function withoutRefSiblings(node: Obj): Obj {
  if (!('$ref' in node) || Object.keys(node).length === 1) return node;
  const { $ref, allOf, ...rest } = node;
  return { ...rest, allOf: [...(Array.isArray(allOf) ? allOf : []), { $ref }] };
}
