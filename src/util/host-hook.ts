// A promise host code handed toolgate that toolgate drops: a notification hook's (onError, onAdmission, onDrift,
// an exposeErrors formatter, onLog) written `async`, as a logger that awaits its sink is, whose failure is a
// rejected promise rather than a throw; a schemaLoader's that validateSchema refuses. Left unhandled, a rejection
// ends the host process (Node's default, --unhandled-rejections=throw).
import { types } from 'node:util';

/**
 * Marks `value` handled when it is a plain native promise (what an async function returns: its `then` and
 * `constructor` those of Promise.prototype), so its rejection is dropped as a throw of the hook is. Anything else
 * is left as it is, so no host code runs (a subclass's `then` or species). Other own keys do not make a promise
 * unusual: with an async hook enabled (AsyncLocalStorage, tracing) Node gives every Promise two.
 */
export function dropRejection(value: unknown): void {
  if (!types.isPromise(value) || Object.getPrototypeOf(value) !== Promise.prototype) return;
  if (Object.hasOwn(value, 'then') || Object.hasOwn(value, 'constructor')) return;
  Promise.prototype.then.call(value, undefined, () => undefined);
}
