import type { Ajv2020 } from 'ajv/dist/2020.js';

/** A piece of output text on the work stack; a class so no data value can be mistaken for it. */
class Text {
  constructor(readonly text: string) {}
}
const CLOSE_OBJECT = new Text('}');
const CLOSE_ARRAY = new Text(']');
const COMMA = new Text(',');

/**
 * A text equal for two items exactly when Validation §4.2.2 calls them equal: object key order
 * ignored, 1 and 1.0 the same number, 0 and -0 the same number. Iterative over the item.
 */
export function equalityKey(value: unknown): string {
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
      const keys = Object.keys(v).sort();
      for (let i = keys.length - 1; i >= 0; i--) {
        const k = keys[i] as string;
        stack.push((v as Record<string, unknown>)[k]);
        stack.push(new Text(`${JSON.stringify(k)}:`));
        if (i > 0) stack.push(COMMA);
      }
    } else out.push(typeof v === 'number' ? String(v === 0 ? 0 : v) : JSON.stringify(v));
  }
  return out.join('');
}

/**
 * The first repeated item (`j` its first occurrence, `i` the repeat) or undefined. One key per
 * item and one Map lookup each: linear in the size of the array, where Ajv's pairwise comparison
 * of untyped items is quadratic (10,000 objects took about 5 s). `stats.keys` counts keys built.
 */
export function firstDuplicate(items: readonly unknown[], stats?: { keys: number }): { i: number; j: number } | undefined {
  const seen = new Map<string, number>();
  for (let i = 0; i < items.length; i++) {
    const key = equalityKey(items[i]);
    if (stats) stats.keys++;
    const j = seen.get(key);
    if (j !== undefined) return { i, j };
    seen.set(key, i);
  }
  return undefined;
}

/** Replaces Ajv's uniqueItems (Validation §6.4.3) with firstDuplicate. */
export function installUniqueItems(ajv: Ajv2020): void {
  ajv.removeKeyword('uniqueItems');
  ajv.addKeyword({
    keyword: 'uniqueItems',
    type: 'array',
    schemaType: 'boolean',
    errors: true,
    compile(unique: boolean) {
      const check = (data: unknown[]): boolean => {
        const dup = unique ? firstDuplicate(data) : undefined;
        if (dup === undefined) return true;
        check.errors = [{ keyword: 'uniqueItems', params: dup, message: `must NOT have duplicate items (items ## ${dup.j} and ${dup.i} are identical)` }];
        return false;
      };
      check.errors = null as null | object[];
      return check as never;
    },
  });
}
