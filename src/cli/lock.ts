// `toolgate lock`: pins every tool of one catalog (the inputs together) in a lock file to commit. Nothing is
// admitted or run: every listed tool is pinned, admitted or not, so `check --lock` and `proxy --lock` can tell
// any later change of any field. Run over an existing lock, it first prints the drift `check --lock` would
// report, then replaces the file: reading that report is the review, writing the file the re-approval.
import { listingDrift } from '../catalog/lock-diff.js';
import { ignoreList, pinTools } from '../catalog/lock-pins.js';
import { listFlag, parseArgs, stringFlag } from './args.js';
import { CLI_DEFAULTS, LOCK } from './commands.js';
import type { CliIO, ExitCode } from './io.js';
import { driftText } from '../catalog/lock-report.js';
import { lockConfig } from './lock-config.js';
import { anySource, NO_SOURCE, readLockSources } from './lock-sources.js';
import { outFileProblem, readLockFile, shownIgnore, writeLockFile } from './lock-write.js';
import { serversOf } from './check-options.js';
import { withheldLines } from './check-withheld.js';
import { maskedIO, secretInNames, shownSecrets, valueMask } from './masked-io.js';

/** Where the lock goes without --out. */
export const DEFAULT_LOCK_FILE = CLI_DEFAULTS.lockFile;

/** Runs `toolgate lock`. */
export async function lockCommand(argv: readonly string[], given: CliIO): Promise<ExitCode> {
  let io = given;
  const stop = (message: string): ExitCode => {
    io.err(`toolgate lock: ${message}\n`);
    return 2;
  };
  const parsed = parseArgs(argv, LOCK.options, 'lock');
  if (!parsed.ok) return stop(parsed.error.message);
  const args = parsed.value;
  const ignore = ignoreList(listFlag(args, 'lock-ignore'));
  if (!ignore.ok)
    return stop(
      ignore.error.message.startsWith('ignore cannot')
        ? `--lock-${ignore.error.message}`
        : '--lock-ignore needs a top-level field name',
    );
  const config = stringFlag(args, 'config');
  if (config !== undefined) return lockConfig(args, config, ignore.value, io, stop);
  if (!anySource(args)) return stop(NO_SOURCE);
  const stdinUses = [...args.positionals, ...listFlag(args, 'mcp-list')].filter((i) => i === '-').length;
  if (stdinUses > 1) return stop('standard input (-) can be read once: name it once among the inputs');
  const out = stringFlag(args, 'out') ?? DEFAULT_LOCK_FILE;
  // The existing lock is read before any server starts: one that cannot be read stops here, nothing written.
  const notFile = outFileProblem(out);
  if (notFile !== undefined) return stop(notFile);
  const existing = readLockFile(out);
  if (!existing.ok) return stop(`${existing.error.message}; fix it, or delete it to lock afresh`);
  const inputs = await readLockSources(args, io);
  if (!inputs.ok) return stop(inputs.error.message);
  // A server that wrote a value given to it into its own listing: masked in what is printed, and a definition
  // carrying one is not kept in the lock (only its hashes).
  const servers = serversOf(args);
  const listed = servers.ok ? servers.value : [];
  io = maskedIO(given, listed);
  const unread = inputs.value.filter((i) => i.problem !== undefined);
  // A lock of part of the catalog would report the rest as new later: nothing is written.
  if (unread.length > 0) return stop(unread.map((i) => i.problem?.message).join('\ntoolgate lock: '));
  const tools = inputs.value.flatMap((i) => i.catalog?.tools ?? []);
  const named = secretInNames(tools, listed);
  if (named !== undefined) return stop(named);
  const lock = pinTools({ tools }, { ignore: ignore.value, withhold: shownSecrets(listed) });
  if (!lock.ok) return stop(lock.error.message);
  if (existing.value !== 'absent') {
    const before = existing.value;
    io.out(driftText(out, listingDrift(before, tools, valueMask(listed)), Object.keys(before.tools).length, io.colour));
    const [was, now] = [before.ignore, lock.value.ignore];
    if (was.join('\n') !== now.join('\n'))
      io.out(`lock ${out}: ignored fields were [${shownIgnore(was)}], now [${shownIgnore(now)}]\n`);
  }
  const written = writeLockFile(out, lock.value);
  if (!written.ok) return stop(written.error.message);
  const count = Object.keys(lock.value.tools).length;
  const ignored = lock.value.ignore.length === 0 ? '' : ` (ignoring ${shownIgnore(lock.value.ignore)})`;
  io.out(`wrote ${out}: ${count} tool${count === 1 ? '' : 's'} pinned${ignored}\n`);
  // Pinned all the same, but what the proxy would never publish is said (check says "withheld" of it).
  const secrets = shownSecrets(listed);
  const withheld = inputs.value
    .map((i) => (i.catalog?.mcp === true ? withheldLines(i.catalog.tools, secrets) : ''))
    .join('');
  if (withheld !== '') io.out(withheld);
  return 0;
}
