// One catalog's admissions again after its server's notifications/tools/list_changed, for a session's tools
// (session-tools.ts) and for each server of a gateway (servers.ts): one at a time; a change announced during one
// runs it once more after (the listing it read may predate the change); paced by count (readmit-pace.ts) and by
// the time their own work takes (readmit-budget.ts). While one runs or waits for the pace's turn, the tools
// admitted last are stale (the server announced a change), so what waits for the tools waits for its outcome
// (`pending`), and each wait ends with one admission's outcome. One held for the budget makes nothing wait: the
// tools admitted last serve meanwhile (calls to unchanged tools waited out whole holds, 7-9 s: a review's find).
import { type Admitted, NOTHING, type Published } from './published.js';
import { READMIT_CPU_SHARE, ReadmitBudget } from './readmit-budget.js';
import { READMITS_IN_A_WINDOW, ReadmitPace } from './readmit-pace.js';
import { type SliceMeter, sliceMeter } from '../util/time-slice.js';

/** The server is no longer the one the admission began with (it exited, or was restarted). */
export const GONE = 'gone';

/** What one catalog's admissions again do, given by their owner. */
export interface ReadmissionSteps {
  /** Lists and admits the catalog once, its own work counted on `meter`; GONE when its server went meanwhile. */
  readonly admit: (meter: SliceMeter) => Promise<Admitted | typeof GONE>;
  /** A round failed: why, for the host's log (no tool is published after it). */
  readonly failed: (message: string) => void;
  /** The outcome: published and told; gives what the waiting get (after GONE, what is published now). */
  readonly done: (next: Published | typeof GONE) => Published;
  /** The first re-admission held for the CPU budget (readmit-budget.ts), `waitMs` ms: for the host's log, once. */
  readonly held?: (waitMs: number) => void;
}

/** The stderr line of a server's first re-admission held for the CPU budget (`ms`: its wait). */
export function heldLine(ms: number): string {
  const share = `${READMIT_CPU_SHARE * 100}% of one core`;
  return (
    `its catalog's re-admissions take more than ${share} on average: each waits for its share from now on ` +
    `(the next in ${(ms / 1000).toFixed(1)} s), the tools admitted last published meanwhile (said once)`
  );
}

interface Waiting {
  readonly outcome: Promise<Published>;
  readonly settle: (published: Published) => void;
}

function waiting(): Waiting {
  let settle: (published: Published) => void = () => undefined;
  const outcome = new Promise<Published>((resolve) => {
    settle = resolve;
  });
  return { outcome, settle };
}

/** The admissions again of one catalog. */
export class Readmission {
  private readonly pace = new ReadmitPace();
  private readonly budget = new ReadmitBudget();
  private heldOnce = false;
  private running = false;
  /** A change came during a run or a pause: the run goes once more. */
  private queued = false;
  /** The turn waited for (the pace, or the budget). */
  private timer: NodeJS.Timeout | undefined;
  /** The turn waited for is the budget's: nothing waits for it. */
  private holding = false;
  private waiting: Waiting | undefined;
  private ended = false;
  /**
   * Counts interruptions: a round begun before the last one is the gone server's, and once its admission returns it
   * leaves everything as it is. It cleared `queued` on its way out, and a restarted gateway server's change announced
   * meanwhile was lost for good, its first catalog published on (a hunt's find).
   */
  private epoch = 0;

  constructor(private readonly steps: ReadmissionSteps) {}

  /**
   * The outcome what waits for the tools awaits while an admission runs or waits for the pace's turn; else (none,
   * or one held for the budget) undefined.
   */
  get pending(): Promise<Published> | undefined {
    return this.waiting?.outcome;
  }

  /** The server announced a change: admits its catalog again, now, after the one running, or at its turn. */
  request(): void {
    if (this.ended) return;
    if (this.running || this.timer !== undefined) {
      this.queued = true;
      return;
    }
    const { wait, held } = this.turn();
    if (wait > 0) {
      this.pause(wait, held);
      return;
    }
    this.running = true;
    this.waiting ??= waiting();
    void this.rounds();
  }

  /** Answers what waits with `published` at once and drops a turn waited for; later changes are admitted again. */
  interrupt(published: Published): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.holding = false;
    this.queued = false;
    // A round under way is the old server's: a change from now on starts a round of its own.
    this.epoch++;
    this.running = false;
    this.answer(published);
  }

  /** No admission from now on; what waits is answered with `published`. */
  end(published: Published): void {
    this.ended = true;
    this.interrupt(published);
  }

  private async rounds(): Promise<void> {
    const epoch = this.epoch;
    let next: Published | typeof GONE = GONE;
    for (let rounds = 1; ; rounds++) {
      this.queued = false;
      // Charged its own work only, the time it held the thread (time-slice.ts): the process's CPU time while it ran
      // counted its listing's wait on the wire and whatever else the process did meanwhile (a review's find).
      const meter = sliceMeter();
      const admitted = await this.steps.admit(meter);
      // Interrupted meanwhile: the server it admitted for is gone, and what came since is not this round's.
      if (epoch !== this.epoch) return;
      this.budget.charge(meter.spentMs, performance.now());
      if (admitted === GONE || this.ended) {
        next = GONE;
        break;
      }
      next = admitted.ok ? admitted.value : NOTHING;
      if (!admitted.ok) this.steps.failed(admitted.message);
      if (!this.queued) break;
      // Listings slower than the pace's window never meet it: what waits is answered after a few rounds anyway;
      // after a round that failed (a listing never answered: one --timeout each) at once.
      if (!admitted.ok || rounds >= READMITS_IN_A_WINDOW) {
        this.pause(0);
        break;
      }
      const again = this.turn();
      if (again.wait > 0) {
        this.pause(again.wait, again.held);
        break;
      }
    }
    this.queued = false;
    this.running = false;
    if (!this.ended) this.answer(this.steps.done(next));
  }

  /**
   * How long the next admission waits: for the budget (`held`; said once), else for the count's pace (counted
   * then).
   */
  private turn(): { readonly wait: number; readonly held: boolean } {
    const now = performance.now();
    const owed = this.budget.wait(now);
    if (owed === 0) return { wait: this.pace.next(now), held: false };
    if (!this.heldOnce) this.steps.held?.(owed);
    this.heldOnce = true;
    return { wait: owed, held: true };
  }

  /**
   * Runs the next admission after `wait` ms; changes announced meanwhile join it. What waits for the tools waits
   * for it unless it is `held` for the budget.
   */
  private pause(wait: number, held = false): void {
    this.queued = false;
    if (this.ended) return;
    this.holding = held;
    if (!held) this.waiting ??= waiting();
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.holding = false;
      this.request();
    }, wait);
    this.timer.unref();
  }

  /** Settles what waits; one paused for the pace's turn again (a change during the run) is a new wait. */
  private answer(published: Published): void {
    const settled = this.waiting;
    this.waiting = this.timer !== undefined && !this.holding && !this.ended ? waiting() : undefined;
    settled?.settle(published);
  }
}
