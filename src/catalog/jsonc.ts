// JSON with comments (`//` and block comments) and trailing commas, as VS Code reads its workspace config: a newcomer's
// find was such a file refused as "not JSON" by check, lock and proxy --config. They are blanked (each code unit a
// space, line ends kept), so the strict parse that follows, with its duplicate-key and bound checks, reads a text of
// the same length and lines: a later error's line and column point into the original.
// Only MCP client configs are read so (mcp-config.ts); catalogs, locks and serve configs stay strict JSON.
import type { Problem, Result } from '../result.js';

/** Where in a text: 1-based line (by `\n`) and column (in UTF-16 code units), as the strict parser counts them. */
export interface TextPosition {
  readonly line: number;
  readonly column: number;
}

/** A JSONC text made JSON. */
export interface BlankedJsonc {
  /** The text with its comments and trailing commas blanked: the same length, its line ends where they were. */
  readonly json: string;
  /** Where the first comment or trailing comma was; undefined when the text had none (plain JSON). */
  readonly firstAt: TextPosition | undefined;
}

/** The line and column of `offset` in `text`. */
function positionOf(text: string, offset: number): TextPosition {
  const before = text.slice(0, offset);
  return { line: before.split('\n').length, column: offset - before.lastIndexOf('\n') };
}

// A review's find: VS Code ends a line comment at U+2028 and U+2029 too (node-jsonc-parser does not), so a server
// after one is hidden from us and started by VS Code. Clients disagree, so a line comment holding one is refused.
const LINE_END_ELSEWHERE = /[\u2028\u2029\u0085]/;

/** The refusal of a line comment in `text[from, to)` holding a character some clients end a line at, if it does. */
function lineEndInComment(text: string, from: number, to: number): string | undefined {
  const found = LINE_END_ELSEWHERE.exec(text.slice(from, to));
  if (found === null) return undefined;
  const at = positionOf(text, from + found.index);
  const code = `U+${found[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
  return (
    `a line comment holds ${code} at line ${at.line} column ${at.column}, which some clients read as the end ` +
    'of the line: remove it'
  );
}

/** Whether the character ending a value is `c` (a number's or literal's last, a closing bracket or brace). */
const endsValue = (c: string | undefined): boolean => c !== undefined && /[\]}0-9A-Za-z]/.test(c);

/** Where the JSON string opening at `start` ends (after its closing quote, or at the end of an unclosed one). */
function stringEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '"') return i + 1;
  }
  return text.length;
}

/**
 * Where the comment opening at `i` ends (a block comment past its closing star and slash, a line comment before
 * its line end, `\n` or `\r`); -1 for a block comment never closed; undefined when no comment opens at `i`.
 */
function commentEnd(text: string, i: number): number | undefined {
  if (text[i] !== '/') return undefined;
  if (text[i + 1] === '*') {
    const close = text.indexOf('*/', i + 2);
    return close < 0 ? -1 : close + 2;
  }
  if (text[i + 1] !== '/') return undefined;
  let end = i + 2;
  while (end < text.length && text[end] !== '\n' && text[end] !== '\r') end++;
  return end;
}

/** Where the first character after the JSON whitespace and comments from `i` is. */
function afterGap(text: string, i: number): number {
  for (let j = i; ; ) {
    const c = text[j];
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') j++;
    else {
      const end = commentEnd(text, j);
      if (end === undefined || end < 0) return j;
      j = end;
    }
  }
}

/**
 * `text` with every comment outside strings blanked, and every comma after a value followed (past whitespace and
 * comments) by a closing brace or bracket. A block comment never closed, or a line comment holding U+2028, U+2029
 * or U+0085, is an error naming where. Anything else is left as written for the strict parse to judge: a lone
 * slash, two commas, a comma right after an opening bracket.
 */
export function blankJsonc(text: string): Result<BlankedJsonc, Problem> {
  // In the text's order, none overlapping: [from, to) of each comment and trailing comma.
  const ranges: [number, number][] = [];
  // Whether the last token outside whitespace and comments ended a value: only then is a comma a trailing one
  // (a review's find: `[,]`, `{,}` and `[1,,]` were made JSON).
  let afterValue = false;
  for (let i = 0; i < text.length; ) {
    const c = text[i];
    if (c === '"') {
      i = stringEnd(text, i);
      afterValue = true;
      continue;
    }
    const end = commentEnd(text, i);
    if (end !== undefined && end < 0) {
      const at = positionOf(text, i);
      return { ok: false, error: { message: `a comment "/*" at line ${at.line} column ${at.column} is not closed` } };
    }
    if (end !== undefined) {
      const held = text[i + 1] === '/' ? lineEndInComment(text, i, end) : undefined;
      if (held !== undefined) return { ok: false, error: { message: held } };
      ranges.push([i, end]);
      i = end;
      continue;
    }
    if (c === ',' && afterValue) {
      const next = text[afterGap(text, i + 1)];
      if (next === '}' || next === ']') ranges.push([i, i + 1]);
    }
    if (c !== ' ' && c !== '\t' && c !== '\n' && c !== '\r') afterValue = endsValue(c);
    i++;
  }
  const first = ranges[0];
  if (first === undefined) return { ok: true, value: { json: text, firstAt: undefined } };
  const parts: string[] = [];
  let at = 0;
  for (const [from, to] of ranges) {
    parts.push(text.slice(at, from), text.slice(from, to).replace(/[^\n\r]/g, ' '));
    at = to;
  }
  parts.push(text.slice(at));
  return { ok: true, value: { json: parts.join(''), firstAt: positionOf(text, first[0]) } };
}
