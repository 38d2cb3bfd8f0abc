// A hunt's find: a gateway server that exited while a re-admission of it was under way was restarted, and the new
// process's tools/list_changed, announced while the old round still ran, was lost: that round cleared `queued` on
// its way out, so the restarted server's first catalog stayed published. An interrupted round now leaves everything
// as it is (src/proxy/readmission.ts): a change after the interruption starts a round of its own.
import { describe, expect, it } from 'vitest';
import { type Admitted, NOTHING } from '../../src/proxy/published.js';
import { GONE, Readmission } from '../../src/proxy/readmission.js';

describe('a re-admission interrupted while its round runs', () => {
  it('admits a change announced after the interruption, whatever the old round returns', async () => {
    const rounds: ((a: Admitted | typeof GONE) => void)[] = [];
    const done: (typeof GONE | string)[] = [];
    const readmission = new Readmission({
      admit: () => new Promise((resolve) => rounds.push(resolve)),
      failed: () => undefined,
      done: (next) => {
        done.push(next === GONE ? GONE : 'published');
        return next === GONE ? NOTHING : next;
      },
    });
    readmission.request();
    expect(rounds).toHaveLength(1);
    // The server exits: its tools are withdrawn, what waits answered; then its restart announces a change.
    readmission.interrupt(NOTHING);
    readmission.request();
    expect(rounds).toHaveLength(2);
    // The old round ends as its server's admission does: gone. The new round is untouched by it.
    rounds[0]?.(GONE);
    await new Promise((resolve) => setImmediate(resolve));
    expect(readmission.pending).toBeDefined();
    rounds[1]?.({ ok: true, value: NOTHING });
    await new Promise((resolve) => setImmediate(resolve));
    expect(done).toEqual(['published']);
    expect(readmission.pending).toBeUndefined();
  });
});
