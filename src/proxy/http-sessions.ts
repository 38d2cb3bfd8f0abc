// The sessions of `toolgate proxy --listen`: the table of sessions by their Mcp-Session-Id, opening one for an
// initialize (past --max-sessions the one unused longest is ended, within a --grants client's share: roomFor),
// finding the one a request names, the sessions of 2026-07-28 clients (one shared, or one per --grants client),
// the --stateless one, and ending them all.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type Backend, openBackend, openSessionBackend } from './backend.js';
import type { CallRecord } from './session-context.js';
import type { GrantedClient } from './grants.js';
import { HttpSession } from './http-session.js';
import { roomFor } from './session-room.js';
import { UnreadAnswers } from './unread-answers.js';
import { UnreadStreams } from './unread-streams.js';
import { refuse } from './http-refuse.js';
import type { ProxyIO } from './io.js';
import { NO_INPUT_REQUIRED } from './modern-requests.js';
import { REFUSED_STATELESS } from './session-context.js';

import type { ListenSettings, ProxySettings } from './settings.js';

/** The sessions one --listen front serves. */
export interface SessionTable {
  /** The --stateless session every request shares; undefined without --stateless. */
  readonly shared: HttpSession | undefined;
  /** Whether stop() was called: no session opens after it. */
  readonly stopping: () => boolean;
  /** A new session for an initialize, or why there is none. */
  readonly open: (client: GrantedClient | undefined) => Promise<HttpSession | 'busy' | 'failed'>;
  /** The session a request names, or undefined when `res` was answered with why not. */
  readonly of: (
    req: IncomingMessage,
    res: ServerResponse,
    client: GrantedClient | undefined,
  ) => HttpSession | undefined;
  /** The session that serves this client's 2026-07-28 requests; undefined when its server could not start. */
  readonly modern: (client: GrantedClient | undefined) => Promise<HttpSession | undefined>;
  /** Ends every session. */
  readonly stop: () => Promise<void>;
}

/**
 * The session table of one front; `first` is start-up's upstream: with --stateless the one every request shares,
 * otherwise stopped here.
 */
export async function sessionTable(
  settings: ProxySettings,
  io: ProxyIO,
  told: Promise<void>,
  first: Backend,
  say: (line: string) => void,
  onCall: (record: CallRecord) => void,
): Promise<SessionTable> {
  const listen = settings.listen as ListenSettings;
  const sessions = new Map<string, HttpSession>();
  let starting = 0;
  // Sessions being opened, by client: they count toward its share before they are in the table.
  const opening = new Map<GrantedClient | undefined, number>();
  let stopping = false;
  // Openings under way: stop() waits for them, so a server still starting is gone when it resolves (a host that
  // exits after startProxy's close() left one that ignores SIGTERM running).
  const underWay = new Set<Promise<unknown>>();
  const hooks = {
    warn: say,
    onCall,
    unread: new UnreadAnswers(say),
    streams: new UnreadStreams(say),
    ended: (s: HttpSession, why: string) => {
      if (s.id === undefined) return;
      sessions.delete(s.id);
      const client = s.client === undefined ? '' : ` (client ${s.client.name})`;
      if (!stopping) say(`session ${s.id.slice(0, 8)}${client} ended: ${why}`);
    },
  };
  let shared: HttpSession | undefined;
  // Its clients cannot cancel by id (theirs collide) nor resume a stream: closing a POST is the cancellation.
  if (listen.stateless) shared = new HttpSession(undefined, first, settings, hooks, undefined, REFUSED_STATELESS);
  else await first.stop();

  // 2026-07-28 clients have no session: their requests share one session of the proxy's own with the server (the
  // --stateless one when there is one), opened at the first such request and again after its server goes; with
  // --grants one per client, so that each sees and calls only its granted tools.
  const modern = new Map<string, Promise<HttpSession | undefined>>();
  const modernHooks = {
    ...hooks,
    ended: (s: HttpSession, why: string) => {
      const key = s.client?.name ?? '';
      const current = modern.get(key);
      void current?.then((m) => {
        if (m === s && modern.get(key) === current) modern.delete(key);
      });
      const whose = s.client === undefined ? '' : ` (client ${s.client.name})`;
      if (!stopping) say(`the session for MCP 2026-07-28 clients${whose} ended: ${why}`);
    },
  };
  const modernSession = (client: GrantedClient | undefined): Promise<HttpSession | undefined> => {
    if (shared !== undefined && client === undefined) return Promise.resolve(shared);
    const key = client?.name ?? '';
    const open = modern.get(key);
    if (open !== undefined) return open;
    const opening = openBackend(settings, io, told, false, client?.reaches).then(async (upstream) => {
      if ('code' in upstream || stopping) {
        if (!('code' in upstream)) await upstream.stop();
        modern.delete(key);
        return undefined;
      }
      return new HttpSession(undefined, upstream, settings, modernHooks, client, NO_INPUT_REQUIRED);
    });
    modern.set(key, opening);
    return opening;
  };

  const openSession = (client: GrantedClient | undefined): Promise<HttpSession | 'busy' | 'failed'> => {
    const opened = openOne(client);
    underWay.add(opened);
    const done = (): void => void underWay.delete(opened);
    opened.then(done, done);
    return opened;
  };

  const openOne = async (client: GrantedClient | undefined): Promise<HttpSession | 'busy' | 'failed'> => {
    let evicted: Promise<void> | undefined;
    if (sessions.size + starting >= listen.maxSessions) {
      // Which one makes room, and when none does (503): session-room.ts.
      const unused = roomFor(client, [...sessions.values()], listen, opening);
      if (unused === undefined) return 'busy';
      evicted = unused.close('unused longest, ended to make room for a new one (--max-sessions)');
    }
    starting++;
    opening.set(client, (opening.get(client) ?? 0) + 1);
    let upstream: Awaited<ReturnType<typeof openSessionBackend>>;
    try {
      // Its server is stopped first, so servers never outnumber --max-sessions.
      await evicted;
      upstream = await openSessionBackend(settings, io, told, client?.reaches);
    } finally {
      starting--;
      opening.set(client, (opening.get(client) ?? 1) - 1);
    }
    if ('code' in upstream) return 'failed';
    if (stopping) {
      await upstream.stop();
      return 'failed';
    }
    const session = new HttpSession(randomUUID(), upstream, settings, hooks, client);
    sessions.set(session.id as string, session);
    return session;
  };

  /**
   * The session a request names: 400 without the header, 404 for one that is unknown or ended, or that another
   * client opened (`--grants`: answered as an unknown one, so a token cannot tell which sessions exist).
   */
  const sessionOf = (
    req: IncomingMessage,
    res: ServerResponse,
    client: GrantedClient | undefined,
  ): HttpSession | undefined => {
    if (shared !== undefined) return shared;
    const id = req.headers['mcp-session-id'];
    if (typeof id !== 'string') {
      refuse(res, 400, 'Bad Request: Mcp-Session-Id header is required');
      return undefined;
    }
    const session = sessions.get(id);
    if (session !== undefined && session.client === client) return session;
    refuse(res, 404, 'Session not found');
    return undefined;
  };

  return {
    shared,
    stopping: () => stopping,
    open: openSession,
    of: sessionOf,
    modern: modernSession,
    stop: async () => {
      stopping = true;
      await Promise.allSettled(underWay);
      const stateless = (await Promise.all(modern.values())).filter((s) => s !== undefined && s !== shared);
      await Promise.all(
        [...sessions.values(), ...(shared !== undefined ? [shared] : []), ...stateless].map((s) =>
          (s as HttpSession).close('stopping'),
        ),
      );
    },
  };
}
