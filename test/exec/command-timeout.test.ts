// A call's timeout counts from its arrival: time spent waiting for a slot of the gate is spent from it, so a
// queued call never runs for its whole timeout again once it gets a slot.
import { describe, expect, it } from 'vitest';
import { prepareCommand, type PreparedCommand } from '../../src/exec/command.js';
import { createGate, type ConcurrencyGate } from '../../src/exec/concurrency-gate.js';

/** A tool that runs Node for `sleepMs`, with a timeout of `timeoutMs`. */
function sleeper(name: string, sleepMs: number, timeoutMs: number): PreparedCommand {
  const prepared = prepareCommand({
    name,
    program: process.execPath,
    args: ['-e', `setTimeout(Object, ${sleepMs})`],
    timeoutMs,
    maxOutputBytes: 1024,
  });
  if (!prepared.ok) throw new Error(prepared.error.message);
  return prepared.value;
}

describe('a queued call and its timeout', () => {
  it('runs a call that waited for a slot for the rest of its timeout only', async () => {
    const gate = createGate(1);
    const holding = sleeper('hold', 1000, 10_000)
      .call({}, { gate })
      .then(() => performance.now());
    const began = performance.now();
    const r = await sleeper('slow', 10_000, 2500).call({}, { gate });
    const slotCame = await holding;
    expect(r).toMatchObject({ kind: 'ran', isError: true });
    expect(r.kind === 'ran' && r.outcome.timedOut).toBe(true);
    // It waited about 1000 ms of its 2500, so it ran for about 1500 more (plus the stop and the pipe grace);
    // with a fresh timeout it ran 2500 ms and more after its slot came.
    expect(slotCame - began).toBeGreaterThan(900);
    expect(performance.now() - slotCame).toBeLessThan(2200);
  });

  it('does not start a call whose slot came only when its timeout was spent, and says it never started', async () => {
    let ran = false;
    // A gate that grants a slot just after the wait it was given.
    const late: ConcurrencyGate = {
      maxRunning: 1,
      maxQueued: 100,
      running: () => 1,
      queued: () => 0,
      acquire: (waitMs) =>
        new Promise((resolve) => setTimeout(() => resolve({ ok: true, release: () => (ran = true) }), waitMs + 20)),
    };
    const r = await sleeper('late', 10, 50).call({}, { gate: late });
    expect(r).toEqual({
      kind: 'not-started',
      why: 'timed-out',
      text:
        'error: late never started: 1 call was running (the most at once) and no slot came free within its ' +
        '50 ms timeout',
    });
    // The slot it got was given back.
    expect(ran).toBe(true);
  });
});
