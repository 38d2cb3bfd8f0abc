import { tool, type FunctionTool, type RunContext } from '@openai/agents';
import { formatForModel } from '../errors/format.js';
import { fail, guarded, ok, readHostObject, thrownMessage, type Result } from '../result.js';
import { validateSchema } from '../schema/compile.js';
import type { SchemaOptions } from '../schema/options.js';
import { providedSchema, type ToolgateStandardProps } from '../schema/standard-schema.js';
import type { InferArgs } from '../tools/infer-args.js';
import { loneSurrogateOutput } from '../tools/mcp-result.js';
import { publishedTextRefusal } from '../tools/published-text.js';
import { quote } from '../util/describe-value.js';
import { heldError } from '../util/host-error.js';
import { strictRewriteRefusal } from './openai-agents-strict.js';
import { PendingTexts } from './openai-agents-texts.js';

// OpenAI Agents JS (`@openai/agents` 0.20). It passes raw JSON Schema parameters through unchecked
// but validates Standard Schema parameters (with JSON Schema conversion) before `execute`; by
// default it then withholds the validation details from the model (tool data is "sensitive" unless
// `setSensitiveDataLoggingEnabled(true)`), answering with one fixed sentence. Two ways in:
// - toAgentsTool: a complete function tool that validates with toolgate as its first step and
//   answers an invalid call with formatForModel's text as the tool output, so the model reads it
//   whatever the SDK's redaction setting; with `strict: false` any schema toolgate accepts works.
// - agentsParameters (+ agentsErrorFunction): a Standard Schema parameter for the SDK's own
//   `tool({ parameters })` path, validated by toolgate; the text reaches the model when the SDK
//   keeps tool data, otherwise the SDK's fixed sentence does (the tool still does not run).

/** A Standard Schema parameter for `tool({ parameters })`, backed by a compiled toolgate schema. */
export interface AgentsParameters {
  readonly '~standard': ToolgateStandardProps;
}

/** What the Agents SDK calls on a failed call: the text returned is the tool output the model reads. */
export type AgentsErrorFunction = (context: RunContext<unknown>, error: unknown) => string;

/** The Agents SDK tool options toAgentsTool passes through unchanged (timeouts, guardrails, errorFunction...). */
export type AgentsFrameworkOptions = Partial<
  Pick<
    AgentsTool,
    | 'timeoutMs'
    | 'timeoutBehavior'
    | 'timeoutErrorFunction'
    | 'errorFunction'
    | 'inputGuardrails'
    | 'outputGuardrails'
    | 'deferLoading'
    | 'providerData'
  >
>;

/**
 * A tool as toolgate takes it for the Agents SDK. `T` is read from a literal `inputSchema` (InferArgs);
 * the SDK's own options (needsApproval, timeoutMs, guardrails...) pass through.
 */
export interface AgentsToolSpec<T = unknown, S = unknown> extends AgentsFrameworkOptions {
  readonly name: string;
  readonly description: string;
  /** Draft 2020-12 tool input schema; with strict mode it must also be in OpenAI's strict subset. */
  readonly inputSchema: S;
  /**
   * Default true (the SDK's default): the schema is sent as an OpenAI strict function schema, which the SDK
   * rewrites (every property required, objects closed) and refuses for some keywords; a schema whose rewrite would
   * change which calls the model can make is refused. False sends the schema as is; toolgate enforces all of it
   * either way.
   */
  readonly strict?: boolean;
  /**
   * Runs only for arguments toolgate accepted, with the value the SDK parsed. An Error it returns (or holds in its
   * value) fails like a throw: the SDK's errorFunction answers.
   */
  readonly execute: (input: T, context?: RunContext<unknown>) => unknown;
  /**
   * Asked only for arguments toolgate accepted (an invalid call needs no approval: it does not run, and
   * the model reads toolgate's text).
   */
  readonly needsApproval?: boolean | ((context: RunContext<unknown>, input: T, callId?: string) => Promise<boolean>);
}

/** The SDK's object-schema shapes (not exported by @openai/agents); the real schema is any tool schema. */
type StrictParameters = {
  type: 'object';
  properties: Record<string, never>;
  required: never[];
  additionalProperties: false;
};
type LooseParameters = {
  type: 'object';
  properties: Record<string, never>;
  required: never[];
  additionalProperties: true;
};

/** The function tool toAgentsTool returns. */
export type AgentsTool = FunctionTool<unknown, StrictParameters | LooseParameters, unknown>;

/** Texts of invalid calls that each parameters object produced, not yet read: how errorFunction recognizes its own. */
const produced = new WeakMap<AgentsParameters, PendingTexts>();

/** The Agents SDK's own answer for failures it did not get from toolgate: says nothing about the cause. */
const GENERIC = 'An error occurred while running the tool. Please try again.';

/**
 * Compiles `schema` and wraps it as a Standard Schema for `tool({ parameters })`. A failed call
 * yields one issue without a path whose message is formatForModel's text, so the SDK's own error
 * (which joins issues as "path: message") carries that text unchanged. A schema the SDK's strict mode (the only one
 * it takes these in) would rewrite so that the model could not make the calls it allows is refused. Never throws.
 */
export function agentsParameters(
  toolName: string,
  schema: unknown,
  options: SchemaOptions = {},
): Result<AgentsParameters> {
  return guarded('agentsParameters', () => {
    if (typeof toolName !== 'string' || toolName === '')
      return fail('validation', 'agentsParameters needs a non-empty tool name for its error texts');
    const compiled = validateSchema(schema, options);
    if (!compiled.ok) return compiled;
    const checked = compiled.value;
    // The SDK takes Standard Schema parameters in strict mode only, and rewrites them as it does a strict tool's.
    const rewrite = strictRewriteRefusal(
      'agentsParameters: ',
      providedSchema(checked.schema, true),
      'toAgentsTool with `strict: false` publishes the schema as it is',
    );
    if (rewrite !== undefined) return rewrite;
    const texts = new PendingTexts();
    const standard: ToolgateStandardProps = Object.freeze({
      version: 1 as const,
      vendor: 'toolgate',
      jsonSchema: checked['~standard'].jsonSchema,
      validate: (value: unknown) => {
        const result = checked.validate(value);
        if (result.ok) return { value: result.value };
        const text = formatForModel(toolName, result.error);
        texts.add(text);
        return { issues: [{ message: text }] };
      },
    });
    const parameters: AgentsParameters = Object.freeze({ '~standard': standard });
    produced.set(parameters, texts);
    return ok(parameters);
  });
}

/** Reads `error.originalError.message` as own data properties only: the error is foreign. */
function originalMessage(error: unknown): string | undefined {
  try {
    if (error === null || typeof error !== 'object') return undefined;
    const original = Object.getOwnPropertyDescriptor(error, 'originalError');
    if (original === undefined || !('value' in original)) return undefined;
    const message = thrownMessage(original.value);
    return typeof message === 'string' ? message : undefined;
  } catch {
    return undefined;
  }
}

/**
 * An errorFunction for `tool({ errorFunction })`: an invalid call that `parameters` rejected is
 * answered with toolgate's text; any other failure (the tool threw, the SDK withheld details) gets
 * the SDK's generic sentence, so nothing else from inside the host reaches the model. A text is answered once per
 * call that produced it, within the bounds of openai-agents-texts.ts.
 */
export function agentsErrorFunction(parameters: AgentsParameters): AgentsErrorFunction {
  return (_context, error) => {
    const message = originalMessage(error);
    if (message !== undefined && produced.get(parameters)?.take(message) === true) return message;
    return GENERIC;
  };
}

/**
 * The names the Agents SDK sends unchanged: OpenAI's function names (`^[a-zA-Z0-9_-]{1,64}$`) without `-`, which
 * its toFunctionToolName rewrites to `_` as it does every other character but letters and digits.
 */
const AGENTS_TOOL_NAME = /^[a-zA-Z0-9_]{1,64}$/;

/**
 * An Agents SDK function tool whose first step is toolgate's validation: an invalid call never
 * reaches `spec.execute` and its tool output is formatForModel's text. A schema toolgate refuses,
 * or one the SDK refuses for strict mode, or would rewrite there so that the model could not make the calls it
 * allows (openai-agents-strict.ts), or a name it would rewrite, is a failed Result. Never throws.
 */
export function toAgentsTool<const S, T = InferArgs<S>>(
  spec: AgentsToolSpec<T, S>,
  options: SchemaOptions = {},
): Result<AgentsTool> {
  return guarded('toAgentsTool', () => {
    if (spec === null || typeof spec !== 'object') return fail('validation', 'toAgentsTool expects a tool spec object');
    // The spec is the host's own object (host code, not model output): its framework options pass on as given.
    // A getter or Proxy trap of it that throws (a revoked Proxy) is the host's failure, not toolgate's `internal`.
    const read = readHostObject(
      'reading the toAgentsTool spec',
      spec,
      ({ name, description, inputSchema, strict: strictOption, execute, needsApproval, ...framework }) => ({
        name,
        description,
        inputSchema,
        strictOption,
        execute,
        needsApproval,
        framework,
      }),
    );
    if (!read.ok) return read;
    const { name, description, inputSchema, strictOption, execute, needsApproval, framework } = read.value;
    if (typeof name !== 'string' || name === '') return fail('validation', 'toAgentsTool needs a non-empty tool name');
    // The Agents SDK rewrites any other name without a word (`files.delete` and `files-delete` as `files_delete`),
    // so two tools could end under one name, one of them silently lost: a name it keeps, or a clear refusal.
    if (!AGENTS_TOOL_NAME.test(name))
      return fail(
        'unsupported_capability',
        `toAgentsTool: the name ${quote(name)} is not one the Agents SDK sends unchanged (^[a-zA-Z0-9_]{1,64}$): ` +
          'it would rewrite it, and two tools could share the rewritten name; give the tool such a name',
      );
    const compiled = validateSchema(inputSchema, options);
    if (!compiled.ok) return compiled;
    const checked = compiled.value;
    const lone = publishedTextRefusal('toAgentsTool: ', { description, inputSchema: checked.schema });
    if (lone !== undefined) return lone;
    const strict = strictOption !== false;
    const approval =
      typeof needsApproval === 'function'
        ? async (context: RunContext<unknown>, input: unknown, callId?: string): Promise<boolean> => {
            const verdict = checked.validate(input);
            return verdict.ok ? needsApproval(context, verdict.value as T, callId) : false;
          }
        : needsApproval === true
          ? // Every valid call, and no invalid one: an invalid call does not run, so no one is asked about it.
            async (_context: RunContext<unknown>, input: unknown): Promise<boolean> => checked.validate(input).ok
          : needsApproval;
    // A private copy with `type: "object"` stated (the SDK requires it); the SDK rewrites it for strict mode.
    const parameters: unknown = providedSchema(checked.schema, true);
    const rewrite = strict
      ? strictRewriteRefusal(
          `toAgentsTool: ${quote(name)}: `,
          parameters,
          '`strict: false` publishes the schema as it is',
        )
      : undefined;
    if (rewrite !== undefined) return rewrite;
    const run = async (input: unknown, context?: RunContext<unknown>): Promise<unknown> => {
      const verdict = checked.validate(input);
      if (!verdict.ok) return formatForModel(name, verdict.error);
      const value = await execute(verdict.value as T, context);
      // A returned Error fails like a throw (the SDK's errorFunction answers): the SDK would send its members (an
      // fs error's `path`, a net error's `address`) to the model as JSON.
      const held = heldError(value);
      if (held !== undefined) throw held.error;
      // The SDK passes a string and text outputs on as they are (mcp-result.ts).
      const lone = loneSurrogateOutput(value);
      if (lone !== undefined) throw new Error(`tool ${name} ran but ${lone}`);
      return value;
    };
    const shared = { ...framework, ...(approval === undefined ? {} : { needsApproval: approval }) };
    try {
      const made = strict
        ? tool({
            ...(shared as object),
            name,
            description,
            parameters: parameters as StrictParameters,
            strict: true,
            execute: run,
          })
        : tool({
            ...(shared as object),
            name,
            description,
            parameters: parameters as LooseParameters,
            strict: false,
            execute: run,
          });
      return ok(made as AgentsTool);
    } catch (thrown) {
      // The SDK checks strict-mode schemas when the tool is made: outside OpenAI's strict subset it throws.
      return fail(
        'unsupported_capability',
        `@openai/agents refused the schema of ${quote(name)} for strict mode: ${thrownMessage(thrown)}`,
      );
    }
  });
}
