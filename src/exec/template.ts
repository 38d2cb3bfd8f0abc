// Command templates: each argv element of a served command is a template with `{name}` placeholders and
// `{{` / `}}` for literal braces. Parsed once at start-up so a malformed template is a start-up error, never a
// surprise at call time.
import { fail, ok, type Result } from '../result.js';

/** One piece of a parsed template: literal text or a placeholder naming a schema property. */
export type TemplatePart =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'placeholder'; readonly name: string };

/** The scalar JSON types a placeholder may carry (Validation §6.1.1 names them). */
export type ScalarType = 'string' | 'number' | 'integer' | 'boolean';

/** A parsed argv template (one argv element). */
export interface ArgTemplate {
  readonly source: string;
  readonly parts: readonly TemplatePart[];
}

/** Parses one argv template; an unmatched brace or an empty `{}` is a `validation` error naming the template. */
export function parseTemplate(source: string): Result<ArgTemplate> {
  const parts: TemplatePart[] = [];
  let text = '';
  let i = 0;
  const bad = (why: string): Result<ArgTemplate> =>
    fail('validation', `invalid command template ${JSON.stringify(source)}: ${why} at offset ${i}`);
  while (i < source.length) {
    const c = source[i]!;
    if (c === '{' && source[i + 1] === '{') {
      text += '{';
      i += 2;
    } else if (c === '}' && source[i + 1] === '}') {
      text += '}';
      i += 2;
    } else if (c === '}') {
      return bad('unmatched "}" (write "}}" for a literal brace)');
    } else if (c === '{') {
      const end = source.indexOf('}', i + 1);
      if (end < 0) return bad('unclosed "{" (write "{{" for a literal brace)');
      const name = source.slice(i + 1, end);
      if (name === '') return bad('empty placeholder "{}"');
      if (name.includes('{')) return bad('"{" inside a placeholder');
      if (text !== '') parts.push({ kind: 'text', text });
      text = '';
      parts.push({ kind: 'placeholder', name });
      i = end + 1;
    } else {
      text += c;
      i += 1;
    }
  }
  if (text !== '') parts.push({ kind: 'text', text });
  // The author's text could never reach the program as written: refused at start-up, not at every call.
  i = Math.max(source.indexOf('\u0000'), source.search(LONE_SURROGATE));
  if (i >= 0) return bad('a NUL character or a lone surrogate, which no program can be given,');
  return ok({ source, parts });
}

/** A UTF-16 surrogate without its pair. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Parses every argv template; the first malformed one is the error. */
export function parseTemplates(sources: readonly string[]): Result<ArgTemplate[]> {
  const out: ArgTemplate[] = [];
  for (const s of sources) {
    const t = parseTemplate(s);
    if (!t.ok) return t;
    out.push(t.value);
  }
  return ok(out);
}

/** Placeholder names in first-use order, without duplicates. */
export function placeholderNames(templates: readonly ArgTemplate[]): string[] {
  const seen = new Set<string>();
  for (const t of templates) for (const p of t.parts) if (p.kind === 'placeholder') seen.add(p.name);
  return [...seen];
}
