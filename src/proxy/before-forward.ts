// A client's request that waits before it is forwarded (tools/call and tasks/result wait for an admission under
// way) has no id at the other side yet, so its cancellation has nothing to be mapped to. It is noted here
// instead: the request is then not forwarded and not answered (MCP 2025-06-18, "Cancellation": the receiver
// SHOULD NOT answer), where dropping the cancellation would let the call run after its client gave it up.
import { Tally } from '../util/tally.js';
import { idKey } from './session-relay.js';

/** What `wait` gives for a request its client cancelled while it waited. */
export const WITHDRAWN = Symbol('withdrawn');

/** The requests of one client waiting to be forwarded, by id. */
export class BeforeForward {
  private readonly waiting = new Map<string, { readonly withdraw: () => void }>();
  /** The requests waiting, counted apart from the map: a client that reuses an id has two waiting under it. */
  private readonly held = new Tally();
  /**
   * Waits for `until` on behalf of request `id`: its value, or WITHDRAWN as soon as the client cancels it (not once
   * `until` settles: the receiver of a cancellation frees what the request holds, MCP "Cancellation").
   */
  async wait<T>(id: string | number, until: Promise<T>): Promise<T | typeof WITHDRAWN> {
    const key = idKey(id);
    let withdraw = (): void => undefined;
    const withdrawn = new Promise<typeof WITHDRAWN>((resolve) => {
      withdraw = () => resolve(WITHDRAWN);
    });
    const entry = { withdraw };
    this.waiting.set(key, entry);
    this.held.up();
    try {
      return await Promise.race([until, withdrawn]);
    } finally {
      // A request reusing the id meanwhile has its own entry (ids are the client's to choose).
      if (this.waiting.get(key) === entry) this.waiting.delete(key);
      this.held.down();
    }
  }

  /**
   * Settles once no request waits here (at once when none does). A request that stopped waiting is forwarded in a
   * later microtask: act on this after a macrotask turn (setImmediate) to come after its forwarding.
   */
  whenEmpty(): Promise<void> {
    return this.held.whenZero();
  }

  /** The client cancelled `requestId`: true when that request is waiting here (it will not be forwarded). */
  cancel(requestId: unknown): boolean {
    const entry = this.waiting.get(idKey(requestId));
    if (entry === undefined) return false;
    entry.withdraw();
    return true;
  }

  /** How many requests wait here. */
  get size(): number {
    return this.waiting.size;
  }
}

/** The request id a cancellation names (MCP "Cancellation": `params.requestId`). */
export function cancelledId(params: unknown): unknown {
  return params !== null && typeof params === 'object' ? (params as { requestId?: unknown }).requestId : undefined;
}
