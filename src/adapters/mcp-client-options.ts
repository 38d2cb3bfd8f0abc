// guardClient's public types and the one table its options are read through (mcp-client.ts reads them once).
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { CallToolRequest, ListToolsResult } from '@modelcontextprotocol/sdk/types.js';
import type { AdmissionOptions, BadToolPolicy } from '../catalog/admission.js';
import { ADMISSION_TABLE } from '../catalog/admission-options.js';
import type { Bundle } from '../catalog/bundle.js';
import type { LockDrift } from '../catalog/lock-diff.js';
import { lockOf } from '../catalog/lock-file.js';
import type { ToolLock } from '../catalog/lock-pins.js';
import type { Problem, Result } from '../result.js';
import { ANY, FUNCTION, oneOf, rule, type OptionTable } from '../util/option-table.js';
import { copyJson } from '../util/plain-json.js';

/**
 * What guardClient needs of an MCP SDK Client (any `Client` has it). With `request`, a tool that declares
 * an outputSchema is called through it, so only toolgate judges the output (the SDK's callTool would
 * check it again with its draft-07 Ajv and throw on a valid 2020-12 output).
 */
export type McpClientLike = Pick<Client, 'listTools' | 'callTool' | 'setNotificationHandler'> &
  Partial<Pick<Client, 'request'>>;

/** What the guarded callTool resolves to: the SDK's own result type. */
export type McpCallResult = Awaited<ReturnType<Client['callTool']>>;

/**
 * Options: admitBatch's (mode, authority, schema options with `dialects` defaulting to MCP_DEFAULT_DIALECTS,
 * onError, exposeErrors, ...) plus the guard's.
 */
export type GuardClientOptions = AdmissionOptions & {
  /** Called after every admission (first listing, listTools, each tools/list_changed) with its outcome. */
  readonly onAdmission?: (result: Result<Bundle>) => void;
  /** Most `tools/list` pages read per admission (default 100): a server that never stops paging fails admission. */
  readonly maxPages?: number;
  /**
   * 'fail-batch' (default, admitBatch's rule): a tool with a problem of its own fails the whole listing
   * (in `mode: 'quarantine'`, only a schema toolgate cannot enforce is left out). 'leave-out': that tool
   * alone is left out (a malformed schema, a bad name, a duplicate name, an outputSchema toolgate refuses)
   * and reported in `bundle.rejected`; the rest stay callable.
   */
  readonly badTools?: BadToolPolicy;
  /**
   * A lock (parseLock's value, or a parsed lock file): only tools whose pin matches are listed and callable; a
   * new or changed tool is withheld (unknown to callTool), at every admission. A malformed lock fails admission.
   */
  readonly lock?: ToolLock;
  /** With `lock`: called after every admission with the listing's drift from it (empty lists: none). */
  readonly onDrift?: (drift: LockDrift) => void;
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

/** The `lock` option read as a lock: a private copy checked by lockOf (a getter never runs), or the problem. */
export function lockOption(value: unknown): Result<ToolLock | undefined, Problem> {
  if (value === undefined) return { ok: true, value: undefined };
  const copy = copyJson(value);
  return copy.ok ? lockOf(copy.value) : { ok: false, error: { message: `not JSON: ${copy.problem.message}` } };
}

/** Every option guardClient reads: admitBatch's (passed on to admitMcpTools) and its own. */
export const GUARD_TABLE: OptionTable<GuardClientOptions> = {
  ...ADMISSION_TABLE,
  onAdmission: FUNCTION,
  maxPages: rule('a whole number from 1', (v) => Number.isSafeInteger(v) && (v as number) >= 1),
  badTools: oneOf('fail-batch', 'leave-out'),
  // Read as a lock below, where its own problem can be named.
  lock: ANY,
  onDrift: FUNCTION,
};
