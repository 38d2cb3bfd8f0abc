// The strict JSON text parser: every text the native path (json-text-native.ts) does not prove, read character by
// character with the checks JSON.parse lacks (parseJsonText in json-text.ts says which).
import { inexactReason, isExactNumber } from './exact-number.js';
import { ok, type Result } from '../result.js';
import { cutWhole } from '../util/describe-value.js';
import { depthFailure, textError } from './json-text-errors.js';
import { NO_TEXT_LIMITS, type ParsedText, type TextLimits } from './parsed-text.js';

/** One open container: the object or array being filled, its pending key and its member count. */
interface Container {
  readonly obj: Record<string, unknown> | undefined;
  readonly arr: unknown[] | undefined;
  key: string;
  count: number;
}

// The parse in progress. Parsing is synchronous and calls no user code, so the helpers share this
// module-level state instead of being closures rebuilt on every call.
let text = '';
let i = 0;
let n = 0;
let failure: Result<never> | undefined;
let over = false;
let limits: TextLimits;

const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
const HEX4 = /^[0-9a-fA-F]{4}$/;
const LOW_ESCAPE = /^\\u([dD][c-fC-F][0-9a-fA-F]{2})$/;
/** The one-character escapes of RFC 8259 §7, by the character code after the backslash. */
const ESCAPED: readonly (string | undefined)[] = (() => {
  const table = new Array<string | undefined>(128).fill(undefined);
  for (const [c, v] of [
    ['"', '"'],
    ['\\', '\\'],
    ['/', '/'],
    ['b', '\b'],
    ['f', '\f'],
    ['n', '\n'],
    ['r', '\r'],
    ['t', '\t'],
  ] as const)
    table[c.charCodeAt(0)] = v;
  return table;
})();
const hasOwn = Object.prototype.hasOwnProperty;

/** The failure for a text error at the current offset. */
function errorAt(message: string): Result<never> {
  return textError(text, i, message);
}

/** Records a text error for the caller of a helper that returns undefined on failure. */
function err(message: string): undefined {
  failure = errorAt(message);
  return undefined;
}

function ws(): void {
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) i++;
    else return;
  }
}

/** A string at `i` (on its opening quote); undefined after err(). Refuses lone surrogates, raw or escaped. */
function parseString(): string | undefined {
  i++;
  let out = '';
  let start = i;
  for (;;) {
    if (i >= n) return err('unterminated string');
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      out += text.slice(start, i);
      i++;
      break;
    }
    if (c < 0x20) return err('control character in string');
    if (c >= 0xd800 && c <= 0xdfff) {
      const d = text.charCodeAt(i + 1);
      if (c > 0xdbff || !(d >= 0xdc00 && d <= 0xdfff)) {
        if (!lenient) return err('lone surrogate in string');
        i += 1;
        continue;
      }
      i += 2;
      continue;
    }
    if (c !== 0x5c) {
      i++;
      continue;
    }
    out += text.slice(start, i);
    const e = text.charCodeAt(i + 1);
    i += 2;
    const simple = e < 0x80 ? ESCAPED[e] : undefined;
    if (simple !== undefined) out += simple;
    else if (e === 0x75) {
      const hex = text.slice(i, i + 4);
      if (!HEX4.test(hex)) return err('bad \\u escape');
      const code = parseInt(hex, 16);
      i += 4;
      if (code >= 0xd800 && code <= 0xdbff) {
        const m = LOW_ESCAPE.exec(text.slice(i, i + 6));
        if (m) {
          out += String.fromCharCode(code, parseInt(m[1] as string, 16));
          i += 6;
        } else if (lenient) out += String.fromCharCode(code);
        else return err('lone surrogate escape in string');
      } else if (code >= 0xdc00 && code <= 0xdfff && !lenient) return err('lone surrogate escape in string');
      else out += String.fromCharCode(code);
    } else {
      i -= 1;
      return err('bad escape in string');
    }
    start = i;
  }
  if (out.length > limits.maxStringLength) over = true;
  return out;
}

/**
 * A number at `i`; undefined after err(). Only numbers that reach the tool as written: finite, not
 * rounded to zero, and equal to the shortest form of their float64 (arguments/exact-number.ts).
 */
function parseNumber(): number | undefined {
  NUMBER.lastIndex = i;
  const m = NUMBER.exec(text);
  if (!m) return err('bad number');
  const lexeme = m[0];
  const value = Number(lexeme);
  if (!lenient) {
    if (!Number.isFinite(value)) return err(`number ${lexeme.slice(0, 40)} overflows a float64`);
    if (value === 0 && /[1-9]/.test(lexeme.replace(/[eE].*$/, '')))
      return err(`number ${lexeme.slice(0, 40)} underflows to zero`);
    if (!isExactNumber(lexeme, value)) return err(inexactReason(lexeme, value));
  }
  i += lexeme.length;
  return value;
}

/** Puts a finished value into the open container; false after err() (a duplicate key). */
function attach(top: Container, value: unknown): boolean {
  if (top.arr !== undefined) {
    top.arr.push(value);
    if (top.arr.length > limits.maxArrayItems) over = true;
    return true;
  }
  const obj = top.obj as Record<string, unknown>;
  const key = top.key;
  // Plain assignment is safe only for a name absent from the object and its prototype: `__proto__`
  // (or any inherited accessor) must become an ordinary own key, never call a setter.
  if (!(key in obj)) obj[key] = value;
  else if (hasOwn.call(obj, key)) {
    duplicate = key;
    err(`duplicate key ${cutWhole(JSON.stringify(key), 80)}`);
    return false;
  } else Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
  if (++top.count > limits.maxObjectProperties) over = true;
  return true;
}

/** The key the last strict parse stopped at as written twice in one object, if it stopped there. */
let duplicate: string | undefined;
/**
 * Set by duplicateKeyIn alone: numbers and lone surrogates are read as JSON.parse reads them, so the parse goes on
 * to a duplicate after them (a review's find: `"n": 9007199254740993` before a duplicate stopped it first).
 */
let lenient = false;

/** The first key written twice in one object of `source`, read leniently (duplicateKeyIn in json-text.ts). */
export function firstDuplicateKey(source: string): string | undefined {
  duplicate = undefined;
  lenient = true;
  try {
    const parsed = parseStrictJsonText(source, NO_TEXT_LIMITS);
    return parsed.ok ? undefined : duplicate;
  } finally {
    lenient = false;
  }
}

/** parseJsonText without the native path: every text through the strict parser (tests compare the two). */
export function parseStrictJsonText(source: string, given: TextLimits): Result<ParsedText> {
  text = source;
  i = 0;
  n = source.length;
  failure = undefined;
  over = false;
  limits = given;
  try {
    return parseAll();
  } finally {
    text = ''; // the module keeps no reference to the caller's text
  }
}

/**
 * An object member's name and its `:` (RFC 8259 §4), at `i` just after `{` or `,` and whitespace;
 * the name becomes `top.key`. False after err(), as the other helpers return undefined.
 */
function readKey(top: Container): boolean {
  if (text.charCodeAt(i) !== 0x22)
    return err(i >= n ? 'unexpected end of text' : 'expected a property name in double quotes') ?? false;
  const key = parseString();
  if (key === undefined) return false;
  if (key.length > limits.maxStringLength) over = true;
  ws();
  if (text.charCodeAt(i) !== 0x3a) return err('expected ":"') ?? false;
  i++;
  ws();
  top.key = key;
  return true;
}

function parseAll(): Result<ParsedText> {
  if (text.charCodeAt(0) === 0xfeff) return errorAt('a byte order mark is not allowed');
  const stack: Container[] = [];
  let values = 0;
  let result: unknown;
  let top: Container | undefined;
  ws();
  if (i >= n) return errorAt('empty text (an empty argument text is not {})');
  for (;;) {
    // A value is expected here (the root, after `[`/`,` in an array, or after `:`).
    if (i >= n) return errorAt('unexpected end of text');
    const c = text.charCodeAt(i);
    let value: unknown;
    if (c === 0x7b || c === 0x5b) {
      if (stack.length >= limits.maxArgumentDepth) return depthFailure(limits.maxArgumentDepth, i);
      if (++values > limits.maxArgumentValues) over = true;
      i++;
      top =
        c === 0x7b ? { obj: {}, arr: undefined, key: '', count: 0 } : { obj: undefined, arr: [], key: '', count: 0 };
      stack.push(top);
      ws();
      if (c === 0x7b && text.charCodeAt(i) !== 0x7d) {
        if (!readKey(top)) return failure as Result<never>;
        continue;
      }
      if (c === 0x5b && text.charCodeAt(i) !== 0x5d) continue;
      i++; // an empty container closes at once
      stack.pop();
      value = top.obj ?? top.arr;
      top = stack[stack.length - 1];
    } else {
      if (++values > limits.maxArgumentValues) over = true;
      if (c === 0x22) {
        const s = parseString();
        if (s === undefined) return failure as Result<never>;
        value = s;
      } else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
        const v = parseNumber();
        if (v === undefined) return failure as Result<never>;
        value = v;
      } else if (text.startsWith('true', i)) {
        i += 4;
        value = true;
      } else if (text.startsWith('false', i)) {
        i += 5;
        value = false;
      } else if (text.startsWith('null', i)) {
        i += 4;
        value = null;
      } else return errorAt(`unexpected character ${JSON.stringify(text[i])}`);
    }
    // Attach the finished value, then close every container that ends right after it.
    for (;;) {
      if (top === undefined) {
        result = value;
        break;
      }
      if (!attach(top, value)) return failure as Result<never>;
      ws();
      const d = text.charCodeAt(i);
      if (d === 0x2c) {
        i++;
        ws();
        if (top.obj !== undefined) {
          if (!readKey(top)) return failure as Result<never>;
        }
        value = undefined;
        break;
      }
      if ((d === 0x7d && top.obj !== undefined) || (d === 0x5d && top.arr !== undefined)) {
        i++;
        stack.pop();
        value = top.obj ?? top.arr;
        top = stack[stack.length - 1];
        continue;
      }
      return errorAt(i >= n ? 'unexpected end of text' : `unexpected character ${JSON.stringify(text[i])}`);
    }
    if (top === undefined) break;
  }
  ws();
  if (i < n) return errorAt('unexpected text after the JSON value');
  return ok({ value: result, withinLimits: !over });
}
