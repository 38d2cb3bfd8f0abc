// `toolgate proxy`: reads the flags (proxy-options.ts), then runs the library's proxy (src/proxy/start.ts) until
// the client hangs up, the server dies, or SIGINT/SIGTERM/SIGHUP: the signal stops the server's process group
// first, then toolgate ends by that signal. Everything else (upstream, admission, sessions, transports) is src/proxy's.
import { routedThroughProxy } from '../catalog/wrap-gate.js';
import { stopAllGroups } from '../exec/process-group.js';
import { runProxy } from '../proxy/run.js';
import type { CliIO, ExitCode } from './io.js';
import { lateOptionLines } from './proxy-late-options.js';
import { proxySettings } from './proxy-options.js';
import { holdStopSignals } from './stop-signals.js';

/** Runs the proxy until the client hangs up (0), the server dies (1), or start-up fails (1 or 2). */
export async function proxyCommand(argv: readonly string[], io: CliIO): Promise<ExitCode> {
  const read = proxySettings(argv);
  if (!read.ok) {
    io.err(`toolgate proxy: ${read.error.message}\n`);
    return 2;
  }
  const settings = read.value;
  for (const line of lateOptionLines(argv)) io.err(`toolgate proxy: ${line}\n`);
  // A wrapped config under the gateway starts a proxy per server inside it: every call checked twice.
  for (const server of settings.servers ?? []) {
    const [command, ...args] = server.words;
    if (command !== undefined && routedThroughProxy({ command, args }))
      io.err(
        `toolgate proxy: server ${JSON.stringify(server.name)} is already started through toolgate proxy (a wrapped ` +
          'config?): each of its calls is checked twice; give --config the unwrapped file (toolgate wrap --undo)\n',
      );
  }
  // fetch keeps a timing entry of every upstream request, up to 250 of about 1 KB (W3C Resource Timing,
  // "performance entry buffer"), that nothing in a proxy process reads: it keeps none.
  performance.setResourceTimingBufferSize(0);
  // Told to exit, from the moment the server may exist: stop its group first, then end by the signal. SIGHUP too
  // (the terminal or the host closed): its servers run in process groups of their own, which a hangup does not
  // reach, so a proxy ended by it without stopping them would leave them running. A second signal is ignored until
  // then (stop-signals.ts).
  let signalled: () => void = () => undefined;
  const told = new Promise<void>((resolve) => {
    signalled = resolve;
  });
  const signals = holdStopSignals(() => signalled());
  try {
    return await runProxy(settings, io, told);
  } finally {
    // A server whose session was still opening or already closing when the signal came is not one the run waits
    // for, and the exit hook's SIGKILL does not run on a death by signal: every group still running is stopped here.
    if (signals.received() !== undefined) await stopAllGroups();
    signals.end();
  }
}
