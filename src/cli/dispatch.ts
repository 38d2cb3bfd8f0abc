// Picks the subcommand. Kept apart from main.ts so tests can run commands in-process with their own streams.
// Each command's implementation is imported only when it runs: `check` on files must not pay for what only
// `serve` needs (process spawning, the MCP SDK), and help or --version load nothing but the command table.
import { thrownMessage } from '../result.js';
import { commandStart } from './command-start.js';
import { COMMANDS, type CliCommand } from './commands.js';
import { commandHelp, overallHelp, USAGE, version } from './help.js';
import type { CliIO, ExitCode } from './io.js';

export { USAGE } from './help.js';

const NAMES = COMMANDS.map((c) => c.name);

/**
 * Whether `--help` or `-h` appears among the options (before a `--`; for proxy, before the server's command; for
 * serve, before `--exec`'s program: `--exec df -h` is the program's `-h`, which serve refuses as it refuses `-k`,
 * where help on stdout would be read by an MCP client as the server's first message).
 */
function asksForHelp(command: CliCommand, argv: readonly string[]): boolean {
  const start = command.name === 'proxy' ? commandStart(argv, command.options) : undefined;
  let end = start === undefined ? argv.indexOf('--') : start.at - (start.dashes ? 1 : 0);
  if (command.name === 'serve') {
    const exec = argv.findIndex((a) => a === '--exec' || a.startsWith('--exec='));
    if (exec >= 0 && (end < 0 || exec < end)) end = exec;
  }
  return (end < 0 ? argv : argv.slice(0, end)).some((a) => a === '--help' || a === '-h');
}

async function runCommand(command: CliCommand, argv: readonly string[], io: CliIO): Promise<ExitCode> {
  switch (command.name) {
    case 'check':
      return (await import('./check.js')).checkCommand(argv, io);
    case 'lock':
      return (await import('./lock.js')).lockCommand(argv, io);
    case 'validate':
      return (await import('./validate.js')).validateCommand(argv, io);
    case 'serve':
      return (await import('./serve.js')).serveCommand(argv, io);
    case 'proxy':
      return (await import('./proxy.js')).proxyCommand(argv, io);
    case 'wrap':
      return (await import('./wrap.js')).wrapCommand(argv, io);
  }
}

/** `; did you mean <name>?` for a mistyped command; loaded only then: help and --version need no edit distance. */
async function didYouMean(name: string, candidates: readonly string[]): Promise<string> {
  const near = (await import('./did-you-mean.js')).closestName(name, candidates);
  return near === undefined ? '' : `; did you mean ${near}?`;
}

/** `toolgate help [<command>]`. */
async function help(topic: readonly string[], io: CliIO): Promise<ExitCode> {
  if (topic.length === 0) {
    io.out(overallHelp());
    return 0;
  }
  const command = COMMANDS.find((c) => c.name === topic[0]);
  if (command === undefined || topic.length > 1) {
    const near = topic.length === 1 ? await didYouMean(topic[0] as string, NAMES) : '';
    io.err(`toolgate help: no command ${JSON.stringify(topic.join(' '))}; commands: ${NAMES.join(', ')}${near}\n`);
    return 2;
  }
  io.out(commandHelp(command));
  return 0;
}

/** Runs the CLI with the given arguments (without node and script path); resolves with the exit status. */
export async function runCli(argv: readonly string[], io: CliIO): Promise<ExitCode> {
  const [name, ...rest] = argv;
  try {
    if (name === 'help' || name === '--help' || name === '-h') return help(rest, io);
    if (name === '--version' || name === '-V') {
      io.out(`${version()}\n`);
      return 0;
    }
    const command = COMMANDS.find((c) => c.name === name);
    if (command === undefined) {
      const near =
        name === undefined ? '' : await didYouMean(name, [...NAMES, 'help', '--help', '--version', '-V', '-h']);
      io.err(
        `toolgate: ${name === undefined ? 'no command given' : `unknown command ${JSON.stringify(name)}${near}`}\n` +
          USAGE,
      );
      return 2;
    }
    if (asksForHelp(command, rest)) {
      io.out(commandHelp(command));
      return 0;
    }
    return await runCommand(command, rest, io);
  } catch (thrown) {
    io.err(`toolgate ${name ?? ''}: internal error: ${thrownMessage(thrown)}\n`);
    return 2;
  }
}
