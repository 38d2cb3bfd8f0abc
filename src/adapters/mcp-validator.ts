// The MCP TypeScript SDK validates tool output schemas (Client.callTool) and form elicitation answers
// (Server.elicitInput) through one seam, the `jsonSchemaValidator` option of Client, Server and McpServer.
// Its default provider is a draft-07 Ajv, which reads a 2020-12 schema differently (`prefixItems` and
// `unevaluatedProperties` are unknown keywords to it, so `items: false` beside `prefixItems` refuses every
// non-empty array). This provider answers with toolgate's exact engines instead.
import type { JsonSchemaType, JsonSchemaValidator, jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation';
import { MCP_DEFAULT_DIALECTS } from '../catalog/mcp.js';
import { protoMemberPath, protoRefusal } from '../mcp/forward.js';
import { sortViolations } from '../errors/violations.js';
import type { GateError, Violation } from '../result.js';
import { validateSchema } from '../schema/compile.js';
import { SCHEMA_OPTION_TABLE, type SchemaOptions } from '../schema/options.js';
import { readTable } from '../util/option-table.js';
import { clip, oneLine } from '../util/describe-value.js';
import { DEFAULT_MAX_LINES } from '../errors/format.js';

// A model (or a person) reads errorMessage: each line and the whole text are cut, as formatForModel's are.
const MAX_LINE = 1000;
const MAX_MESSAGE = 8000;

/** One line per violation, `path: message`, sorted, at most DEFAULT_MAX_LINES of them. */
function violationLines(violations: readonly Violation[]): string {
  const sorted = sortViolations(violations);
  const shown = sorted.slice(0, DEFAULT_MAX_LINES).map((v) => clip(oneLine(`${v.path}: ${v.message}`), MAX_LINE));
  if (sorted.length > DEFAULT_MAX_LINES) shown.push(`… and ${sorted.length - DEFAULT_MAX_LINES} more`);
  return shown.join('\n');
}

/**
 * toolgate's text for a refused value: its violations, one `path: message` line each; a failure
 * without per-value violations (an exceeded limit, a value that is not JSON) is its class and message.
 */
function refusalText(error: GateError): string {
  const text =
    error.class === 'validation' && error.violations.length > 0
      ? violationLines(error.violations)
      : `${error.class}: ${oneLine(error.message)}`;
  return clip(text, MAX_MESSAGE);
}

/** The text every value of a refused schema gets: the schema's refusal, which is about the schema alone. */
function schemaRefusalText(error: GateError): string {
  return clip(`the schema was refused (${error.class}): ${oneLine(error.message)}`, MAX_MESSAGE);
}

/**
 * A `jsonSchemaValidator` for the MCP TypeScript SDK (`new Client(info, { jsonSchemaValidator: new
 * ToolgateJsonSchemaValidator() })`, likewise Server and McpServer): exact Draft 2020-12 and, by
 * default, exact draft-07 (MCP_DEFAULT_DIALECTS: the SDK stamps draft-07 on the schemas it builds),
 * under toolgate's limits. `getValidator` never throws; a schema toolgate refuses gives a validator
 * that refuses every value with the refusal as `errorMessage`. Compiled schemas are shared through
 * toolgate's content-keyed cache, so two schemas with one `$id` never stand in for each other.
 */
export class ToolgateJsonSchemaValidator implements jsonSchemaValidator {
  readonly #options: SchemaOptions;
  readonly #problem: string | undefined;

  /** Schema options as for validateSchema; `dialects` defaults to MCP_DEFAULT_DIALECTS. Read once, as own data. */
  constructor(options?: SchemaOptions) {
    const read = readTable(options, SCHEMA_OPTION_TABLE);
    // Nothing thrown across the public API: bad options make every validator refuse, with the reason.
    this.#problem = read.problems.length > 0 ? `invalid schema options: ${read.problems.join('; ')}` : undefined;
    const copy = { ...(read.values as SchemaOptions) };
    if (copy.dialects === undefined) Object.assign(copy, { dialects: [...MCP_DEFAULT_DIALECTS] });
    this.#options = copy;
  }

  /**
   * A validator for `schema`: `{ valid: true, data, errorMessage: undefined }` with `data` the very
   * value given, or `{ valid: false, data: undefined, errorMessage }` with toolgate's text. Never throws.
   */
  getValidator<T>(schema: JsonSchemaType): JsonSchemaValidator<T> {
    try {
      return this.#validatorOf<T>(schema);
    } catch {
      // Only a call detached from its instance gets here (private fields need the instance).
      const errorMessage = 'the schema was refused (execution_failure): getValidator was called without its instance';
      return () => ({ valid: false, data: undefined, errorMessage });
    }
  }

  #validatorOf<T>(schema: JsonSchemaType): JsonSchemaValidator<T> {
    // Read here, so a call detached from its instance throws inside getValidator's try.
    const options = this.#options;
    const problem = this.#problem;
    // Compiled on the first value, not here: Client.listTools asks for a validator for every tool's outputSchema
    // of a listing at once, on the host's event loop (5,000 schemas compiled took seconds before the first tool
    // could be called); each is then compiled when its tool is first called, within that call's cost rule.
    let validator: JsonSchemaValidator<T> | undefined;
    return (input: unknown) => {
      validator ??= compiledValidator<T>(schema, options, problem);
      return validator(input);
    };
  }
}

/** The validator of `schema` under `options`; every value refused when `problem` (bad options) or the schema is. */
function compiledValidator<T>(
  schema: JsonSchemaType,
  options: SchemaOptions,
  problem: string | undefined,
): JsonSchemaValidator<T> {
  // validateSchema keeps the tool-root rule (root type "object"): MCP requires it of both schemas the
  // SDK hands in, a tool's outputSchema and an elicitation's requestedSchema (MCP 2025-06-18, "Tools",
  // "Output Schema"; "Elicitation", "Requested Schema"), and structuredContent and elicitation
  // content are always JSON objects. A schema that is not one is refused, never widened.
  const compiled =
    problem === undefined
      ? validateSchema(schema, options)
      : ({ ok: false, error: { class: 'validation', message: problem, violations: [] } } as const);
  if (!compiled.ok) {
    const errorMessage = schemaRefusalText(compiled.error);
    return () => ({ valid: false, data: undefined, errorMessage });
  }
  const { validate } = compiled.value;
  return (input: unknown) => {
    // The rule the proxy and guardClient forward by (src/mcp/forward.ts): a value with a member named __proto__ is
    // never handed on, whatever the schema allows (a merge on the other side would take it as a prototype).
    const proto = protoMemberPath(input);
    if (proto !== undefined) return { valid: false, data: undefined, errorMessage: protoRefusal(proto) };
    // validate never throws and, on success, hands back the same reference.
    const verdict = validate(input);
    return verdict.ok
      ? { valid: true, data: input as T, errorMessage: undefined }
      : { valid: false, data: undefined, errorMessage: refusalText(verdict.error) };
  };
}
