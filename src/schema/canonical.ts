/** Marks an object key on the work stack; a class so no data value can be mistaken for it. */
class KeyToken {
  constructor(readonly key: string) {}
}

/**
 * A canonical JSON text (object keys sorted by UTF-16 code units) used as a cache key, so that
 * two schemas that differ only in key order share one compiled validator. Iterative over the
 * value; the input is a private, already JSON-checked copy.
 */
export function canonicalJson(value: unknown): string {
  const out: string[] = [];
  const stack: unknown[] = [value];
  const CLOSE_OBJ = Symbol('}');
  const CLOSE_ARR = Symbol(']');
  const COMMA = Symbol(',');
  while (stack.length > 0) {
    const v = stack.pop();
    if (v === CLOSE_OBJ) out.push('}');
    else if (v === CLOSE_ARR) out.push(']');
    else if (v === COMMA) out.push(',');
    else if (v instanceof KeyToken) out.push(JSON.stringify(v.key), ':'); else if (Array.isArray(v)) {
      out.push('[');
      stack.push(CLOSE_ARR);
      for (let i = v.length - 1; i >= 0; i--) {
        stack.push(v[i]);
        if (i > 0) stack.push(COMMA);
      }
    } else if (v !== null && typeof v === 'object') {
      out.push('{');
      stack.push(CLOSE_OBJ);
      const keys = Object.keys(v).sort();
      for (let i = keys.length - 1; i >= 0; i--) {
        const k = keys[i] as string;
        stack.push((v as Record<string, unknown>)[k]);
        stack.push(new KeyToken(k));
        if (i > 0) stack.push(COMMA);
      }
    } else {
      out.push(Object.is(v, -0) ? '-0' : JSON.stringify(v));
    }
  }
  return out.join('');
}
