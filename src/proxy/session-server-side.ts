// The server side of one upstream's session (session.ts): what the server sends reaches the client. A server's
// request for a capability the client did not declare (sampling, elicitation, roots) is answered with an error here,
// and one the client takes is re-sent under the downstream side's own id (session-relay.ts), bounded while it waits
// (server-asks.ts); its notifications pass rebuilt, a task's status only to the session whose call made the task.
import { isSpecMethod } from '../mcp/methods.js';
import { protoMemberPath } from '../mcp/forward.js';
import { type Peer, type PeerHandlers, RPC, type Reply } from '../mcp/peer.js';
import type { ProtocolRevision } from '../mcp/versions.js';
import type { Belonging } from './belonging.js';
import type { DeclaredFeatures } from './declared-features.js';
import { NO_INPUT_REQUIRED } from './modern-requests.js';
import { type ClientSide, NOT_PASSED, serverNotification, serverRequest } from './server-messages.js';
import { ServerAsks } from './server-asks.js';
import { SHARED_REFUSAL } from './session-context.js';
import { notFound, passCancellation, type Relay } from './session-relay.js';
import type { SessionTools } from './session-tools.js';
import { namedTask, type TaskTools } from './tasks.js';
import type { UrlElicitations } from './url-elicitations.js';

/** What the server side reads of its session (session.ts). */
export interface SessionServerSide {
  readonly downstream: Peer;
  readonly upstream: Peer;
  /** Several clients share the session (SessionContext.shared): no server request reaches any of them. */
  readonly shared: boolean;
  /** Whether a message of `sender` with this method may pass to the other side (session.ts). */
  readonly passes: (method: string, sender: 'client' | 'server', client?: ProtocolRevision) => boolean;
  /** The revision of the client a message goes to (session.ts). */
  readonly revisionFor: (id?: string | number) => ProtocolRevision;
  /** Whether the client sent a 2026-07-28 request and never initialized. */
  readonly statelessClient: () => boolean;
  /** The client a server's message goes to, as server-messages.ts reads it. */
  readonly client: (params?: unknown, id?: string | number) => ClientSide;
  readonly belonging: Belonging;
  readonly features: DeclaredFeatures;
  readonly tools: SessionTools;
  readonly tasks: TaskTools;
  readonly elicitations: UrlElicitations;
  readonly relay: Relay;
}

/** The upstream's handlers: its requests and notifications, on their way to the client. */
export function serverHandlers(of: SessionServerSide): PeerHandlers {
  const { downstream, upstream, passes, revisionFor, statelessClient, client, belonging, features } = of;
  const { tools, tasks, elicitations, relay } = of;
  // The server's request id (as JSON text) -> the downstream id it was re-sent under.
  const toDownstream = new Map<string, number>();
  // The server's requests the client has not answered yet, bounded (server-asks.ts).
  const asks = new ServerAsks();
  return {
    request(m, text, related) {
      // A request named like a notification is neither: it would be relayed under a method nobody answers.
      if (!passes(m.method as string, 'server') || (m.method as string).startsWith('notifications/')) {
        upstream.respond(m.id, notFound(m.method as string));
        return;
      }
      // Made while serving a 2026-07-28 request, it never reaches the client; one naming no request is refused while
      // any such request is open, whatever else is (Belonging.statelessOf: a stdio upstream names none).
      if (statelessClient() || belonging.statelessOf(m, related).length > 0) {
        upstream.respond(m.id, { error: { code: RPC.methodNotFound, message: NO_INPUT_REQUIRED } });
        return;
      }
      // Shared (--stateless): none of its clients is the one asked, and none's capabilities are kept to judge it by.
      if (of.shared) {
        upstream.respond(m.id, SHARED_REFUSAL);
        return;
      }
      // Rebuilt, and only what the client declared it takes (server-messages.ts).
      const asked = serverRequest(m.method as string, m.params, client());
      if ('error' in asked) {
        upstream.respond(m.id, asked);
        return;
      }
      const held = asks.hold(Buffer.byteLength(text));
      if (typeof held === 'string') {
        upstream.respond(m.id, { error: { code: RPC.internalError, message: held } });
        return;
      }
      // Relayed only when no 2026-07-28 request may be the one asking (above): a URL one is a 2025-11-25 request's.
      if (m.method === 'elicitation/create') elicitations.asked(asked.params);
      const reshaped = { params: asked.params, shape: (r: Reply) => r };
      relay(m, upstream, downstream, toDownstream, belonging.of(m, related), reshaped, held);
    },
    notification(m, _text, related) {
      // The proxy's own business: --deny-method cannot leave the published tools stale.
      if (m.method === 'notifications/tools/list_changed') {
        tools.readmit();
        return;
      }
      const to = belonging.of(m, related);
      if (!passes(m.method, 'server', revisionFor(to)) || !m.method.startsWith('notifications/')) return;
      if (protoMemberPath(m.params) !== undefined || !features.passes(m.method, m.params)) return;
      if (statelessClient() && to === undefined) return;
      // A task's status is its requestor's business alone ("Tasks", Task Status Notification; Security Considerations).
      const ownTask = m.method === 'notifications/tasks/status' && tasks.owns(namedTask(m.params));
      if (m.method === 'notifications/tasks/status' && !ownTask) return;
      // Naming no request, a status of this session's task, or the completion of a URL elicitation its 2025-11-25
      // requests opened, is of no 2026-07-28 request (those are made no task: session-calls.ts), so it passes while
      // one is open (a review's find: dropped on stdio, whose upstream names no request).
      const legacyOwn =
        to === undefined &&
        (ownTask || (m.method === 'notifications/elicitation/complete' && elicitations.opened(m.params)));
      // Of a 2026-07-28 request (or, naming none, while one is open), only what that revision defines passes (a
      // hunt's find: notifications/elicitation/complete reached such a request's stream).
      const stateless = legacyOwn ? [] : belonging.statelessOf(m, related);
      if (stateless.some((revision) => !isSpecMethod(m.method, 'server', revision))) return;
      if (belonging.unasked(m, related)) return;
      if (m.method === 'notifications/cancelled') return passCancellation(m, toDownstream, downstream, to);
      // Rebuilt, and only what the client (or the 2026-07-28 request it belongs to) declared it takes.
      const params = serverNotification(m.method, m.params, client(belonging.paramsOf(m, related), to));
      if (params === NOT_PASSED) return;
      if (m.method !== 'notifications/progress') return downstream.notify(m.method, params, to);
      // With the client's own token, and only for one of its open requests (belonging.ts).
      const shown = belonging.progressFor({ ...m, params }, related);
      if (shown !== undefined) downstream.notify(m.method, shown, to);
    },
  };
}
