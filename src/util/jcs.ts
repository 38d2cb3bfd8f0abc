// RFC 8785 (JSON Canonicalization Scheme) text of a JSON value, the input of every lock pin's SHA-256.
// canonicalJson (canonical-json.ts) is a cache key and differs on purpose (it keeps -0 apart from 0); JCS is
// a published scheme other tools can recompute, so it is its own function. Same sorted-key writer, JCS leaves.
import { fail, ok, type Result } from '../result.js';
import { sortedKeyJson } from './canonical-json.js';
import { sortedKeys } from './code-unit-order.js';
import { copyJson } from './plain-json.js';
import { shownPlace } from './describe-value.js';

/** A lone surrogate: I-JSON (RFC 7493 §2.1), which RFC 8785 §3.1 requires of its input, refuses it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Where a value sits: a linked list, so a deep value costs O(1) per level to walk. */
type Path = { readonly parent: Path; readonly segment: string | number } | undefined;

/** An RFC 6901 JSON Pointer of a path. */
function pointerOf(path: Path | readonly (string | number)[]): string {
  const segments: (string | number)[] = [];
  if (Array.isArray(path)) segments.push(...path);
  else for (let p = path as Path; p !== undefined; p = p.parent) segments.unshift(p.segment);
  return segments.map((s) => `/${String(s).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

/** The first key or string `bad` holds true for, as a JSON Pointer with that text; undefined when there is none. */
export function firstTextAt(
  value: unknown,
  bad: (text: string) => boolean,
): { readonly pointer: string; readonly text: string } | undefined {
  const stack: { v: unknown; at: Path }[] = [{ v: value, at: undefined }];
  while (stack.length > 0) {
    const { v, at } = stack.pop() as { v: unknown; at: Path };
    if (typeof v === 'string') {
      if (bad(v)) return { pointer: pointerOf(at), text: v };
    } else if (Array.isArray(v)) {
      for (const [i, item] of v.entries()) stack.push({ v: item, at: { parent: at, segment: i } });
    } else if (v !== null && typeof v === 'object')
      for (const k of Object.keys(v)) {
        const here = { parent: at, segment: k };
        if (bad(k)) return { pointer: pointerOf(here), text: k };
        stack.push({ v: (v as Record<string, unknown>)[k], at: here });
      }
  }
  return undefined;
}

/**
 * Whether `text` holds a lone surrogate (not I-JSON: RFC 7493 §2.1). String.prototype.isWellFormed (ES2024, in every
 * Node this package supports), not LONE_SURROGATE: every tool result's strings are checked, and on 4 MB of emoji the
 * expression took 43 ms, isWellFormed 14.
 */
export const hasLoneSurrogate = (text: string): boolean =>
  !(text as unknown as { isWellFormed(): boolean }).isWellFormed();

/** Every lone surrogate of a text, for withoutLoneSurrogates. */
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

/**
 * `text` with each lone surrogate replaced by U+FFFD, as a UTF-8 encoder writes one (String.prototype.toWellFormed,
 * ES2024): for text toolgate rebuilds itself, such as a server's error message it passes on.
 */
export const withoutLoneSurrogates = (text: string): string =>
  hasLoneSurrogate(text) ? text.replace(LONE_SURROGATES, '\uFFFD') : text;

/** What wellFormedJson gives when two keys of one object would be one once written well-formed. */
export const KEYS_MERGE: unique symbol = Symbol('keys merge');

/** A fresh container for `value`'s members, or `value` itself well-formed (a string) or as it is. */
const freshOf = (value: unknown): unknown =>
  value === null || typeof value !== 'object'
    ? typeof value === 'string'
      ? withoutLoneSurrogates(value)
      : value
    : Array.isArray(value)
      ? []
      : {};

/**
 * A parsed JSON value with each lone surrogate of its strings and keys written as U+FFFD (withoutLoneSurrogates),
 * for a value toolgate rebuilds and passes on (a server's error data, a notification, a request to a client): the
 * same value when none holds one, a fresh copy when one does, KEYS_MERGE when two keys of one object would become
 * one (`"a\uD800"` beside `"a\uFFFD"`: which to keep is no one's choice). Iterative, so a deep value cannot overflow
 * the stack.
 */
export function wellFormedJson(value: unknown): unknown {
  if (loneSurrogateAt(value) === undefined) return value;
  const root = freshOf(value);
  // Pairs of containers: one of `value`, its fresh copy.
  const stack: unknown[] = root !== null && typeof root === 'object' ? [value, root] : [];
  while (stack.length > 0) {
    const to = stack.pop() as Record<string, unknown>;
    const from = stack.pop() as Record<string, unknown>;
    const array = Array.isArray(to);
    for (const key of Object.keys(from)) {
      const member = from[key];
      const copy = freshOf(member);
      if (copy !== null && typeof copy === 'object') stack.push(member, copy);
      const written = array ? key : withoutLoneSurrogates(key);
      if (!array && Object.hasOwn(to, written)) return KEYS_MERGE;
      // Defined, not assigned: a key is data, never a setter such as __proto__'s.
      Object.defineProperty(to, written, { value: copy, enumerable: true, writable: true, configurable: true });
    }
  }
  return root;
}

/** The first key or string holding a lone surrogate, as a JSON Pointer; undefined when there is none. */
export function loneSurrogateAt(value: unknown): string | undefined {
  return firstTextAt(value, hasLoneSurrogate)?.pointer;
}

/**
 * RFC 8785 §3.2.2: literals as JSON writes them, numbers by ECMAScript's Number::toString (JSON.stringify's,
 * which writes -0 as 0), strings by ECMAScript's QuoteJSONString (JSON.stringify's, once lone surrogates are
 * refused); §3.2.3: object keys sorted by UTF-16 code units (sortedKeyJson's order). No whitespace.
 */
const jcsLeaf = (v: unknown): string => JSON.stringify(v);

/** A private copy of a JSON value that RFC 8785 can write, or the validation failure saying why not. */
function checkedCopy(value: unknown): Result<unknown> {
  const copy = copyJson(value);
  if (!copy.ok)
    return fail(
      'validation',
      `not JSON at ${JSON.stringify(shownPlace(pointerOf(copy.problem.segments)))}: ${copy.problem.message}`,
    );
  const at = loneSurrogateAt(copy.value);
  if (at !== undefined)
    return fail(
      'validation',
      `a lone surrogate at ${JSON.stringify(shownPlace(at))} is not I-JSON, so RFC 8785 cannot write it`,
    );
  return ok(copy.value);
}

/**
 * The RFC 8785 canonical JSON text of a JSON value. What JCS cannot represent is a `validation` failure: a
 * value that is not JSON (NaN, Infinity, undefined, a getter, a cycle) or a string or key with a lone surrogate.
 * The value is read once, into a private copy, so no caller code runs while it is written.
 */
export function jcsText(value: unknown): Result<string> {
  const copy = checkedCopy(value);
  return copy.ok ? ok(sortedKeyJson(copy.value, jcsLeaf)) : copy;
}

/**
 * The members of a JSON object, each with the RFC 8785 text of its value, sorted by key as §3.2.3 sorts them;
 * jcsText's failures, or one for a value that is not an object. With jcsObject, the text of the whole object
 * (or of some of its members) without writing any member twice.
 */
export function jcsMembers(value: unknown): Result<readonly (readonly [key: string, text: string])[]> {
  const copy = checkedCopy(value);
  if (!copy.ok) return copy;
  const object = copy.value;
  if (object === null || typeof object !== 'object' || Array.isArray(object))
    return fail('validation', 'not a JSON object');
  return ok(
    sortedKeys(object).map((k) => [k, sortedKeyJson((object as Record<string, unknown>)[k], jcsLeaf)] as const),
  );
}

/** The RFC 8785 text of an object from jcsMembers' members (in their sorted order). */
export function jcsObject(members: readonly (readonly [key: string, text: string])[]): string {
  return `{${members.map(([k, text]) => `${JSON.stringify(k)}:${text}`).join(',')}}`;
}
