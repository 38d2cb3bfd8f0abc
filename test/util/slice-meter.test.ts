// What a SliceMeter counts (src/util/time-slice.ts): its work's own stretches, each the lesser of its wall time and
// the process's CPU time in it, never its clocks' pauses (a review's find: a re-admission was charged the process's
// CPU time across its awaits, other servers' work included). On fakes: vitest's performance.now() and a counted CPU
// clock.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sliceMeter, timeSlices } from '../../src/util/time-slice.js';

let cpuMs = 0;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['performance'] });
  cpuMs = 0;
  vi.spyOn(process, 'cpuUsage').mockImplementation((since?: NodeJS.CpuUsage) => ({
    user: cpuMs * 1000 - (since?.user ?? 0),
    system: 0,
  }));
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

/** `wallMs` of time passing while the process spends `cpu` ms of CPU. */
function elapse(wallMs: number, cpu = wallMs): void {
  cpuMs += cpu;
  vi.advanceTimersByTime(wallMs);
}

describe('SliceMeter', () => {
  it.each([
    ['work alone on a core', 10, 10, 10],
    ['the OS ran other processes meanwhile: the CPU time', 10, 4, 4],
    ["other threads ran meanwhile (GC): the stretch's wall time", 4, 10, 4],
  ])('one stretch: %s', (_, wallMs, cpu, counted) => {
    const meter = sliceMeter();
    meter.start();
    elapse(wallMs, cpu);
    meter.stop();
    expect(meter.spentMs).toBe(counted);
  });

  it("counts nothing of its clocks' pauses, nor before start or after stop", async () => {
    const meter = sliceMeter();
    elapse(50);
    meter.start();
    meter.start();
    elapse(3);
    const slices = timeSlices(1, meter);
    // Other work runs in the pause: 100 ms of it.
    setImmediate(() => elapse(100));
    await slices.pause();
    elapse(2);
    meter.stop();
    meter.stop();
    elapse(50);
    expect(meter.spentMs).toBe(5);
  });
});
