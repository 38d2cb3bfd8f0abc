// How one exchange with an HTTP upstream is ended early: the proxy stopping, a request abandoned by its client, a
// notification's 202 that did not come in time. Not an AbortController per message: its EventTarget, and the
// listener node:http adds to a signal it is given and takes back after, cost the proxy 4-10% of its CPU per
// relayed call (bench/proxy-relay.ts, with and without); a cut is a flag and the few callbacks of its exchange.

/** Ends one exchange: its request, its response being read, a wait between two of its requests. */
export interface ExchangeCut {
  readonly aborted: boolean;
  /** What `abort` was given (undefined before). */
  readonly reason: unknown;
  /** Ends the exchange (only the first call counts): every callback given to `onAbort` runs, once. */
  abort(reason?: unknown): void;
  /** Runs `then` when the exchange is ended (at once when it already is); the function returned takes it back. */
  onAbort(then: () => void): () => void;
}

const NOTHING = (): void => undefined;

/** A cut not yet made. */
export function exchangeCut(): ExchangeCut {
  let callbacks: Set<() => void> | undefined;
  const cut = {
    aborted: false,
    reason: undefined as unknown,
    abort(reason: unknown = 'aborted'): void {
      if (cut.aborted) return;
      cut.aborted = true;
      cut.reason = reason;
      const now = callbacks;
      callbacks = undefined;
      // One callback that throws does not keep the rest from running.
      if (now !== undefined) for (const then of now) runQuietly(then);
    },
    onAbort(then: () => void): () => void {
      if (cut.aborted) {
        then();
        return NOTHING;
      }
      callbacks ??= new Set();
      callbacks.add(then);
      return () => callbacks?.delete(then);
    },
  };
  return cut;
}

function runQuietly(then: () => void): void {
  try {
    then();
  } catch {
    // Nothing to tell: the exchange is ended either way.
  }
}
