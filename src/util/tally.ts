// A count of things under way, and the waits for it to come back to zero: the stdio proxy waits for its client's
// requests to be answered (proxy/stdio-waiting.ts) and forwarded (proxy/before-forward.ts) before it closes.

/** A count, and the promises that settle when it is zero. */
export class Tally {
  private count = 0;
  private waits: (() => void)[] = [];

  /** How many are under way. */
  get size(): number {
    return this.count;
  }

  /** One more under way. */
  up(): void {
    this.count++;
  }

  /** One fewer; at zero, every wait settles. */
  down(): void {
    this.count--;
    if (this.count > 0 || this.waits.length === 0) return;
    const waits = this.waits;
    this.waits = [];
    for (const resolve of waits) resolve();
  }

  /** Settles once the count is zero (at once when it is). */
  whenZero(): Promise<void> {
    return this.count === 0 ? Promise.resolve() : new Promise((resolve) => this.waits.push(resolve));
  }
}
