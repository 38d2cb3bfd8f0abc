// Which session ends to make room for a new one at --max-sessions. Clients that never send DELETE (MCP Inspector,
// LangChain's MultiServerMCPClient.close()) leave sessions behind, so the one unused longest makes room, and never
// one with a request waiting or a stream open (its client is there). With --grants each client has a share,
// --max-sessions over the number of clients (every client of the file, rounded up), so no client takes the others'
// places by opening sessions:
// - a client holding its share (sessions it is opening included) makes room among its own only;
// - one under its share first takes from a client over its share, even a session whose stream is open (no request
//   of it waiting): that client holds more than its share, and its own client may open one again;
// - else only from a client holding at least two more than it: taking one cannot turn the two around, so no two
//   clients end each other's sessions in turn. Otherwise none, and the initialize gets 503.
import type { GrantedClient } from './grants.js';
import type { HttpSession } from './http-session.js';
import type { ListenSettings } from './settings.js';

/** What eviction reads of a session: whose it is, and since when it is unused (HttpSession). */
export type Evictable = Pick<HttpSession, 'client' | 'idleSince' | 'quietSince'>;

/** The session to end to make room for one of `client`; `opening`: sessions each client is opening. */
export function roomFor<S extends Evictable>(
  client: GrantedClient | undefined,
  sessions: readonly S[],
  listen: Pick<ListenSettings, 'maxSessions' | 'clients'>,
  opening: ReadonlyMap<GrantedClient | undefined, number> = new Map(),
): S | undefined {
  const clients = listen.clients?.length ?? 0;
  if (client === undefined || clients === 0) return unusedLongest(sessions);
  const share = Math.ceil(listen.maxSessions / clients);
  const held = new Map<GrantedClient | undefined, number>(opening);
  for (const s of sessions) held.set(s.client, (held.get(s.client) ?? 0) + 1);
  const heldBy = (s: S): number => held.get(s.client) ?? 0;
  const mine = held.get(client) ?? 0;
  if (mine >= share) return unusedLongest(sessions.filter((s) => s.client === client));
  const over = longest(
    sessions.filter((s) => heldBy(s) > share),
    (s) => s.quietSince,
  );
  return over ?? unusedLongest(sessions.filter((s) => heldBy(s) > mine + 1));
}

/** The session unused longest of those that may be ended to make room (HttpSession.idleSince); one pass. */
export function unusedLongest<S extends Evictable>(sessions: Iterable<S>): S | undefined {
  return longest(sessions, (s) => s.idleSince);
}

/** The session with the earliest `since` (undefined: not a candidate); one pass. */
function longest<S>(sessions: Iterable<S>, since: (s: S) => number | undefined): S | undefined {
  let found: S | undefined;
  let earliest = Number.POSITIVE_INFINITY;
  for (const s of sessions) {
    const at = since(s);
    if (at !== undefined && at < earliest) [found, earliest] = [s, at];
  }
  return found;
}
