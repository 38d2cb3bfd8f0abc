// The one table of MCP methods: per method, who may send it and the protocol revisions that define it, read from
// the specification's TypeScript schema of each revision (its unions ClientRequest, ClientNotification, ServerRequest,
// ServerNotification). The proxy forwards a request or notification only when its method is, byte for byte, a key
// here for the negotiated revision and the sender's side; a near miss (`Tools/Call`, a trailing space or NUL) is
// no key, so it never reaches the other side however that side normalizes names.

import { PROTOCOL_REVISIONS, revisionOf } from './versions.js';

/** A protocol revision of src/mcp/versions.ts (the one table of them), spelled as the specification spells it. */
export type McpRevision = string;

/** Who sends a method: the client (toward the server), the server (toward the client), or either. */
export type McpSender = 'client' | 'server' | 'both';

/** One method: its sender and the revisions whose schema defines it. */
export interface McpMethod {
  readonly from: McpSender;
  /** The revisions that start with initialize whose schema defines it. */
  readonly revisions: readonly McpRevision[];
  /**
   * Its sender under the stateless revisions (2026-07-28: ClientRequest, ClientNotification, ServerNotification;
   * no server requests, no ping), absent when they do not define it.
   */
  readonly stateless?: McpSender;
  /** What the server must have declared for it to cross (src/mcp/capability-needs.ts); absent: nothing. */
  readonly needs?: CapabilityNeed;
}

/** A member of ServerCapabilities a method needs, and the flag of it that must be true. */
export interface CapabilityNeed {
  readonly capability: string;
  readonly flag?: 'listChanged' | 'subscribe';
  /** The first revision whose ServerCapabilities has it (earlier: not checked). */
  readonly since?: string;
}

/** The revisions of the versions table that start with initialize, from `first` on (2024-10-07 is 2024-11-05). */
const since = (first: string): readonly McpRevision[] =>
  PROTOCOL_REVISIONS.filter((r) => r.era === 'initialize' && (r.version >= first || first === '2024-11-05')).map(
    (r) => r.version,
  );
const ALL = since('2024-11-05');
const SINCE_2025_06_18 = since('2025-06-18');
const SINCE_2025_11_25 = since('2025-11-25');

/** Every request and notification method of the specification, by revision. */
export const MCP_METHODS: ReadonlyMap<string, McpMethod> = new Map<string, McpMethod>([
  ['initialize', { from: 'client', revisions: ALL }],
  ['ping', { from: 'both', revisions: ALL }],
  [
    'completion/complete',
    { from: 'client', revisions: ALL, stateless: 'client', needs: { capability: 'completions', since: '2025-03-26' } },
  ],
  ['logging/setLevel', { from: 'client', revisions: ALL, needs: { capability: 'logging' } }],
  ['prompts/get', { from: 'client', revisions: ALL, stateless: 'client', needs: { capability: 'prompts' } }],
  ['prompts/list', { from: 'client', revisions: ALL, stateless: 'client', needs: { capability: 'prompts' } }],
  ['resources/list', { from: 'client', revisions: ALL, stateless: 'client', needs: { capability: 'resources' } }],
  [
    'resources/templates/list',
    { from: 'client', revisions: ALL, stateless: 'client', needs: { capability: 'resources' } },
  ],
  ['resources/read', { from: 'client', revisions: ALL, stateless: 'client', needs: { capability: 'resources' } }],
  ['resources/subscribe', { from: 'client', revisions: ALL, needs: { capability: 'resources', flag: 'subscribe' } }],
  ['resources/unsubscribe', { from: 'client', revisions: ALL, needs: { capability: 'resources', flag: 'subscribe' } }],
  ['tools/call', { from: 'client', revisions: ALL, stateless: 'client' }],
  ['tools/list', { from: 'client', revisions: ALL, stateless: 'client' }],
  ['tasks/get', { from: 'both', revisions: SINCE_2025_11_25 }],
  ['tasks/result', { from: 'both', revisions: SINCE_2025_11_25 }],
  ['tasks/list', { from: 'both', revisions: SINCE_2025_11_25 }],
  ['tasks/cancel', { from: 'both', revisions: SINCE_2025_11_25 }],
  ['sampling/createMessage', { from: 'server', revisions: ALL }],
  ['roots/list', { from: 'server', revisions: ALL }],
  ['elicitation/create', { from: 'server', revisions: SINCE_2025_06_18 }],
  ['notifications/cancelled', { from: 'both', revisions: ALL, stateless: 'both' }],
  ['notifications/progress', { from: 'both', revisions: ALL, stateless: 'server' }],
  ['notifications/initialized', { from: 'client', revisions: ALL }],
  ['notifications/roots/list_changed', { from: 'client', revisions: ALL }],
  ['notifications/message', { from: 'server', revisions: ALL, stateless: 'server', needs: { capability: 'logging' } }],
  [
    'notifications/resources/updated',
    { from: 'server', revisions: ALL, stateless: 'server', needs: { capability: 'resources', flag: 'subscribe' } },
  ],
  [
    'notifications/resources/list_changed',
    { from: 'server', revisions: ALL, stateless: 'server', needs: { capability: 'resources', flag: 'listChanged' } },
  ],
  ['notifications/tools/list_changed', { from: 'server', revisions: ALL, stateless: 'server' }],
  [
    'notifications/prompts/list_changed',
    { from: 'server', revisions: ALL, stateless: 'server', needs: { capability: 'prompts', flag: 'listChanged' } },
  ],
  ['notifications/elicitation/complete', { from: 'server', revisions: SINCE_2025_11_25 }],
  ['notifications/tasks/status', { from: 'both', revisions: SINCE_2025_11_25 }],
  ['server/discover', { from: 'client', revisions: [], stateless: 'client' }],
  ['subscriptions/listen', { from: 'client', revisions: [], stateless: 'client' }],
  ['notifications/subscriptions/acknowledged', { from: 'server', revisions: [], stateless: 'server' }],
]);

/**
 * Whether the specification defines `method` for `sender` under `revision`: an exact key of MCP_METHODS (an own
 * entry of a Map, so no inherited name matches), for a revision it lists. An unknown revision defines nothing.
 */
export function isSpecMethod(method: string, sender: 'client' | 'server', revision: string): boolean {
  const entry = MCP_METHODS.get(method);
  if (entry === undefined) return false;
  if (revisionOf(revision)?.era === 'stateless')
    return entry.stateless !== undefined && (entry.stateless === 'both' || entry.stateless === sender);
  if (entry.from !== 'both' && entry.from !== sender) return false;
  return (entry.revisions as readonly string[]).includes(revision);
}
