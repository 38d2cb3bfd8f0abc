import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import {
  ToolListChangedNotificationSchema,
  type CallToolRequest,
  type ListToolsResult,
  type Tool as ListedTool,
} from '@modelcontextprotocol/sdk/types.js';
import type { BadToolPolicy } from '../catalog/admission.js';
import type { Bundle } from '../catalog/bundle.js';
import { driftedNames, listingDrift, type LockDrift } from '../catalog/lock-diff.js';
import { admitMcpToolsWith } from '../catalog/mcp.js';
import { listAllPages, type ToolsPage } from '../catalog/mcp-pages.js';
import { fail, type Result } from '../result.js';
import type { CompiledSchema } from '../schema/compile.js';
import type { SchemaOptions } from '../schema/options.js';
import { McpCallFailure } from '../tools/mcp-result.js';
import { providerNamesOf } from '../tools/registry.js';
import { clip, describeValue } from '../util/describe-value.js';
import { listNames } from '../util/name-list.js';
import { dropRejection } from '../util/host-hook.js';
import { ownData, readOwnFields } from '../util/own-field.js';
import { byCodeUnits } from '../util/code-unit-order.js';
import { type SliceMeter, timeSlices } from '../util/time-slice.js';
import { batchLoaderOf } from '../catalog/async-loader.js';
import { compileOutputSchemas, listingCost } from '../catalog/mcp-output.js';
import { gateCall } from '../mcp/call-gate.js';
import { protoTools } from '../mcp/exact-listing.js';
import { privateArguments } from './mcp-client-arguments.js';
import { type BackendShared, registryBackend } from './mcp-client-backend.js';
import { callSender, listedPage, localError, taskOnlyText } from './mcp-client-send.js';
import { runsOnlyAsTask } from '../mcp/task-only.js';
import { sendOrFailure, thrownFailure, type FailureTelling } from './mcp-client-failure.js';
import { readmissions, SDK_REQUEST_TIMEOUT_MS } from './mcp-client-readmit.js';
import { guardSettings } from './mcp-client-settings.js';
import type { GuardClientOptions, GuardedClient, McpCallResult, McpClientLike } from './mcp-client-options.js';

export type { GuardClientOptions, GuardedClient, McpCallResult, McpClientLike } from './mcp-client-options.js';

// The MCP TypeScript SDK's Client sends `tools/call` without looking at the arguments. guardClient
// puts batch admission in front of `tools/list` and toolgate's validation in front of
// `tools/call`: nothing reaches the server for a tool that was not admitted or for arguments that
// break its schema; the model reads toolgate's text instead, as an `isError` tool result (MCP
// 2025-06-18, "Tools": tool errors are reported in the result, not as protocol errors). A tool's
// structured output is checked against its outputSchema with toolgate too (see catalog/mcp-output.ts). With a
// lock, a tool whose definition drifted from its pin is withheld as if it were not listed.

interface Admission {
  readonly result: Result<Bundle>;
  /** The names of the admitted and granted tools: what callTool decides by. */
  readonly names: ReadonlySet<string>;
  /** Their entries in the server's order, as listed: what listTools hands out. */
  readonly tools: readonly ListedTool[];
  /** The compiled outputSchema of each admitted tool that declares one. */
  readonly outputs: ReadonlyMap<string, CompiledSchema>;
  /** The admitted tools that run only as tasks: a call to one is answered without sending it. */
  readonly taskOnly: ReadonlySet<string>;
}

/**
 * Guards an `@modelcontextprotocol/sdk` Client: listTools admits the server's tools through
 * admitMcpTools (strict by default, or quarantine), callTool validates the arguments against the
 * admitted schema before anything is sent, and a `notifications/tools/list_changed` from the server
 * starts a re-admission that later calls wait for. It registers the client's handler for that
 * notification (replacing one set before). Never throws; its methods never reject.
 */
export function guardClient(client: McpClientLike, options: GuardClientOptions = {}): GuardedClient {
  // Read once, as plain data; refused options fail every admission (and so every call), never by a throw.
  const settings = guardSettings(options);
  const { problems, violations, lock, admission, onAdmission, pages, badTools, onDrift } = settings;
  const { schemaOptions, exposeErrors, notify, argumentLimits } = settings;

  const report = (result: Result<Bundle>): void => {
    try {
      dropRejection(onAdmission?.(result));
    } catch {
      // A host callback failing must not undo or block the admission.
    }
  };

  const admitOnce = async (requestOptions: RequestOptions | undefined, meter?: SliceMeter): Promise<Admission> => {
    let result: Result<Bundle>;
    let admitting: ListedTool[] = [];
    let drift: LockDrift | undefined;
    let outputs: ReadonlyMap<string, CompiledSchema> = new Map();
    try {
      const all =
        problems.length > 0
          ? fail('validation', `invalid guardClient options: ${problems.join('; ')}`, violations)
          : await listAllPages<ListedTool>(
              async (cursor) => (await listedPage(client, cursor, requestOptions)) as ToolsPage<ListedTool>,
              pages,
            );
      // A re-admission's own work is metered from here (the listing's wait is the server's): readmit budget.
      meter?.start();
      if (!all.ok) result = all;
      else {
        // With a lock every listed tool is compared, and a new or changed one is withheld as if it were not
        // listed: the bundle, its registry and its provider tools never hold it (docs/adapters.md).
        drift = lock.ok && lock.value !== undefined ? listingDrift(lock.value, all.value) : undefined;
        const withheld = drift === undefined ? undefined : driftedNames(drift);
        admitting =
          withheld === undefined ? all.value : all.value.filter((t) => !withheld.has(ownData(t, 'name') as string));
        // Output and input schemas share the batch's compile budget (mcp-output.ts).
        const cost = listingCost(admission.limits, admitting);
        const loader = batchLoaderOf(admission);
        const slices = timeSlices(undefined, meter);
        const compiled = await compileOutputSchemas(admitting, schemaOptions as SchemaOptions, slices, cost, loader);
        outputs = compiled.byName;
        const byName = outputs;
        // For hosts that run calls through bundle.registry, which validated `args` (mcp-client-backend.ts).
        const shared: BackendShared = {
          client,
          argumentLimits,
          notify,
          exposeErrors,
          bundle: () => (result as { value: Bundle }).value,
          send: (name, request, signal, callId) =>
            sendForRegistry(name, request, byName.get(name), undefined, signal && { signal }, callId),
        };
        const backend = (tool: { name: string }) => registryBackend(shared, tool);
        result = await admitMcpToolsWith(
          { tools: admitting },
          { ...admission, backend },
          {
            badTools: badTools as BadToolPolicy,
            // A tool holding a `__proto__` member is refused as the proxy withholds it: listTools hands out the
            // listing objects themselves (a hunt's find: they reached the host with the member).
            extraDiagnostics: [...protoTools(admitting), ...compiled.diagnostics],
            cost,
            ...(meter === undefined ? {} : { meter }),
            ...(loader === undefined ? {} : { loader }),
            ...(withheld === undefined ? {} : { withheldNames: withheld }),
          },
        );
      }
    } catch (thrown) {
      // The client's text is host data (an address with credentials, a path): kept in `cause`, never in the
      // message a host may hand a model (formatForModel).
      const message = 'tools/list failed: the client threw (its text is withheld; the host has it in error.cause)';
      result = {
        ok: false,
        error: { class: 'execution_failure', message, violations: [], kind: 'upstream', cause: thrown },
      };
    }
    meter?.stop();
    // What the model may see and call: the admitted tools the authority grants (all of them without one). The
    // names are toolgate's own: callTool decides by them, never by the listing objects the host is handed.
    const names = new Set(result.ok ? result.value.providerTools.map((t) => t.name) : []);
    if (drift !== undefined && result.ok) {
      try {
        dropRejection(onDrift?.(drift));
      } catch {
        // A host callback failing must not undo the withholding.
      }
    }
    report(result);
    const tools = admitting.filter((t) => names.has(ownData(t, 'name') as string));
    const taskOnly = new Set(tools.filter(runsOnlyAsTask).map((t) => ownData(t, 'name') as string));
    return { result, names, tools, outputs, taskOnly };
  };

  // When admissions run: one at a time after list_changed, at a pace (mcp-client-readmit.ts).
  const admissions = readmissions(admitOnce);

  try {
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      admissions.changed();
    });
  } catch {
    // A client that cannot take the handler still gets validation; re-admission then needs listTools.
  }

  const send = callSender(client, notify, localError, admission.maxResultBytes);
  const telling: FailureTelling = { notify, exposeErrors };
  // The Registry writes `error: ` before a tool's isError text itself.
  const sendForRegistry = callSender(
    client,
    notify,
    (text) => localError(text.startsWith('error: ') ? text.slice('error: '.length) : text),
    null,
  );

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
      // Cut until the name is known to be admitted (an admitted name is one the descriptor rules allow).
      name = typeof fields.values.name === 'string' ? clip(fields.values.name, 80) : '';
      // Within the call's own deadline (the SDK's default, 60 s, when it gives none): a re-admission of a server that
      // pages slowly would hold the call for as long as its pages take.
      const admitted = await admissions.latest({
        signal: requestOptions?.signal,
        timeoutMs: requestOptions?.timeout ?? SDK_REQUEST_TIMEOUT_MS,
      });
      if (admitted === 'late')
        return localError(
          `error: tool ${describeValue(fields.values.name)} was not called: its server's tools were still being ` +
            'admitted when the call was cancelled or timed out',
        );
      const { result, names, outputs, taskOnly } = admitted;
      // A failed admission (tools/list threw, a strict batch refused) admitted nothing: telling the model
      // the tool is unknown would be false, and it might then invent another name.
      if (!result.ok)
        return localError(
          `error: tool ${describeValue(fields.values.name)} cannot be called: ` +
            'the tools of this server could not be admitted',
        );
      // A provider's name for a tool (`files_read` for MCP's `files.read`) is sent as the server's own name.
      const asked = fields.values.name;
      const own =
        typeof asked === 'string' && !names.has(asked)
          ? (providerNamesOf(result.value.registry).toOwn.get(asked) ?? asked)
          : asked;
      if (typeof own !== 'string' || !names.has(own)) {
        // The Registry's text: the model reads which names it may use instead of guessing another.
        return localError(
          `error: unknown tool ${describeValue(asked)}; available tools: ${listNames([...names].sort(byCodeUnits))}`,
        );
      }
      name = own;
      const given: unknown = fields.values.arguments;
      const copied = privateArguments(given, argumentLimits);
      if ('why' in copied) return localError(`error: invalid arguments for ${name}: ${copied.why}`);
      const value = copied.value;
      // The one call gate (src/mcp/call-gate.ts), as the proxy: validated exactly, then a new request built from
      // exactly what was checked (the arguments as validated, `{}` when none were given, a plain `_meta`).
      const verdict = gateCall(result.value.registry, name, given, { value }, params as Record<string, unknown>);
      if (verdict.kind === 'invalid') return localError(verdict.text);
      if (taskOnly.has(name)) return localError(taskOnlyText(name));
      // What the SDK refuses before it sends (an aborted signal, no transport) never reached the server: the model
      // is not told that the tool may have run. Once sent, a failure says it may have (mcp-client-failure.ts).
      const answer = await sendOrFailure(client, telling, name, '', requestOptions?.signal, () =>
        send(name, verdict.params as CallToolRequest['params'], outputs.get(name), resultSchema, requestOptions),
      );
      return answer instanceof McpCallFailure ? localError(answer.text) : answer;
    } catch (thrown) {
      // A throw before the request was sent: nothing reached the server.
      return localError(thrownFailure(telling, name, '', thrown, false).text);
    }
  };

  return Object.freeze({
    client,
    admit: async (requestOptions?: RequestOptions) => (await admissions.now(requestOptions)).result,
    listTools: async (_params?: { cursor?: string }, requestOptions?: RequestOptions): Promise<ListToolsResult> => ({
      tools: [...(await admissions.now(requestOptions)).tools],
    }),
    callTool,
  });
}
