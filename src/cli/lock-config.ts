// `toolgate lock --config <file>`: pins every server of an MCP client config in one lock (src/catalog/config-lock.ts),
// each server listed as `check --config` lists it (its own env or headers, `--timeout`). The whole config or
// nothing: a server that cannot be listed stops the lock with its problem (a lock without it would call its tools
// new later), and nothing is written. Run over an existing config lock, it prints each server's drift first.
import { configDrift, configDriftText } from '../catalog/config-lock-drift.js';
import { configLockText, pinConfig } from '../catalog/config-lock.js';
import { type ParsedArgs, listFlag, stringFlag } from './args.js';
import { listServers } from './catalog-input.js';
import { configServers } from './check-config.js';
import { CLI_DEFAULTS } from './commands.js';
import { quote } from '../util/describe-value.js';
import type { CliIO, ExitCode } from './io.js';
import { anySource } from './lock-sources.js';
import { outFileProblem, readAnyLockFile, shownIgnore, writeLockText } from './lock-write.js';
import { maskedIO, secretInNames, shownSecrets, valueMask } from './masked-io.js';
import { timeoutMs } from './numbers.js';
import { withheldLines } from './check-withheld.js';

/** Runs `toolgate lock --config <file>`; `stop` prints a usage or input error and gives exit 2. */
export async function lockConfig(
  args: ParsedArgs,
  file: string,
  ignore: readonly string[],
  given: CliIO,
  stop: (message: string) => ExitCode,
): Promise<ExitCode> {
  if (anySource(args))
    return stop('--config locks every server of the config: give no other input (files, --mcp, --url, --mcp-list)');
  if (listFlag(args, 'env').length > 0 || listFlag(args, 'header').length > 0)
    return stop('--env and --header are for --mcp and --url: each config server has its own env or headers');
  const timeout = timeoutMs(stringFlag(args, 'timeout') ?? String(CLI_DEFAULTS.listTimeoutSeconds), '--timeout');
  if (!timeout.ok) return stop(timeout.error.message);
  const out = stringFlag(args, 'out') ?? CLI_DEFAULTS.lockFile;
  // The existing lock is read before any server starts: one that cannot be read stops here, nothing written.
  const notFile = outFileProblem(out);
  if (notFile !== undefined) return stop(notFile);
  const existing = readAnyLockFile(out);
  if (!existing.ok) return stop(`${existing.error.message}; fix it, or delete it to lock afresh`);
  if (existing.value !== 'absent' && existing.value.kind === 'single')
    return stop(`${out} is the lock of one catalog, not of a config: give another --out, or delete it`);
  const servers = configServers(file, timeout.value);
  if (!servers.ok) return stop(servers.error.message);
  // Values given to the servers: masked in what is printed, and a definition carrying one is not kept.
  const started = servers.value.flatMap((s) => ('server' in s ? [s.server] : []));
  const io = maskedIO(given, started);
  // Its own stop from here on: what a server listed is masked in it too.
  const refuse = (message: string): ExitCode => {
    io.err(`toolgate lock: ${message}\n`);
    return 2;
  };
  const listings: { server: string; tools: readonly unknown[] }[] = [];
  const problems: string[] = [];
  for (const s of servers.value) {
    const [input] = 'input' in s ? [s.input] : await listServers([s.server]);
    if (input?.catalog === undefined) problems.push(input?.problem?.message ?? `server ${quote(s.name)}`);
    else listings.push({ server: s.name, tools: input.catalog.tools });
  }
  if (problems.length > 0) return refuse(problems.join('\ntoolgate lock: '));
  const named = secretInNames(
    listings.flatMap((l) => l.tools),
    started,
  );
  if (named !== undefined) return refuse(named);
  const lock = pinConfig(listings, { ignore, withhold: shownSecrets(started) });
  if (!lock.ok) return refuse(lock.error.message);
  if (existing.value !== 'absent')
    io.out(configDriftText(out, configDrift(existing.value.lock, listings, valueMask(started)), io.colour));
  const written = writeLockText(out, configLockText(lock.value));
  if (!written.ok) return refuse(written.error.message);
  const count = listings.reduce((n, l) => n + Object.keys(lock.value.servers[l.server]?.tools ?? {}).length, 0);
  const ignored = ignore.length === 0 ? '' : ` (ignoring ${shownIgnore(ignore)})`;
  const s = (n: number): string => (n === 1 ? '' : 's');
  io.out(`wrote ${out}: ${count} tool${s(count)} of ${listings.length} server${s(listings.length)} pinned${ignored}\n`);
  // Pinned all the same, but what the proxy would never publish is said (check says "withheld" of it).
  const secrets = shownSecrets(started);
  const withheld = listings.map((l) => withheldLines(l.tools, secrets, l.server)).join('');
  if (withheld !== '') io.out(withheld);
  return 0;
}
