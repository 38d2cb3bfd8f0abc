// A kept definition's text in the lock file: keys sorted by UTF-16 code units at every level (never by
// insertion or integer-key order), two spaces per level, one member or item per line, so the same definition
// gives the same bytes and a review diff of the lock shows the changed line. Iterative: no nesting depth can
// overflow the stack.
import { byCodeUnits } from '../util/code-unit-order.js';

type Item = { readonly text: string } | { readonly value: unknown; readonly indent: string; readonly prefix: string };

/** The indented JSON text of a JSON value, its first line unindented, nested lines starting with `indent`. */
export function definitionText(value: unknown, indent: string): string {
  const out: string[] = [];
  const stack: Item[] = [{ value, indent, prefix: '' }];
  while (stack.length > 0) {
    const item = stack.pop() as Item;
    if ('text' in item) {
      out.push(item.text);
      continue;
    }
    const { value: v, indent: at, prefix } = item;
    const inner = `${at}  `;
    const entries: [string, unknown][] = Array.isArray(v)
      ? v.map((x) => ['', x])
      : v !== null && typeof v === 'object'
        ? Object.keys(v)
            .sort(byCodeUnits)
            .map((k) => [`${JSON.stringify(k)}: `, (v as Record<string, unknown>)[k]])
        : [];
    if (entries.length === 0) {
      out.push(`${prefix}${Array.isArray(v) ? '[]' : v !== null && typeof v === 'object' ? '{}' : JSON.stringify(v)}`);
      continue;
    }
    out.push(`${prefix}${Array.isArray(v) ? '[' : '{'}\n`);
    stack.push({ text: `\n${at}${Array.isArray(v) ? ']' : '}'}` });
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, x] = entries[i] as [string, unknown];
      if (i < entries.length - 1) stack.push({ text: ',\n' });
      stack.push({ value: x, indent: inner, prefix: `${inner}${key}` });
    }
  }
  return out.join('');
}
