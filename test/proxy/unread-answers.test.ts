// The ledger of answers written toward clients that have not taken them (src/proxy/unread-answers.ts), on
// stand-in responses: which one is cut off past each bound, and when an answer counts as stalled.
import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ANSWER_STALL_MS,
  MAX_UNREAD_ANSWER_BYTES,
  MAX_UNREAD_ANSWERS_BYTES,
  UnreadAnswers,
} from '../../src/proxy/unread-answers.js';

const MiB = 1024 * 1024;

/** A response ended with `bytes` its socket has not taken; `socket.bufferSize` falls as it takes them. */
class Written extends EventEmitter {
  destroyed = false;
  writableFinished = false;
  readonly socket: { bufferSize: number };
  constructor(public writableLength: number) {
    super();
    this.socket = { bufferSize: writableLength };
  }
  destroy(): void {
    this.destroyed = true;
    this.emit('close');
  }
  taken(): void {
    this.writableLength = 0;
    this.writableFinished = true;
    this.emit('finish');
  }
}

const as = (w: Written) => w as unknown as ServerResponse;

afterEach(() => {
  vi.useRealTimers();
});

describe('the unread answers of a front', () => {
  it("cuts off a session's newest answer past its bound, never its only one", () => {
    const said: string[] = [];
    const unread = new UnreadAnswers((line) => said.push(line));
    const session = {};
    const alone = new Written(3 * MAX_UNREAD_ANSWER_BYTES);
    unread.written(as(alone), session, 's1');
    expect(alone.destroyed).toBe(false);
    alone.taken();
    const answers = [1, 2, 3, 4].map(() => new Written(5 * MiB));
    for (const a of answers) unread.written(as(a), session, 's1');
    expect(answers.map((a) => a.destroyed)).toEqual([false, false, false, true]);
    expect(unread.bytes(session)).toBe(15 * MiB);
    expect(said).toEqual(['s1: the client did not read its answers; its connection was closed']);
  });

  it('cuts off, past the bound of all sessions, the newest answer of the session holding the most', () => {
    const unread = new UnreadAnswers(() => undefined);
    const heavy = [1, 2, 3, 4, 5].map(() => ({ owner: {}, answers: [new Written(15 * MiB)] }));
    for (const h of heavy) for (const a of h.answers) unread.written(as(a), h.owner, 'heavy');
    const light = new Written(MiB);
    unread.written(as(light), {}, 'light');
    expect(light.destroyed).toBe(false);
    expect(heavy.filter((h) => h.answers[0]?.destroyed).length).toBe(1);
    expect(unread.bytes()).toBeLessThanOrEqual(MAX_UNREAD_ANSWERS_BYTES);
  });

  it('cuts off an answer none of which is taken for the stall time, not one taken slowly', () => {
    vi.useFakeTimers();
    const said: string[] = [];
    const unread = new UnreadAnswers((line) => said.push(line));
    const stuck = new Written(MiB);
    const slow = new Written(MiB);
    unread.written(as(stuck), {}, 'a');
    unread.written(as(slow), {}, 'b');
    for (let i = 1; i <= 3; i++) {
      slow.socket.bufferSize -= 1000;
      vi.advanceTimersByTime(ANSWER_STALL_MS);
    }
    expect(stuck.destroyed).toBe(true);
    expect(slow.destroyed).toBe(false);
    expect(said).toEqual(['a: the client took none of its answer for 30 s; its connection was closed']);
    expect(unread.bytes()).toBe(MiB);
  });
});
