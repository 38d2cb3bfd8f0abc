// What toolgate forwards of an MCP message, decided by the one code the proxy and guardClient share. A tools/call
// is rebuilt from what was checked: `name`, the validated `arguments` (`{}` when the call had none), and `_meta`
// only when it is plain JSON with no member named `__proto__`, `constructor` or `prototype` at any depth; every
// other member is dropped and named. No member named `__proto__` is forwarded anywhere: JSON.parse makes it an own
// member, and an upstream that merges what it receives (spread, Object.assign, a deep merge) would take it as a
// prototype and then read members nobody checked.
import { clip } from '../util/describe-value.js';
import { argumentBounds, DEFAULT_LIMITS } from '../util/limits.js';
import { memberPath, PROTO_KEY, PROTO_ONLY } from '../util/member-path.js';
import { copyBoundedJson, deepFreeze } from '../util/plain-json.js';
import { nonJsonReason } from '../util/non-json-reason.js';
import { ownField } from '../util/own-field.js';

/** Member names `_meta` may not carry at any depth (each reaches a prototype when merged or indexed). */
const META_FORBIDDEN: ReadonlySet<string> = new Set([PROTO_KEY, 'constructor', 'prototype']);

/**
 * Where a parsed message part carries a member named `__proto__`, or undefined when it carries none. `text`, when
 * given, is JSON text `value` was read from (by JSON.parse, whole or as one of its members): a text that spells
 * neither the name nor a `\u` escape (the only way to write its letters otherwise) has no such member, and the
 * value is not walked (every proxied call and result is searched).
 */
export function protoMemberPath(value: unknown, text?: string): string | undefined {
  if (text !== undefined && !mayHoldProto(text)) return undefined;
  return memberPath(value, PROTO_ONLY);
}

/**
 * Whether JSON text may hold a member named `__proto__`: it spells the name, or has a `\u` escape (the only other way
 * to write its letters). A text that does neither holds none, at any depth.
 */
export function mayHoldProto(text: string): boolean {
  return text.includes(PROTO_KEY) || text.includes('\\u');
}

/** Why a part was refused: where its `__proto__` member is. */
export function protoRefusal(path: string): string {
  return `a member named "${PROTO_KEY}" (at ${path}) is never forwarded`;
}

/** The params of a tools/call as forwarded, and the members of the received params that were dropped. */
export interface ForwardedCall {
  readonly params: { readonly name: string; readonly arguments: object; readonly _meta?: object };
  /** Names of received `params` members left out (clipped), `_meta` among them when it was refused. */
  readonly dropped: readonly string[];
}

/**
 * What a `_meta` may hold, counted per reference as its JSON text would be (a host's object shared under many
 * members is copied once for each): the default argument bounds (src/util/limits.ts).
 */
const META_BOUNDS = argumentBounds(DEFAULT_LIMITS);

/**
 * `_meta` as forwarded: a frozen private copy of plain JSON with no forbidden member name and, if it has a
 * `progressToken`, one of MCP's (a string or a number), or undefined.
 */
export function metaOf(value: unknown): object | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const copy = copyBoundedJson(value, META_BOUNDS);
  if (!copy.ok || memberPath(copy.value, META_FORBIDDEN) !== undefined) return undefined;
  // Any other token makes the message invalid: the SDK's servers drop it unanswered, and its caller waits for good.
  const token = (copy.value as { progressToken?: unknown }).progressToken;
  if (token !== undefined && typeof token !== 'string' && typeof token !== 'number') return undefined;
  return deepFreeze(copy.value as object);
}

/**
 * Builds a tools/call's params from what was checked: `name`, `args` (the validated arguments; undefined when the
 * call had none, forwarded as `{}`) and `_meta` read from `received` (the params as they came: parsed JSON or a
 * caller's object, read as own data without running a getter). Nothing else of `received` is forwarded.
 */
export function forwardedCall(name: string, args: object | undefined, received: unknown): ForwardedCall {
  const dropped: string[] = [];
  let meta: object | undefined;
  // A Proxy or class instance is not read key by key: what it would list is host code's answer, not data.
  if (received !== null && typeof received === 'object' && nonJsonReason(received) === undefined) {
    for (const key of Object.keys(received)) {
      if (key === 'name' || key === 'arguments') continue;
      if (key === '_meta') {
        const field = ownField(received, '_meta');
        meta = field.accessor ? undefined : metaOf(field.value);
        if (meta !== undefined) continue;
      }
      dropped.push(clip(key, 80));
    }
  }
  const params = { name, arguments: args ?? {}, ...(meta === undefined ? {} : { _meta: meta }) };
  return { params, dropped };
}

/** Why validated arguments may not be forwarded (a member named `__proto__`), or undefined. */
export function argumentsRefusal(args: unknown, text?: string): string | undefined {
  const path = protoMemberPath(args, text);
  return path === undefined ? undefined : protoRefusal(path);
}
