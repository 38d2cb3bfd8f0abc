import type * as Ai from 'ai';
import type { JSONSchema7, Schema, Tool, ToolExecutionOptions } from 'ai';
import { formatForModel } from '../errors/format.js';
import type { GateError } from '../result.js';
import { fail, failExecution, guarded, ok, readHostObject, thrownMessage, type Result } from '../result.js';
import { validateSchema } from '../schema/compile.js';
import type { SchemaOptions } from '../schema/options.js';
import { providedSchema } from '../schema/standard-schema.js';
import type { InferArgs } from '../tools/infer-args.js';
import { loneSurrogateOutput } from '../tools/mcp-result.js';
import { publishedTextRefusal } from '../tools/published-text.js';
import { clip, quote } from '../util/describe-value.js';
import { heldError } from '../util/host-error.js';

import { requirePeer } from './peer.js';

// Loaded on first use, not by a static import: a missing `ai`, or one that fails on this Node, is then a failed
// Result naming the package, the version needed and how to install it (peer.ts), and this module can be required.
const loadAi = (): Result<typeof Ai> =>
  requirePeer<typeof Ai>({
    name: 'ai',
    range: '^7.0.173',
    feature: 'toolgate/adapters/ai-sdk',
  });

// Vercel AI SDK (`ai` 7). Its `jsonSchema()` without a `validate` function checks nothing. This adapter
// hands `ai` the 2020-12 schema (`type: "object"` stated at the root) together with toolgate's validate, so an
// invalid tool call takes the SDK's own invalid-input path (InvalidToolInputError, a `tool-error` part, an error
// tool result in the next model turn) and never reaches `execute` or `needsApproval`.
//
// What the model then reads is the SDK's `String(error)` of its InvalidToolInputError, which wraps our
// error's `String()`: "AI_InvalidToolInputError: Invalid input for tool <key>: " and then, by default,
// "AI_TypeValidationError: Type validation failed: Value: <the whole argument>.\nError message: ...".
// The SDK passes a TypeValidationError for the same value through unwrapped, so ours carries toolgate's
// violation lines as its whole text: the model reads them once, after the tool's key in the `tools` object.

/** What the AI SDK passes to `execute` besides the input (tool call id, messages, abort signal, context). */
export type AiSdkExecutionOptions = ToolExecutionOptions<Record<string, unknown>>;

/** The AI SDK tool toAiSdkTool returns; `T` is the input `execute` receives. */
export type AiSdkTool<T = unknown, OUTPUT = unknown> = Tool<T, OUTPUT, Record<string, unknown>>;

/** Options of aiSdkSchema: the schema options (the tool is named by its key in the SDK's `tools` object). */
export type AiSdkSchemaOptions = SchemaOptions;

/** The AI SDK tool options toAiSdkTool passes through unchanged. */
export type AiSdkFrameworkOptions<T, OUTPUT> = Partial<
  Pick<
    AiSdkTool<T, OUTPUT>,
    | 'needsApproval'
    | 'toModelOutput'
    | 'onInputStart'
    | 'onInputDelta'
    | 'onInputAvailable'
    | 'providerOptions'
    | 'metadata'
    | 'strict'
    | 'inputExamples'
    | 'deferLoading'
    | 'title'
  >
>;

/**
 * A tool as toolgate takes it for the AI SDK. `T` is read from a literal `inputSchema` (InferArgs); the
 * SDK's own tool options (needsApproval, toModelOutput, strict, providerOptions...) pass through.
 */
export type AiSdkToolSpec<T = unknown, OUTPUT = unknown, S = unknown> = AiSdkFrameworkOptions<T, OUTPUT> & {
  /** Used only in toolgate's own errors (a schema the SDK refuses); the model knows the tool by its key. */
  readonly name?: string;
  readonly description?: string;
  /** Draft 2020-12 tool input schema; compiled once here. */
  readonly inputSchema: S;
  /** Runs only for arguments that passed validation; receives the very value the model sent. */
  readonly execute?: (input: T, options: AiSdkExecutionOptions) => OUTPUT | PromiseLike<OUTPUT>;
  /**
   * Default false: what `execute` throws (or rejects with) reaches the SDK as an Error whose message is only
   * `tool <name> failed`, with the original as its `cause`, since the SDK sends an error's message to the model
   * and it is host text. True: the original, unchanged. An Error returned (or held in the value) fails the same way.
   */
  readonly exposeErrors?: boolean;
};

/** The Error the SDK gets for a throw of `execute`: the tool's name and nothing of what was thrown. */
function redacted(name: unknown, thrown: unknown): Error {
  const shown = typeof name === 'string' && name !== '' ? `tool ${clip(name, 80)} failed` : 'the tool failed';
  return new Error(shown, { cause: thrown });
}

/**
 * `execute` with its throws and rejections replaced by `redacted`'s Error (the original with `exposeErrors`). A
 * returned Error, or a value holding one, fails the same way: the SDK would send its enumerable members (an fs
 * error's `path`, a net error's `address`) to the model as JSON. An AsyncIterable of preliminary results is
 * iterated through guardedStream, under the same rules for each value and throw. Any other value is returned as is.
 */
function guardedExecute<T, OUTPUT>(
  name: unknown,
  execute: NonNullable<AiSdkToolSpec<T, OUTPUT>['execute']>,
  exposeErrors: boolean,
): (input: T, options: AiSdkExecutionOptions) => OUTPUT | PromiseLike<OUTPUT> {
  const failed = (thrown: unknown): unknown => (exposeErrors ? thrown : redacted(name, thrown));
  const checked = (value: OUTPUT): OUTPUT => {
    const held = heldError(value);
    if (held !== undefined) throw failed(held.error);
    // The SDK sends a string on as it is, and a toModelOutput may send a string member so (mcp-result.ts).
    const lone = loneSurrogateOutput(value);
    if (lone !== undefined) throw failed(new Error(lone));
    return value;
  };
  return (input, options) => {
    let out: OUTPUT | PromiseLike<OUTPUT>;
    let thenable: boolean;
    let stream: boolean;
    try {
      out = execute(input, options);
      // Reading `then` and Symbol.asyncIterator runs host code on a returned Proxy or getter: what that throws is
      // host text too. The iterator is tested first, as the SDK does: its values and throws come while the SDK
      // iterates, after this returned.
      stream = isAsyncIterable(out);
      thenable = !stream && isThenable(out);
    } catch (thrown) {
      throw failed(thrown);
    }
    if (stream) return guardedStream(out as AsyncIterable<unknown>, failed) as OUTPUT;
    if (!thenable) return checked(out as OUTPUT);
    return Promise.resolve(out).then(checked, (thrown: unknown) => {
      throw failed(thrown);
    });
  };
}

/** Whether the SDK reads `value` as preliminary results (its own test: a function at Symbol.asyncIterator). */
function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return false;
  // A getter that throws throws here, inside execute's guard: the SDK would read it again and send its text on.
  return typeof (value as { [Symbol.asyncIterator]?: unknown })[Symbol.asyncIterator] === 'function';
}

/**
 * An `execute` that streams preliminary results (an async generator): each value the SDK sends the model is
 * checked for an Error as a returned one is, and a throw while iterating fails as a throw of `execute` does.
 */
async function* guardedStream(source: AsyncIterable<unknown>, failed: (thrown: unknown) => unknown) {
  try {
    for await (const value of source) {
      const held = heldError(value);
      if (held !== undefined) throw held.error;
      const lone = loneSurrogateOutput(value);
      if (lone !== undefined) throw new Error(lone);
      yield value;
    }
  } catch (thrown) {
    throw failed(thrown);
  }
}

/** Whether `value` is a promise-like (`undefined` and primitives are not). */
function isThenable<OUTPUT>(value: OUTPUT | PromiseLike<OUTPUT>): value is PromiseLike<OUTPUT> {
  return value !== null && typeof value === 'object' && typeof (value as { then?: unknown }).then === 'function';
}

/** The lines the model reads after the SDK's "Invalid input for tool <key>: ". */
function invalidText(error: GateError): string {
  // formatForModel's header names a tool; the SDK names it already, so only what follows is kept.
  const text = formatForModel('tool', error);
  const header = /^error: ([a-z ]+) for tool:(?:\n| )/.exec(text);
  if (header === null) return text;
  const rest = text.slice(header[0].length);
  return error.class === 'validation' && text.includes('\n') ? rest : `${header[1]}: ${rest}`;
}

/** A TypeValidationError for `value` whose text is exactly `text` (its name is empty, so String() is the text). */
function validationError(ai: typeof Ai, value: unknown, text: string): Ai.TypeValidationError {
  // The value is set after construction: the constructor would JSON.stringify it for a message that is
  // replaced anyway, running the host's getters and toJSON (their throw would escape with host text).
  const error = new ai.TypeValidationError({ value: undefined, cause: text });
  Object.defineProperty(error, 'value', { value, configurable: true, writable: true, enumerable: true });
  Object.defineProperty(error, 'message', { value: text, configurable: true, writable: true });
  Object.defineProperty(error, 'name', { value: '', configurable: true, writable: true });
  return error;
}

/**
 * An AI SDK `Schema` backed by toolgate: `jsonSchema` is a fresh copy of the caller's schema, its root as toolsFor
 * publishes it (what the provider receives), `validate` is toolgate's (an invalid value fails with toolgate's
 * violation lines as its text). The schema is compiled here, so a schema toolgate refuses is a failed Result, never
 * a tool that validates nothing. Never throws.
 */
export function aiSdkSchema<T = unknown>(schema: unknown, options: AiSdkSchemaOptions = {}): Result<Schema<T>> {
  return guarded('aiSdkSchema', () => {
    const ai = loadAi();
    if (!ai.ok) return ai;
    const { jsonSchema } = ai.value;
    // validateSchema reads the options against its table: an unknown or mistyped one is refused there.
    const compiled = validateSchema(schema, options);
    if (!compiled.ok) return compiled;
    const checked = compiled.value;
    const lone = publishedTextRefusal('aiSdkSchema: ', { inputSchema: checked.schema });
    if (lone !== undefined) return lone;
    // A private copy, the tool root as toolsFor, LangChain and the Agents SDK get it (`type: "object"` stated, a
    // draft-07 root `$ref` inlined): OpenAI and Anthropic answer 400 to a root without a type (a hunt's find). The SDK
    // and providers may rewrite what they are given (the SDK computes it once).
    const provided = (): JSONSchema7 => (providedSchema(checked.schema, true) ?? { type: 'object' }) as JSONSchema7;
    return ok(
      jsonSchema<T>(provided, {
        validate: (value: unknown) => {
          const result = checked.validate(value);
          if (result.ok) return { success: true, value: result.value as T };
          return { success: false, error: validationError(ai.value, value, invalidText(result.error)) };
        },
      }),
    );
  });
}

/**
 * An AI SDK tool whose input is validated by toolgate before `execute` (or `needsApproval`) runs. Put it
 * in the `tools` object of generateText/streamText; the model reads a refused call's violations after the
 * tool's key. Never throws: a refused schema is a failed Result.
 */
export function toAiSdkTool<const S, OUTPUT = unknown, T = InferArgs<S>>(
  spec: AiSdkToolSpec<T, OUTPUT, S>,
  options: SchemaOptions = {},
): Result<AiSdkTool<T, OUTPUT>> {
  return guarded('toAiSdkTool', () => {
    if (spec === null || typeof spec !== 'object') return fail('validation', 'toAiSdkTool expects a tool spec object');
    // The spec is the host's own object (host code, not model output): its framework options pass on as given.
    // A getter or Proxy trap of it that throws (a revoked Proxy) is the host's failure, not toolgate's `internal`.
    const read = readHostObject(
      'reading the toAiSdkTool spec',
      spec,
      ({ name, inputSchema, execute, exposeErrors, ...framework }) => ({
        name,
        inputSchema,
        execute,
        exposeErrors,
        framework,
      }),
    );
    if (!read.ok) return read;
    const { name, inputSchema, execute, exposeErrors, framework } = read.value;
    const schema = aiSdkSchema<T>(inputSchema, options);
    if (!schema.ok) return schema;
    // aiSdkSchema loaded `ai` (or failed above); Node's cache makes this a lookup.
    const ai = loadAi();
    if (!ai.ok) return ai;
    const described = publishedTextRefusal('toAiSdkTool: ', { description: framework['description'] });
    if (described !== undefined) return described;
    try {
      const definition = {
        ...framework,
        inputSchema: schema.value,
        ...(execute === undefined ? {} : { execute: guardedExecute(name, execute, exposeErrors === true) }),
      } as unknown as AiSdkTool<T, OUTPUT>;
      return ok(ai.value.tool(definition));
    } catch (thrown) {
      const named = typeof name === 'string' ? ` ${quote(name)}` : '';
      return failExecution('host', `the AI SDK refused the tool${named}: ${thrownMessage(thrown)}`);
    }
  });
}
