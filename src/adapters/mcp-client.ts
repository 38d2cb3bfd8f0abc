import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import {
  ToolListChangedNotificationSchema,
  type CallToolRequest,
  type ListToolsResult,
  type Tool as ListedTool,
} from '@modelcontextprotocol/sdk/types.js';
import type { AdmissionOptions } from '../catalog/admission.js';
import type { Bundle } from '../catalog/bundle.js';
import { admitMcpTools } from '../catalog/mcp.js';
import { listAllPages } from '../catalog/mcp-pages.js';
import { formatForModel } from '../errors/format.js';
import { fail, thrownMessage, type Result } from '../result.js';
import { copyJson, deepFreeze } from '../util/plain-json.js';
import { copyOwnData, readOwnFields } from '../util/own-field.js';

// The MCP TypeScript SDK's Client sends `tools/call` without looking at the arguments. guardClient
// puts batch admission in front of `tools/list` and toolgate's validation in front of
// `tools/call`: nothing reaches the server for a tool that was not admitted or for arguments that
// break its schema; the model reads toolgate's text instead, as an `isError` tool result (MCP
// 2025-06-18, "Tools": tool errors are reported in the result, not as protocol errors).

/** What guardClient needs of an MCP SDK Client (any `Client` has it). */
export type McpClientLike = Pick<Client, 'listTools' | 'callTool' | 'setNotificationHandler'>;

/** What the guarded callTool resolves to: the SDK's own result type. */
export type McpCallResult = Awaited<ReturnType<Client['callTool']>>;

/** Options: admitBatch's (mode 'strict' or 'quarantine', schema options, namePattern, ...) plus the guard's. */
export type GuardClientOptions = AdmissionOptions & {
  /** Called after every admission (first listing, listTools, each tools/list_changed) with its outcome. */
  readonly onAdmission?: (result: Result<Bundle>) => void;
  /** Most `tools/list` pages read per admission (default 100): a server that never stops paging fails admission. */
  readonly maxPages?: number;
};

/** An MCP client whose tool listing is admitted and whose tool calls are validated first. */
export interface GuardedClient {
  /** The wrapped client, for everything else (resources, prompts, close). */
  readonly client: McpClientLike;
  /** Lists every page from the server and admits the tools; callTool uses the latest admission. */
  admit(options?: RequestOptions): Promise<Result<Bundle>>;
  /**
   * Drop-in listTools: a fresh admission; the admitted tools as the server listed them, in one page (empty when
   * admission failed).
   */
  listTools(params?: { cursor?: string }, options?: RequestOptions): Promise<ListToolsResult>;
  /** Drop-in callTool: validated before anything is sent; never rejects. */
  callTool(
    params: CallToolRequest['params'],
    resultSchema?: Parameters<Client['callTool']>[1],
    options?: RequestOptions,
  ): Promise<McpCallResult>;
}

interface Admission {
  readonly result: Result<Bundle>;
  /** Admitted entries in the server's order. */
  readonly tools: readonly ListedTool[];
}

const DEFAULT_MAX_PAGES = 100;

/** An `isError` result the server never saw: the text is what the model reads. */
function localError(text: string): McpCallResult {
  return { content: [{ type: 'text', text }], isError: true };
}

/**
 * Guards an `@modelcontextprotocol/sdk` Client: listTools admits the server's tools through
 * admitMcpTools (strict by default, or quarantine), callTool validates the arguments against the
 * admitted schema before anything is sent, and a `notifications/tools/list_changed` from the server
 * starts a re-admission that later calls wait for. It registers the client's handler for that
 * notification (replacing one set before). Never throws; its methods never reject.
 */
export function guardClient(client: McpClientLike, options: GuardClientOptions = {}): GuardedClient {
  // Read as plain data (own-field.ts): a getter on the caller's options must not throw out of here.
  const { values, problems: unread } = readOwnFields(options, ['onAdmission', 'maxPages']);
  const rest = copyOwnData(options, ['onAdmission', 'maxPages']);
  const problems = [...unread, ...rest.problems];
  const admission = rest.copy as AdmissionOptions;
  const onAdmission =
    typeof values.onAdmission === 'function' ? (values.onAdmission as (result: Result<Bundle>) => void) : undefined;
  const maxPages = values.maxPages;
  const pages = typeof maxPages === 'number' && maxPages >= 1 ? Math.floor(maxPages) : DEFAULT_MAX_PAGES;
  let current: Promise<Admission> | undefined;

  const report = (result: Result<Bundle>): void => {
    try {
      onAdmission?.(result);
    } catch {
      // A host callback failing must not undo or block the admission.
    }
  };

  const admitOnce = async (requestOptions: RequestOptions | undefined): Promise<Admission> => {
    let result: Result<Bundle>;
    let listed: ListedTool[] = [];
    try {
      const all =
        problems.length > 0
          ? fail('validation', `invalid guardClient options: ${problems.join('; ')}`)
          : await listAllPages<ListedTool>(
              (cursor) => client.listTools(cursor === undefined ? undefined : { cursor }, requestOptions),
              pages,
            );
      if (!all.ok) result = all;
      else {
        listed = all.value;
        // The backend only matters to hosts that run calls through bundle.registry; it forwards unchanged.
        const backend = (tool: { name: string }) => (args: unknown) =>
          client.callTool({ name: tool.name, arguments: args as Record<string, unknown> });
        result = await admitMcpTools({ tools: listed }, { ...admission, backend });
      }
    } catch (thrown) {
      result = fail('execution_failure', `tools/list failed: ${thrownMessage(thrown)}`);
    }
    const accepted = new Set(result.ok ? result.value.accepted : []);
    report(result);
    return { result, tools: listed.filter((t) => accepted.has(t.name)) };
  };

  const refresh = (requestOptions?: RequestOptions): Promise<Admission> => {
    const started = admitOnce(requestOptions);
    current = started;
    return started;
  };

  /** The newest admission; if a newer one started while waiting (list_changed), wait for that one. */
  const latest = async (): Promise<Admission> => {
    let seen = current ?? refresh();
    for (;;) {
      const value = await seen;
      if (current === undefined || current === seen) return value;
      seen = current;
    }
  };

  try {
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      void refresh();
    });
  } catch {
    // A client that cannot take the handler still gets validation; re-admission then needs listTools.
  }

  const callTool = async (
    params: CallToolRequest['params'],
    resultSchema?: Parameters<Client['callTool']>[1],
    requestOptions?: RequestOptions,
  ): Promise<McpCallResult> => {
    let name = '';
    try {
      // name and arguments are read once, as own data, before anything else: a getter or a Proxy could
      // answer an admitted name or valid arguments to the check and something else to the SDK's read.
      const fields = readOwnFields(params, ['name', 'arguments']);
      if (fields.problems.length > 0) return localError(`error: invalid tool call: ${fields.problems.join('; ')}`);
      name = typeof fields.values.name === 'string' ? fields.values.name : '';
      const { result } = await latest();
      // A failed admission (tools/list threw, a strict batch refused) admitted nothing: telling the model
      // the tool is unknown would be false, and it might then invent another name.
      if (!result.ok)
        return localError(
          `error: tool ${JSON.stringify(name)} cannot be called: the tools of this server could not be admitted`,
        );
      if (!result.value.accepted.includes(name)) {
        return localError(`error: unknown tool ${JSON.stringify(name)}: not among the admitted tools of this server`);
      }
      const given: unknown = fields.values.arguments;
      // MCP sends arguments as an object; a string would be validated as JSON text but sent as a string.
      if (given !== undefined && (given === null || typeof given !== 'object' || Array.isArray(given))) {
        return localError(`error: invalid arguments for ${name}: arguments must be a JSON object`);
      }
      // A frozen private copy is validated and sent: the caller (or a getter inside the arguments) cannot
      // change between the check and the SDK serialising the request.
      const copy = given === undefined ? undefined : copyJson(given);
      if (copy !== undefined && !copy.ok)
        return localError(`error: invalid arguments for ${name}: arguments are not JSON`);
      const args = copy === undefined ? undefined : (deepFreeze(copy.value) as Record<string, unknown>);
      const verdict = result.value.registry.check({ id: '', name, arguments: args });
      if (!verdict.ok) return localError(formatForModel(name, verdict.error));
      // A new request built from exactly what was checked; the caller's params object is never re-read.
      return await client.callTool(
        args === undefined ? { name } : { name, arguments: args },
        resultSchema,
        requestOptions,
      );
    } catch (thrown) {
      return localError(`error: call to ${name} failed: ${thrownMessage(thrown)}`);
    }
  };

  return Object.freeze({
    client,
    admit: async (requestOptions?: RequestOptions) => (await refresh(requestOptions)).result,
    listTools: async (_params?: { cursor?: string }, requestOptions?: RequestOptions): Promise<ListToolsResult> => ({
      tools: [...(await refresh(requestOptions)).tools],
    }),
    callTool,
  });
}
