// A small argv parser for the CLI: declared flags only, `--flag value` or `--flag=value`, `--` ends options.
// Unknown flags and missing values are usage errors (exit 2), never guessed.

/** How a flag takes its value. */
export type FlagKind = 'boolean' | 'string' | 'strings';

/** Parsed command line of one subcommand. */
export interface ParsedArgs {
  readonly flags: ReadonlyMap<string, string | boolean | string[]>;
  readonly positionals: readonly string[];
}

/** A usage error: the message says what is wrong. */
export interface UsageError {
  readonly usage: string;
}

/** Parses `argv` against the declared flags. */
export function parseArgs(argv: readonly string[], spec: Readonly<Record<string, FlagKind>>): ParsedArgs | UsageError {
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
    if (kind !== 'boolean' && kind !== 'string' && kind !== 'strings') return { usage: `unknown option --${name}` };
    if (kind === 'boolean') {
      if (eq >= 0) return { usage: `option --${name} takes no value` };
      flags.set(name, true);
      continue;
    }
    let value: string;
    if (eq >= 0) value = token.slice(eq + 1);
    else {
      const next = argv[i + 1];
      if (next === undefined) return { usage: `option --${name} needs a value` };
      value = next;
      i++;
    }
    if (kind === 'strings') {
      const list = flags.get(name);
      flags.set(name, Array.isArray(list) ? [...list, value] : [value]);
    } else {
      if (flags.has(name)) return { usage: `option --${name} given twice` };
      flags.set(name, value);
    }
  }
  return { flags, positionals };
}

/** True when parsing failed. */
export function isUsageError(r: ParsedArgs | UsageError): r is UsageError {
  return 'usage' in r;
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
