// Builds the command specs of `toolgate serve` from flags (one tool) or from a `--config` file (several).
// Config file: { "tools": [ { "name", "description"?, "inputSchema"?, "exec", "args"?, "timeout"?, "maxOutput"? } ] }
import type { CommandSpec } from '../exec/command.js';
import { secretsOf } from '../exec/command-line.js';
import { MIN_SHOWN_SECRET_LENGTH } from '../exec/mask-secrets.js';
import { childEnvironment, parseEnvItems } from '../exec/environment.js';
import { clip } from '../util/describe-value.js';
import { isObject } from '../util/plain-json.js';
import { booleanFlag, listFlag, stringFlag, type ParsedArgs } from './args.js';
import { CLI_DEFAULTS } from './commands.js';
import { byteCount, jsonNumber, timeoutMs, wholeNumber } from './numbers.js';
import { inputError, parseStrictJsonNamed, readJsonArgument, readText } from './io.js';
import type { Problem, Result } from '../result.js';

const DEFAULT_TIMEOUT_MS = CLI_DEFAULTS.serveTimeoutMs;
const DEFAULT_MAX_OUTPUT = CLI_DEFAULTS.serveMaxOutput;
/** Most programs at once `--max-concurrent` accepts; each holds a process group and two pipes. */
const MAX_CONCURRENT_CEILING = 256;

/** How the server runs its tools, beyond each tool's spec. */
export interface ServeSettings {
  readonly specs: CommandSpec[];
  readonly maxConcurrent: number;
  /** The `--env` values: masked in every text the model reads. */
  readonly secrets: readonly string[];
}

/** `--max-concurrent`: a whole number of programs at once, 1 to the ceiling. */
function maxConcurrentOf(args: ParsedArgs): Result<number, Problem> {
  const raw = stringFlag(args, 'max-concurrent');
  if (raw === undefined) return { ok: true, value: CLI_DEFAULTS.serveMaxConcurrent };
  return wholeNumber(raw, '--max-concurrent', MAX_CONCURRENT_CEILING);
}

/** The specs to serve with `--env` and `--max-concurrent`, or a usage/input message. */
export function serveSettings(args: ParsedArgs): Result<ServeSettings, Problem> {
  const maxConcurrent = maxConcurrentOf(args);
  if (!maxConcurrent.ok) return maxConcurrent;
  const requested = parseEnvItems(listFlag(args, 'env'));
  if (!requested.ok) return inputError(requested.error.message);
  const specs = serveSpecs(args);
  if (!specs.ok) return specs;
  // Every tool gets the one rule of `check --mcp`: the inherited names, then --env.
  const env = childEnvironment(requested.value.env);
  return {
    ok: true,
    value: {
      specs: specs.value.map((spec) => ({ ...spec, env })),
      maxConcurrent: maxConcurrent.value,
      // The programs' own `KEY=VALUE` and URL words (`env TOKEN=... printenv`) are secrets too, as check and proxy
      // take them (exec/command-line.ts), from 8 characters as in what a proxy's client reads: `--format=json` or
      // `?state=open` are words of the program, and would be masked in every answer. A word with a placeholder is
      // the model's: a value holding one is left out, the word's other values kept (a hunt's find: a URL with a
      // key and a `{q}` was left out whole, and wget showed the key in its stderr).
      secrets: [
        ...requested.value.secrets,
        ...specs.value.flatMap((s) =>
          secretsOf([s.program, ...s.args]).filter((v) => v.length >= MIN_SHOWN_SECRET_LENGTH && !v.includes('{')),
        ),
      ],
    },
  };
}

/** The specs to serve, or a usage/input message. */
export function serveSpecs(args: ParsedArgs): Result<CommandSpec[], Problem> {
  const timeout = timeoutMs(stringFlag(args, 'timeout') ?? String(DEFAULT_TIMEOUT_MS / 1000), '--timeout (seconds)');
  if (!timeout.ok) return timeout;
  const maxOutput = byteCount(stringFlag(args, 'max-output') ?? String(DEFAULT_MAX_OUTPUT), '--max-output (bytes)');
  if (!maxOutput.ok) return maxOutput;
  const defaults = { timeoutMs: timeout.value, maxOutputBytes: maxOutput.value };
  const config = stringFlag(args, 'config');
  if (config !== undefined) {
    for (const f of ['name', 'description', 'input-schema', 'exec'])
      if (args.flags.has(f)) return inputError(`--${f} cannot be combined with --config`);
    if (args.positionals.length > 0) return inputError('command arguments cannot be combined with --config');
    return fromConfig(config, defaults);
  }
  const name = stringFlag(args, 'name');
  const exec = stringFlag(args, 'exec');
  if (name === undefined || exec === undefined) return inputError('serve needs --name and --exec (or --config)');
  const description = stringFlag(args, 'description');
  const schemaArg = stringFlag(args, 'input-schema');
  let inputSchema: unknown;
  if (schemaArg !== undefined) {
    const read = readJsonArgument(schemaArg, 'input-schema');
    if (!read.ok) return read;
    inputSchema = read.value;
  }
  return {
    ok: true,
    value: [
      {
        name,
        program: exec,
        args: args.positionals,
        ...defaults,
        ...(description === undefined ? {} : { description }),
        ...(schemaArg === undefined ? {} : { inputSchema }),
      },
    ],
  };
}

/** A config member read by `read`: a JSON number only, never text (`"0x10"` was read as 16: a hunt's find). */
function numberMember(
  value: unknown,
  what: string,
  read: (n: number, what: string) => Result<number, Problem>,
): Result<number, Problem> {
  const n = jsonNumber(value, what);
  return n.ok ? read(n.value, what) : n;
}

/** The members a config's tool may have. */
const TOOL_MEMBERS: readonly string[] = ['name', 'description', 'inputSchema', 'exec', 'args', 'timeout', 'maxOutput'];

function fromConfig(
  file: string,
  defaults: Pick<CommandSpec, 'timeoutMs' | 'maxOutputBytes'>,
): Result<CommandSpec[], Problem> {
  const text = readText(file);
  if (!text.ok) return text;
  // Strict: with a key given twice (two "exec"), a reviewer would read one program and the last one would run.
  const parsed = parseStrictJsonNamed(text.value, file);
  if (!parsed.ok) return parsed;
  const tools = isObject(parsed.value) ? parsed.value['tools'] : undefined;
  if (!Array.isArray(tools) || tools.length === 0)
    return inputError(`${file}: expected { "tools": [ ... ] } with at least one tool`);
  const specs: CommandSpec[] = [];
  const names = new Set<string>();
  for (const [i, t] of tools.entries()) {
    const where = `${file}: tools[${i}]`;
    if (!isObject(t) || typeof t['name'] !== 'string' || typeof t['exec'] !== 'string')
      return inputError(`${where} needs a string "name" and a string "exec"`);
    // A member toolgate does not read is refused, not ignored: `"env"` or a typo (`"maxoutput"`) would otherwise
    // run the tool without what its author meant to give it.
    const unknown = Object.keys(t).find((k) => !TOOL_MEMBERS.includes(k));
    if (unknown !== undefined) {
      const near = TOOL_MEMBERS.find((m) => m.toLowerCase() === unknown.toLowerCase());
      const hint =
        near === undefined
          ? `; a tool has ${TOOL_MEMBERS.map((m) => `"${m}"`).join(', ')}`
          : `; did you mean "${near}"?`;
      return inputError(`${where}: unknown member ${JSON.stringify(clip(unknown, 40))}${hint}`);
    }
    if (names.has(t['name'])) return inputError(`${where}: duplicate tool name ${JSON.stringify(clip(t['name'], 80))}`);
    names.add(t['name']);
    const args = t['args'] ?? [];
    if (!Array.isArray(args) || !args.every((a): a is string => typeof a === 'string'))
      return inputError(`${where}: "args" must be an array of strings`);
    if (t['description'] !== undefined && typeof t['description'] !== 'string')
      return inputError(`${where}: "description" must be a string`);
    const timeout =
      t['timeout'] === undefined
        ? { ok: true as const, value: defaults.timeoutMs }
        : numberMember(t['timeout'], `${where}: "timeout" (seconds)`, timeoutMs);
    if (!timeout.ok) return timeout;
    const maxOutput =
      t['maxOutput'] === undefined
        ? { ok: true as const, value: defaults.maxOutputBytes }
        : numberMember(t['maxOutput'], `${where}: "maxOutput" (bytes)`, byteCount);
    if (!maxOutput.ok) return maxOutput;
    specs.push({
      name: t['name'],
      program: t['exec'],
      args,
      timeoutMs: timeout.value,
      maxOutputBytes: maxOutput.value,
      ...(typeof t['description'] === 'string' ? { description: t['description'] } : {}),
      ...(t['inputSchema'] === undefined ? {} : { inputSchema: t['inputSchema'] }),
    });
  }
  return { ok: true, value: specs };
}

/** Schema options `serve` passes to validateSchema. */
export function serveSchemaOptions(args: ParsedArgs): { formatAssertion: boolean } {
  return { formatAssertion: booleanFlag(args, 'format-assertion') };
}
