// `toolgate check`: admits catalogs before they ship. Each file (or `--mcp` server) is one batch through
// admitBatch / admitMcpTools; nothing is executed. Exit 0 when every batch is admitted, 1 when one is not,
// 2 for a usage or input error (the message names the file or command).
// --dialect, --provider and --provider-policy map onto admission's `dialects`, `provider` and `providerPolicy`;
// lint warnings and provider findings are printed per accepted tool and never change the exit status.
import { admitBatch, type AdmissionOptions } from '../catalog/admission.js';
import { admitMcpTools } from '../catalog/mcp.js';
import { PROVIDER_NAMES, type ProviderName } from '../interop/profile.js';
import { isObject } from '../util/plain-json.js';
import { booleanFlag, parseArgs, stringFlag, type ParsedArgs } from './args.js';
import { readCatalogs, readRegistry, type Catalog } from './catalog-input.js';
import { adviseCatalog, type AdvisedCatalog } from './check-advice.js';
import { jsonReport, textReport, type ReportSettings } from './check-report.js';
import { verdictsOf } from './check-verdicts.js';
import { inputError, type CliIO, type ExitCode } from './io.js';
import { listMcpTools } from './mcp-list.js';
import type { Problem, Result } from '../result.js';

const FLAGS = {
  mode: 'string',
  format: 'string',
  'format-assertion': 'boolean',
  registry: 'string',
  mcp: 'strings',
  dialect: 'strings',
  provider: 'string',
  'provider-policy': 'string',
} as const;

type Dialect = '2020-12' | '2019-09' | 'draft-07';
const DIALECTS: readonly Dialect[] = ['2020-12', '2019-09', 'draft-07'];

/** `--dialect` (repeatable) as the `dialects` option: 2020-12 first (always on), then each named once, in order. */
function dialectsOf(args: ParsedArgs): Result<Dialect[], Problem> {
  const given = (args.flags.get('dialect') as string[] | undefined) ?? [];
  const out: Dialect[] = ['2020-12'];
  for (const d of given) {
    if (!DIALECTS.includes(d as Dialect))
      return inputError(`--dialect must be one of ${DIALECTS.join(', ')}, got ${JSON.stringify(d)}`);
    if (!out.includes(d as Dialect)) out.push(d as Dialect);
  }
  return { ok: true, value: out };
}

/** `--provider` and `--provider-policy`, checked as admission checks them. */
function providerOf(
  args: ParsedArgs,
): Result<{ provider: ProviderName | undefined; policy: 'report' | 'quarantine' }, Problem> {
  const provider = stringFlag(args, 'provider');
  const policy = stringFlag(args, 'provider-policy') ?? 'report';
  if (provider !== undefined && !PROVIDER_NAMES.includes(provider as ProviderName))
    return inputError(`--provider must be one of ${PROVIDER_NAMES.join(', ')}, got ${JSON.stringify(provider)}`);
  if (policy !== 'report' && policy !== 'quarantine')
    return inputError(`--provider-policy must be report or quarantine, got ${JSON.stringify(policy)}`);
  if (stringFlag(args, 'provider-policy') !== undefined && provider === undefined)
    return inputError('--provider-policy needs --provider');
  return { ok: true, value: { provider: provider as ProviderName | undefined, policy } };
}

/** Check never runs a tool: admission needs a backend, and this one is never called. */
const NEVER_RUN = (): never => {
  throw new Error('toolgate check never executes tools');
};

/** Runs `toolgate check`. */
export async function checkCommand(argv: readonly string[], io: CliIO): Promise<ExitCode> {
  const usage = (message: string): ExitCode => {
    io.err(`toolgate check: ${message}\n`);
    return 2;
  };
  const parsed = parseArgs(argv, FLAGS);
  if (!parsed.ok) return usage(parsed.error.message);
  const args = parsed.value;
  const mode = stringFlag(args, 'mode') ?? 'strict';
  if (mode !== 'strict' && mode !== 'quarantine')
    return usage(`--mode must be strict or quarantine, got ${JSON.stringify(mode)}`);
  const format = stringFlag(args, 'format') ?? 'text';
  if (format !== 'text' && format !== 'json')
    return usage(`--format must be text or json, got ${JSON.stringify(format)}`);
  const dialects = dialectsOf(args);
  if (!dialects.ok) return usage(dialects.error.message);
  const providerRead = providerOf(args);
  if (!providerRead.ok) return usage(providerRead.error.message);
  const provider = providerRead.value;
  const servers = (args.flags.get('mcp') as string[] | undefined) ?? [];
  if (servers.length === 0 && args.positionals.length === 0)
    return usage('nothing to check: give files, folders, - for standard input, or --mcp "<command>"');
  const registryDir = stringFlag(args, 'registry');
  let schemaRegistry: Record<string, object | boolean> = {};
  if (registryDir !== undefined) {
    const r = readRegistry(registryDir);
    if (!r.ok) return usage(r.error.message);
    schemaRegistry = r.value;
  }

  const read = await readCatalogs(args.positionals, io.readStdin);
  if (!read.ok) return usage(read.error.message);
  const catalogs: Catalog[] = [...read.value];
  for (const server of servers) {
    const listed = await listMcpTools(server);
    if (!listed.ok) return usage(listed.error.message);
    catalogs.push({ source: `mcp: ${server}`, tools: listed.value, mcp: true });
  }

  // Under 'report' the findings are computed per accepted tool by adviseCatalog; admission needs the
  // provider only to leave out (or fail on) the tools it would reject.
  const quarantineProvider =
    provider.provider !== undefined && provider.policy === 'quarantine'
      ? { provider: provider.provider, providerPolicy: 'quarantine' as const }
      : {};
  const options: AdmissionOptions = {
    mode,
    formatAssertion: booleanFlag(args, 'format-assertion'),
    schemaRegistry,
    dialects: dialects.value,
    ...quarantineProvider,
  };
  const verdicts: AdvisedCatalog[] = [];
  for (const c of catalogs) {
    const result = c.mcp
      ? await admitMcpTools({ tools: c.tools }, { ...options, backend: () => NEVER_RUN })
      : await admitBatch(
          c.tools.map((t) => (isObject(t) ? { ...t, backend: NEVER_RUN } : t)),
          options,
        );
    verdicts.push(adviseCatalog(verdictsOf(c.source, c.tools, result, mode), c.tools, provider.provider));
  }
  const settings: ReportSettings = {
    mode,
    dialects: dialects.value,
    provider: provider.provider,
    providerPolicy: provider.policy,
  };
  io.out(format === 'json' ? jsonReport(verdicts, settings) : textReport(verdicts, settings, io.colour));
  return verdicts.every((v) => v.admitted) ? 0 : 1;
}
