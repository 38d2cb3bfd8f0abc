// Renders validated arguments into argv. Each template becomes exactly one argv element: values are never
// re-split, quoted or expanded, because the program is spawned without a shell.
import { escapePointerToken } from '../util/json-pointer.js';
import { fail, ok, type Result, type Violation } from '../result.js';
import type { ArgTemplate } from './template.js';

/**
 * The text of one argument value: a string as decoded, a number as its normalized JSON text, a boolean as
 * `true`/`false`.
 */
export function renderValue(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  // JSON.stringify gives the shortest round-trip text: 3.0 parses to 3 and renders "3", 1e2 renders "100".
  if (typeof value === 'number' && Number.isFinite(value)) return JSON.stringify(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return undefined;
}

function at(name: string): Pick<Violation, 'path' | 'pointer'> {
  const path = /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? `$.${name}` : `$[${JSON.stringify(name)}]`;
  return { path, pointer: `/${escapePointerToken(name)}` };
}

/**
 * A lone surrogate: spawn encodes argv as UTF-8, where it becomes U+FFFD, so the program would receive a value
 * other than the one validated.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What every render refusal says besides its place and message. */
const RENDER = { keyword: 'render', schemaPath: '', code: 'render_failed', params: {} } as const;

/**
 * Renders every template against the (already validated) arguments; a NUL or a lone surrogate anywhere is
 * refused: neither reaches the program as it was validated.
 */
export function renderArgv(
  templates: readonly ArgTemplate[],
  args: Readonly<Record<string, unknown>>,
): Result<string[]> {
  const argv: string[] = [];
  for (const t of templates) {
    let out = '';
    for (const part of t.parts) {
      if (part.kind === 'text') {
        out += part.text;
        continue;
      }
      const text = Object.hasOwn(args, part.name) ? renderValue(args[part.name]) : undefined;
      if (text === undefined) {
        const message = `argument ${JSON.stringify(part.name)} is missing or not a scalar value`;
        return fail('validation', message, [{ ...at(part.name), ...RENDER, message }]);
      }
      // An argv element is a C string: a NUL would silently cut it short, so it is refused, never truncated.
      if (text.includes('\u0000')) {
        const name = JSON.stringify(part.name);
        const message = `argument ${name} contains a NUL character, which cannot be passed to a program`;
        return fail('validation', message, [{ ...at(part.name), ...RENDER, message }]);
      }
      if (LONE_SURROGATE.test(text)) {
        const name = JSON.stringify(part.name);
        const message = `argument ${name} contains a lone surrogate, which a program would receive as U+FFFD`;
        return fail('validation', message, [{ ...at(part.name), ...RENDER, message }]);
      }
      out += text;
    }
    // The author's text too: a template with either could never reach the program as written.
    if (out.includes('\u0000') || LONE_SURROGATE.test(out)) {
      const message = `command template ${JSON.stringify(t.source)} contains a NUL character or a lone surrogate`;
      return fail('validation', message, [{ path: '$', pointer: '', ...RENDER, message }]);
    }
    argv.push(out);
  }
  return ok(argv);
}
