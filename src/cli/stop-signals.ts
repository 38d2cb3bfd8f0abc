// How `serve` and `proxy` are told to exit (SIGINT, SIGTERM, SIGHUP): the first signal starts their clean end,
// which stops the process groups they started, and then the process ends by that signal. The handler stays
// installed until then: a second signal during the stop's grace (a double Ctrl-C, a supervisor's second SIGTERM)
// would otherwise kill toolgate at once, and 'exit' does not run on death by signal, so a server that ignores
// SIGTERM would outlive it, re-parented to init (a hunt's find, in the proxy).

/** The signals that end toolgate's commands cleanly (SIGHUP: the terminal or the host closed). */
export const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/** The stop signals, held from install until `end`. */
export interface StopSignals {
  /** The first stop signal received; undefined while none came. */
  received(): NodeJS.Signals | undefined;
  /** Removes the handlers; when a signal came, ends the process by it (its default action). Call it last. */
  end(): void;
}

/** Holds the stop signals: `first` runs on the first one, any later one is ignored until `end`. */
export function holdStopSignals(first: (signal: NodeJS.Signals) => void): StopSignals {
  let stoppedBy: NodeJS.Signals | undefined;
  const onSignal = (signal: NodeJS.Signals): void => {
    if (stoppedBy !== undefined) return;
    stoppedBy = signal;
    first(signal);
  };
  for (const s of STOP_SIGNALS) process.on(s, onSignal);
  return {
    received: () => stoppedBy,
    end: () => {
      for (const s of STOP_SIGNALS) process.off(s, onSignal);
      if (stoppedBy !== undefined) process.kill(process.pid, stoppedBy);
    },
  };
}
