import { fail, ok, type Result } from '../result.js';
import { describeValue } from '../util/describe-value.js';
import { dataField, readOwnFields } from '../util/own-field.js';
import type { InferArgs } from './infer-args.js';

/** What a tool's `execute` receives besides its arguments. */
export interface ToolContext {
  /** The id of the call, as the model sent it. */
  readonly callId: string;
  /** The tool's name. */
  readonly name: string;
  /** Fires when the call times out or the host aborts it; a tool doing I/O should pass it on. */
  readonly signal: AbortSignal;
  /** The host's `context` call option (caller, run, budget...), by reference; undefined when none was given. */
  readonly context: unknown;
}

/**
 * A tool as the host writes it; `Args` is what `execute` receives once the arguments passed the schema
 * (by default read from a literal `inputSchema`, see InferArgs).
 */
export interface ToolDefinition<Args = Record<string, unknown>, Schema = unknown> {
  /** Must match TOOL_NAME_PATTERN. */
  readonly name: string;
  /** Shown to the model; optional (as in MCP and every provider), though models choose tools by it. */
  readonly description?: string;
  /** A Draft 2020-12 tool schema; absent means `{"type": "object"}`. */
  readonly inputSchema?: Schema;
  /** Runs only for arguments that passed validation and every gateway stage. May return a promise. */
  execute(args: Args, context: ToolContext): unknown;
}

/** A defined tool, frozen; the Registry checks it when it is registered. */
export interface Tool {
  readonly name: string;
  readonly description?: string;
  readonly inputSchema: unknown;
  readonly execute: (args: unknown, context: ToolContext) => unknown;
}

/** Names portable to OpenAI, Anthropic and MCP clients: the rule of `register` and `defineTool`. */
export const TOOL_NAME_PATTERN = Object.freeze(/^[A-Za-z0-9_-]{1,64}$/);

/**
 * MCP's rule for tools that come from an MCP server (MCP 2025-11-25, server/tools, "Tool names": 1 to 128
 * characters of `A-Za-z0-9_-.`). Providers that refuse `.` or long names get the mapped name or none.
 */
export const MCP_TOOL_NAME_PATTERN = Object.freeze(/^[A-Za-z0-9_.-]{1,128}$/);

// toolgate's own copies of the two rules. An importer's `TOOL_NAME_PATTERN.compile('^[\\s\\S]+$')` changed what
// admitBatch took for the whole process (a hunt's find); freezing a RegExp does not stop `compile`, which replaces
// the pattern before it fails to reset `lastIndex`. The exported ones are frozen, and toolgate reads these.
/** The Registry's name rule, as TOOL_NAME_PATTERN says it. */
export const NAME_RULE = new RegExp(TOOL_NAME_PATTERN.source);
/** MCP's name rule, as MCP_TOOL_NAME_PATTERN says it. */
export const MCP_NAME_RULE = new RegExp(MCP_TOOL_NAME_PATTERN.source);

/** The schema a tool without `inputSchema` gets: any JSON object. */
export const DEFAULT_INPUT_SCHEMA: unknown = Object.freeze({ type: 'object' });

/** Why a definition could not be read, by the Tool defineTool made of it; register reports it. */
const unreadable = new WeakMap<Tool, string>();

/** The reason defineTool could not read this tool's definition, or undefined. Internal: read by Registry.register. */
export function definitionProblem(tool: Tool): string | undefined {
  return unreadable.get(tool);
}

/**
 * A tool's fields as register needs them, read as own data (never through a getter: own-field.ts), the name held
 * to `pattern`; a copy, so nothing the caller does later reaches it. Internal: read by Registry.
 */
export function readToolFields(tool: Tool, pattern: RegExp): Result<Tool> {
  if (tool === null || typeof tool !== 'object')
    return fail('validation', 'a tool must be an object made with defineTool');
  const problem = definitionProblem(tool);
  if (problem !== undefined) return fail('validation', problem);
  const { values, problems } = readOwnFields(tool, ['name', 'description', 'inputSchema', 'execute']);
  const { name, description, inputSchema, execute } = values;
  if (problems.length > 0) return fail('validation', `a tool must hold plain data: ${problems.join('; ')}`);
  // describeValue, not JSON.stringify: a name object's toJSON or getters must not run (caller code).
  if (typeof name !== 'string' || !pattern.test(name))
    return fail('validation', `invalid tool name ${describeValue(name)}: must match ${String(pattern)}`);
  if (description !== undefined && typeof description !== 'string')
    return fail('validation', `tool "${name}": description must be a string when given`);
  if (typeof execute !== 'function') return fail('validation', `tool "${name}": execute must be a function`);
  return ok({
    name,
    ...(description === undefined ? {} : { description }),
    inputSchema,
    execute: execute as Tool['execute'],
  });
}

/** A tool as a Registry holds it: its fields as readToolFields read them, frozen, with the compiled schema's copy. */
export function registeredTool(tool: Tool, inputSchema: unknown): Tool {
  return Object.freeze({
    name: tool.name,
    ...(tool.description === undefined ? {} : { description: tool.description }),
    inputSchema,
    execute: tool.execute,
  });
}

/**
 * Makes a Tool from a definition. Never throws and checks nothing: `Registry.register` does, and
 * refuses a bad name or schema as a Result. Fields are read as data properties (own or from a class
 * prototype, see own-field.ts), never through a getter or Proxy trap; a field that is not plain data
 * makes register refuse the tool. The definition is copied, so later changes to it do not reach the tool.
 * `execute`'s argument type is read from a literal `inputSchema` (InferArgs); pass `Args` to state it.
 */
export function defineTool<const Schema = undefined, Args = InferArgs<Schema>>(
  definition: ToolDefinition<Args, Schema>,
): Tool {
  const problems: string[] = [];
  const read = (key: keyof ToolDefinition<Args, Schema>): unknown => {
    const f = dataField(definition, key);
    if (f.accessor) problems.push(`"${key}" is not a plain data property`);
    return f.value;
  };
  const name = read('name');
  const description = read('description');
  const inputSchema = read('inputSchema');
  const execute = read('execute');
  const tool: Tool = Object.freeze({
    name: name as string,
    ...(description === undefined ? {} : { description: description as string }),
    inputSchema: inputSchema === undefined ? DEFAULT_INPUT_SCHEMA : inputSchema,
    execute:
      typeof execute === 'function'
        ? (args: unknown, context: ToolContext): unknown =>
            (execute as ToolDefinition<Args, Schema>['execute']).call(definition, args as Args, context)
        : (execute as Tool['execute']),
  });
  if (problems.length > 0) unreadable.set(tool, `tool definition cannot be read: ${problems.join('; ')}`);
  return tool;
}
