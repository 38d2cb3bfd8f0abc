// A small argv parser for the CLI: declared flags only, `--flag value` or `--flag=value`, `--` ends options.
// Unknown flags and missing values are usage errors (exit 2), never guessed.
import { ok, type Problem, type Result } from '../result.js';
import { inputError } from './io.js';

/** How a flag takes its value. */
export type FlagKind = 'boolean' | 'string' | 'strings';

/** Parsed command line of one subcommand. */
export interface ParsedArgs {
  readonly flags: ReadonlyMap<string, string | boolean | string[]>;
  readonly positionals: readonly string[];
}

/** Parses `argv` against the declared flags; a usage error's message says what is wrong. */
export function parseArgs(
  argv: readonly string[],
  spec: Readonly<Record<string, FlagKind>>,
): Result<ParsedArgs, Problem> {
  const flags = new Map<string, string | boolean | string[]>();
  const positionals: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i]!;
    if (token === '--') {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (!token.startsWith('--') || token === '-') {
      positionals.push(token);
      continue;
    }
    const eq = token.indexOf('=');
    const name = token.slice(2, eq < 0 ? undefined : eq);
    // Own properties only: `--constructor` or `--__proto__` must not find Object.prototype's members.
    const kind = Object.hasOwn(spec, name) ? spec[name] : undefined;
    if (kind !== 'boolean' && kind !== 'string' && kind !== 'strings') return inputError(`unknown option --${name}`);
    if (kind === 'boolean') {
      if (eq >= 0) return inputError(`option --${name} takes no value`);
      flags.set(name, true);
      continue;
    }
    let value: string;
    if (eq >= 0) value = token.slice(eq + 1);
    else {
      const next = argv[i + 1];
      if (next === undefined) return inputError(`option --${name} needs a value`);
      value = next;
      i++;
    }
    if (kind === 'strings') {
      const list = flags.get(name);
      flags.set(name, Array.isArray(list) ? [...list, value] : [value]);
    } else {
      if (flags.has(name)) return inputError(`option --${name} given twice`);
      flags.set(name, value);
    }
  }
  return ok({ flags, positionals });
}

/** A string flag's value, if given. */
export function stringFlag(args: ParsedArgs, name: string): string | undefined {
  const v = args.flags.get(name);
  return typeof v === 'string' ? v : undefined;
}

/** Whether a boolean flag was given. */
export function booleanFlag(args: ParsedArgs, name: string): boolean {
  return args.flags.get(name) === true;
}
