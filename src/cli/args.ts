// The command line of one subcommand, read by node:util parseArgs against that command's option table
// (commands.ts). parseArgs splits the words; this file turns what it read into usage errors that say what is
// wrong: an unknown option (with the closest known one), a missing value, a value on a switch, a repeat.
import { parseArgs as nodeParseArgs } from 'node:util';
import { ok, type Problem, type Result } from '../result.js';
import { COMMANDS, type OptionSpec } from './commands.js';
import { closestName } from './did-you-mean.js';
import { redactWord } from '../exec/command-line.js';
import { inputError } from './io.js';

/** Parsed command line of one subcommand. */
export interface ParsedArgs {
  /** Option values by name: a string, `true` for a switch, a list for a repeatable option. */
  readonly flags: ReadonlyMap<string, string | boolean | string[]>;
  readonly positionals: readonly string[];
  /** How many positionals came before the `--` that ended the options; undefined without one. */
  readonly terminatorAt?: number;
}

/** The known option closest to `name` (a typo or a near miss), if one is close enough to suggest. */
export function closestOption(name: string, options: readonly OptionSpec[]): string | undefined {
  return closestName(
    name,
    options.map((o) => o.name),
  );
}

/** The other commands that have an option of this exact name. */
function commandsWith(name: string, command: string): string[] {
  return COMMANDS.filter((c) => c.name !== command && c.options.some((o) => o.name === name)).map((c) => c.name);
}

/** The message for an option the command does not have. */
function unknownOption(raw: string, name: string, command: string, options: readonly OptionSpec[]): string {
  const all = `the options of ${command} are ${options.map((o) => `--${o.name}`).join(', ')}`;
  if (!raw.startsWith('--')) return `unknown option ${raw}; ${all}`;
  // An option of another command was meant as that option: a near name of this one would mislead.
  const elsewhere = commandsWith(name, command);
  if (elsewhere.length > 0) {
    const have = `${elsewhere.join(' and ')} ${elsewhere.length > 1 ? 'have' : 'has'} it`;
    return `unknown option ${raw}: ${command} has no --${name} (${have}); ${all}`;
  }
  const near = closestOption(name, options);
  return near !== undefined ? `unknown option ${raw}; did you mean --${near}?` : `unknown option ${raw}; ${all}`;
}

/**
 * Reads `argv` against `options`. `--` ends the options (every later word is a positional), as does nothing
 * else: options may follow positionals. A string option takes the next word or `--name=value`; a next word that
 * starts with `-` (other than `-` itself) is not taken as its value, so `--name --other` is an error, not a name.
 */
export function parseArgs(
  argv: readonly string[],
  options: readonly OptionSpec[],
  command: string,
): Result<ParsedArgs, Problem> {
  const config: Record<string, { type: 'string' | 'boolean'; multiple?: boolean; short?: string }> = {};
  const byName = new Map<string, OptionSpec>();
  for (const o of options) {
    byName.set(o.name, o);
    config[o.name] = {
      type: o.type,
      ...(o.multiple ? { multiple: true } : {}),
      ...(o.short ? { short: o.short } : {}),
    };
  }
  // Non-strict, with tokens: every problem is reported here with its own message instead of parseArgs' generic one.
  const { tokens } = nodeParseArgs({
    args: [...argv],
    options: config,
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  const flags = new Map<string, string | boolean | string[]>();
  const positionals: string[] = [];
  let terminatorAt: number | undefined;
  for (const token of tokens) {
    if (token.kind === 'positional') positionals.push(token.value);
    if (token.kind === 'option-terminator') terminatorAt = positionals.length;
    if (token.kind !== 'option') continue;
    // A Map of own entries, so `--constructor` or `--__proto__` never finds an inherited member.
    const spec = byName.get(token.name);
    if (spec === undefined) return inputError(unknownOption(token.rawName, token.name, command, options));
    const flag = `--${spec.name}`;
    if (spec.type === 'boolean') {
      if (token.value !== undefined) return inputError(`option ${flag} takes no value`);
      flags.set(spec.name, true);
      continue;
    }
    const value = token.value;
    if (value === undefined) return inputError(`option ${flag} needs a value (${flag} ${spec.value})`);
    if (!token.inlineValue && value.length > 1 && value.startsWith('-')) {
      // The word may be a program's `--api-key=...` (`--env --api-key=...`): its value is never echoed (docs/cli.md).
      const word = redactWord(value);
      return inputError(
        `option ${flag} needs a value, got the option-like word ${JSON.stringify(word)}; ` +
          `to give a value that starts with "-", write ${flag}=${word}`,
      );
    }
    if (spec.multiple) {
      const list = flags.get(spec.name);
      flags.set(spec.name, Array.isArray(list) ? [...list, value] : [value]);
    } else {
      if (flags.has(spec.name)) return inputError(`option ${flag} given twice`);
      flags.set(spec.name, value);
    }
  }
  return ok(terminatorAt === undefined ? { flags, positionals } : { flags, positionals, terminatorAt });
}

/** A string option's value, if given. */
export function stringFlag(args: ParsedArgs, name: string): string | undefined {
  const v = args.flags.get(name);
  return typeof v === 'string' ? v : undefined;
}

/** A repeatable option's values, in the order given (empty when absent). */
export function listFlag(args: ParsedArgs, name: string): readonly string[] {
  const v = args.flags.get(name);
  return Array.isArray(v) ? v : [];
}

/** Whether a switch was given. */
export function booleanFlag(args: ParsedArgs, name: string): boolean {
  return args.flags.get(name) === true;
}
