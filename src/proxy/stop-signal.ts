// Waiting on the proxy's stop signal (`told`, settled on SIGINT/SIGTERM) from something shorter-lived, such as
// one session's start-up. A promise keeps every reaction added to it until it settles, and `told` lives as long
// as the proxy: `told.then(...)` per session kept each ended session, its upstream and its compiled validators
// reachable. Here `told` gets one reaction in all, and each waiter is a listener removed when it stops waiting.

/** The listeners of one stop signal, and whether it has settled. */
interface Listeners {
  settled: boolean;
  readonly waiting: Set<() => void>;
}

const bySignal = new WeakMap<Promise<void>, Listeners>();

/**
 * A promise settled with `value` when `told` settles, and `stop()`, which stops waiting: call it when the wait is
 * over, or whatever waits is kept as long as `told` is.
 */
export function whenTold<T>(told: Promise<void>, value: T): { readonly settled: Promise<T>; stop(): void } {
  let listeners = bySignal.get(told);
  if (listeners === undefined) {
    const fresh: Listeners = { settled: false, waiting: new Set() };
    bySignal.set(told, fresh);
    void told.then(() => {
      fresh.settled = true;
      for (const wake of fresh.waiting) wake();
      fresh.waiting.clear();
    });
    listeners = fresh;
  }
  const own = listeners;
  let wake: () => void = () => undefined;
  const settled = new Promise<T>((resolve) => {
    wake = () => resolve(value);
  });
  if (own.settled) wake();
  else own.waiting.add(wake);
  return { settled, stop: () => void own.waiting.delete(wake) };
}
