import { ToolMessage } from '@langchain/core/messages';
import {
  tool,
  type DynamicStructuredTool,
  type ToolRunnableConfig,
  type ToolWrapperParams,
} from '@langchain/core/tools';
import { formatForModel } from '../errors/format.js';
import { fail, failExecution, guarded, ok, readHostObject, thrownMessage, type Result } from '../result.js';
import { validateSchema } from '../schema/compile.js';
import type { SchemaOptions } from '../schema/options.js';
import { providedSchema } from '../schema/standard-schema.js';
import type { InferArgs } from '../tools/infer-args.js';
import { loneSurrogateOutput } from '../tools/mcp-result.js';
import { publishedTextRefusal } from '../tools/published-text.js';
import { NAME_RULE } from '../tools/tool.js';
import { clip, quote } from '../util/describe-value.js';
import { jsonOrError } from '../util/host-error.js';
import { deepFreeze } from '../util/plain-json.js';

// LangChain for JavaScript (`@langchain/core` 1). `tool()` validates a JSON Schema with its own validator
// (@cfworker/json-schema, draft 2019-09 by default) before the function runs, writes into the schema
// object while doing so (a frozen schema throws), and answers a refused call by throwing its own text.
// This adapter hands LangChain a Standard JSON Schema v1 carrier instead: LangChain converts it for the
// model through `~standard.jsonSchema` (a fresh deep-frozen copy of the tool's schema, as written), and its own
// validator finds no keyword in it, so every call reaches the function, where toolgate validates first.
// An invalid call never runs the tool: its ToolMessage (status "error") carries formatForModel's text.

/** The LangChain tool toLangChainTool returns. */
export type LangChainTool = DynamicStructuredTool;

/** LangChain's own tool fields that pass through unchanged (responseFormat, returnDirect, tags, metadata...). */
export type LangChainFrameworkOptions = Omit<ToolWrapperParams, 'name' | 'description' | 'schema'>;

/** A tool as toolgate takes it for LangChain. `T` is read from a literal `inputSchema` (InferArgs). */
export type LangChainToolSpec<T = unknown, S = unknown> = LangChainFrameworkOptions & {
  readonly name: string;
  /** Defaults to the schema's own `description`, then LangChain's `<name> tool`. */
  readonly description?: string;
  /** Draft 2020-12 tool input schema (or an enabled older dialect); compiled once here. */
  readonly inputSchema: S;
  /** Runs only for arguments toolgate accepted; receives the very value the model sent. */
  readonly execute: (input: T, config: ToolRunnableConfig) => unknown;
  /**
   * Default false: what `execute` throws (or rejects with) reaches LangChain as an Error whose message is only
   * `tool <name> failed`, with the original as its `cause`; agent loops send an error's message to the model
   * and it is host text. True: the original, unchanged. An Error returned (or held in what the model reads of the
   * value) fails the same way.
   */
  readonly exposeErrors?: boolean;
};

/** The Standard JSON Schema v1 carrier LangChain receives: a converter and nothing LangChain would validate. */
interface SchemaCarrier {
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: 'toolgate';
    readonly jsonSchema: { readonly input: () => unknown; readonly output: () => unknown };
  };
}

/**
 * What the model reads for a refused call: a ToolMessage with status "error" when LangChain has a call id. With
 * `content_and_artifact` it is the tuple's content: LangChain passes a ToolMessage there on as it is, where a bare
 * text became a ToolMessage of status "success" (a host branching on `status` saw a refused call succeed).
 */
function refusal(text: string, name: string, config: ToolRunnableConfig | undefined, format: unknown): unknown {
  const id = config?.toolCall?.id;
  const message =
    typeof id === 'string' ? new ToolMessage({ content: text, tool_call_id: id, name, status: 'error' }) : text;
  return format === 'content_and_artifact' ? [message, undefined] : message;
}

/**
 * What LangChain puts in the model's text of a value `execute` returned: with `content_and_artifact`, a two-tuple's
 * content (its artifact stays with the host); otherwise all of it (LangChain quotes a malformed tuple whole, as
 * JSON, in the error it throws).
 */
function modelPart(value: unknown, format: unknown): unknown {
  return format === 'content_and_artifact' && Array.isArray(value) && value.length === 2 ? value[0] : value;
}

/**
 * Whether LangChain writes `content` out as text for the model (its `_formatToolOutput`): for a tool call (an id in
 * `config.toolCall`), unless it is text, content blocks, or a direct tool output (a ToolMessage, a Command), which
 * it passes on as they are.
 */
function writtenByLangChain(content: unknown, config: ToolRunnableConfig): boolean {
  const id = (config?.toolCall as { id?: unknown } | undefined)?.id;
  if (typeof id !== 'string' || id === '' || typeof content === 'string') return false;
  if (Array.isArray(content) && content.every((c) => typeof c === 'object' && c !== null && 'type' in c)) return false;
  const direct = typeof content === 'object' && content !== null && 'lc_direct_tool_output' in content;
  return !(direct && (content as { lc_direct_tool_output?: unknown }).lc_direct_tool_output === true);
}

/** A tool call's `args`, read as own data (a getter of the host's never runs here). */
function readArgs(call: object): unknown {
  const d = Object.getOwnPropertyDescriptor(call, 'args');
  return d !== undefined && 'value' in d ? d.value : undefined;
}

/** Whether `sent` is shaped like a LangChain ToolCall (`type: "tool_call"`) whose `args` LangChain ran: `input`. */
function isToolCallOf(sent: unknown, input: unknown): boolean {
  if (sent === null || typeof sent !== 'object') return false;
  const type = Object.getOwnPropertyDescriptor(sent, 'type');
  return type !== undefined && 'value' in type && type.value === 'tool_call' && readArgs(sent) === input;
}

/**
 * A LangChain tool whose first step is toolgate's validation: an invalid call never reaches `execute`
 * and the model reads formatForModel's text; LangChain's own schema check never answers first. The
 * schema LangChain sends to the model is a fresh deep-frozen copy per conversion (LangChain keeps the first one
 * and sends it again). A schema toolgate refuses is a failed Result. Never throws.
 */
export function toLangChainTool<const S, T = InferArgs<S>>(
  spec: LangChainToolSpec<T, S>,
  options: SchemaOptions = {},
): Result<LangChainTool> {
  return guarded('toLangChainTool', () => {
    if (spec === null || typeof spec !== 'object')
      return fail('validation', 'toLangChainTool expects a tool spec object');
    // The spec is the host's own object (host code, not model output): its framework options pass on as given.
    // A getter or Proxy trap of it that throws (a revoked Proxy) is the host's failure, not toolgate's `internal`.
    const read = readHostObject(
      'reading the toLangChainTool spec',
      spec,
      ({ name, description, inputSchema, execute, exposeErrors, ...framework }) => ({
        name,
        description,
        inputSchema,
        execute,
        exposeErrors,
        framework,
      }),
    );
    if (!read.ok) return read;
    const { name, description, inputSchema, execute, exposeErrors, framework } = read.value;
    if (typeof name !== 'string' || name === '')
      return fail('validation', 'toLangChainTool needs a non-empty tool name');
    // LangChain sends the name to the chat model's provider as it is: one OpenAI or Anthropic refuses would fail
    // every request of the conversation. The Registry's rule (^[A-Za-z0-9_-]{1,64}$) is the names both take.
    if (!NAME_RULE.test(name))
      return fail(
        'validation',
        `toLangChainTool: the name ${quote(name)} does not match ${String(NAME_RULE)} (the names OpenAI ` +
          'and Anthropic take; LangChain sends it to the provider as it is)',
      );
    if (typeof execute !== 'function')
      return fail('validation', `toLangChainTool: ${quote(name)} needs an execute function`);
    const compiled = validateSchema(inputSchema, options);
    if (!compiled.ok) return compiled;
    const checked = compiled.value;
    const lone = publishedTextRefusal('toLangChainTool: ', { description, inputSchema: checked.schema });
    if (lone !== undefined) return lone;
    // A fresh copy per conversion, `type: "object"` stated, deep-frozen: @langchain/core's toJsonSchema keeps the
    // first conversion per schema object (a WeakMap) and hands that same object out for every later turn, so an
    // edit of it by an integration would stay for the rest of the process (a hunt's find); frozen, it cannot.
    const provided = (): unknown => deepFreeze(providedSchema(checked.schema, true) ?? { type: 'object' });
    const schema: SchemaCarrier = {
      '~standard': { version: 1, vendor: 'toolgate', jsonSchema: { input: provided, output: provided } },
    };
    const own = (checked.schema as { description?: unknown } | null)?.description;
    const shownDescription = description ?? (typeof own === 'string' ? own : undefined);
    const run = async (input: unknown, config: ToolRunnableConfig): Promise<unknown> => {
      // The model's arguments are `config.toolCall.args`. LangChain unwraps arguments shaped like a ToolCall
      // (`{ "type": "tool_call", "id", "args" }`) once more and runs the tool on their inner `args`, answering
      // under their `id`: such arguments are judged as sent, and refused (the answer keeps the call's own id).
      const call: unknown = config?.toolCall;
      const sent = call !== null && typeof call === 'object' && Object.hasOwn(call, 'args') ? readArgs(call) : input;
      // Only that shape: a tool called from another tool's `execute` with the outer config (LangChain's way to keep
      // callbacks) sees the outer call in config.toolCall, and its own arguments are `input`.
      if (sent !== input && isToolCallOf(sent, input)) {
        const outer = checked.validate(sent);
        const text = outer.ok
          ? `error: invalid arguments for ${clip(name, 80)}: arguments shaped like a LangChain tool call ` +
            '("type": "tool_call") are not run: LangChain would run the tool on their inner "args"'
          : formatForModel(name, outer.error);
        return refusal(text, name, config, framework.responseFormat);
      }
      const verdict = checked.validate(input);
      if (!verdict.ok) return refusal(formatForModel(name, verdict.error), name, config, framework.responseFormat);
      try {
        const value = await execute(verdict.value as T, config);
        // A returned Error fails like a throw: LangChain would send its members (an fs error's `path`) as JSON.
        // A value JSON cannot write (a BigInt, a cycle) fails too where LangChain writes it for a tool call: it
        // then uses String(), and an Error inside it reads as its message ("Error: ENOENT: ... open '/root/token'").
        const part = modelPart(value, framework.responseFormat);
        const held = jsonOrError(part);
        if (typeof held === 'object' && 'error' in held) throw held.error;
        if (held === 'not-json' && writtenByLangChain(part, config))
          throw new Error(`tool ${clip(name, 80)} returned a value that cannot be sent as JSON`);
        // LangChain passes a string and content blocks on as they are (mcp-result.ts).
        const lone = loneSurrogateOutput(part);
        if (lone !== undefined) throw new Error(`tool ${clip(name, 80)} ran but ${lone}`);
        return value;
      } catch (thrown) {
        if (exposeErrors === true) throw thrown;
        throw new Error(`tool ${clip(name, 80)} failed`, { cause: thrown });
      }
    };
    try {
      const made = tool(run, {
        ...framework,
        name,
        ...(shownDescription === undefined ? {} : { description: shownDescription }),
        schema: schema as unknown as Record<string, never>,
      } as ToolWrapperParams<Record<string, never>>);
      return ok(made as LangChainTool);
    } catch (thrown) {
      return failExecution('host', `LangChain refused the tool ${quote(name)}: ${thrownMessage(thrown)}`);
    }
  });
}
