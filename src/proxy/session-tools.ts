// The tools one session publishes to its client: what admission gave (or is still giving, for a `--listen` session
// whose initialize was answered meanwhile), seen through the client's --grants view (client-view.ts), and admitted
// again on the server's notifications/tools/list_changed, one re-admission at a time (a change during one queues
// another). What waits for the tools is answered only once the admission running has ended.
import type { Peer } from '../mcp/peer.js';
import { admitUpstream, NOTHING, type Published } from './admission.js';
import { grantedView, viewChanged } from './client-view.js';
import type { SessionContext } from './session-context.js';
import { summaryLines } from './summary.js';

/**
 * Admissions run in a row while tools/list_changed keeps coming during them; one still queued after that runs
 * READMIT_PAUSE_MS later, the tools admitted last published meanwhile. A server that announces a change during
 * every listing would otherwise keep the session re-admitting for good, with every tools/list and call waiting.
 */
export const READMITS_IN_A_ROW = 3;
export const READMIT_PAUSE_MS = 1000;

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
  let readmitting: Promise<Published> | undefined;
  // What this session's client sees: everything published, or its --grants view (client-view.ts).
  const seen = context.visible === undefined ? (p: Published): Published => p : grantedView(context.visible);
  let queued = false;

  const readmit = (): void => {
    if (readmitting !== undefined) {
      queued = true;
      return;
    }
    const before = seen(published);
    readmitting = (async () => {
      let next: Published = NOTHING;
      let rounds = 0;
      do {
        queued = false;
        rounds++;
        const admitted = await admitUpstream(upstream, settings);
        if (admitted.ok) next = admitted.value;
        else {
          next = NOTHING;
          context.warn(`re-admission after tools/list_changed failed, no tools published: ${admitted.message}`);
        }
      } while (queued && rounds < READMITS_IN_A_ROW);
      if (queued) {
        queued = false;
        setTimeout(readmit, READMIT_PAUSE_MS).unref();
      }
      for (const line of summaryLines(next, init, settings.display, settings.quiet === true)) context.warn(line);
      published = next;
      readmitting = undefined;
      // A --grants client is told only of a change to its own tools (client-view.ts); a stateless client hears of
      // changes only through subscriptions/listen, which the proxy does not serve.
      if (!statelessClient() && (context.visible === undefined || viewChanged(before, seen(next))))
        downstream.notify('notifications/tools/list_changed');
      return next;
    })();
  };

  if ('admitting' in context.published) {
    const { admitting, failed } = context.published;
    readmitting = admitting.then((admitted) => {
      readmitting = undefined;
      // Ended first: what waits for the tools is answered with the session's end, never with an empty list.
      if (!admitted.ok) failed(admitted.message);
      else published = admitted.value;
      if (queued) readmit();
      return published;
    });
  }

  return {
    ready: () => (readmitting === undefined ? seen(published) : undefined),
    settled: async () => seen(readmitting === undefined ? published : await readmitting),
    readmit,
  };
}
