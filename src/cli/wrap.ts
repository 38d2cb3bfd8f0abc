// `toolgate wrap <file>`: prints an MCP client config with every server routed through `toolgate proxy`
// (`--undo`: back), every other member untouched and in order, in the file's own indentation. `--write` replaces
// the file after a copy beside it (`<file>.bak`, or the first free `<file>.bak.N`: a backup is never overwritten,
// nor written through a link). A linked config is written, and backed up, at its target, keeping the link; the
// file keeps its mode and owner, and is replaced whole or not at all (file-replace.ts).
// Exit 0 when every server is gated (or, with --undo, restored), 1 when an entry was left as it is (named on
// stderr), 2 for a usage error or a file that cannot be read or written.
import { constants, copyFileSync, realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { stringifyInOrder } from '../catalog/json-key-order.js';
import { escapedJson } from '../util/hidden-text.js';
import { readMcpConfig } from '../catalog/mcp-config.js';
import { wrapServers } from '../catalog/mcp-config-wrap.js';
import { splitCommandLine } from '../exec/command-line.js';
import { checkHeader } from '../mcp/http-headers.js';
import { readServerUrl } from '../mcp/server-url.js';
import { quote } from '../util/describe-value.js';
import { booleanFlag, parseArgs, stringFlag } from './args.js';
import { WRAP } from './commands.js';
import { version } from './help.js';
import { keptOf, replaceWhole } from './file-replace.js';
import { readText, type CliIO, type ExitCode } from './io.js';

/**
 * How a wrapped entry starts toolgate without --launcher: this installation's bin (the bundled
 * `dist/cli/main.js`) under this node, both by absolute path, since a client starts servers from its own working
 * directory with a PATH of its own, and toolgate is not on the npm registry yet (an `npx -y toolgate` would fetch
 * whatever holds the name). Run from npx's cache, which npm may clear, it is `npx -y toolgate@<version>` instead.
 */
export function defaultLauncher(): string[] {
  const bin = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));
  return /[\\/]_npx[\\/]/.test(bin) ? ['npx', '-y', `toolgate@${version()}`] : [process.execPath, bin];
}

/** The indentation of the file's first indented line (two spaces when there is none), so the diff is the change. */
function indentOf(text: string): string {
  const found = /\n([ \t]+)\S/.exec(text);
  return found?.[1] ?? '  ';
}

/**
 * Copies `file` to the first of `<file>.bak`, `<file>.bak.2`, ... that does not exist as anything (a dangling link
 * included): each is created exclusively, so a backup is never overwritten, even by a race. Its name.
 */
function backUp(file: string): string {
  for (let n = 1; n < 1000; n++) {
    const name = n === 1 ? `${file}.bak` : `${file}.bak.${n}`;
    try {
      copyFileSync(file, name, constants.COPYFILE_EXCL);
      return name;
    } catch (thrown) {
      if ((thrown as NodeJS.ErrnoException).code !== 'EEXIST') throw thrown;
    }
  }
  throw Object.assign(new Error('no free backup name'), { code: 'EEXIST' });
}

/** Replaces `target` with `text` through a temp file beside it, with `target`'s mode (umask aside) and owner. */
function replaceFile(target: string, text: string): void {
  replaceWhole(target, `${target}.toolgate-${process.pid}.tmp`, text, keptOf(target));
}

/** Why the proxy would refuse a URL server's `--url` or a `--header`: its own checks, so wrap writes none it would. */
function proxyRefusesUrl(url: string, headers: Readonly<Record<string, string>>): string | undefined {
  const read = readServerUrl(url, '"url"');
  if (!read.ok) return read.error.message;
  const earlier = new Set<string>();
  for (const [name, value] of Object.entries(headers)) {
    // The name is checkHeader's to show: one that is not a token may hold a value (`Authorization: Bearer …`).
    const why = checkHeader(name, value, earlier, '"headers"');
    if (why !== undefined) return why;
    earlier.add(name.toLowerCase());
  }
  return undefined;
}

/** Runs `toolgate wrap`. */
export async function wrapCommand(argv: readonly string[], io: CliIO): Promise<ExitCode> {
  const stop = (message: string): ExitCode => {
    io.err(`toolgate wrap: ${message}\n`);
    return 2;
  };
  const parsed = parseArgs(argv, WRAP.options, 'wrap');
  if (!parsed.ok) return stop(parsed.error.message);
  const args = parsed.value;
  if (args.positionals.length !== 1) return stop('give one config file (mcpServers or servers)');
  const file = args.positionals[0] as string;
  const undo = booleanFlag(args, 'undo');
  const rawLauncher = stringFlag(args, 'launcher');
  const launcher = rawLauncher === undefined ? defaultLauncher() : splitCommandLine(rawLauncher);
  if (launcher === undefined || launcher.length === 0) return stop('--launcher: not a command line');
  if (undo && rawLauncher !== undefined) return stop('--launcher applies to wrapping, not to --undo');
  const text = readText(file);
  if (!text.ok) return stop(text.error.message);
  const config = readMcpConfig(text.value, file);
  if (!config.ok) return stop(config.error.message);
  const { key, document, entries } = config.value;
  const order = entries.map((e) => e.name);
  const { servers, notes } = wrapServers(document[key] as Record<string, unknown>, {
    undo,
    launcher,
    refuseUrl: proxyRefusesUrl,
    order,
  });
  const changed = notes.some((n) => n.outcome === 'changed');
  // The file's own line ends (a Windows client's CRLF): JSON text has no raw newline inside a string, so each
  // "\n" JSON.stringify writes is a line end. With LF only, every line of a CRLF file would show as changed.
  const eol = /^[^\n]*\r\n/.test(text.value) ? '\r\n' : '\n';
  const newline = text.value.endsWith('\n') ? eol : '';
  // Written with the C1 controls, bidi controls and stray tags of its strings escaped, as the file may have had them
  // (JSON.stringify writes them raw: a name's `\u202e` would come out reordering a terminal's line); an emoji's
  // joiner or a Persian non-joiner stays as written (a review's find: escaping them rewrote the user's text).
  const written = escapedJson(stringifyInOrder(document, key, servers, order, indentOf(text.value)), 'steering');
  const out = changed ? `${written.replaceAll('\n', eol)}${newline}` : text.value;
  // The name is the file's text, of any length and any character: clipped and quoted, as check shows it.
  for (const n of notes)
    if (n.outcome === 'left') io.err(`toolgate wrap: ${file}: server ${quote(n.name)} left as it is: ${n.why}\n`);
  // A newcomer's find: VS Code's workspace config is JSONC, and the document written back has no comments. Printed,
  // the user sees what they get; written, they would be lost unseen, so --write refuses (the file unchanged).
  const jsonc = config.value.jsoncAt;
  const where = jsonc === undefined ? '' : `the first at line ${jsonc.line} column ${jsonc.column}`;
  if (!booleanFlag(args, 'write')) {
    io.out(out);
    if (changed && jsonc !== undefined)
      io.err(
        `toolgate wrap: ${file}: its comments and trailing commas (JSONC; ${where}) are not in what was printed\n`,
      );
  } else if (changed && jsonc !== undefined)
    return stop(
      `${file}: this file has comments or trailing commas (JSONC), which wrap --write cannot keep: ${where}; ` +
        'run wrap without --write and copy the entries it prints into the file, or remove them first (unchanged)',
    );
  else if (changed) {
    let backup: string | undefined;
    try {
      // Beside the file it copies, not beside a link to it: a config kept private behind a link stays there.
      const target = realpathSync(file);
      backup = backUp(target);
      replaceFile(target, out);
    } catch (thrown) {
      const kept = backup === undefined ? '' : ` (unchanged; its backup ${backup} was made first)`;
      return stop(`cannot write ${file}: ${(thrown as NodeJS.ErrnoException).code ?? 'error'}${kept}`);
    }
    const count = notes.filter((n) => n.outcome === 'changed').length;
    io.err(
      `toolgate wrap: ${file}: ${count} server${count === 1 ? '' : 's'} ${undo ? 'restored' : 'wrapped'}; ` +
        `backup ${backup}\n`,
    );
  } else io.err(`toolgate wrap: ${file}: nothing to change\n`);
  return notes.some((n) => n.outcome === 'left') ? 1 : 0;
}
