// A promise host code handed toolgate that toolgate drops: a notification hook's (onError, onAdmission, onDrift,
// an exposeErrors formatter, onLog) written `async`, as a logger that awaits its sink is, whose failure is a
// rejected promise rather than a throw; a schemaLoader's that validateSchema refuses. Left unhandled, a rejection
// ends the host process (Node's default, --unhandled-rejections=throw).
import { types } from 'node:util';

/**
 * Marks `value` handled when it is a native promise, so its rejection is dropped as a throw of the hook is. A
 * subclass's (a tracing library's promise) is marked too, through Promise.prototype.then itself: its own `then` is
 * not called, its species constructor is (host code, as the hook was), and whatever that throws is dropped. A
 * thenable that is not a promise is left as it is: nothing would report its rejection.
 */
export function dropRejection(value: unknown): void {
  if (!types.isPromise(value)) return;
  try {
    Promise.prototype.then.call(value, undefined, () => undefined);
  } catch {
    // A subclass whose constructor or species throws: its promise is the host's, as the hook's throw would be.
  }
}
