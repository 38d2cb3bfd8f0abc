import {
  fail,
  failAs,
  failExecution,
  ok,
  thrownFailure,
  thrownMessage,
  type GateError,
  type Result,
} from '../result.js';
import { formatOwnError } from '../errors/format.js';
import { validateSchema, type CompiledSchema } from '../schema/compile.js';
import type { SchemaOptions } from '../schema/options.js';
import { NO_CALL_OPTIONS, readCallBounds, type CallOptions, type RegistryOptions } from './registry-options.js';
import { registrySettings } from './registry-settings.js';
import { internalFailure, runAdmitted, type Admitted, type RunHost } from './call-run.js';
import { readCall, type CallFields, type ToolCall } from './call-fields.js';
import {
  callOptionsRefusal,
  malformedCallRefusal,
  misconfiguredRefusal,
  ungrantedMessage,
  ungrantedRefusal,
  unknownToolRefusal,
  unknownToolText,
} from './lookup-refusals.js';
import { NAME_RULE, type Tool } from './tool.js';
import { type ToolEntry, ToolTable } from './tool-table.js';
import { definitionOf, definitionsFor, type ToolDefinitionView } from './tool-definitions.js';
import type { ProviderNameMap } from './provider-names.js';
import type { ToolsFor } from './provider-shapes.js';
import { ownErrorResult, staged, type ProviderFormat, type ToolResult } from './tool-result.js';
import { byCodeUnits } from '../util/code-unit-order.js';

export type { ToolCall } from './call-fields.js';
export type { ToolErrorEvent } from './failure-text.js';
export type { CallOptions, RegistryOptions } from './registry-options.js';
export type { ToolDefinitionView } from './tool-definitions.js';

/** How a call left the synchronous steps: decided there (a refusal), or admitted to the stages. */
type Admission = { readonly kind: 'decided'; readonly result: ToolResult } | Admitted;

let registerCompiledTool: (registry: Registry, tool: Tool, compiled: CompiledSchema, names: RegExp) => Result<Tool>;
let nameMapOfRegistry: (registry: Registry) => ProviderNameMap;

/**
 * Internal (not exported from the package): registers a tool with a schema admission already
 * compiled with the same options, so a batch compiles each schema once. Same checks as register
 * except the schema's, and the name rule is the caller's (MCP's for tools from MCP); the caller vouches
 * that `compiled` is `tool.inputSchema` compiled.
 */
export function registerCompiled(
  registry: Registry,
  tool: Tool,
  compiled: CompiledSchema,
  names: RegExp = NAME_RULE,
): Result<Tool> {
  return registerCompiledTool(registry, tool, compiled, names);
}

/** Internal: the registry's provider name map (which names are mapped, which withheld where, and why). */
export function providerNamesOf(registry: Registry): ProviderNameMap {
  return nameMapOfRegistry(registry);
}

const JSON_WHITESPACE_ONLY = /^[ \t\n\r]*$/;

/** A call stopped before the stages, with its result. */
function decided(result: ToolResult): Admission {
  return { kind: 'decided', result };
}

/**
 * The tools a model may call, each with its compiled schema, and the gateway every call goes
 * through: lookup, validation, the host stages, then the tool. Nothing it does throws.
 */
export class Registry {
  /** The registered tools and their provider names (tool-table.ts). */
  readonly #tools = new ToolTable();
  readonly #schemaOptions: SchemaOptions;
  /** The host's stages and error hooks, as running a call reads them (call-run.ts). */
  readonly #host: RunHost;
  readonly #timeoutMs: number | undefined;
  readonly #maxLines: number | undefined;
  /** The longest arguments text (limits.ts): a blank one past it is refused as any other. */
  readonly #maxArgumentBytes: number;
  readonly #grants: ReadonlySet<string> | undefined;
  /** The openai-strict verdict per tool name, computed on the first OpenAI shape asked for. */
  readonly #strict = new Map<string, boolean>();

  /** Set when the options could not be read: every register, check and call then fails with it. */
  readonly #optionsError: GateError | undefined;

  /**
   * Options are read once, here, as own data properties (own-field.ts), so a getter or Proxy trap never
   * runs and nothing is thrown: a constructor cannot return a Result. When a field is not plain data
   * the Registry stays empty and usable as an object, and register, check and call each return (or
   * resolve to) the `validation` error naming it, so the mistake surfaces at first use, never silently.
   */
  constructor(options: RegistryOptions = {}) {
    const settings = registrySettings(options);
    this.#schemaOptions = settings.schemaOptions;
    this.#host = settings.host;
    this.#grants = settings.grants;
    this.#timeoutMs = settings.timeoutMs;
    this.#maxLines = settings.maxLines;
    this.#maxArgumentBytes = settings.maxArgumentBytes;
    this.#optionsError = settings.optionsError;
  }

  /** Adds a tool; a bad name, a taken name, or a schema validateSchema refuses is an error and nothing is replaced. */
  register(tool: Tool): Result<Tool> {
    try {
      if (this.#optionsError !== undefined) return { ok: false, error: this.#optionsError };
      const read = this.#tools.read(tool, NAME_RULE);
      if (!read.ok) return read;
      const { name, inputSchema } = read.value;
      const compiled = validateSchema(
        inputSchema === undefined ? { type: 'object' } : inputSchema,
        this.#schemaOptions,
      );
      if (!compiled.ok) return failAs(compiled.error, `tool "${name}": ${compiled.error.message}`);
      return ok(this.#tools.add(read.value, compiled.value));
    } catch (thrown) {
      return failExecution('internal', `register failed: ${thrownMessage(thrown)}`);
    }
  }

  static {
    nameMapOfRegistry = (registry) => registry.#tools.nameMap();
    registerCompiledTool = (registry, tool, compiled, names) => {
      try {
        if (registry.#optionsError !== undefined) return { ok: false, error: registry.#optionsError };
        const read = registry.#tools.read(tool, names);
        return read.ok ? ok(registry.#tools.add(read.value, compiled)) : read;
      } catch (thrown) {
        return failExecution('internal', `register failed: ${thrownMessage(thrown)}`);
      }
    };
  }

  /** The registered tool of that name (its inputSchema is the private frozen copy), or undefined. */
  get(name: string): Tool | undefined {
    return typeof name === 'string' ? this.#tools.get(name)?.tool : undefined;
  }

  /** Registered names in UTF-16 code-unit order, the same on every run and machine. */
  names(): string[] {
    return [...this.#tools.names()].sort(byCodeUnits);
  }

  /**
   * What to publish to the model: the granted tools (all without `grants`), sorted like names(). Each
   * inputSchema is a fresh unfrozen copy: SDKs edit what they are given, and the registry's stays its own.
   */
  definitions(): ToolDefinitionView[] {
    return this.#published().map((n) => definitionOf(this.#tools.get(n)!.tool));
  }

  /**
   * The published tools (as definitions()) in one provider's wire shape, new objects on every call. A name
   * with a `.` (MCP allows it, OpenAI and Anthropic do not) is published with `_` in its place, and call()
   * takes either name; a tool whose name cannot be mapped one-to-one, or is too long for the provider, is
   * left out of that provider's tools. An unknown format gives no tools.
   */
  toolsFor<F extends ProviderFormat>(format: F): ToolsFor<F> {
    const names = this.#tools.nameMap();
    return definitionsFor(this.definitions(), format, this.#strict, names);
  }

  /** Registered names a call may reach, sorted. */
  #published(): string[] {
    const grants = this.#grants;
    return grants === undefined ? this.names() : this.names().filter((n) => grants.has(n));
  }

  /** Whether a call may reach a registered tool: outside `grants` it is refused before any stage. */
  #granted(name: string): boolean {
    return this.#grants === undefined || this.#grants.has(name);
  }

  #unknownText(name: unknown): string {
    return unknownToolText(name, this.#published());
  }

  /** Validation alone (a dry run before an approval prompt): the arguments as validated, or why not. */
  check(call: ToolCall): Result<unknown> {
    try {
      if (this.#optionsError !== undefined) return { ok: false, error: this.#optionsError };
      const fields = readCall(call);
      if (fields.problem !== undefined) return fail('validation', fields.problem);
      const entry = this.#tools.lookup(fields.name);
      if (entry === undefined) return fail('validation', this.#unknownText(fields.name));
      if (!this.#granted(entry.tool.name)) return fail('validation', ungrantedMessage(entry.tool.name));
      return this.#validate(entry, fields.args);
    } catch (thrown) {
      // check's error is what guardClient hands formatForModel: the thrown text stays in `cause`.
      return thrownFailure('check', thrown);
    }
  }

  /**
   * Runs one call through the gateway; always resolves to a ToolResult, never rejects. A call refused before
   * any stage (unknown tool, invalid arguments) is decided synchronously and comes back already resolved: no
   * async function and no await for the common failure.
   */
  call(call: ToolCall, options: CallOptions = NO_CALL_OPTIONS): Promise<ToolResult> {
    let callId = '';
    let name = '';
    try {
      const fields = readCall(call);
      callId = fields.callId;
      name = fields.shownName;
      const admitted = this.#admit(fields, options);
      if (admitted.kind === 'decided') return Promise.resolve(admitted.result);
      return runAdmitted(this.#host, admitted, callId, name);
    } catch (thrown) {
      return Promise.resolve(internalFailure(callId, name, thrown));
    }
  }

  #validate(entry: ToolEntry, args: unknown): Result<unknown> {
    if (args === undefined) return entry.compiled.validate({});
    // Blank text is no arguments; past maxArgumentBytes it is refused like any text that long (validateJSON).
    if (typeof args === 'string')
      return args.length <= this.#maxArgumentBytes && JSON_WHITESPACE_ONLY.test(args)
        ? entry.compiled.validate({})
        : entry.compiled.validateJSON(args);
    return entry.compiled.validate(args);
  }

  /** Everything before the stages, synchronous: the result when the call stops here, else what the gateway needs. */
  #admit(fields: CallFields, options: unknown): Admission {
    const { callId, shownName } = fields;
    if (this.#optionsError !== undefined) return decided(misconfiguredRefusal(callId, shownName, this.#optionsError));
    if (fields.problem !== undefined) return decided(malformedCallRefusal(callId, shownName, fields.problem));
    // A call without options (the common case) has nothing to read, and nothing is built for it unless admitted.
    const bounds = options === NO_CALL_OPTIONS ? undefined : readCallBounds(options, this.#timeoutMs);
    if (bounds !== undefined && !bounds.ok) return decided(callOptionsRefusal(callId, shownName, bounds.error));
    const entry = this.#tools.lookup(fields.name);
    if (entry === undefined) return decided(unknownToolRefusal(callId, shownName, this.#unknownText(fields.name)));
    // From here on the name is the registered tool's own, never the caller's field again.
    const name = entry.tool.name;
    if (!this.#granted(name)) return decided(ungrantedRefusal(callId, shownName, name, this.#unknownText(fields.name)));
    const valid = this.#validate(entry, fields.args);
    if (!valid.ok) {
      // formatOwnError's text starts with `error: ` (errors/format.ts).
      const text = formatOwnError(name, valid.error, this.#maxLines);
      return decided(ownErrorResult(callId, name, text, staged(valid.error, 'validate')));
    }
    const given =
      bounds === undefined ? { timeoutMs: this.#timeoutMs, signal: undefined, context: undefined } : bounds.value;
    const parsed = typeof fields.args === 'string' || fields.args === undefined;
    return { kind: 'admitted', callId, name, tool: entry.tool, args: valid.value, parsed, bounds: given };
  }
}
