// One single-server session's tools (src/proxy/session-tools.ts: the real re-admission, admitUpstream and the
// budget) over a fake upstream whose tools/list answers after `wireMs`, on vitest's fake clock: its timers and
// performance.now(). Work on the thread is the clock advanced where the work runs (`work`); the process's CPU clock
// (process.cpuUsage, what re-admissions were once charged by) counts the same work, wherever it runs.
import { vi } from 'vitest';
import { proxySettings } from '../../src/cli/proxy-options.js';
import type { Peer } from '../../src/mcp/peer.js';
import { NEWEST_INITIALIZE } from '../../src/mcp/versions.js';
import { NOTHING, type Published } from '../../src/proxy/published.js';
import { type SessionTools, sessionTools } from '../../src/proxy/session-tools.js';

/** The process's CPU time so far, in ms, as the mocked process.cpuUsage reports it. */
let cpuMs = 0;

/** Fakes the clock and the process's CPU clock; `restoreClocks` after each test. */
export function fakeClocks(): void {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  cpuMs = 0;
  vi.spyOn(process, 'cpuUsage').mockImplementation((since?: NodeJS.CpuUsage) => ({
    user: cpuMs * 1000 - (since?.user ?? 0),
    system: 0,
  }));
}

/** Undoes fakeClocks. */
export function restoreClocks(): void {
  vi.restoreAllMocks();
  vi.useRealTimers();
}

/** `ms` of work on the thread, now: the clock moves on and the process's CPU time with it. */
export function work(ms: number): void {
  cpuMs += ms;
  vi.advanceTimersByTime(ms);
}

/** What other work the process does, `busyMs` every 100 ms (other servers' traffic, other sessions), until stopped. */
export function busyElsewhere(busyMs: number): () => void {
  let timer: NodeJS.Timeout | undefined;
  const tick = (): void => {
    cpuMs += busyMs;
    timer = setTimeout(tick, 100);
  };
  timer = setTimeout(tick, 100);
  return () => clearTimeout(timer);
}

/** A tool of the listing. */
export const tool = (name: string): Record<string, unknown> => ({ name, inputSchema: { type: 'object' } });

/** A tool whose admission takes `ms` of work on the thread (the first read of its inputSchema). */
export function costly(name: string, ms: number): object {
  let read = false;
  const touch = (key: string | symbol): void => {
    if (key !== 'inputSchema' || read) return;
    read = true;
    work(ms);
  };
  return new Proxy(tool(name), {
    get: (target, key) => {
      touch(key);
      return Reflect.get(target, key);
    },
    getOwnPropertyDescriptor: (target, key) => {
      touch(key);
      return Reflect.getOwnPropertyDescriptor(target, key);
    },
  });
}

/** What the session published before: `echo` alone. */
export const ECHO: Published = { ...NOTHING, tools: new Map([['echo', tool('echo')]]), listed: 1 };

/** A session publishing ECHO, its lines for stderr and how many tools/list its upstream was sent. */
export interface Harness {
  readonly tools: SessionTools;
  readonly warned: string[];
  readonly listings: () => number;
}

/** The session; listing number n (from 1) gives `listing(n)`'s tools, `wireMs` after it was asked for. */
export function harness(wireMs: number, listing: (n: number) => unknown[]): Harness {
  // Settings of its own: admissions are shared per settings object (admission-cache.ts).
  const settings = proxySettings(['--url', 'http://127.0.0.1:9/mcp']);
  if (!settings.ok) throw new Error(settings.error.message);
  let listings = 0;
  const upstream = {
    request: () => {
      listings++;
      const result = { tools: listing(listings) };
      return { id: listings, reply: new Promise((resolve) => setTimeout(() => resolve({ result }), wireMs)) };
    },
  } as unknown as Peer;
  const downstream = { notify: () => undefined } as unknown as Peer;
  const warned: string[] = [];
  const context = {
    settings: settings.value,
    init: {},
    revision: NEWEST_INITIALIZE,
    published: ECHO,
    warn: (line: string) => warned.push(line),
    onCall: () => undefined,
  };
  return { tools: sessionTools(downstream, upstream, context, () => false), warned, listings: () => listings };
}

/** Whether a stderr line says a re-admission was held for the budget (readmission.ts heldLine). */
export const isHeldLine = (line: string): boolean => line.includes('each waits for its share');
