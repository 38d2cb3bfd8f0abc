// A promise host code handed toolgate that toolgate drops: a notification hook's (onError, onAdmission, onDrift,
// an exposeErrors formatter, onLog) written `async`, as a logger that awaits its sink is, whose failure is a
// rejected promise rather than a throw; a schemaLoader's that validateSchema refuses. Left unhandled, a rejection
// ends the host process (Node's default, --unhandled-rejections=throw).
import { types } from 'node:util';

/**
 * Marks `value` handled when it is a native promise, so its rejection is dropped as a throw of the hook is. A
 * subclass's (a tracing library's promise) is marked too, through Promise.prototype.then itself: its own `then` is
 * not called, but its species constructor is (host code, as the hook was). When that throws, the promise is read
 * once more as a plain one (an own `constructor` of Promise, taken off again at once); a frozen one stays unhandled.
 * A thenable that is not a promise is left as it is: nothing would report its rejection.
 */
export function dropRejection(value: unknown): void {
  if (!types.isPromise(value)) return;
  const drop = (): void => void Promise.prototype.then.call(value, undefined, () => undefined);
  try {
    drop();
  } catch {
    asPlainPromise(value, drop);
  }
}

/** Runs `body` while `promise` has an own `constructor` of Promise (so its species is Promise's); never throws. */
function asPlainPromise(promise: Promise<unknown>, body: () => void): void {
  const own = Object.getOwnPropertyDescriptor(promise, 'constructor');
  try {
    Object.defineProperty(promise, 'constructor', { value: Promise, configurable: true, writable: true });
    body();
  } catch {
    // Frozen, or a Proxy that refuses: its rejection is the host's, as a throw of the hook would be.
  } finally {
    try {
      if (own === undefined) delete (promise as { constructor?: unknown }).constructor;
      else Object.defineProperty(promise, 'constructor', own);
    } catch {
      // As above.
    }
  }
}
