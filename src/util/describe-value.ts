/**
 * Showing a foreign value inside a message: a tool name, a schema value, an option. A message is
 * read by a model or a person, so a value is cut short (a huge one cannot flood it) and quoted (a
 * newline or quote inside a string cannot pose as message structure); a caller's object is named
 * by its type only, since reading it could run its code.
 */
import { flagEnd, isControl, isHiddenSelector, isInvisible, isShorthandControl, isTag } from './hidden-text.js';
import { sortedKeys } from './code-unit-order.js';

const isLowSurrogate = (c: number): boolean => c >= 0xdc00 && c <= 0xdfff;

/**
 * The first `n` UTF-16 units of `text`, one fewer where the cut would split a surrogate pair: a cut foreign text
 * stays well-formed.
 */
export function cutWhole(text: string, n: number): string {
  if (n >= text.length) return text;
  if (n <= 0) return '';
  const last = text.charCodeAt(n - 1);
  return last >= 0xd800 && last <= 0xdbff && isLowSurrogate(text.charCodeAt(n))
    ? text.slice(0, n - 1)
    : text.slice(0, n);
}

/**
 * `text` with every control character but tab, LF and CR, every character that shows nothing or reorders the
 * text (hidden-text.ts: bidi controls, zero-width characters, tag characters), and every lone surrogate, written
 * as `\uXXXX` (`\u{e0041}` for a tag character): an
 * escape sequence in a tool name or a server's message (`ESC ]0;…`, `ESC [2J`) printed to a terminal would retitle
 * or clear it, or hide what follows; a body with a lone surrogate is refused by Anthropic's API. Line breaks are a
 * message's own business (each report keeps its lines). A scan, not a regular expression: the pattern budget's
 * tests watch what regular expressions are run on.
 */
export function printable(text: string): string {
  let out: string | undefined;
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x20 && c < 0x7f) continue;
    let shown = c;
    // A subdivision flag's tags are the flag (hidden-text.ts).
    const flag = c === 0xd83c ? flagEnd(text, i) : -1;
    if (flag !== -1) {
      i = flag - 1;
      continue;
    }
    if (c >= 0xd800 && c <= 0xdfff) {
      // A pair is text but for a tag or shorthand format control (hidden-text.ts); a lone half is not (a body
      // holding one is refused by Anthropic's API): written out.
      if (c <= 0xdbff && isLowSurrogate(text.charCodeAt(i + 1))) {
        const cp = text.codePointAt(i) as number;
        i++;
        if (!isTag(cp) && !isShorthandControl(cp)) continue;
        shown = cp;
      }
    } else if (!isControl(c) && !isInvisible(c) && !isHiddenSelector(text, i)) continue;
    const written = shown > 0xffff ? `\\u{${shown.toString(16)}}` : `\\u${shown.toString(16).padStart(4, '0')}`;
    out = `${out ?? ''}${text.slice(from, shown > 0xffff ? i - 1 : i)}${written}`;
    from = i + 1;
  }
  return out === undefined ? text : `${out}${text.slice(from)}`;
}

/**
 * Text for a log or a terminal, which may quote a server: printable, and a CR that ends no line (CR LF does) written
 * out too, since a terminal returns to the line's start on it and what follows overwrites what came before (a
 * server's text posing as toolgate's own verdict). toolgate writes no CR of its own.
 */
export function terminalText(text: string): string {
  const shown = printable(text);
  return shown.includes('\r') ? shown.replace(/\r(?!\n)/g, '\\u000d') : shown;
}

/** A run of line breaks a reader takes for the end of a line: LF, CR, and Unicode's U+2028 and U+2029. */
const LINE_BREAKS = /[\r\n\u2028\u2029]+/g;

/**
 * `text` on one line: each run of line breaks a space, so that a foreign text inside a sentence cannot start a
 * line posing as the message's own. The other controls (VT, FF, NEL) are clip's and printable's to write out.
 */
export function oneLine(text: string): string {
  // A scan first: every Registry.call shows its tool's name through here, and a name has no break.
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0a || c === 0x0d || c === 0x2028 || c === 0x2029) return text.replace(LINE_BREAKS, ' ');
  }
  return text;
}

/**
 * Cuts a foreign text to at most `max` characters, so a huge value cannot flood a message or the model's context,
 * its control characters written out first (printable).
 */
export function clip(text: string, max: number): string {
  // Cut before the escapes are written: a 10 MB name costs what is shown, not a copy of itself six times over.
  const head = printable(cutWhole(text, max));
  return text.length > max || head.length > max ? `${cutWhole(head, max - 1)}…` : head;
}

/** Most characters of a path or pointer a message shows: its keys are foreign text (a model's, a server's). */
export const MAX_SHOWN_PLACE = 200;

/** A path or pointer as a message shows it, cut at MAX_SHOWN_PLACE characters. */
export function shownPlace(place: string): string {
  return clip(place, MAX_SHOWN_PLACE);
}

/** An array or object being written: its keys (objects), the next member, whether one was written. */
class Frame {
  next = 0;
  wrote = false;
  constructor(
    readonly node: object,
    readonly keys: readonly string[] | undefined,
  ) {}
}

/** Does JSON.stringify leave this member of an object out (and write `null` for it in an array)? */
const unwritten = (v: unknown): boolean => v === undefined || typeof v === 'function' || typeof v === 'symbol';

/** JSON of a scalar as JSON.stringify writes it, a string cut to `room` characters first; `null` if unwritten. */
function scalarJson(v: unknown, room: number): string {
  if (typeof v === 'string') return JSON.stringify(v.length > room ? v.slice(0, room) : v);
  if (typeof v === 'bigint') throw new TypeError('BigInt value');
  return unwritten(v) ? 'null' : (JSON.stringify(v) as string);
}

/** What JSON.stringify writes for a value under `key`: its toJSON's result when it has one. */
function jsonValue(v: unknown, key: string): unknown {
  if (v !== null && typeof v === 'object' && typeof (v as { toJSON?: unknown }).toJSON === 'function')
    return (v as { toJSON: (k: string) => unknown }).toJSON(key);
  return v;
}

/**
 * The first `limit` characters of JSON.stringify(value), or all of it when shorter, built without
 * writing the rest: a schema value of a megabyte costs what the preview costs (a string or key is
 * cut before it is escaped: each character is written as one or more). `sortKeys` writes object
 * keys in UTF-16 code unit order. Undefined where JSON.stringify gives undefined; throws where it
 * throws (a cycle met before the limit, a BigInt, a throwing getter or toJSON). Iterative.
 */
export function boundedJson(value: unknown, limit: number, sortKeys = false): string | undefined {
  const root = jsonValue(value, '');
  if (unwritten(root)) return undefined;
  // A scalar (most values a message quotes) needs none of the frames, the cycle set or the closure below.
  if (root === null || typeof root !== 'object') {
    const text = scalarJson(root, limit + 1);
    return cutWhole(text, limit);
  }
  let out = '';
  const frames: Frame[] = [];
  const path = new Set<object>();
  // Writes a value, or opens it: members are read one at a time, so a long array costs what is shown.
  const write = (v: unknown): void => {
    if (v === null || typeof v !== 'object') {
      out += scalarJson(v, limit + 1 - out.length);
      return;
    }
    if (path.has(v)) throw new TypeError('Converting circular structure to JSON');
    path.add(v);
    const isArray = Array.isArray(v);
    out += isArray ? '[' : '{';
    frames.push(new Frame(v, isArray ? undefined : sortKeys ? sortedKeys(v) : Object.keys(v)));
  };
  write(root);
  while (frames.length > 0 && out.length <= limit) {
    const f = frames[frames.length - 1]!;
    if (f.keys === undefined) {
      const list = f.node as unknown[];
      if (f.next >= list.length) {
        out += ']';
      } else {
        const i = f.next++;
        if (i > 0) out += ',';
        write(jsonValue(list[i], String(i)));
        continue;
      }
    } else {
      let m: unknown;
      let key: string | undefined;
      while (key === undefined && f.next < f.keys.length) {
        const k = f.keys[f.next++]!;
        m = jsonValue((f.node as Record<string, unknown>)[k], k);
        if (!unwritten(m)) key = k;
      }
      if (key === undefined) out += '}';
      else {
        out += `${f.wrote ? ',' : ''}${JSON.stringify(key.length > limit ? key.slice(0, limit) : key)}:`;
        f.wrote = true;
        write(m);
        continue;
      }
    }
    frames.pop();
    path.delete(f.node);
  }
  return cutWhole(out, limit);
}

/**
 * Quotes a value as JSON (a string gets its quotes and escapes, so a newline or a quote inside it
 * cannot pose as message structure), cut to `max` characters; only what is shown is written, so a
 * huge value costs what a short one does. Never throws: a value JSON cannot write (a cycle, a
 * BigInt, a throwing toJSON) is named by its type. Only for values toolgate owns (private schema
 * copies, Ajv's params): JSON.stringify runs a caller object's getters and toJSON.
 */
export function quote(value: unknown, max = 80): string {
  let text: string;
  try {
    text = boundedJson(value, max + 1) ?? String(typeof value);
  } catch {
    text = typeof value;
  }
  return clip(escapeSeparators(text), max);
}

/**
 * U+2028 and U+2029 written as `\u2028` and `\u2029`: JSON.stringify leaves them raw (JSON allows them), yet they
 * are line breaks to a reader, so a quoted value holding one would break its message's line.
 */
export function escapeSeparators(text: string): string {
  if (text.indexOf('\u2028') === -1 && text.indexOf('\u2029') === -1) return text;
  return text.replaceAll('\u2028', '\\u2028').replaceAll('\u2029', '\\u2029');
}

/**
 * Names a caller's value without running any of its code: a primitive as JSON (cut to `max`), any
 * other value (an object, a Proxy, a function) by its type only, since JSON.stringify would run its
 * getters, its toJSON or a Proxy's traps.
 */
export function describeValue(value: unknown, max = 80): string {
  switch (typeof value) {
    case 'string':
      return quote(value, max);
    case 'number':
    case 'boolean':
      return String(value);
    case 'bigint':
      return `${String(value)}n`;
    case 'undefined':
      return 'undefined';
    case 'symbol':
      return 'a symbol';
    case 'function':
      return 'a function';
    default:
      return value === null ? 'null' : 'an object';
  }
}

/**
 * Echo of a value from a private schema copy, at most 200 characters: a string as is, anything else
 * as JSON, so a hostile value cannot flood the message.
 */
export function echo(value: unknown): string {
  return typeof value === 'string' ? clip(value, 200) : quote(value, 200);
}
