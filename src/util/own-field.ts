import { types } from 'node:util';

/**
 * Reading fields of caller objects without running caller code. A getter or a Proxy trap on an
 * options object, a tool definition or a descriptor could throw (and an exception must never cross
 * the public API) or answer differently on every read (and a check must see what is then used).
 * So every public entry point reads caller fields here: own data properties only, read once.
 */

/** One field as read: absent, a plain data value, or unreadable (an accessor, or a Proxy trap that threw). */
export interface OwnField {
  readonly present: boolean;
  readonly value: unknown;
  /** True when the field exists but is not plain data; `value` is then undefined. */
  readonly accessor: boolean;
}

const ABSENT: OwnField = Object.freeze({ present: false, value: undefined, accessor: false });
const UNREADABLE: OwnField = Object.freeze({ present: true, value: undefined, accessor: true });

/** Reads an own data property of `source`; never runs a getter and never throws. */
export function ownField(source: unknown, key: string): OwnField {
  if (source === null || (typeof source !== 'object' && typeof source !== 'function')) return ABSENT;
  try {
    const d = Object.getOwnPropertyDescriptor(source, key);
    if (d === undefined) return ABSENT;
    if (!('value' in d)) return UNREADABLE;
    return { present: true, value: d.value, accessor: false };
  } catch {
    // A Proxy's getOwnPropertyDescriptor trap threw: as unreadable as a getter.
    return UNREADABLE;
  }
}

/** Most prototypes dataField looks through: a class hierarchy is shallow, a Proxy chain could be endless. */
const MAX_CHAIN = 16;

/**
 * Like ownField, but also finds a data property on the prototype chain below Object.prototype, so a
 * class instance's methods (`execute` declared in a class body) are found; still never runs a getter.
 */
export function dataField(source: unknown, key: string): OwnField {
  let at: unknown = source;
  try {
    for (
      let depth = 0;
      depth < MAX_CHAIN && at !== null && at !== Object.prototype && at !== Function.prototype;
      depth++
    ) {
      const f = ownField(at, key);
      if (f.present) return f;
      at = Object.getPrototypeOf(at);
    }
  } catch {
    // A Proxy's getPrototypeOf trap threw.
    return UNREADABLE;
  }
  return ABSENT;
}

/** The value of an own data property, or undefined (absent, accessor, throwing trap). */
export function ownData(source: unknown, key: string): unknown {
  return ownField(source, key).value;
}

/**
 * Reads `keys` of a caller's options object. Problems name each field that is not plain data, so
 * a caller learns why an option was not applied instead of it being silently dropped.
 */
export function readOwnFields<K extends string>(
  source: unknown,
  keys: readonly K[],
): { readonly values: Partial<Record<K, unknown>>; readonly problems: readonly string[] } {
  const values: Partial<Record<K, unknown>> = {};
  const problems: string[] = [];
  if (source === null || (typeof source !== 'object' && typeof source !== 'function')) return { values, problems };
  // ownField's rules, written out: no field record per key (every tool call reads its fields here).
  for (const key of keys) {
    let d: PropertyDescriptor | undefined;
    try {
      d = Object.getOwnPropertyDescriptor(source, key);
    } catch {
      // A Proxy's getOwnPropertyDescriptor trap threw: as unreadable as a getter.
      problems.push(`"${key}" is not a plain data property`);
      continue;
    }
    if (d === undefined) continue;
    if (!('value' in d)) problems.push(`"${key}" is not a plain data property`);
    else if (d.value !== undefined) values[key] = d.value;
  }
  return { values, problems };
}

/** Most prototypes a caller object may have below Object.prototype for prototypesOf (a class hierarchy is shallow). */
const MAX_PROTOTYPES = 16;

/**
 * The prototypes of `source` (not a Proxy) below Object.prototype (none for a literal or a null-prototype object),
 * or why they cannot be looked at without running caller code (a Proxy among them) or in bounded time. An option or
 * a descriptor's field found there is refused, never ignored nor read (a hunt's find: `stages: new Policy()`, its
 * `authorize` a class method, was read as no stage at all, and every call was authorized; `Object.create({ grants:
 * [] })` granted every tool; a review's: an inherited `inputSchema` was no schema, and every call passed).
 */
export function prototypesOf(source: object): object[] | string {
  const out: object[] = [];
  // Not a Proxy (the caller checked), so getPrototypeOf runs no trap; each prototype is checked before its own.
  for (let at = Object.getPrototypeOf(source) as object | null; at !== null && at !== Object.prototype; ) {
    if (types.isProxy(at)) return 'its prototype chain holds a Proxy';
    if (out.length === MAX_PROTOTYPES) return `its prototype chain is longer than ${MAX_PROTOTYPES}`;
    out.push(at);
    at = Object.getPrototypeOf(at) as object | null;
  }
  return out;
}
