// The options of `toolgate proxy` as settings, each value checked: a bad value is a usage error naming the option.
// Admission options mean what they mean for `check --mcp`; the server is every word from the first that is neither
// an option nor an option's value (or after "--"), run without a shell, with the environment rule `check --mcp` and
// `serve` share.
import type { AdmissionOptions } from '../catalog/admission.js';
import { MCP_DEFAULT_DIALECTS } from '../catalog/mcp.js';
import { parseEnvItems } from '../exec/environment.js';
import type { Problem, Result } from '../result.js';
import { booleanFlag, listFlag, type ParsedArgs, parseArgs, stringFlag } from './args.js';
import { readRegistry } from './catalog-input.js';
import { commandStart } from './command-start.js';
import { dialectsOf, providerOf } from './check-options.js';
import { displayCommandLine, secretsOf } from '../exec/command-line.js';
import { nulRefusal } from '../exec/nul-free.js';
import { PROXY } from './commands.js';
import { cliHints } from './hints.js';
import { inputError } from './io.js';
import { byteCount, timeoutMs } from './numbers.js';
import { requireLock } from './lock-write.js';
import { compileGrants, compileMethodDenials } from '../proxy/grants.js';
import { DEFAULT_MAX_RESULT_BYTES, PROXY_DEFAULTS, type ProxySettings } from '../proxy/settings.js';
import { transportSettings } from './proxy-transport-options.js';
import { aggregatePart } from '../proxy/options.js';
import { serversFromConfig } from '../proxy/servers-options.js';
import { type ConfigLock, parseConfigLock } from '../catalog/config-lock.js';
import type { ServerEntry } from '../proxy/settings.js';
import { readText } from './io.js';

/** `--config <file>`: the aggregate's servers, or the problem (a flag that names one server is refused with it). */
function configServers(args: ParsedArgs, words: readonly string[]): Result<ServerEntry[] | undefined, Problem> {
  const file = stringFlag(args, 'config');
  if (file === undefined) return { ok: true, value: undefined };
  if (words.length > 0) return inputError('give either --config or a server command, not both');
  for (const flag of ['url', 'header', 'env'])
    if (args.flags.has(flag))
      return inputError(`--${flag} names one server; with --config each server's own is in the file`);
  const text = readText(file);
  if (!text.ok) return text;
  const servers = serversFromConfig(text.value, file);
  return servers.ok ? servers : inputError(servers.error.message);
}

/** Reads `proxy`'s command line; the first problem as a usage error. */
export function proxySettings(argv: readonly string[]): Result<ProxySettings, Problem> {
  const start = commandStart(argv, PROXY.options);
  const parsed = parseArgs(argv.slice(0, start.dashes ? start.at - 1 : start.at), PROXY.options, 'proxy');
  if (!parsed.ok) return parsed;
  const args = parsed.value;
  const words = argv.slice(start.at);
  const servers = configServers(args, words);
  if (!servers.ok) return servers;
  const transport = transportSettings(args, words.length > 0 || servers.value !== undefined);
  if (!transport.ok) return transport;
  const { url } = transport.value;
  if (url !== undefined && listFlag(args, 'env').length > 0) return inputError('--env is for a command, not --url');
  const mode = stringFlag(args, 'mode') ?? PROXY_DEFAULTS.mode;
  if (mode !== 'strict' && mode !== 'quarantine')
    return inputError(`--mode must be quarantine or strict, got ${JSON.stringify(mode)}`);
  const bad = stringFlag(args, 'bad-tools') ?? PROXY_DEFAULTS.badTools;
  if (bad !== 'fail' && bad !== 'leave-out')
    return inputError(`--bad-tools must be fail or leave-out, got ${JSON.stringify(bad)}`);
  const env = parseEnvItems(listFlag(args, 'env'));
  if (!env.ok) return inputError(env.error.message);
  // Spawn's error would quote the value whole (exec/nul-free.ts); a command line holds none, a caller's array may.
  const nul = nulRefusal(words, env.value.env);
  if (nul !== undefined) return inputError(`the server command: ${nul}`);
  const timeout = timeoutMs(
    stringFlag(args, 'timeout') ?? String(PROXY_DEFAULTS.timeoutSeconds),
    '--timeout (seconds)',
  );
  if (!timeout.ok) return timeout;
  const maxResult = byteCount(stringFlag(args, 'max-result') ?? String(DEFAULT_MAX_RESULT_BYTES), '--max-result');
  if (!maxResult.ok) return maxResult;
  const dialects = dialectsOf(args);
  if (!dialects.ok) return dialects;
  const providerChoice = providerOf(args);
  if (!providerChoice.ok) return providerChoice;
  const { provider, policy } = providerChoice.value;
  let schemaRegistry: Record<string, object | boolean> = {};
  const registryDir = stringFlag(args, 'registry');
  if (registryDir !== undefined) {
    const r = readRegistry(registryDir);
    if (!r.ok) return inputError(r.error.message);
    schemaRegistry = r.value;
  }
  const grants = compileGrants(listFlag(args, 'allow'), listFlag(args, 'deny'));
  const log = stringFlag(args, 'log');
  if (booleanFlag(args, 'log-args') && log === undefined) return inputError('--log-args needs --log');
  const lockFile = stringFlag(args, 'lock');
  // With --config, a lock of the whole config (`toolgate lock --config`): each server held to its own entry.
  const lock = lockFile === undefined || servers.value !== undefined ? undefined : requireLock(lockFile);
  if (lock !== undefined && !lock.ok) return lock;
  const configLock = lockFile === undefined || servers.value === undefined ? undefined : readConfigLock(lockFile);
  if (configLock !== undefined && !configLock.ok) return configLock;
  const admission: AdmissionOptions = {
    mode,
    formatAssertion: booleanFlag(args, 'format-assertion'),
    schemaRegistry,
    dialects: [...(dialects.value ?? MCP_DEFAULT_DIALECTS)],
    ...(provider !== undefined && policy === 'quarantine' ? { provider, providerPolicy: 'quarantine' as const } : {}),
  };
  return {
    ok: true,
    value: {
      ...transport.value,
      words,
      display: url !== undefined ? `${url.origin}${url.pathname}` : displayCommandLine(words),
      env: env.value.env,
      secrets: [...env.value.secrets, ...secretsOf(words), ...transport.value.secrets],
      timeoutMs: timeout.value,
      maxResultBytes: maxResult.value,
      mode,
      badTools: bad === 'leave-out' ? 'leave-out' : 'fail-batch',
      admission,
      grants,
      deniedMethod: compileMethodDenials(listFlag(args, 'deny-method')),
      log,
      logArgs: booleanFlag(args, 'log-args'),
      withholdUnconstrained: booleanFlag(args, 'withhold-unconstrained'),
      quiet: booleanFlag(args, 'quiet'),
      wording: cliHints,
      ...(lock === undefined ? {} : { lock: { file: lockFile as string, pins: lock.value } }),
      ...(servers.value === undefined ? {} : aggregateOf(servers.value, transport.value.secrets)),
      ...(configLock === undefined ? {} : { configLock: { file: lockFile as string, lock: configLock.value } }),
    },
  };
}

/** The settings fields of an aggregate: its servers, no server of its own, every server's secrets masked. */
function aggregateOf(servers: readonly ServerEntry[], transportSecrets: readonly string[]) {
  const part = aggregatePart(servers);
  return { ...part, secrets: [...part.secrets, ...transportSecrets], servers };
}

/** `--lock` beside `--config`: the config lock the file must be. */
function readConfigLock(file: string): Result<ConfigLock, Problem> {
  const text = readText(file);
  if (!text.ok) return text;
  const lock = parseConfigLock(text.value, file);
  return lock.ok ? lock : inputError(lock.error.message);
}
