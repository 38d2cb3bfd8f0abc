// The lock's exported functions never throw (docs/api.md), whatever they are given: the pins are Results; the
// drift and text functions answer in their own shape, on the side of drift. Each row threw before.
import { describe, expect, it } from 'vitest';
import {
  comparePins,
  hasDrift,
  listingDrift,
  lockOf,
  lockText,
  parseLock,
  pinTool,
  pinTools,
} from '../../src/index.js';

const revoked = (() => {
  const r = Proxy.revocable({}, {});
  r.revoke();
  return r.proxy;
})();
const LOCK = (() => {
  const r = pinTools({ tools: [{ name: 'a', inputSchema: { type: 'object' } }] });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
})();

describe('the lock functions on inputs they were not made for', () => {
  it.each([
    ['pinTools, a revoked Proxy as the tools', () => pinTools({ tools: revoked })],
    ['pinTools, a revoked Proxy as ignore', () => pinTools({ tools: [] }, { ignore: revoked as never })],
    ['pinTool, ignore null', () => pinTool({ name: 'a' }, null as never)],
    ['pinTool, ignore a string', () => pinTool({ name: 'a' }, 'name' as never)],
  ])('%s: a validation failure', (_name, run) => {
    const r = run();
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.class).toBe('validation');
  });

  it.each([
    ['comparePins, current not a lock', () => comparePins(LOCK, {} as never)],
    ['comparePins, locked not a lock', () => comparePins(revoked as never, LOCK)],
    ['listingDrift, tools null', () => listingDrift(LOCK, null as never)],
    ['listingDrift, the lock a revoked Proxy', () => listingDrift(revoked as never, [])],
    ['listingDrift, withhold a string', () => listingDrift(LOCK, [], { withhold: 'secret' as never })],
    // Read through one table now: a misspelt or inherited `withhold` was ignored, the values it names then shown.
    ['listingDrift, withhold misspelt', () => listingDrift(LOCK, [], { withold: ['secret'] } as never)],
    ['listingDrift, withhold inherited', () => listingDrift(LOCK, [], Object.create({ withhold: ['secret'] }))],
  ])('%s: drift, one unreadable entry saying why', (_name, run) => {
    const drift = run();
    expect(hasDrift(drift)).toBe(true);
    expect(drift.changed).toEqual([expect.objectContaining({ name: '', fields: ['(unreadable)'] })]);
  });

  it.each([
    ['lockOf, a revoked Proxy', () => lockOf(revoked)],
    [
      'lockOf, a Proxy whose ownKeys throws',
      () =>
        lockOf(
          new Proxy(
            {},
            {
              ownKeys: () => {
                throw new Error('keys');
              },
            },
          ),
        ),
    ],
    ['parseLock, a revoked Proxy', () => parseLock(revoked as never)],
    ['parseLock, a number', () => parseLock(5 as never)],
    ['parseLock, a source that is not a string', () => parseLock('{}', revoked as never)],
  ])('%s: a problem, not a throw', (_name, run) => {
    expect(run().ok).toBe(false);
  });

  it('hasDrift of a value that is not a report is true; lockText of one that is not a lock is empty', () => {
    expect(hasDrift({} as never)).toBe(true);
    expect(hasDrift(revoked as never)).toBe(true);
    expect(lockText({} as never)).toBe('');
    expect(lockText(revoked as never)).toBe('');
  });

  it('answers as before for what they were made for', () => {
    expect(comparePins(LOCK, LOCK)).toEqual({ added: [], changed: [], removed: [] });
    expect(hasDrift(listingDrift(LOCK, [{ name: 'a', inputSchema: { type: 'object' } }]))).toBe(false);
    expect(listingDrift(LOCK, [{ name: 'b' }])).toMatchObject({ added: ['b'], removed: ['a'] });
    expect(lockText(LOCK)).toMatch(/^\{\n {2}"ignore": \[\],\n/);
    expect(pinTool({ name: 'a', x: 1 }, ['x'])).toEqual(pinTool({ name: 'a' }));
  });

  it('listingDrift masks each withheld value before a shown value is clipped (no beginning of it shown)', () => {
    const secret = 'hunter2-secret-value';
    const now = [{ name: 'a', description: `${'x'.repeat(72)}${secret}`, inputSchema: { type: 'object' } }];
    const shown = (d: ReturnType<typeof listingDrift>): string => JSON.stringify(d.changed[0]?.changes);
    expect(shown(listingDrift(LOCK, now))).toContain('xhunter');
    expect(shown(listingDrift(LOCK, now, { withhold: [secret] }))).not.toContain('xhun');
    expect(shown(listingDrift(LOCK, now, { withhold: [secret] }))).toContain('x<redac');
  });
});
