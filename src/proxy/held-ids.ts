// What a session remembers of strings a peer chose: a server's task ids, URL elicitation ids and tasks/list cursors,
// a client's progress tokens. Each list was bounded in count alone, not in what its entries hold (a hunt's find: a
// server answering each call with a 5 MB task id took one session from 53 MB to 718 MB in 120 calls). A string
// longer than MAX_HELD_LENGTH is not kept, so what names it later is not matched (fail closed: a task refused its
// answer, a page refused, an elicitation's completion matched to none, a task's progress sent nowhere), and the
// strings kept are bounded in total, the oldest forgotten first. MCP bounds none of them ("Tasks", "Elicitation",
// "Pagination", "Progress" say only: a string); what servers give is short (the SDK's task ids are 32 hex digits).
// Lengths are UTF-16 code units, at most two bytes each as held, read without scanning the string.

/** Longest string a peer chose that a session keeps: 28 times a UUID's 36 characters. */
export const MAX_HELD_LENGTH = 1024;

/** Most characters one list keeps in all: a thousand task ids of 131 characters, a hundred cursors of 1,024. */
export const MAX_HELD_TOTAL = 131_072;

/** Key -> value, oldest first: at most `most` entries whose peer-chosen strings hold MAX_HELD_TOTAL in all. */
export class HeldIds<V = true> {
  private readonly held = new Map<string, { readonly value: V; readonly length: number }>();
  private total = 0;

  /** A list of at most `most` entries. */
  constructor(private readonly most: number) {}

  /**
   * Keeps `value` under `key`, as the most recent; `length` is that of the peer's string it holds (the key's, unless
   * the key is the proxy's own). False, and nothing kept, when that string is over MAX_HELD_LENGTH.
   */
  hold(key: string, value: V, length = key.length): boolean {
    if (length > MAX_HELD_LENGTH) return false;
    this.delete(key);
    this.held.set(key, { value, length });
    this.total += length;
    while (this.held.size > this.most || this.total > MAX_HELD_TOTAL)
      this.delete(this.held.keys().next().value as string);
    return true;
  }

  /** Whether `key` is kept. */
  has(key: string): boolean {
    return this.held.has(key);
  }

  /** The value kept under `key`, or undefined. */
  get(key: string): V | undefined {
    return this.held.get(key)?.value;
  }

  /** Forgets `key`; whether it was kept. */
  delete(key: string): boolean {
    const entry = this.held.get(key);
    if (entry === undefined) return false;
    this.held.delete(key);
    this.total -= entry.length;
    return true;
  }
}
