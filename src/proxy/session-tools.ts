// The tools one session publishes to its client: what admission gave (or is still giving, for a `--listen` session
// whose initialize was answered meanwhile), seen through the client's --grants view (client-view.ts), and admitted
// again on the server's notifications/tools/list_changed (readmission.ts). What waits for the tools is answered only
// once the admission running, or waiting for the pace's turn, has ended (one held for its CPU budget: at once).
import type { Peer } from '../mcp/peer.js';
import { admitUpstream } from './admission.js';
import { NOTHING, type Published } from './published.js';
import { grantedView, viewChanged } from './client-view.js';
import type { SessionContext } from './session-context.js';
import { GONE, heldLine, Readmission } from './readmission.js';
import { readmissionLines } from './summary.js';
import { clientGrantLines, unmatchedGrantLines } from './unmatched-grants.js';

/** A session's published tools, as its client sees them. */
export interface SessionTools {
  /**
   * The client's tools now, without an await, when no admission runs (a call's upstream id is then set in the
   * tick it arrived, so a cancellation right behind it finds it); undefined while one runs.
   */
  readonly ready: () => Published | undefined;
  /** The client's tools once the admission running has ended. */
  readonly settled: () => Promise<Published>;
  /** Admits the upstream's catalog again (its tools/list_changed), and tells the client when its tools changed. */
  readonly readmit: () => void;
}

/**
 * The published tools of one session; `statelessClient` says whether the client can hear no notification but
 * those of its own requests.
 */
export function sessionTools(
  downstream: Peer,
  upstream: Peer,
  context: SessionContext,
  statelessClient: () => boolean,
): SessionTools {
  const { settings, init } = context;
  let published: Published = 'admitting' in context.published ? NOTHING : context.published;
  // A `--listen` session's first admission, still under way when its initialize was answered.
  let first: Promise<Published> | undefined;
  let queued = false;
  // What this session's client sees: everything published, or its --grants view (client-view.ts).
  const seen = context.visible === undefined ? (p: Published): Published => p : grantedView(context.visible);
  const again = new Readmission({
    admit: (meter) => admitUpstream(upstream, settings, meter),
    failed: (message) => context.warn(`re-admission after tools/list_changed failed, no tools published: ${message}`),
    held: (ms) => context.warn(heldLine(ms)),
    done: (next) => {
      if (next === GONE) return published;
      for (const line of readmissionLines(published, next, init, settings.display, settings.quiet === true))
        context.warn(line);
      for (const line of unmatchedGrantLines(settings.grants, next.listedNames, false)) context.warn(line);
      // A --grants client's glob a renamed tool left matching nothing: said as at start-up (http.ts), once.
      for (const line of clientGrantLines(settings.listen?.clients ?? [], [...next.tools.keys()], false))
        context.warn(line);
      const before = seen(published);
      published = next;
      // A client is told only of a change to what it sees: a --grants client of its own tools (client-view.ts). A
      // stateless client hears of changes only through subscriptions/listen, which the proxy does not serve.
      if (!statelessClient() && viewChanged(before, seen(next))) downstream.notify('notifications/tools/list_changed');
      return next;
    },
  });
  void context.ended?.then(() => again.end(NOTHING));
  const readmit = (): void => {
    if (first !== undefined) queued = true;
    else again.request();
  };

  if ('admitting' in context.published) {
    const { admitting, failed } = context.published;
    first = admitting.then((admitted) => {
      first = undefined;
      // Ended first: what waits for the tools is answered with the session's end, never with an empty list.
      if (!admitted.ok) failed(admitted.message);
      else published = admitted.value;
      if (queued) again.request();
      return published;
    });
  }

  // A change the server announced before this session took its messages is admitted now, as a later one would be.
  if (context.changedAtStart?.() === true) readmit();

  return {
    ready: () => (first === undefined && again.pending === undefined ? seen(published) : undefined),
    settled: async () => {
      const pending = first ?? again.pending;
      return seen(pending !== undefined ? await pending : published);
    },
    readmit,
  };
}
