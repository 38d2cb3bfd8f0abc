// A host's notification hook (onError, onAdmission, onDrift, an exposeErrors formatter) is called and its return
// value dropped or read as text. Written `async`, as a logger that awaits its sink is, a failure of it is a rejected
// promise rather than a throw: left unhandled, Node's default (--unhandled-rejections=throw) ends the host process.
import { types } from 'node:util';

const ignore = (): void => {};

/**
 * Marks `value` handled when it is a native promise (what an async function returns), so its rejection is
 * dropped as a throw of the hook is. Nothing of a non-native thenable is read: it rejects nothing by itself.
 */
export function dropRejection(value: unknown): void {
  if (!types.isPromise(value)) return;
  try {
    // Promise.prototype.then, not the value's own (a subclass's then is host code).
    Promise.prototype.then.call(value, undefined, ignore);
  } catch {
    // A species getter of a subclass that throws: nothing more toolgate can attach.
  }
}
