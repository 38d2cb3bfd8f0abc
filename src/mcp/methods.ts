// The one table of MCP methods: per method, who may send it and the protocol revisions that define it, read from
// the specification's TypeScript schema of each revision (its unions ClientRequest, ClientNotification, ServerRequest,
// ServerNotification). The proxy forwards a request or notification only when its method is, byte for byte, a key
// here for the negotiated revision and the sender's side; a near miss (`Tools/Call`, a trailing space or NUL) is
// no key, so it never reaches the other side however that side normalizes names.

/** A protocol revision, spelled as the specification (and `initialize`'s protocolVersion) spells it. */
export type McpRevision = '2024-11-05' | '2025-03-26' | '2025-06-18' | '2025-11-25';

/** Who sends a method: the client (toward the server), the server (toward the client), or either. */
export type McpSender = 'client' | 'server' | 'both';

/** One method: its sender and the revisions whose schema defines it. */
export interface McpMethod {
  readonly from: McpSender;
  readonly revisions: readonly McpRevision[];
}

const ALL: readonly McpRevision[] = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25'];
const SINCE_2025_06_18: readonly McpRevision[] = ['2025-06-18', '2025-11-25'];
const SINCE_2025_11_25: readonly McpRevision[] = ['2025-11-25'];

/** Every request and notification method of the specification, by revision. */
export const MCP_METHODS: ReadonlyMap<string, McpMethod> = new Map<string, McpMethod>([
  ['initialize', { from: 'client', revisions: ALL }],
  ['ping', { from: 'both', revisions: ALL }],
  ['completion/complete', { from: 'client', revisions: ALL }],
  ['logging/setLevel', { from: 'client', revisions: ALL }],
  ['prompts/get', { from: 'client', revisions: ALL }],
  ['prompts/list', { from: 'client', revisions: ALL }],
  ['resources/list', { from: 'client', revisions: ALL }],
  ['resources/templates/list', { from: 'client', revisions: ALL }],
  ['resources/read', { from: 'client', revisions: ALL }],
  ['resources/subscribe', { from: 'client', revisions: ALL }],
  ['resources/unsubscribe', { from: 'client', revisions: ALL }],
  ['tools/call', { from: 'client', revisions: ALL }],
  ['tools/list', { from: 'client', revisions: ALL }],
  ['tasks/get', { from: 'both', revisions: SINCE_2025_11_25 }],
  ['tasks/result', { from: 'both', revisions: SINCE_2025_11_25 }],
  ['tasks/list', { from: 'both', revisions: SINCE_2025_11_25 }],
  ['tasks/cancel', { from: 'both', revisions: SINCE_2025_11_25 }],
  ['sampling/createMessage', { from: 'server', revisions: ALL }],
  ['roots/list', { from: 'server', revisions: ALL }],
  ['elicitation/create', { from: 'server', revisions: SINCE_2025_06_18 }],
  ['notifications/cancelled', { from: 'both', revisions: ALL }],
  ['notifications/progress', { from: 'both', revisions: ALL }],
  ['notifications/initialized', { from: 'client', revisions: ALL }],
  ['notifications/roots/list_changed', { from: 'client', revisions: ALL }],
  ['notifications/message', { from: 'server', revisions: ALL }],
  ['notifications/resources/updated', { from: 'server', revisions: ALL }],
  ['notifications/resources/list_changed', { from: 'server', revisions: ALL }],
  ['notifications/tools/list_changed', { from: 'server', revisions: ALL }],
  ['notifications/prompts/list_changed', { from: 'server', revisions: ALL }],
  ['notifications/elicitation/complete', { from: 'server', revisions: SINCE_2025_11_25 }],
  ['notifications/tasks/status', { from: 'both', revisions: SINCE_2025_11_25 }],
]);

/**
 * Whether the specification defines `method` for `sender` under `revision`: an exact key of MCP_METHODS (an own
 * entry of a Map, so no inherited name matches), for a revision it lists. An unknown revision defines nothing.
 */
export function isSpecMethod(method: string, sender: 'client' | 'server', revision: string): boolean {
  const entry = MCP_METHODS.get(method);
  if (entry === undefined) return false;
  if (entry.from !== 'both' && entry.from !== sender) return false;
  return (entry.revisions as readonly string[]).includes(revision);
}
