// `toolgate validate --schema <file|json> --args <json|@file>`: prints the result exactly as the model would
// read it and exits 0 (valid) or 1 (not); 2 for a usage or input error.
import { validateSchema } from '../schema/compile.js';
import { booleanFlag, parseArgs, stringFlag } from './args.js';
import { parseJsonNamed, readText, type CliIO, type ExitCode } from './io.js';
import type { Problem, Result } from '../result.js';
import { formatForModel } from '../errors/format.js';

const FLAGS = { schema: 'string', args: 'string', name: 'string', 'format-assertion': 'boolean' } as const;

/** A `--schema` value: inline JSON when it looks like JSON, otherwise a file path. */
function readSchema(value: string): Result<unknown, Problem> {
  const trimmed = value.trimStart();
  if (trimmed.startsWith('{') || trimmed.startsWith('[') || trimmed === 'true' || trimmed === 'false')
    return parseJsonNamed(value, '--schema');
  const file = value.startsWith('@') ? value.slice(1) : value;
  const text = readText(file);
  return text.ok ? parseJsonNamed(text.value, file) : text;
}

/** Runs `toolgate validate`. */
export function validateCommand(argv: readonly string[], io: CliIO): ExitCode {
  const parsed = parseArgs(argv, FLAGS);
  if (!parsed.ok) return usage(io, parsed.error.message);
  const args = parsed.value;
  const schemaArg = stringFlag(args, 'schema');
  const argsArg = stringFlag(args, 'args');
  if (schemaArg === undefined || argsArg === undefined || args.positionals.length > 0)
    return usage(io, 'validate needs --schema <file|json> and --args <json|@file>');
  const schema = readSchema(schemaArg);
  if (!schema.ok) return usage(io, schema.error.message);
  let argsText = argsArg;
  if (argsArg.startsWith('@')) {
    const read = readText(argsArg.slice(1));
    if (!read.ok) return usage(io, read.error.message);
    argsText = read.value;
  }
  const name = stringFlag(args, 'name') ?? 'tool';
  const compiled = validateSchema(schema.value, { formatAssertion: booleanFlag(args, 'format-assertion') });
  if (!compiled.ok) {
    // The schema itself is refused: that is what a host would report before the model ever sees the tool.
    io.out(
      `schema refused (${compiled.error.class}): ${compiled.error.message}\n` +
        compiled.error.violations.map((v) => `  ${v.schemaPath || '/'}: ${v.message}\n`).join(''),
    );
    return 1;
  }
  // Strict JSON parsing of the arguments text, as the model's text arrives: duplicate keys and the like are refused.
  const result = compiled.value.validateJSON(argsText);
  if (result.ok) {
    io.out(`ok: arguments are valid for ${name}\n`);
    return 0;
  }
  io.out(`${formatForModel(name, result.error)}\n`);
  return 1;
}

function usage(io: CliIO, message: string): ExitCode {
  io.err(`toolgate validate: ${message}\n`);
  return 2;
}
