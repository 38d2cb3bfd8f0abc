// Picks the subcommand. Kept apart from main.ts so tests can run commands in-process with their own streams.
import { checkCommand } from './check.js';
import { thrownMessage } from '../result.js';
import type { CliIO, ExitCode } from './io.js';
import { serveCommand } from './serve.js';
import { validateCommand } from './validate.js';

/** One line per command, printed on a usage error and for `help`. */
export const USAGE = `usage:
  toolgate check <file|dir|->... [--mode strict|quarantine] [--format text|json] [--format-assertion] [--registry <dir>]
                [--dialect 2019-09|draft-07]... [--provider openai-strict|openai|anthropic|gemini]
                [--provider-policy report|quarantine]
  toolgate check --mcp "<command> [args]" [same options]
  toolgate validate --schema <file|json> --args <json|@file> [--name <tool>] [--format-assertion]
  toolgate serve --name <name> [--description <text>] [--input-schema <json|@file>] [--timeout <s>]
                [--max-output <bytes>] [--format-assertion]
                --exec <program> [--] <arg>...
  toolgate serve --config <file> [--timeout <s>] [--max-output <bytes>] [--format-assertion]
exit status: 0 admitted/valid, 1 not, 2 usage or input error
`;

/** Runs the CLI with the given arguments (without node and script path); resolves with the exit status. */
export async function runCli(argv: readonly string[], io: CliIO): Promise<ExitCode> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'check':
        return await checkCommand(rest, io);
      case 'validate':
        return validateCommand(rest, io);
      case 'serve':
        return await serveCommand(rest, io);
      case 'help':
      case '--help':
      case '-h':
        io.out(USAGE);
        return 0;
      default:
        io.err(
          `toolgate: ${command === undefined ? 'no command given' : `unknown command ${JSON.stringify(command)}`}\n` +
            USAGE,
        );
        return 2;
    }
  } catch (thrown) {
    io.err(`toolgate ${command ?? ''}: internal error: ${thrownMessage(thrown)}\n`);
    return 2;
  }
}
