import { sortedKeys } from './code-unit-order.js';

/** A piece of output text on the work stack; a class so no data value can be mistaken for it. */
class Text {
  constructor(readonly text: string) {}
}
const CLOSE_OBJECT = new Text('}');
const CLOSE_ARRAY = new Text(']');
const COMMA = new Text(',');

/**
 * JSON text of a value with object keys sorted by UTF-16 code units, each scalar written by `leaf`
 * (the one place canonicalJson and uniqueItems' equalityKey differ). Iterative, so nesting depth
 * cannot overflow the stack; the input is a private or already JSON-checked value.
 */
export function sortedKeyJson(value: unknown, leaf: (scalar: unknown) => string): string {
  const out: string[] = [];
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (v instanceof Text) out.push(v.text);
    else if (Array.isArray(v)) {
      out.push('[');
      stack.push(CLOSE_ARRAY);
      for (let i = v.length - 1; i >= 0; i--) {
        stack.push(v[i]);
        if (i > 0) stack.push(COMMA);
      }
    } else if (v !== null && typeof v === 'object') {
      out.push('{');
      stack.push(CLOSE_OBJECT);
      const keys = sortedKeys(v);
      for (let i = keys.length - 1; i >= 0; i--) {
        const k = keys[i] as string;
        stack.push((v as Record<string, unknown>)[k]);
        stack.push(new Text(`${JSON.stringify(k)}:`));
        if (i > 0) stack.push(COMMA);
      }
    } else out.push(leaf(v));
  }
  return out.join('');
}

// -0 is kept apart from 0: `const: -0` and `const: 0` are different schema texts, and a cache key
// must never merge two schemas that are not the same text up to key order.
const schemaLeaf = (v: unknown): string => (Object.is(v, -0) ? '-0' : JSON.stringify(v));

/**
 * A canonical JSON text (object keys sorted by UTF-16 code units) used as a cache key, so that
 * two schemas that differ only in key order share one compiled validator.
 */
export function canonicalJson(value: unknown): string {
  return sortedKeyJson(value, schemaLeaf);
}
