// `toolgate validate --schema <file|json> --args <json|@file|->`: prints the result exactly as the model would
// read it (or, with --format json, as one JSON object) and exits 0 (valid) or 1 (not); 2 for a usage or input
// error.
import { existsSync } from 'node:fs';
import { acceptsEveryObject } from '../lint/accepts-anything.js';
import { validateSchema } from '../schema/compile.js';
import { KNOWN_VOCABULARIES, keywordsOf, LEGACY_KEYWORDS } from '../schema/keywords.js';
import { isObject } from '../util/plain-json.js';
import { booleanFlag, parseArgs, stringFlag } from './args.js';
import { readRegistry } from './catalog-input.js';
import { dialectsOf } from './check-options.js';
import { CLI_DEFAULTS, VALIDATE } from './commands.js';
import { parseStrictJsonNamed, readText, type CliIO, type ExitCode } from './io.js';
import { validateJson, validateText, validateUsageJson, type ValidateOutcome } from './validate-report.js';
import type { Problem, Result } from '../result.js';

/** A `--schema` value: inline JSON when it looks like JSON, otherwise a file path (`@` optional). */
function readSchema(value: string): Result<unknown, Problem> {
  const trimmed = value.trimStart();
  if (trimmed.startsWith('{') || trimmed.startsWith('[') || trimmed === 'true' || trimmed === 'false')
    return parseStrictJsonNamed(value, '--schema');
  const file = value.startsWith('@') ? value.slice(1) : value;
  const text = readText(file);
  return text.ok ? parseStrictJsonNamed(text.value, file) : text;
}

/**
 * The arguments text of `--args`: inline, `@file`, or `-` / `@-` for standard input. The text is never parsed
 * here: how it parses is what the model would be told.
 */
async function readArgsText(value: string, io: CliIO): Promise<Result<string, Problem>> {
  if (value === '-' || value === '@-') return io.readStdin();
  if (value.startsWith('@')) return readText(value.slice(1));
  // A file name given as the text would be judged as broken JSON; say how to read the file instead.
  const trimmed = value.trim();
  const json = trimmed.startsWith('{') || trimmed.startsWith('[') || trimmed.startsWith('"');
  if (!json && (existsSync(value) || /\.json$/i.test(trimmed)))
    return {
      ok: false,
      error: {
        message:
          `--args ${JSON.stringify(value)} is read as the arguments text itself, not as a file; ` +
          `to read the file, write --args @${value}`,
      },
    };
  return { ok: true, value };
}

/** Runs `toolgate validate`. */
export async function validateCommand(argv: readonly string[], io: CliIO): Promise<ExitCode> {
  const parsed = parseArgs(argv, VALIDATE.options, 'validate');
  if (!parsed.ok) return usage(io, parsed.error.message, false);
  const args = parsed.value;
  const format = stringFlag(args, 'format') ?? 'text';
  if (format !== 'text' && format !== 'json')
    return usage(io, `--format must be text or json, got ${JSON.stringify(format)}`, false);
  // With --format json every error after a readable command line is a JSON object too, for the script reading it.
  const json = format === 'json';
  const schemaArg = stringFlag(args, 'schema');
  const argsArg = stringFlag(args, 'args');
  if (schemaArg === undefined || argsArg === undefined || args.positionals.length > 0)
    return usage(io, 'validate needs --schema <file|json> and --args <json|@file|->', json);
  const dialects = dialectsOf(args);
  if (!dialects.ok) return usage(io, dialects.error.message, json);
  const schema = readSchema(schemaArg);
  if (!schema.ok) return usage(io, schema.error.message, json);
  const registryDir = stringFlag(args, 'registry');
  const registry = registryDir === undefined ? undefined : readRegistry(registryDir);
  if (registry !== undefined && !registry.ok) return usage(io, registry.error.message, json);
  const argsText = await readArgsText(argsArg, io);
  if (!argsText.ok) return usage(io, argsText.error.message, json);
  const compiled = validateSchema(schema.value, {
    formatAssertion: booleanFlag(args, 'format-assertion'),
    ...(dialects.value === undefined ? {} : { dialects: dialects.value }),
    ...(registry === undefined ? {} : { schemaRegistry: registry.value }),
  });
  // A refused schema is what a host would report before the model ever sees the tool. Otherwise the arguments
  // text is parsed strictly, as the model's text arrives: duplicate keys and the like are refused.
  const result = compiled.ok ? compiled.value.validateJSON(argsText.value) : undefined;
  const outcome: ValidateOutcome = !compiled.ok
    ? { verdict: 'schema-refused', error: compiled.error }
    : result === undefined || result.ok
      ? { verdict: 'valid' }
      : { verdict: 'invalid', error: result.error };
  const name = stringFlag(args, 'name') ?? CLI_DEFAULTS.toolName;
  if (compiled.ok && acceptsEveryObject(keywordsOnly(schema.value))) io.err(constrainsNothing(schema.value));
  io.out(json ? validateJson(name, outcome) : validateText(name, outcome));
  return outcome.verdict === 'valid' ? 0 : 1;
}

/** The schema's root with only the keywords a dialect defines: the others are annotations that check nothing. */
function keywordsOnly(schema: unknown): unknown {
  if (!isObject(schema)) return schema;
  const known = keywordsOf(KNOWN_VOCABULARIES);
  return Object.fromEntries(Object.entries(schema).filter(([k]) => known.has(k) || Object.hasOwn(LEGACY_KEYWORDS, k)));
}

/**
 * A schema that constrains nothing passes every arguments object: said on stderr, since a newcomer passed a
 * catalog (`{"tools": [...]}`, whose `tools` is an unknown keyword, an annotation) and read "ok" as a check (a
 * newcomer's find).
 */
function constrainsNothing(schema: unknown): string {
  const catalog = isObject(schema) && Array.isArray(schema['tools']);
  return (
    'toolgate validate: note: the schema constrains nothing an arguments object can break: every object is valid' +
    (catalog ? '; it looks like a tool catalog, which `toolgate check` reads (validate takes one inputSchema)' : '') +
    '\n'
  );
}

/** A usage or input error: the message on stderr, and with --format json also as JSON on stdout; exit 2. */
function usage(io: CliIO, message: string, json: boolean): ExitCode {
  io.err(`toolgate validate: ${message}\n`);
  if (json) io.out(validateUsageJson(message));
  return 2;
}
