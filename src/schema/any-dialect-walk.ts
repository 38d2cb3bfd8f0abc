import { escapePointerToken } from '../util/json-pointer.js';
import { SCHEMA_ARRAY_KEYWORDS, SCHEMA_KEYWORDS, SCHEMA_MAP_KEYWORDS } from './keywords.js';
import { isObject } from '../util/plain-json.js';

/** A subschema met by walkAnyDialect; booleans included, unlike walkSchema. */
export interface AnyDialectNode {
  /** The subschema: an object or a boolean. */
  readonly node: Record<string, unknown> | boolean;
  /** JSON Pointer from the document root. */
  readonly pointer: string;
  /** Pointer of the schema this one sits in, undefined for the root. */
  readonly parent: string | undefined;
  /** The keyword (with its map key or index) that holds this subschema, e.g. `properties/a`. */
  readonly via: string;
  /** Depth in schema nesting (the root is 0). */
  readonly depth: number;
}

/** Older-draft positions that hold one schema (draft-07 Validation §6.4.2, §6.5.7). */
const OLD_SCHEMA_KEYWORDS: readonly string[] = ['additionalItems'];
/** Older-draft positions that map names to schemas (draft-07 Validation §9 `definitions`). */
const OLD_MAP_KEYWORDS: readonly string[] = ['definitions'];

const hasOwn = (o: object, k: string): boolean => Object.hasOwn(o, k);
const isSchema = (v: unknown): v is Record<string, unknown> | boolean => typeof v === 'boolean' || isObject(v);

/**
 * Visits every subschema of a document in the schema positions of Draft 2020-12, 2019-09 and
 * draft-07 together: array-form `items`, `additionalItems`, `definitions` and the schema values of
 * `dependencies` as well. Lint and provider profiles read schemas of any dialect, so they need the
 * union; values of `enum`, `const`, `default`, `examples` and unknown keywords are data and are
 * skipped. Iterative, so a deep schema cannot overflow the stack.
 */
export function walkAnyDialect(root: unknown, visit: (n: AnyDialectNode) => boolean | void): void {
  const stack: AnyDialectNode[] = [];
  if (isSchema(root)) stack.push({ node: root, pointer: '', parent: undefined, via: '', depth: 0 });
  while (stack.length > 0) {
    const current = stack.pop() as AnyDialectNode;
    if (visit(current) === false) continue;
    const { node, pointer, depth } = current;
    if (typeof node === 'boolean') continue;
    const children: AnyDialectNode[] = [];
    const add = (value: unknown, via: string): void => {
      if (isSchema(value))
        children.push({ node: value, pointer: `${pointer}/${via}`, parent: pointer, via, depth: depth + 1 });
    };
    for (const k of [...SCHEMA_KEYWORDS, ...OLD_SCHEMA_KEYWORDS]) {
      if (!hasOwn(node, k)) continue;
      const v = node[k];
      if (k === 'items' && Array.isArray(v)) for (const [i, s] of v.entries()) add(s, `items/${i}`);
      else add(v, escapePointerToken(k));
    }
    for (const k of SCHEMA_ARRAY_KEYWORDS) {
      const v = hasOwn(node, k) ? node[k] : undefined;
      if (Array.isArray(v)) for (const [i, s] of v.entries()) add(s, `${k}/${i}`);
    }
    for (const k of [...SCHEMA_MAP_KEYWORDS, ...OLD_MAP_KEYWORDS, 'dependencies']) {
      const v = hasOwn(node, k) ? node[k] : undefined;
      if (!isObject(v)) continue;
      // `dependencies` values are arrays of names or schemas (draft-07 Validation §6.5.7).
      for (const name of Object.keys(v)) add(v[name], `${k}/${escapePointerToken(name)}`);
    }
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i] as AnyDialectNode);
  }
}
