import { escapePointerToken } from '../util/json-pointer.js';
import { isObject } from '../util/plain-json.js';
import { SCHEMA_ARRAY_KEYWORDS, SCHEMA_KEYWORDS, SCHEMA_MAP_KEYWORDS } from './keywords.js';

/** A schema object met while walking, with where it sits in its document. */
export interface SchemaNode {
  readonly node: Record<string, unknown>;
  /** JSON Pointer from the document root. */
  readonly pointer: string;
  /** Depth in schema nesting (the root is 0). */
  readonly depth: number;
}

const hasOwn = (o: object, k: string): boolean => Object.hasOwn(o, k);

/**
 * Visits every subschema object of a document in schema positions only (Core §7.1): values of
 * unknown keywords, `enum`, `const`, `default` and `examples` are data and are not visited.
 * Iterative, so a deep schema cannot overflow the stack; `visit` returns false to skip children.
 */
export function walkSchema(root: unknown, visit: (n: SchemaNode) => boolean | void): void {
  const stack: SchemaNode[] = [];
  if (isObject(root)) stack.push({ node: root, pointer: '', depth: 0 });
  while (stack.length > 0) {
    const current = stack.pop() as SchemaNode;
    if (visit(current) === false) continue;
    const { node, pointer, depth } = current;
    const children: SchemaNode[] = [];
    for (const k of SCHEMA_KEYWORDS) {
      if (hasOwn(node, k) && isObject(node[k]))
        children.push({
          node: node[k] as Record<string, unknown>,
          pointer: `${pointer}/${escapePointerToken(k)}`,
          depth: depth + 1,
        });
    }
    for (const k of SCHEMA_ARRAY_KEYWORDS) {
      const v = hasOwn(node, k) ? node[k] : undefined;
      if (Array.isArray(v))
        v.forEach((s, i) => {
          if (isObject(s)) children.push({ node: s, pointer: `${pointer}/${k}/${i}`, depth: depth + 1 });
        });
    }
    for (const k of SCHEMA_MAP_KEYWORDS) {
      const v = hasOwn(node, k) ? node[k] : undefined;
      if (isObject(v)) {
        for (const name of Object.keys(v)) {
          const s = v[name];
          if (isObject(s))
            children.push({ node: s, pointer: `${pointer}/${k}/${escapePointerToken(name)}`, depth: depth + 1 });
        }
      }
    }
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i] as SchemaNode);
  }
}
