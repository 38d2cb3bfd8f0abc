// A host's AbortSignal is host code: Registry.call takes any `instanceof AbortSignal` (an own
// `removeEventListener` that throws passes that test) and guardClient's callTool any object the MCP SDK's
// RequestOptions would. A throw from one of its members, read where toolgate settles a call (a timer, a promise's
// `then`), left the call's promise pending and ended the process with an uncaught exception; every use goes
// through here instead, and a signal that cannot be read or listened to fails closed: the call is aborted.

/** Whether the host's signal has aborted; a signal whose `aborted` cannot be read counts as aborted. */
export function hostAborted(signal: AbortSignal): boolean {
  try {
    return signal.aborted === true;
  } catch {
    return true;
  }
}

/** The host's abort reason; undefined when reading it throws. */
export function hostReason(signal: AbortSignal): unknown {
  try {
    return signal.reason;
  } catch {
    return undefined;
  }
}

/** How a listener on a host signal is taken off: never throws. */
export type StopListening = () => void;

/**
 * Calls `listener` once when the host's signal aborts; returns how to stop listening, or undefined when the
 * signal cannot be listened to (its `addEventListener` threw or is not a function).
 */
export function onHostAbort(signal: AbortSignal, listener: () => void): StopListening | undefined {
  try {
    signal.addEventListener('abort', listener, { once: true });
  } catch {
    return undefined;
  }
  return () => {
    try {
      signal.removeEventListener('abort', listener);
    } catch {
      // The host's own method threw: the listener stays on its signal, and `once` makes a later abort a no-op here.
    }
  };
}
