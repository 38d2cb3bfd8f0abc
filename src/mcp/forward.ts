// What toolgate forwards of an MCP message, decided by the one code the proxy and guardClient share. A tools/call
// is rebuilt from what was checked: `name`, the validated `arguments` (`{}` when the call had none), and `_meta`
// only when it is plain JSON with no member named `__proto__`, `constructor` or `prototype` at any depth; every
// other member is dropped and named. No member named `__proto__` is forwarded anywhere: JSON.parse makes it an own
// member, and an upstream that merges what it receives (spread, Object.assign, a deep merge) would take it as a
// prototype and then read members nobody checked.
import { clip } from '../util/describe-value.js';
import { argumentBounds, DEFAULT_LIMITS } from '../util/limits.js';
import { copyBoundedJson, deepFreeze, nonJsonReason } from '../util/plain-json.js';
import { ownField } from '../util/own-field.js';

/** The member name never forwarded in any message. */
export const PROTO_KEY = '__proto__';
const PROTO_ONLY: ReadonlySet<string> = new Set([PROTO_KEY]);
/** Member names `_meta` may not carry at any depth (each reaches a prototype when merged or indexed). */
const META_FORBIDDEN: ReadonlySet<string> = new Set([PROTO_KEY, 'constructor', 'prototype']);

/** Objects a search enters without remembering them (see memberPath). */
const ENTERED_FREELY = 4096;

/** Where a member sits: a linked list, so the walk costs O(1) per member and a path is spelled only when found. */
type Place = { readonly parent: Place; readonly segment: string | number } | undefined;

/** Segments of a spelled path kept at each end; a deeper place shows `…` between them (the text is echoed). */
const SPELLED_ENDS = 4;

/** Longest member name a spelled path shows; a longer one is shown as `(a long name)`, not even its length. */
const SHOWN_NAME = 40;

function spell(place: Place): string {
  const parts: string[] = [];
  // A long name is not cut: the path is echoed to the client, and a secret cut short would escape the proxy's
  // masking of whole values (src/proxy/masked-channel.ts), its beginning shown.
  for (let p = place; p !== undefined; p = p.parent)
    parts.push(
      typeof p.segment === 'number'
        ? `[${p.segment}]`
        : p.segment.length <= SHOWN_NAME
          ? `.${p.segment}`
          : '.(a long name)',
    );
  parts.reverse();
  if (parts.length > 2 * SPELLED_ENDS)
    parts.splice(SPELLED_ENDS, parts.length - 2 * SPELLED_ENDS, `.…(${parts.length - 2 * SPELLED_ENDS} more)`);
  return `$${parts.join('')}`;
}

/**
 * Where `value` (parsed JSON or a private copy) has an own member named one of `names`, as a `$.a[0]` path, or
 * undefined. Iterative, so a deep value cannot overflow the stack. What is not plain JSON (a Proxy, a class
 * instance) is not entered and no getter runs: such a value is refused as not JSON where it is checked.
 */
function memberPath(value: unknown, names: ReadonlySet<string>): string | undefined {
  // Pairs laid flat (a node, then its place): no array per entry.
  const stack: unknown[] = [value, undefined];
  // A host's value may hold one object under many members (parsed JSON never does): past the first few thousand
  // objects each is entered once, so a value of n levels that refers twice to the level below costs at most
  // ENTERED_FREELY + n objects, not 2^n; a call's arguments, walked on every call, make no set.
  let walked = 0;
  let entered: Set<object> | undefined;
  while (stack.length > 0) {
    const place = stack.pop() as Place;
    const node = stack.pop();
    if (node === null || typeof node !== 'object' || nonJsonReason(node) !== undefined) continue;
    if (++walked > ENTERED_FREELY) {
      entered ??= new Set();
      if (entered.has(node)) continue;
      entered.add(node);
    }
    // Only an object member is pushed, with its place: a scalar has no member to find (every call and result is
    // walked, so a place per scalar was most of this walk's allocation).
    if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) {
        // Read as a descriptor: an index of a host's array may be a getter, which is never run.
        const d = Object.getOwnPropertyDescriptor(node, i);
        if (d !== undefined && 'value' in d && d.value !== null && typeof d.value === 'object')
          stack.push(d.value, { parent: place, segment: i });
      }
      continue;
    }
    for (const key of Object.keys(node)) {
      if (names.has(key)) return spell({ parent: place, segment: key });
      const d = Object.getOwnPropertyDescriptor(node, key);
      if (d !== undefined && 'value' in d && d.value !== null && typeof d.value === 'object')
        stack.push(d.value, { parent: place, segment: key });
    }
  }
  return undefined;
}

/** Where a parsed message part carries a member named `__proto__`, or undefined when it carries none. */
export function protoMemberPath(value: unknown): string | undefined {
  return memberPath(value, PROTO_ONLY);
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

/** `_meta` as forwarded: a frozen private copy of plain JSON with no forbidden member name, or undefined. */
export function metaOf(value: unknown): object | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const copy = copyBoundedJson(value, META_BOUNDS);
  if (!copy.ok || memberPath(copy.value, META_FORBIDDEN) !== undefined) return undefined;
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
export function argumentsRefusal(args: unknown): string | undefined {
  const path = protoMemberPath(args);
  return path === undefined ? undefined : protoRefusal(path);
}
