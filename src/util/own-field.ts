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
  for (const key of keys) {
    const f = ownField(source, key);
    if (f.accessor) problems.push(`"${key}" is not a plain data property`);
    else if (f.present && f.value !== undefined) values[key] = f.value;
  }
  return { values, problems };
}

/**
 * Copies every own enumerable string-keyed data property of a caller's options object except
 * `except`, like `{ ...rest }` but without running getters; fields that are not plain data (and an
 * object whose keys cannot be listed) are named in `problems` instead.
 */
export function copyOwnData(
  source: unknown,
  except: readonly string[],
): { readonly copy: Record<string, unknown>; readonly problems: readonly string[] } {
  const copy: Record<string, unknown> = {};
  const problems: string[] = [];
  if (source === null || typeof source !== 'object') return { copy, problems };
  let keys: string[];
  try {
    keys = Object.keys(source);
  } catch {
    return { copy, problems: ['the options object cannot be read'] };
  }
  for (const key of keys) {
    if (except.includes(key)) continue;
    const f = ownField(source, key);
    if (f.accessor) problems.push(`"${key}" is not a plain data property`);
    // defineProperty, so a key named __proto__ stays a plain entry.
    else if (f.present)
      Object.defineProperty(copy, key, { value: f.value, enumerable: true, writable: true, configurable: true });
  }
  return { copy, problems };
}

/**
 * An options object read once as own data: every `known` key, enumerable or not (as a direct read
 * would find it), plus any other own enumerable field (passed on, as a spread would). A known field
 * behind a getter is a problem even when non-enumerable, so it is never silently dropped.
 */
export function readOptions(
  source: unknown,
  known: readonly string[],
): { readonly copy: Record<string, unknown>; readonly problems: readonly string[] } {
  const rest = copyOwnData(source, known);
  const { values, problems } = readOwnFields(source, known);
  const copy = rest.copy;
  for (const key of known) {
    if (key in values)
      Object.defineProperty(copy, key, {
        value: (values as Record<string, unknown>)[key],
        enumerable: true,
        writable: true,
        configurable: true,
      });
  }
  return { copy, problems: [...problems, ...rest.problems] };
}

/**
 * Every key of `T`, as a list checked at compile time: `allKeysOf<T>()([...])` does not compile when
 * the list misses a key of T (the error names it under `missing`) or names a key T lacks. Code that
 * reads options field by field (readOptions) takes its list from here, so a field added to an
 * options interface can never be silently dropped.
 */
export function allKeysOf<T>(): <const K extends readonly (keyof T & string)[]>(
  keys: K &
    ([Exclude<keyof T, K[number]>] extends [never] ? unknown : { readonly missing: Exclude<keyof T, K[number]> }),
) => K {
  return (keys) => keys;
}
