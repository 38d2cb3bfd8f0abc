// A stderr line a peer can make repeat without end, said once and then at most once in a while with how many went
// unsaid. A hunt's find: a server's GET stream of a million 9-byte events that are not JSON-RPC made 434,381 stderr
// lines (38 MB) in 8 s, one an event. The lines of connections refused and of pipelining (http-connections.ts) too.

/** How often a repeated line may be said again. */
const SAY_EVERY_MS = 10_000;

/**
 * A `say` for a line that may repeat: the first is said, then at most one in `everyMs`. `line` is given how many
 * came since the last one said (0 for the first), this one not counted. Lines left unsaid when the window ends are
 * said then, as the last of them with the count of the others: a flood that stopped was counted once, never said
 * (a review's find). That timer keeps no process alive.
 */
export function seldomSaid(
  say: (line: string) => void,
  everyMs = SAY_EVERY_MS,
): (line: (unsaid: number) => string) => void {
  let saidAt = Number.NEGATIVE_INFINITY;
  let unsaid = 0;
  let last: ((unsaid: number) => string) | undefined;
  let timer: NodeJS.Timeout | undefined;
  const sayNow = (line: (unsaid: number) => string, before: number): void => {
    saidAt = performance.now();
    unsaid = 0;
    last = undefined;
    say(line(before));
  };
  const atWindowEnd = (): void => {
    timer = undefined;
    if (last !== undefined) sayNow(last, unsaid - 1);
  };
  return (line) => {
    const since = performance.now() - saidAt;
    if (since >= everyMs) return sayNow(line, unsaid);
    unsaid++;
    last = line;
    if (timer === undefined) {
      timer = setTimeout(atWindowEnd, everyMs - since);
      timer.unref();
    }
  };
}
