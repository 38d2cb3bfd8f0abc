// The tools one session publishes to its client: what admission gave (or is still giving, for a `--listen` session
// whose initialize was answered meanwhile), seen through the client's --grants view (client-view.ts), and admitted
// again on the server's notifications/tools/list_changed, one re-admission at a time (a change during one queues
// another). What waits for the tools is answered only once the admission running has ended.
import type { Peer } from '../mcp/peer.js';
import { admitUpstream, NOTHING, type Published } from './admission.js';
import { grantedView, viewChanged } from './client-view.js';
import type { SessionContext } from './session-context.js';
import { READMITS_IN_A_WINDOW, ReadmitPace } from './readmit-pace.js';
import { readmissionLines } from './summary.js';

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
  // Re-admissions are paced (readmit-pace.ts): one waiting for its turn is `paused`; none once the server is gone.
  const pace = new ReadmitPace();
  let paused: NodeJS.Timeout | undefined;
  // While one waits for its turn the tools admitted last are stale (the server announced a change): what waits for
  // the tools waits for that turn's outcome, as for an admission under way.
  let turn: { readonly outcome: Promise<Published>; readonly settle: (p: Published) => void } | undefined;
  let ended = false;
  void context.ended?.then(() => {
    ended = true;
    clearTimeout(paused);
    paused = undefined;
    turn?.settle(NOTHING);
    turn = undefined;
  });
  const newTurn = (): NonNullable<typeof turn> => {
    let settle: (p: Published) => void = () => undefined;
    const outcome = new Promise<Published>((resolve) => {
      settle = resolve;
    });
    return { outcome, settle };
  };
  /** Runs readmit after `wait` ms; changes announced meanwhile join it. */
  const pause = (wait: number): void => {
    queued = false;
    if (ended) return;
    turn ??= newTurn();
    paused = setTimeout(() => {
      paused = undefined;
      readmit();
    }, wait);
  };

  const readmit = (): void => {
    if (ended) return;
    if (readmitting !== undefined || paused !== undefined) {
      queued = true;
      return;
    }
    const wait = pace.next();
    if (wait > 0) {
      pause(wait);
      return;
    }
    const before = seen(published);
    readmitting = (async () => {
      let next: Published = NOTHING;
      for (let rounds = 1; ; rounds++) {
        queued = false;
        const admitted = await admitUpstream(upstream, settings);
        if (admitted.ok) next = admitted.value;
        else {
          next = NOTHING;
          context.warn(`re-admission after tools/list_changed failed, no tools published: ${admitted.message}`);
        }
        if (!queued) break;
        // Listings slower than the pace's window never meet it: what waits is answered after a few rounds anyway;
        // after a round that failed (a listing never answered: one --timeout each) at once.
        if (!admitted.ok || rounds >= READMITS_IN_A_WINDOW) {
          pause(0);
          break;
        }
        const again = pace.next();
        if (again > 0) {
          pause(again);
          break;
        }
      }
      for (const line of readmissionLines(published, next, init, settings.display, settings.quiet === true))
        context.warn(line);
      published = next;
      readmitting = undefined;
      // A client is told only of a change to what it sees: a --grants client of its own tools (client-view.ts). A
      // stateless client hears of changes only through subscriptions/listen, which the proxy does not serve.
      if (!statelessClient() && viewChanged(before, seen(next))) downstream.notify('notifications/tools/list_changed');
      return next;
    })();
    // What waited for this turn is answered with this admission's outcome, as what waited for the admission is;
    // one that paused again (a change during it) has a turn of its own for what comes next. Each wait is bounded.
    const waited = turn;
    void readmitting.then((next) => {
      waited?.settle(next);
      if (turn === waited) turn = paused === undefined ? undefined : newTurn();
    });
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

  // A change the server announced before this session took its messages is admitted now, as a later one would be.
  if (context.changedAtStart?.() === true) readmit();

  return {
    ready: () => (readmitting === undefined && turn === undefined ? seen(published) : undefined),
    settled: async () =>
      seen(readmitting !== undefined ? await readmitting : turn !== undefined ? await turn.outcome : published),
    readmit,
  };
}
