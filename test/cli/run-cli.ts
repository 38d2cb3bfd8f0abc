// Runs the CLI in-process with captured streams (no colour unless asked), for check and validate tests.
import { runCli } from '../../src/cli/dispatch.js';

/** What one in-process CLI run printed and returned. */
export interface CliRun {
  readonly code: number;
  readonly out: string;
  readonly err: string;
}

/** Runs `toolgate <argv>` in-process. */
export async function runInProcess(
  argv: string[],
  options: { stdin?: string; colour?: boolean } = {},
): Promise<CliRun> {
  let out = '';
  let err = '';
  const code = await runCli(argv, {
    out: (t) => {
      out += t;
    },
    err: (t) => {
      err += t;
    },
    readStdin: async () => ({ ok: true, value: options.stdin ?? '' }),
    colour: options.colour ?? false,
  });
  return { code, out, err };
}
