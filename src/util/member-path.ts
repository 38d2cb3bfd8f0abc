// Where a value has an own member of a given name (`__proto__`, `constructor`, ...), as a path a person reads: the
// search behind the rule that no such member passes in an MCP message (src/mcp/forward.ts) or in a tool's MCP
// result (src/tools/mcp-result.ts); the same search finds a key or string a test holds for (a result's lone
// surrogate). Iterative, bounded on shared objects, and no getter runs.
import { escapeSeparators, printable } from './describe-value.js';
import { keySegment } from './json-pointer.js';
import { nonJsonReason } from './non-json-reason.js';

/** The member name never passed on in any message or result. */
export const PROTO_KEY = '__proto__';
/** The names to search for that one member alone. */
export const PROTO_ONLY: ReadonlySet<string> = new Set([PROTO_KEY]);

/** Objects a search enters without remembering them (see memberPath). */
const ENTERED_FREELY = 4096;

/** Where a member sits: a linked list, so the walk costs O(1) per member and a path is spelled only when found. */
type Place = { readonly parent: Place; readonly segment: string | number } | undefined;

/** Segments of a spelled path kept at each end; a deeper place shows `…` between them (the text is echoed). */
const SPELLED_ENDS = 4;

/** Longest member name a spelled path shows; a longer one is shown as `(a long name)`, not even its length. */
const SHOWN_NAME = 40;

/**
 * A member name as the path shows it: quoted unless an identifier, its controls, bidi controls, invisible characters
 * and line separators written out (the path is read by a model and a terminal, in one line of a message).
 */
const shownKey = (key: string): string => escapeSeparators(printable(keySegment(key)));

function spell(place: Place): string {
  const parts: string[] = [];
  // A long name is not cut: the path is echoed to the client, and a secret cut short would escape the proxy's
  // masking of whole values (src/proxy/client-masker.ts), its beginning shown.
  for (let p = place; p !== undefined; p = p.parent)
    parts.push(
      typeof p.segment === 'number'
        ? `[${p.segment}]`
        : p.segment.length <= SHOWN_NAME
          ? shownKey(p.segment)
          : '.(a long name)',
    );
  parts.reverse();
  if (parts.length > 2 * SPELLED_ENDS)
    parts.splice(SPELLED_ENDS, parts.length - 2 * SPELLED_ENDS, `.…(${parts.length - 2 * SPELLED_ENDS} more)`);
  return `$${parts.join('')}`;
}

/** What memberOrTextPath found, and where: a member of one of the names, or a key or string `bad` holds for. */
export interface FoundMember {
  readonly found: 'member' | 'text';
  readonly path: string;
}

/**
 * Where `value` (parsed JSON or a private copy) has an own member named one of `names`, as a `$.a[0]` path, or
 * undefined. Iterative, so a deep value cannot overflow the stack. What is not plain JSON (a Proxy, a class
 * instance) is not entered and no getter runs: such a value is refused as not JSON where it is checked.
 */
export function memberPath(value: unknown, names: ReadonlySet<string>): string | undefined {
  return memberOrTextPath(value, names)?.path;
}

/**
 * memberPath's search, which also finds the first key or string `bad` holds true for (a lone surrogate in a tool's
 * result: one search of the value does both, a hunt's find). The path of a string names its member (`$` for `value`
 * itself); of a key, the member it names (written out by printable, so the path holds no lone surrogate itself).
 */
export function memberOrTextPath(
  value: unknown,
  names: ReadonlySet<string>,
  bad?: (text: string) => boolean,
): FoundMember | undefined {
  // A result that is a bare string is model text too (a hunt's find: only members were tested).
  if (bad !== undefined && typeof value === 'string' && bad(value)) return { found: 'text', path: '$' };
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
        if (d === undefined || !('value' in d)) continue;
        if (d.value !== null && typeof d.value === 'object') stack.push(d.value, { parent: place, segment: i });
        else if (bad !== undefined && typeof d.value === 'string' && bad(d.value))
          return { found: 'text', path: spell({ parent: place, segment: i }) };
      }
      continue;
    }
    for (const key of Object.keys(node)) {
      if (names.has(key)) return { found: 'member', path: spell({ parent: place, segment: key }) };
      if (bad?.(key)) return { found: 'text', path: spell({ parent: place, segment: key }) };
      const d = Object.getOwnPropertyDescriptor(node, key);
      if (d === undefined || !('value' in d)) continue;
      if (d.value !== null && typeof d.value === 'object') stack.push(d.value, { parent: place, segment: key });
      else if (bad !== undefined && typeof d.value === 'string' && bad(d.value))
        return { found: 'text', path: spell({ parent: place, segment: key }) };
    }
  }
  return undefined;
}
