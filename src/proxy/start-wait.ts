// How long the gateway's start (servers.ts) waits for its servers: one server that hangs must not hold the client's
// initialize for a whole `--timeout`, and a set whose servers all fail must still fail at start.
import type { Upstream, UpstreamFailure } from './upstream.js';

/**
 * How long a gateway waits for its servers at start before it serves those up, well within a client's own wait for
 * `initialize` (which may be shorter than `--timeout`): the others are served when up, announced by
 * `tools/list_changed`. A client's `tools/list` waits for its servers' re-admissions as long at most.
 */
export const START_WAIT_MS = 5_000;

/**
 * What each of `attempts` settled with (undefined: still under way): all of them, or with `ms`, those settled by
 * then, and past it as soon as one server is up (a set that serves none yet keeps waiting, so one whose servers all
 * fail still fails at start). Its timer is cleared once it has answered.
 */
export async function startedWithin(
  attempts: readonly Promise<Upstream | UpstreamFailure>[],
  ms: number | undefined,
): Promise<(Upstream | UpstreamFailure | undefined)[]> {
  const results: (Upstream | UpstreamFailure | undefined)[] = attempts.map(() => undefined);
  let up = (): void => undefined;
  const someUp = new Promise<void>((resolve) => (up = resolve));
  const all = Promise.all(
    attempts.map((a, i) =>
      a.then((o) => {
        results[i] = o;
        if ('peer' in o) up();
      }),
    ),
  );
  let timer: NodeJS.Timeout | undefined;
  if (ms !== undefined) await Promise.race([all, new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
  await Promise.race([all, ...(ms === undefined ? [] : [someUp])]);
  return [...results];
}
