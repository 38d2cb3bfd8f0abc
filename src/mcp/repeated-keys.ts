// A key a client's message gives twice in one object (a hunt's find). JSON.parse keeps the last (RFC 8259 §4: names
// SHOULD be unique), so `"name":"hdr","name":"echo"` was checked and run as echo, a `_meta` protocolVersion given as
// 2099-01-01 then 2026-07-28 served as 2026-07-28, while a reader in front of the proxy keeping the first (a gateway,
// a firewall, an audit log) saw another tool, method or revision: the two readings the -32020 header checks exist to
// stop. Every message of the client's holding one is refused. A tools/call's envelope is read here in the one scan
// that finds its arguments' text (a key twice inside the arguments is the exact reading's to refuse); any other
// message is proven free of one by the tally of the value JSON.parse made against its text (duplicateKeyIn).
import { duplicateKeyIn } from '../arguments/json-text.js';
import { clip } from '../util/describe-value.js';
import type { RpcMessage } from './channel.js';
import { skipSpace, skipString, skipValue } from './json-member.js';

/** A tools/call's text read: a key given twice in one object, or the text of its arguments (undefined: none). */
export type CallText =
  | { readonly kind: 'twice'; readonly key: string }
  | { readonly kind: 'read'; readonly arguments: string | undefined };

/** Keys of one object compared one by one up to this many; past it they go in a set (hostile texts have more). */
const LISTED = 16;

/** The keys of one object, read in turn. */
class Keys {
  private readonly list: string[] = [];
  private set: Set<string> | undefined;

  /** Notes `key`; whether the object gave it before. */
  again(key: string): boolean {
    if (this.set !== undefined) return this.set.size === this.set.add(key).size;
    if (this.list.includes(key)) return true;
    this.list.push(key);
    if (this.list.length > LISTED) this.set = new Set(this.list);
    return false;
  }
}

/** The key the JSON string at [start, end) spells: one with an escape is read as JSON (`"\u006eame"` is name). */
function keyAt(text: string, start: number, end: number): string {
  const body = text.slice(start + 1, end - 1);
  return body.includes('\\') ? (JSON.parse(text.slice(start, end)) as string) : body;
}

/** What a walk found given twice: the first such key, once found. */
interface Found {
  key: string | undefined;
}

/**
 * Reads the members of the object at `i` (the text is JSON: it parsed), handing each key and where its value starts
 * to `member`, which returns where the value ends (-1: stop); the index after the object, or -1 when stopped (by
 * `member`, or at the first key given twice, put in `found`).
 */
function walk(text: string, i: number, member: (key: string, at: number) => number, found: Found): number {
  const keys = new Keys();
  i = skipSpace(text, i + 1);
  while (i < text.length && text.charCodeAt(i) !== 125) {
    const keyEnd = skipString(text, i);
    const key = keyAt(text, i, keyEnd);
    if (keys.again(key)) {
      found.key = key;
      return -1;
    }
    const end = member(key, skipSpace(text, skipSpace(text, keyEnd) + 1));
    if (end < 0) return -1;
    i = skipSpace(text, end);
    if (text.charCodeAt(i) === 44) i = skipSpace(text, i + 1);
  }
  return i + 1;
}

/** A member whose value is an object or an array: read whole for a key twice once the levels above hold none. */
interface Nested {
  readonly start: number;
  readonly end: number;
  /** Its key in `params` (its parsed value is there); undefined at the top level. */
  readonly key: string | undefined;
}

/**
 * The text of the tools/call request `text`: the first key given twice at its top level, in its `params`, or in any
 * object below a member of `params` but `arguments` (`_meta` and its envelope); else its arguments' text. `params`,
 * when given, is JSON.parse's reading of the request's params (the tally then proves a `_meta` without a second
 * parse).
 */
export function readCall(text: string, params?: Readonly<Record<string, unknown>>): CallText {
  let args: string | undefined;
  const found: Found = { key: undefined };
  const nested: Nested[] = [];
  const skipped = (at: number, key: string | undefined): number => {
    const end = skipValue(text, at);
    const c = text.charCodeAt(at);
    if (c === 123 || c === 91) nested.push({ start: at, end, key });
    return end;
  };
  const member = (key: string, at: number): number => {
    if (key !== 'arguments') return skipped(at, key);
    const end = skipValue(text, at);
    args = text.slice(at, end);
    return end;
  };
  // One pass: the params object is walked where the top level meets it, not skipped first and found again.
  const top = (key: string, at: number): number =>
    key === 'params' && text.charCodeAt(at) === 123 ? walk(text, at, member, found) : skipped(at, undefined);
  walk(text, skipSpace(text, 0), top, found);
  if (found.key !== undefined) return { kind: 'twice', key: found.key };
  for (const { start, end, key } of nested) {
    // Each key of the two levels is given once: `params[key]` is what JSON.parse read from this very text.
    const parsed = key !== undefined && params !== undefined ? { value: params[key] } : undefined;
    const twice = duplicateKeyIn(text.slice(start, end), parsed);
    if (twice !== undefined) return { kind: 'twice', key: twice };
  }
  return { kind: 'read', arguments: args };
}

/**
 * The first key the client's message `m` (JSON.parse's reading of `text`) gives twice in one object, anywhere; none
 * for a tools/call request, which its gate reads with readCall (call-gate.ts), in the scan it makes anyway.
 */
export function repeatedKey(m: RpcMessage, text: string): string | undefined {
  if (m.method === 'tools/call' && (typeof m.id === 'string' || typeof m.id === 'number')) return undefined;
  return duplicateKeyIn(text, { value: m });
}

/** What a refusal of a tools/call giving `key` twice says (the proxy's gate and `serve`'s alike; cut short). */
export function requestTwice(key: string): string {
  return `the request has "${clip(key, 80)}" twice`;
}

/** What a refusal of a message giving `key` twice says (the key is the client's: shown cut short). */
export function twiceRefusal(key: string): string {
  return `the message has "${clip(key, 80)}" twice in one object`;
}
