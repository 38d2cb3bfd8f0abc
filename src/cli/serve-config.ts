// Builds the command specs of `toolgate serve` from flags (one tool) or from a `--config` file (several).
// Config file: { "tools": [ { "name", "description"?, "inputSchema"?, "exec", "args"?, "timeout"?, "maxOutput"? } ] }
import type { CommandSpec } from '../exec/command.js';
import { MAX_TIMEOUT_MS } from '../exec/run.js';
import { isObject } from '../util/plain-json.js';
import { booleanFlag, stringFlag, type ParsedArgs } from './args.js';
import { inputError, parseJsonNamed, readJsonArgument, readText } from './io.js';
import type { Problem, Result } from '../result.js';

/** Flags `toolgate serve` accepts. */
export const SERVE_FLAGS = {
  name: 'string',
  description: 'string',
  'input-schema': 'string',
  exec: 'string',
  config: 'string',
  timeout: 'string',
  'max-output': 'string',
  'format-assertion': 'boolean',
} as const;

const DEFAULT_TIMEOUT_MS = 60_000;
const DEFAULT_MAX_OUTPUT = 1 << 20;

function positiveNumber(raw: unknown, what: string): Result<number, Problem> {
  const n = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
  if (typeof n !== 'number' || !Number.isFinite(n) || n <= 0)
    return inputError(`${what} must be a positive number, got ${JSON.stringify(raw)}`);
  return { ok: true, value: n };
}

/**
 * A timeout in seconds as whole milliseconds a Node timer honours: refused outside 1 ms .. 2^31-1 ms, never clamped.
 */
function timeoutMs(raw: unknown, what: string): Result<number, Problem> {
  const seconds = positiveNumber(raw, what);
  if (!seconds.ok) return seconds;
  const ms = Math.round(seconds.value * 1000);
  if (ms < 1 || ms > MAX_TIMEOUT_MS)
    return inputError(
      `${what} must be between 0.001 and ${MAX_TIMEOUT_MS / 1000} seconds (1 ms to 2^31-1 ms, the longest a timer ` +
        `can wait), got ${JSON.stringify(raw)}`,
    );
  return { ok: true, value: ms };
}

/** An output cap in whole bytes, at least one. */
function byteCount(raw: unknown, what: string): Result<number, Problem> {
  const n = positiveNumber(raw, what);
  if (!n.ok) return n;
  if (Math.floor(n.value) < 1) return inputError(`${what} must be at least 1 byte, got ${JSON.stringify(raw)}`);
  return { ok: true, value: Math.floor(n.value) };
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

function fromConfig(
  file: string,
  defaults: Pick<CommandSpec, 'timeoutMs' | 'maxOutputBytes'>,
): Result<CommandSpec[], Problem> {
  const text = readText(file);
  if (!text.ok) return text;
  const parsed = parseJsonNamed(text.value, file);
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
    if (names.has(t['name'])) return inputError(`${where}: duplicate tool name ${JSON.stringify(t['name'])}`);
    names.add(t['name']);
    const args = t['args'] ?? [];
    if (!Array.isArray(args) || !args.every((a): a is string => typeof a === 'string'))
      return inputError(`${where}: "args" must be an array of strings`);
    if (t['description'] !== undefined && typeof t['description'] !== 'string')
      return inputError(`${where}: "description" must be a string`);
    const timeout =
      t['timeout'] === undefined
        ? { ok: true as const, value: defaults.timeoutMs }
        : timeoutMs(t['timeout'], `${where}: "timeout" (seconds)`);
    if (!timeout.ok) return timeout;
    const maxOutput =
      t['maxOutput'] === undefined
        ? { ok: true as const, value: defaults.maxOutputBytes }
        : byteCount(t['maxOutput'], `${where}: "maxOutput" (bytes)`);
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
