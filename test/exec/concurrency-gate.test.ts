// The gate `serve` puts in front of its programs: slots, a bounded queue, a wait bounded by time and by cancel.
import { describe, expect, it } from 'vitest';
import { createGate } from '../../src/exec/concurrency-gate.js';

describe('createGate', () => {
  it('grants up to the limit, queues up to maxQueued, then refuses at once', async () => {
    const gate = createGate(2, 1);
    const a = await gate.acquire(1000);
    const b = await gate.acquire(1000);
    const waiting = gate.acquire(1000);
    expect(await gate.acquire(1000)).toEqual({ ok: false, why: 'queue-full' });
    expect([gate.running(), gate.queued()]).toEqual([2, 1]);
    if (!a.ok || !b.ok) throw new Error('expected slots');
    a.release();
    a.release();
    const c = await waiting;
    expect(c.ok).toBe(true);
    expect([gate.running(), gate.queued()]).toEqual([2, 0]);
    b.release();
    if (c.ok) c.release();
    expect(gate.running()).toBe(0);
  });

  it('lets a queued call go when it waited its time or was cancelled, and its place with it', async () => {
    const gate = createGate(1, 5);
    const held = await gate.acquire(1000);
    expect(await gate.acquire(20)).toEqual({ ok: false, why: 'timed-out' });
    const controller = new AbortController();
    const cancelled = gate.acquire(10_000, controller.signal);
    controller.abort();
    expect(await cancelled).toEqual({ ok: false, why: 'cancelled' });
    expect(await gate.acquire(10, AbortSignal.abort())).toEqual({ ok: false, why: 'cancelled' });
    expect(gate.queued()).toBe(0);
    if (held.ok) held.release();
    expect(gate.running()).toBe(0);
  });
});
