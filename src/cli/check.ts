// `toolgate check`: admits catalogs before they ship. Each file (or `--mcp` server) is one batch through
// admitBatch / admitMcpTools; nothing is executed. An input that cannot be read is reported as that input's
// error and the others are still checked. Exit 0 when every batch is admitted, 1 when one is not or an input
// could not be read, 2 for a usage error or when nothing could be checked. With --lock, drift from the lock's
// pins is reported too, and any drift exits 1.
// Lint warnings and provider findings are printed per accepted tool and never change the exit status.
import { admitBatch, type AdmissionOptions, NO_INTERNALS } from '../catalog/admission.js';
import { hasDrift, listingDrift } from '../catalog/lock-diff.js';
import { admitMcpToolsWith } from '../catalog/mcp.js';
import { inexactTools } from '../mcp/exact-listing.js';
import { timeSlices } from '../util/time-slice.js';
import { isObject } from '../util/plain-json.js';
import { parseArgs, booleanFlag, stringFlag } from './args.js';
import { listServers, readCatalogs, readRegistry, readSavedLists, type CatalogInput } from './catalog-input.js';
import { adviseCatalog } from './check-advice.js';
import { checkSettings, type CheckSettings } from './check-options.js';
import { jsonReport, jsonUsageError, textReport, type ReportEntry } from './check-report.js';
import { verdictsOf } from './check-verdicts.js';
import { withholdUnpublishable } from './check-withheld.js';
import { CHECK, CLI_DEFAULTS } from './commands.js';
import { configServers, type ConfigServer } from './check-config.js';
import { timeoutMs } from './numbers.js';
import { cliError } from './hints.js';
import type { CliIO, ExitCode } from './io.js';
import { maskedIO, shownSecrets, valueMask } from './masked-io.js';
import { driftJson, driftText } from '../catalog/lock-report.js';
import { requireAnyLock } from './lock-write.js';
import { configDrift, configDriftJson, configDriftText, configHasDrift } from '../catalog/config-lock-drift.js';

/** Check never runs a tool: admission needs a backend, and this one is never called. */
const NEVER_RUN = (): never => {
  throw new Error('toolgate check never executes tools');
};

/** Admits one catalog and gives its verdicts, with lint and provider advice. */
async function checkOne(
  input: CatalogInput & { catalog: NonNullable<CatalogInput['catalog']> },
  settings: CheckSettings,
  base: AdmissionOptions,
  secrets: readonly string[],
): Promise<ReportEntry> {
  const c = input.catalog;
  const dialects = c.server === true ? settings.mcpDialects : settings.dialects;
  const options = { ...base, dialects: [...dialects] };
  // A live listing is judged from its texts too, as the proxy judges it: a key given twice or a number JSON.parse
  // rounded is that tool's diagnostic (exact-listing.ts).
  const exact =
    c.pages === undefined
      ? { ok: true as const, diagnostics: [] }
      : await inexactTools(
          c.pages.map((text) => ({ text })),
          c.tools,
          timeSlices(undefined),
        );
  // A page giving `result` or `tools` twice is refused whole (exact-listing.ts).
  if (!exact.ok) return { source: c.source, problem: { message: `${c.source}: ${exact.message}` } };
  const result = c.mcp
    ? await admitMcpToolsWith(
        { tools: c.tools },
        { ...options, backend: () => NEVER_RUN },
        { ...NO_INTERNALS, extraDiagnostics: exact.diagnostics },
        true,
      )
    : await admitBatch(
        c.tools.map((t) => (isObject(t) ? { ...t, backend: NEVER_RUN } : t)),
        options,
      );
  const verdicts = verdictsOf(c.source, c.tools, result, settings.mode);
  const verdict = withholdUnpublishable(verdicts, c.tools, c.mcp, secrets);
  const named = {
    ...verdict,
    tools: verdict.tools.map((t) => (t.error === undefined ? t : { ...t, error: cliError(t.error) })),
    batchErrors: verdict.batchErrors.map(cliError),
  };
  return { ...adviseCatalog(named, c.tools, settings.provider), dialects };
}

/** A config's servers listed in file order, its entries that cannot be started reported in their place. */
async function configInputs(servers: readonly ConfigServer[]): Promise<{ name: string; input: CatalogInput }[]> {
  const out: { name: string; input: CatalogInput }[] = [];
  for (const s of servers)
    for (const input of 'input' in s ? [s.input] : await listServers([s.server])) out.push({ name: s.name, input });
  return out;
}

/** Runs `toolgate check`. */
export async function checkCommand(argv: readonly string[], given: CliIO): Promise<ExitCode> {
  let io = given;
  const parsed = parseArgs(argv, CHECK.options, 'check');
  if (!parsed.ok) {
    io.err(`toolgate check: ${parsed.error.message}\n`);
    return 2;
  }
  const args = parsed.value;
  const json = stringFlag(args, 'format') === 'json';
  // With --format json every error after a readable command line is a JSON report too, for the CI that reads it.
  const usage = (message: string): ExitCode => {
    io.err(`toolgate check: ${message}\n`);
    if (json) io.out(jsonUsageError(message));
    return 2;
  };
  const read = checkSettings(args);
  if (!read.ok) return usage(read.error.message);
  const settings = read.value;
  const configFile = stringFlag(args, 'config');
  if (
    settings.servers.length === 0 &&
    settings.savedLists.length === 0 &&
    args.positionals.length === 0 &&
    configFile === undefined
  )
    return usage(
      'nothing to check: give files, folders, - for standard input, --mcp "<command>", --url <URL>, ' +
        '--mcp-list <file> or --config <file>',
    );
  const timeout = timeoutMs(stringFlag(args, 'timeout') ?? String(CLI_DEFAULTS.listTimeoutSeconds), '--timeout');
  const config = configFile === undefined || !timeout.ok ? undefined : configServers(configFile, timeout.value);
  if (config !== undefined && !config.ok) return usage(config.error.message);
  const configured = config?.value ?? [];
  // From here on a report may quote what a server listed: every value given to a server is masked in it.
  const started = [...settings.servers, ...configured.flatMap((s) => ('server' in s ? [s.server] : []))];
  io = maskedIO(given, started, json);
  const stdinUses = [...args.positionals, ...settings.savedLists].filter((i) => i === '-').length;
  if (stdinUses > 1) return usage('standard input (-) can be read once: name it once among the inputs');
  // The lock is read before anything is listed: one that cannot be read is an input error, never "no pins".
  const lockFile = stringFlag(args, 'lock');
  const anyLock = lockFile === undefined ? undefined : requireAnyLock(lockFile);
  if (anyLock !== undefined && !anyLock.ok) return usage(anyLock.error.message);
  const configLock = anyLock?.ok && anyLock.value.kind === 'config' ? anyLock.value.lock : undefined;
  const lock =
    anyLock?.ok && anyLock.value.kind === 'single' ? { ok: true as const, value: anyLock.value.lock } : undefined;
  if (configLock !== undefined && configFile === undefined)
    return usage(`${lockFile}: the lock of a config (toolgate lock --config) is compared with --config <file>`);
  const others = settings.servers.length + settings.savedLists.length + args.positionals.length;
  if (configLock !== undefined && others > 0)
    return usage('a config lock is compared with the --config servers only: give no other input beside --config');
  const registryDir = stringFlag(args, 'registry');
  let schemaRegistry: Record<string, object | boolean> = {};
  if (registryDir !== undefined) {
    const r = readRegistry(registryDir);
    if (!r.ok) return usage(r.error.message);
    schemaRegistry = r.value;
  }
  const listedConfig = await configInputs(configured);
  const inputs = [
    ...(await readCatalogs(args.positionals, io.readStdin)),
    ...(await readSavedLists(settings.savedLists, io.readStdin)),
    ...(await listServers(settings.servers)),
    ...listedConfig.map((c) => c.input),
  ];

  // Under 'report' the findings are computed per accepted tool by adviseCatalog; admission needs the
  // provider only to leave out (or fail on) the tools it would reject.
  const base: AdmissionOptions = {
    mode: settings.mode,
    formatAssertion: booleanFlag(args, 'format-assertion'),
    schemaRegistry,
    compile: settings.compile,
    ...(settings.provider !== undefined && settings.providerPolicy === 'quarantine'
      ? { provider: settings.provider, providerPolicy: 'quarantine' as const }
      : {}),
  };
  const entries: ReportEntry[] = [];
  // A tool holding one of them as a number is withheld by the proxy (src/proxy/unpublishable.ts).
  const secrets = shownSecrets(started);
  for (const input of inputs)
    entries.push(
      input.catalog === undefined
        ? input
        : await checkOne({ ...input, catalog: input.catalog }, settings, base, secrets),
    );
  const checked = entries.filter((e) => e.problem === undefined);
  if (checked.length === 0) {
    // Nothing could be checked: each input's problem, as a usage error would be, and exit 2.
    for (const e of entries) io.err(`toolgate check: ${e.problem?.message}\n`);
    if (json) io.out(jsonReport(entries, settings));
    return 2;
  }
  // Every listed tool is compared, admitted or not: a lock pins them all. With an input unread (exit 1 anyway),
  // its tools are unknown rather than gone: no tool is called gone then.
  const tools = inputs.flatMap((i) => i.catalog?.tools ?? []);
  const listed = lock === undefined ? undefined : listingDrift(lock.value, tools, valueMask(started));
  const unread = inputs.some((i) => i.problem !== undefined);
  const drift = listed !== undefined && unread ? { ...listed, removed: [] } : listed;
  // A config lock: each server against its own pins, named (src/catalog/config-lock-drift.ts).
  const listings = listedConfig.map((c) => ({ server: c.name, tools: c.input.catalog?.tools }));
  const servers = configLock === undefined ? undefined : configDrift(configLock, listings, valueMask(started));
  const file = lockFile as string;
  if (json) {
    const lockPart = servers !== undefined ? configDriftJson(file, servers) : drift && driftJson(file, drift);
    io.out(jsonReport(entries, settings, lockPart ?? {}));
  } else {
    io.out(textReport(entries, settings, io.colour));
    if (drift !== undefined && lock !== undefined)
      io.out(driftText(file, drift, Object.keys(lock.value.tools).length, io.colour));
    if (servers !== undefined) io.out(configDriftText(file, servers, io.colour));
  }
  const drifted = (drift !== undefined && hasDrift(drift)) || (servers !== undefined && configHasDrift(servers));
  return !drifted && entries.every((e) => e.problem === undefined && e.admitted) ? 0 : 1;
}
