// An exchange's cut (src/proxy/exchange-cut.ts), which ends an HTTP upstream's exchange early in place of an
// AbortController per message: every callback runs once, on the first abort only, a late one at once, a callback
// taken back never, and one that throws keeps none of the others from running.
import { describe, expect, it } from 'vitest';
import { exchangeCut } from '../../src/proxy/exchange-cut.js';

describe('exchangeCut', () => {
  it('runs each callback once, on the first abort, with its reason kept', () => {
    const cut = exchangeCut();
    const ran: string[] = [];
    cut.onAbort(() => ran.push('a'));
    cut.onAbort(() => ran.push('b'));
    expect([cut.aborted, cut.reason]).toEqual([false, undefined]);
    cut.abort('why');
    cut.abort('again');
    expect(ran).toEqual(['a', 'b']);
    expect([cut.aborted, cut.reason]).toEqual([true, 'why']);
  });

  it('runs a callback given after the abort at once', () => {
    const cut = exchangeCut();
    cut.abort();
    let ran = 0;
    const off = cut.onAbort(() => ran++);
    off();
    expect(ran).toBe(1);
    expect(cut.reason).toBe('aborted');
  });

  it('never runs a callback taken back', () => {
    const cut = exchangeCut();
    let ran = 0;
    const off = cut.onAbort(() => ran++);
    off();
    cut.abort();
    expect(ran).toBe(0);
  });

  it('runs the other callbacks when one throws', () => {
    const cut = exchangeCut();
    let ran = 0;
    cut.onAbort(() => {
      throw new Error('thrown');
    });
    cut.onAbort(() => ran++);
    expect(() => cut.abort()).not.toThrow();
    expect(ran).toBe(1);
  });
});
