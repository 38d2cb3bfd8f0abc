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
import { SCHEMA_OPTION_TABLE, type SchemaOptions } from '../schema/options.js';
import { pick, readTable } from '../util/option-table.js';
import { DEFAULT_LIMITS, resolveLimits } from '../util/limits.js';
import {
  CALL_TABLE,
  DEFAULT_MAX_RESULT_BYTES,
  grantsOf,
  readRegistryOptions,
  type CallOptions,
  type RegistryOptions,
} from './registry-options.js';
import type { Stages } from './gateway.js';
import { internalFailure, runAdmitted, type Admitted, type RunHost } from './call-run.js';
import { readCall, type CallFields } from './call-fields.js';
import { describeValue } from '../util/describe-value.js';
import { listNames } from '../util/name-list.js';
import { copyJson } from '../util/plain-json.js';
import { readToolFields, TOOL_NAME_PATTERN, type Tool } from './tool.js';
import { mappedName, providerNameMap, publishedName, type ProviderNameMap } from './provider-names.js';
import { passesOpenAIStrict, shapeTools, type ProviderTool, type ToolsFor } from './provider-shapes.js';
import {
  errorResult,
  ownErrorResult,
  staged,
  type ToolError,
  type ProviderFormat,
  type ToolResult,
} from './tool-result.js';
import { byCodeUnits } from '../util/code-unit-order.js';

export type { ToolErrorEvent } from './failure-text.js';
export type { CallOptions, RegistryOptions } from './registry-options.js';

/** A tool call as models emit it: `arguments` a JSON text (OpenAI) or an object (Anthropic, MCP). */
export interface ToolCall {
  readonly id: string;
  readonly name: string;
  /** A JSON text (empty or whitespace means `{}`), a value, or absent (means `{}`). */
  readonly arguments?: unknown;
}

/** A tool definition as published to a model. */
export interface ToolDefinitionView {
  readonly name: string;
  readonly description?: string;
  readonly inputSchema: unknown;
}

interface Entry {
  readonly tool: Tool;
  readonly compiled: CompiledSchema;
}

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
  names: RegExp = TOOL_NAME_PATTERN,
): Result<Tool> {
  return registerCompiledTool(registry, tool, compiled, names);
}

/** Internal: the registry's provider name map (which names are mapped, which withheld where, and why). */
export function providerNamesOf(registry: Registry): ProviderNameMap {
  return nameMapOfRegistry(registry);
}

const JSON_WHITESPACE_ONLY = /^[ \t\n\r]*$/;

/** The options of a call given none: toolgate's own frozen object, so there is nothing to read. */
const NO_CALL_OPTIONS: CallOptions = Object.freeze({});

/**
 * The tools a model may call, each with its compiled schema, and the gateway every call goes
 * through: lookup, validation, the host stages, then the tool. Nothing it does throws.
 */
export class Registry {
  readonly #entries = new Map<string, Entry>();
  readonly #schemaOptions: SchemaOptions;
  /** The host's stages and error hooks, as running a call reads them (call-run.ts). */
  readonly #host: RunHost;
  readonly #timeoutMs: number | undefined;
  readonly #maxLines: number | undefined;
  /** The longest arguments text (limits.ts): a blank one past it is refused as any other. */
  readonly #maxArgumentBytes: number;
  readonly #grants: ReadonlySet<string> | undefined;
  /** The provider names of the registered tools; rebuilt on first use after a registration. */
  #nameMap: ProviderNameMap | undefined;
  /** Mapped name -> the dotted tool it maps from, kept as tools are added, so register's check costs O(1). */
  readonly #mappedFrom = new Map<string, string>();
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
    const read = readRegistryOptions(options);
    const values = read.values as RegistryOptions;
    this.#schemaOptions = pick(read.values, SCHEMA_OPTION_TABLE) as SchemaOptions;
    this.#host = {
      stages: read.stages as Stages,
      exposeErrors: values.exposeErrors,
      onError: values.onError,
      maxResultBytes: values.maxResultBytes ?? DEFAULT_MAX_RESULT_BYTES,
    };
    this.#grants = values.grants === undefined ? undefined : grantsOf(values.grants);
    this.#timeoutMs = values.timeoutMs;
    this.#maxLines = values.maxViolationLines;
    const limits = resolveLimits(this.#schemaOptions.limits);
    this.#maxArgumentBytes = limits.ok ? limits.value.maxArgumentBytes : DEFAULT_LIMITS.maxArgumentBytes;
    this.#optionsError =
      read.problems.length === 0
        ? undefined
        : {
            class: 'validation',
            message: `invalid Registry options: ${read.problems.join('; ')}`,
            violations: read.violations,
          };
  }

  /** Adds a tool; a bad name, a taken name, or a schema validateSchema refuses is an error and nothing is replaced. */
  register(tool: Tool): Result<Tool> {
    try {
      if (this.#optionsError !== undefined) return { ok: false, error: this.#optionsError };
      const read = this.#readTool(tool, TOOL_NAME_PATTERN);
      if (!read.ok) return read;
      const { name, inputSchema } = read.value;
      const compiled = validateSchema(
        inputSchema === undefined ? { type: 'object' } : inputSchema,
        this.#schemaOptions,
      );
      if (!compiled.ok) return failAs(compiled.error, `tool "${name}": ${compiled.error.message}`);
      return ok(this.#add(read.value, compiled.value));
    } catch (thrown) {
      return failExecution('internal', `register failed: ${thrownMessage(thrown)}`);
    }
  }

  /** Checks a tool's fields (read as data, never through getters: tool.ts) and that its name is free. */
  #readTool(tool: Tool, pattern: RegExp): Result<Tool> {
    const read = readToolFields(tool, pattern);
    if (!read.ok) return read;
    const { name } = read.value;
    if (this.#entries.has(name)) return fail('validation', `a tool named "${name}" is already registered`);
    // A mapped name is the tool's name for OpenAI and Anthropic: another tool may not take it.
    const holder = this.#mappedFrom.get(name);
    if (holder !== undefined)
      return fail('validation', `the name "${name}" is reserved: it is the provider name of tool "${holder}"`);
    return read;
  }

  #add(tool: Tool, compiled: CompiledSchema): Tool {
    const frozen: Tool = Object.freeze({
      name: tool.name,
      ...(tool.description === undefined ? {} : { description: tool.description }),
      inputSchema: compiled.schema,
      execute: tool.execute,
    });
    this.#entries.set(tool.name, { tool: frozen, compiled });
    this.#nameMap = undefined;
    if (tool.name.includes('.') && !this.#mappedFrom.has(mappedName(tool.name)))
      this.#mappedFrom.set(mappedName(tool.name), tool.name);
    return frozen;
  }

  #names(): ProviderNameMap {
    if (this.#nameMap === undefined) this.#nameMap = providerNameMap(this.#entries.keys());
    return this.#nameMap;
  }

  static {
    nameMapOfRegistry = (registry) => registry.#names();
    registerCompiledTool = (registry, tool, compiled, names) => {
      try {
        if (registry.#optionsError !== undefined) return { ok: false, error: registry.#optionsError };
        const read = registry.#readTool(tool, names);
        return read.ok ? ok(registry.#add(read.value, compiled)) : read;
      } catch (thrown) {
        return failExecution('internal', `register failed: ${thrownMessage(thrown)}`);
      }
    };
  }

  /** The registered tool of that name (its inputSchema is the private frozen copy), or undefined. */
  get(name: string): Tool | undefined {
    return typeof name === 'string' ? this.#entries.get(name)?.tool : undefined;
  }

  /** Registered names in UTF-16 code-unit order, the same on every run and machine. */
  names(): string[] {
    return [...this.#entries.keys()].sort(byCodeUnits);
  }

  /**
   * What to publish to the model: the granted tools (all without `grants`), sorted like names(). Each
   * inputSchema is a fresh unfrozen copy: SDKs edit what they are given, and the registry's stays its own.
   */
  definitions(): ToolDefinitionView[] {
    return this.#published().map((n) => {
      const t = this.#entries.get(n)!.tool;
      const copy = copyJson(t.inputSchema);
      return {
        name: t.name,
        ...(t.description === undefined ? {} : { description: t.description }),
        inputSchema: copy.ok ? copy.value : t.inputSchema,
      };
    });
  }

  /**
   * The published tools (as definitions()) in one provider's wire shape, new objects on every call. A name
   * with a `.` (MCP allows it, OpenAI and Anthropic do not) is published with `_` in its place, and call()
   * takes either name; a tool whose name cannot be mapped one-to-one, or is too long for the provider, is
   * left out of that provider's tools. An unknown format gives no tools.
   */
  toolsFor<F extends ProviderFormat>(format: F): ToolsFor<F> {
    const strict = (t: ProviderTool): boolean => {
      let verdict = this.#strict.get(t.name);
      if (verdict === undefined) {
        verdict = passesOpenAIStrict(t.inputSchema);
        this.#strict.set(t.name, verdict);
      }
      return verdict;
    };
    const names = this.#names();
    return shapeTools(this.definitions(), format, strict, (name, f) => publishedName(names, name, f));
  }

  /** Registered names a call may reach, sorted. */
  #published(): string[] {
    const grants = this.#grants;
    return grants === undefined ? this.names() : this.names().filter((n) => grants.has(n));
  }

  /** A registered tool outside `grants`: refused before any stage, told to the model as an unknown name. */
  #ungranted(name: string): { content: string; error: ToolError } | undefined {
    if (this.#grants === undefined || this.#grants.has(name)) return undefined;
    const message = `tool ${describeValue(name)} is not granted (it is registered, but not in grants)`;
    return {
      content: `error: ${this.#unknownText(name)}`,
      error: { class: 'validation', message, violations: [], stage: 'authorize' },
    };
  }

  #unknownText(name: unknown): string {
    return `unknown tool ${describeValue(name)}; available tools: ${listNames(this.#published())}`;
  }

  /** Validation alone (a dry run before an approval prompt): the arguments as validated, or why not. */
  check(call: ToolCall): Result<unknown> {
    try {
      if (this.#optionsError !== undefined) return { ok: false, error: this.#optionsError };
      const fields = readCall(call);
      if (fields.problem !== undefined) return fail('validation', fields.problem);
      const entry = this.#lookup(fields.name);
      if (entry === undefined) return fail('validation', this.#unknownText(fields.name));
      const ungranted = this.#ungranted(entry.tool.name);
      if (ungranted !== undefined) return fail('validation', ungranted.error.message);
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

  /**
   * The tool of a name: its own, or the name a provider knows it by (a `.` mapped to `_`); undefined when none
   * (#unknownText says why). One Map read for a registered name, the common case.
   */
  #lookup(name: unknown): Entry | undefined {
    if (typeof name !== 'string') return undefined;
    const entry = this.#entries.get(name);
    if (entry !== undefined) return entry;
    const own = this.#names().toOwn.get(name);
    return own === undefined ? undefined : this.#entries.get(own);
  }

  /** The call's bounds, read once as own data; a timeoutMs that cannot be honoured exactly is refused. */
  #bounds(
    options: unknown,
  ): Result<{ timeoutMs: number | undefined; signal: AbortSignal | undefined; context: unknown }> {
    const read = readTable(options, CALL_TABLE);
    if (read.problems.length > 0)
      return fail('validation', `invalid call options: ${read.problems.join('; ')}`, read.violations);
    const values = read.values as CallOptions;
    const timeoutMs = values.timeoutMs === undefined ? this.#timeoutMs : (values.timeoutMs as number);
    return ok({ timeoutMs, signal: values.signal as AbortSignal | undefined, context: values.context });
  }

  #validate(entry: Entry, args: unknown): Result<unknown> {
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
    const decided = (result: ToolResult): Admission => ({ kind: 'decided', result });
    if (this.#optionsError !== undefined)
      return decided(
        errorResult(
          callId,
          shownName,
          `error: tool ${shownName} cannot be called: the host's tool registry is misconfigured`,
          staged(this.#optionsError, 'lookup'),
        ),
      );
    if (fields.problem !== undefined)
      return decided(
        errorResult(callId, shownName, `error: ${fields.problem}`, {
          class: 'validation',
          message: fields.problem,
          violations: [],
          stage: 'lookup',
        }),
      );
    // A call without options (the common case) has nothing to read, and nothing is built for it unless admitted.
    const bounds = options === NO_CALL_OPTIONS ? undefined : this.#bounds(options);
    if (bounds !== undefined && !bounds.ok)
      return decided(
        errorResult(
          callId,
          shownName,
          `error: tool ${shownName} cannot be called: the host's call options are invalid`,
          staged(bounds.error, 'lookup'),
        ),
      );
    const entry = this.#lookup(fields.name);
    if (entry === undefined) {
      const unknown = this.#unknownText(fields.name);
      return decided(
        errorResult(callId, shownName, `error: ${unknown}`, {
          class: 'validation',
          message: unknown,
          violations: [],
          stage: 'lookup',
        }),
      );
    }
    // From here on the name is the registered tool's own, never the caller's field again.
    const name = entry.tool.name;
    const ungranted = this.#ungranted(name);
    if (ungranted !== undefined) return decided(errorResult(callId, name, ungranted.content, ungranted.error));
    const valid = this.#validate(entry, fields.args);
    if (!valid.ok) {
      // formatOwnError's text starts with `error: ` (errors/format.ts).
      const text = formatOwnError(name, valid.error, this.#maxLines);
      return decided(ownErrorResult(callId, name, text, staged(valid.error, 'validate')));
    }
    const given =
      bounds === undefined ? { timeoutMs: this.#timeoutMs, signal: undefined, context: undefined } : bounds.value;
    return { kind: 'admitted', callId, name, tool: entry.tool, args: valid.value, bounds: given };
  }
}
