// One catalog's admissions again after its server's notifications/tools/list_changed, for a session's tools
// (session-tools.ts) and for each server of a gateway (servers.ts): one at a time; a change announced during one
// runs it once more after (the listing it read may predate the change); paced by count (readmit-pace.ts) and by
// the CPU time they take (readmit-budget.ts). While one runs or
// waits for its turn, the tools admitted last are stale (the server announced a change), so what waits for the
// tools waits for its outcome (`pending`), and each wait ends with one admission's outcome.
import { type Admitted, NOTHING, type Published } from './admission.js';
import { READMIT_CPU_SHARE, ReadmitBudget } from './readmit-budget.js';
import { READMITS_IN_A_WINDOW, ReadmitPace } from './readmit-pace.js';

/** The server is no longer the one the admission began with (it exited, or was restarted). */
export const GONE = 'gone';

/** What one catalog's admissions again do, given by their owner. */
export interface ReadmissionSteps {
  /** Lists and admits the catalog once; GONE when its server went meanwhile. */
  readonly admit: () => Promise<Admitted | typeof GONE>;
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
  /** The turn waited for (the pace). */
  private timer: NodeJS.Timeout | undefined;
  private waiting: Waiting | undefined;
  private ended = false;

  constructor(private readonly steps: ReadmissionSteps) {}

  /** The outcome what waits for the tools awaits while an admission runs or waits for its turn; else undefined. */
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
    const wait = this.turn();
    if (wait > 0) {
      this.pause(wait);
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
    this.queued = false;
    this.answer(published);
  }

  /** No admission from now on; what waits is answered with `published`. */
  end(published: Published): void {
    this.ended = true;
    this.interrupt(published);
  }

  private async rounds(): Promise<void> {
    let next: Published | typeof GONE = GONE;
    for (let rounds = 1; ; rounds++) {
      this.queued = false;
      // The process's CPU time while it ran: other work's too, so a server is never charged less than it cost.
      const cpu = process.cpuUsage();
      const admitted = await this.steps.admit();
      const { user, system } = process.cpuUsage(cpu);
      this.budget.charge((user + system) / 1000, performance.now());
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
      if (again > 0) {
        this.pause(again);
        break;
      }
    }
    this.queued = false;
    this.running = false;
    if (!this.ended) this.answer(this.steps.done(next));
  }

  /** How long the next admission waits: for the CPU budget (said once), else for the count's pace (counted then). */
  private turn(): number {
    const now = performance.now();
    const owed = this.budget.wait(now);
    if (owed === 0) return this.pace.next(now);
    if (!this.heldOnce) this.steps.held?.(owed);
    this.heldOnce = true;
    return owed;
  }

  /** Runs the next admission after `wait` ms; changes announced meanwhile join it. */
  private pause(wait: number): void {
    this.queued = false;
    if (this.ended) return;
    this.waiting ??= waiting();
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.request();
    }, wait);
    this.timer.unref();
  }

  /** Settles what waits; one paused for its turn again (a change during the run) is a new wait. */
  private answer(published: Published): void {
    const settled = this.waiting;
    this.waiting = this.timer !== undefined && !this.ended ? waiting() : undefined;
    settled?.settle(published);
  }
}
